"""Diversion signal of the border zones (core.desvios), registered in FronterasConfig.ready(): a
station that delivers 98–100 % of its monthly volume every month."""

import datetime as dt

from django.urls import reverse

from core.comun.fechas import mes_largo
from core.desvios import ESTACION, Evidencia, Hallazgo, Senal, consultar, galones, porcentaje
from fronteras.models import Combustible

MESES = 12
MESES_MINIMOS = 6
PISO, TECHO = 0.98, 1.0


def _combustible(codigo: str) -> str:
    etiqueta = Combustible(codigo).label
    return etiqueta if etiqueta.isupper() else etiqueta.lower()


def tope_cada_mes(fecha: dt.date) -> list[Hallazgo]:
    """Stations whose deliveries of a fuel were 98–100 % of the month's volume (plus its extra) in every
    finished month of the last year with volume (at least six), against the month's median of all stations."""
    mes_actual = fecha.replace(day=1)
    anio, mes = divmod(mes_actual.year * 12 + mes_actual.month - 1 - MESES, 12)
    desde = dt.date(anio, mes + 1, 1)  # the last MESES finished months
    filas = consultar(
        """
        WITH m AS (
            SELECT d.estacion_id, d.asignacion_estacion_id, d.combustible, date_trunc('month', d.fecha)::date AS mes,
                   sum(d.galones) AS g
            FROM fronteras_despacho d
            WHERE d.estacion_id IS NOT NULL AND d.asignacion_estacion_id IS NOT NULL
              AND d.fecha >= %(desde)s AND d.fecha < %(mes)s
            GROUP BY 1, 2, 3, 4
        ),
        r AS (
            SELECT m.estacion_id, m.combustible, m.mes, m.g, ae.volumen_mensual + ae.adicional AS volumen,
                   m.g / nullif(ae.volumen_mensual + ae.adicional, 0) AS uso
            FROM m JOIN fronteras_asignacionestacion ae ON ae.id = m.asignacion_estacion_id
        ),
        grupo AS (
            SELECT mes, percentile_cont(0.5) WITHIN GROUP (ORDER BY uso) AS med FROM r WHERE uso IS NOT NULL GROUP BY 1
        ),
        estaciones AS (
            SELECT r.estacion_id, r.combustible, count(*) AS meses, min(r.uso) AS minimo, max(r.uso) AS maximo,
                   avg(g.med) AS med, array_agg(r.mes ORDER BY r.mes DESC) AS meses_lista,
                   array_agg(r.g ORDER BY r.mes DESC) AS despachado,
                   array_agg(r.volumen ORDER BY r.mes DESC) AS volumenes
            FROM r JOIN grupo g USING (mes) WHERE r.uso IS NOT NULL
            GROUP BY 1, 2
            HAVING count(*) >= %(minimos)s AND min(r.uso) >= %(piso)s AND max(r.uso) <= %(techo)s
        )
        SELECT x.*, e.nombre, e.codigo FROM estaciones x JOIN fronteras_estacionservicio e ON e.id = x.estacion_id
        ORDER BY x.estacion_id, x.combustible
        """,
        {"desde": desde, "mes": mes_actual, "minimos": MESES_MINIMOS, "piso": PISO, "techo": TECHO},
    )
    por_estacion: dict[int, list] = {}
    for f in filas:
        por_estacion.setdefault(f["estacion_id"], []).append(f)
    hallazgos = []
    for estacion_id, combustibles in por_estacion.items():
        primero = combustibles[0]
        url = reverse("fronteras:estacion", args=[estacion_id])
        nombres = " y ".join(_combustible(c["combustible"]) for c in combustibles)
        hallazgos.append(
            Hallazgo(
                sujeto_id=estacion_id,
                sujeto=f"{primero['nombre']} ({primero['codigo']})",
                clave=primero["codigo"],
                url=url,
                puntaje=min(50.0, 15.0 + 2 * sum(c["meses"] for c in combustibles)),
                detalle=(
                    f"En los {primero['meses']} meses con volumen del último año despachó de {nombres} entre el "
                    f"{porcentaje(primero['minimo'])} y el {porcentaje(primero['maximo'])} de su volumen, cada mes, "
                    f"cuando la mediana de las estaciones de frontera usa el {porcentaje(primero['med'])}."
                ),
                evidencia=tuple(
                    Evidencia(
                        f"{mes_largo(mes).capitalize()}: {galones(g)} de {galones(v)} galones de "
                        f"{_combustible(c['combustible'])}",
                        url,
                    )
                    for c in combustibles
                    for mes, g, v in list(zip(c["meses_lista"], c["despachado"], c["volumenes"], strict=True))[:10]
                ),
            )
        )
    return hallazgos


SENALES = (
    Senal(
        "tope_frontera",
        "Estación de frontera al tope de su volumen cada mes",
        ESTACION,
        tope_cada_mes,
        "Despachos entre el 98 % y el 100 % del volumen mensual asignado en todos los meses con volumen del año "
        "(mínimo seis), frente a la mediana de uso de las estaciones en el mes.",
    ),
)
