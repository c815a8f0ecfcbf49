"""The monthly publication (Celery beat and `manage.py publicar_datos`)."""

import datetime as dt

from core.comun.fechas import fecha_larga
from core.datos.publicacion import cierre_del_mes, mes_anterior, publicar_mes, ultimo_mes_cerrado
from core.vencimientos.calendario import today

# Months checked again after the one published: reports arrive after the month closes, and a
# month whose figures changed gets a new version with its note; an unchanged one records nothing.
MESES_REVISADOS = 2


def periodo_de_texto(valor: str) -> dt.date:
    """«2026-03» → 1 March 2026; ValueError with a Spanish message otherwise."""
    try:
        anio, mes = (int(x) for x in valor.strip().split("-"))
        return dt.date(anio, mes, 1)
    except (ValueError, TypeError):
        raise ValueError(f"«{valor}» no es un periodo AAAA-MM válido (por ejemplo 2026-03).") from None


def publicar_mensual(periodo: str | None = None, *, nota: str = "", revisar: int = MESES_REVISADOS) -> dict:
    """Publish `periodo` (default: the last month whose reports are due, R-20) and look again at the
    `revisar` months before it. A month still within its reports' 10 business days is refused (ValueError).
    Returns {"AAAA-MM": {dataset: "version n" | "sin cambios" | "vacío"}}."""
    hoy = today()
    mes = periodo_de_texto(periodo) if periodo else ultimo_mes_cerrado(hoy)
    if hoy <= cierre_del_mes(mes):
        raise ValueError(
            f"El mes {mes:%Y-%m} aún no ha cerrado: los reportes de los mayoristas vencen el "
            f"{fecha_larga(cierre_del_mes(mes))} (R-20). Publíquelo después de esa fecha."
        )
    meses = [mes]
    for _ in range(revisar):
        meses.append(mes_anterior(meses[-1]))
    informe = {}
    for actual in meses:
        resultados = publicar_mes(actual, nota=nota if actual == mes else "")
        informe[f"{actual:%Y-%m}"] = {
            r.conjunto: (f"versión {r.publicacion.version}" if r.nueva else "sin cambios") if r.publicacion else "vacío"
            for r in resultados
        }
    return informe
