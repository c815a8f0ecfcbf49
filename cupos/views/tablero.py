"""The UPME analyst's dashboard: the year's resolution and its deadline (R-05), cupos by state,
and gallons granted vs consumed per month (R-07 to R-11)."""

import datetime as dt

from django.shortcuts import render
from django.views.decorators.http import require_GET

from core.comun.galones import CERO
from core.comun.numeros import entero
from core.identidad.access import require_role
from core.plataforma.db import lectura_replica
from core.vencimientos.calendario import today
from core.web.views.comun import pagina_protegida
from cupos import calculo
from cupos.access import ANALISTAS
from cupos.models import Cupo
from cupos.pdf import MESES, fecha_larga, mes_corto
from cupos.selectors import tablero as selectors
from cupos.selectors.resoluciones import resolucion_extemporanea


def _anio(valor: str, defecto: int) -> int:
    anio = entero(valor)
    return anio if anio is not None and 2002 <= anio <= 2100 else defecto


@pagina_protegida
@require_GET
@lectura_replica()  # issue 14 §5: the national dashboard reads from the replica when there is one
def tablero(request):
    require_role(request.user, *ANALISTAS)
    hoy = today()
    anio = _anio(request.GET.get("anio"), hoy.year)
    resoluciones = selectors.resoluciones_del_anio(anio=anio)
    for r in resoluciones:
        r.fecha_texto = fecha_larga(r.fecha_expedicion)
        r.extemporanea = resolucion_extemporanea(r)
    conteo = selectors.cupos_por_estado(anio=anio)
    otorgado, consumido = selectors.serie_mensual(anio)
    mes_actual = calculo.month_index(hoy)
    meses = []
    for mes in range(1, 13):
        inicio = dt.date(anio, mes, 1)
        meses.append(
            {
                "nombre": MESES[mes - 1].capitalize(),
                "corto": mes_corto(inicio),
                "proyectado": calculo.month_index(inicio) > mes_actual,
                "otorgado": otorgado[mes],
                "consumido": consumido[mes],
                "diferencia": otorgado[mes] - consumido[mes],
            }
        )
    anios = selectors.anios_con_resolucion() | {hoy.year, anio}
    contexto = {
        "anio": anio,
        "anios": sorted(anios, reverse=True),
        "hoy_texto": fecha_larga(hoy),
        "resoluciones": resoluciones,
        "plazo": selectors.plazo_resolucion(anio=anio, resoluciones=resoluciones, hoy=hoy),
        "por_estado": [(valor, etiqueta, conteo.get(valor, 0)) for valor, etiqueta in Cupo.Estado.choices],
        "total_cupos": sum(conteo.values()),
        "meses": meses,
        "total_otorgado": sum((m["otorgado"] for m in meses), CERO),
        "total_consumido": sum((m["consumido"] for m in meses), CERO),
        "grafico": {
            "etiquetas": [m["corto"] for m in meses],
            "otorgado": [float(m["otorgado"]) for m in meses],
            "consumido": [float(m["consumido"]) for m in meses],
        },
    }
    contexto["total_diferencia"] = contexto["total_otorgado"] - contexto["total_consumido"]
    return render(request, "cupos/tablero.html", contexto)
