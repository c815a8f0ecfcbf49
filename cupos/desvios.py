"""Diversion signal of the cupos (core.desvios), registered in CuposConfig.ready(): a cupo drawn in
full right after it opens (firmeza, then each accumulation window, R-10), window after window."""

import datetime as dt

from django.urls import reverse

from core.comun.fechas import fecha_larga
from core.desvios import BENEFICIARIO, Evidencia, Hallazgo, Senal, consultar, pares_sql, porcentaje

VENTANA_DIAS = 365
DIAS_PRONTO = 7  # "right after": within a week of the window's opening
FRACCION_LLENO = 0.95
VENTANAS_MINIMAS = 3


def cupo_tras_firmeza(fecha: dt.date) -> list[Hallazgo]:
    """Beneficiaries that drew ≥ 95 % of the month's cuota within 7 days of the opening of every window
    of the last year (at least 3), against their peer group's median share drawn in those days."""
    filas = consultar(
        f"""
        WITH {pares_sql()},
        ventanas AS (
            SELECT c.id AS cupo_id, c.beneficiario_id, c.cuota_mensual,
                   greatest(v.mes::date, c.fecha_inicio) AS inicio, p.tipo, p.banda, p.capitania_id
            FROM cupos_cupo c JOIN pares p ON p.id = c.beneficiario_id
            CROSS JOIN LATERAL generate_series(date_trunc('month', c.fecha_inicio),
                                               least(coalesce(c.fecha_fin, %(fecha)s), %(fecha)s),
                                               make_interval(months => c.meses_ventana)) v(mes)
            WHERE c.fecha_inicio IS NOT NULL AND c.meses_ventana >= 1 AND c.cuota_mensual > 0
              AND c.fecha_inicio <= %(fecha)s AND coalesce(c.fecha_fin, %(fecha)s) > %(desde)s
        ),
        recientes AS (
            SELECT * FROM ventanas
            WHERE inicio > %(desde)s AND inicio + %(dias)s <= %(fecha)s
        ),
        tomado AS (
            SELECT r.cupo_id, r.beneficiario_id, r.inicio, r.tipo, r.banda, r.capitania_id,
                   coalesce(sum(m.galones), 0) / r.cuota_mensual AS fraccion
            FROM recientes r
            LEFT JOIN cupos_movimiento m ON m.cupo_id = r.cupo_id AND m.tipo = 'descuento'
                 AND m.fecha >= r.inicio AND m.fecha < r.inicio + %(dias)s
            GROUP BY 1, 2, 3, 4, 5, 6, r.cuota_mensual
        ),
        grupo AS (
            SELECT tipo, banda, capitania_id, percentile_cont(0.5) WITHIN GROUP (ORDER BY fraccion) AS med
            FROM tomado GROUP BY 1, 2, 3
        )
        SELECT t.beneficiario_id, b.nombre, count(*) AS ventanas, min(t.fraccion) AS minima,
               max(g.med) AS med, array_agg(t.inicio ORDER BY t.inicio DESC) AS inicios,
               array_agg(t.cupo_id ORDER BY t.inicio DESC) AS cupos
        FROM tomado t JOIN grupo g USING (tipo, banda, capitania_id)
        JOIN cupos_beneficiario b ON b.id = t.beneficiario_id
        GROUP BY t.beneficiario_id, b.nombre
        HAVING count(*) >= %(minimas)s AND min(t.fraccion) >= %(lleno)s
        """,
        {
            "fecha": fecha,
            "desde": fecha - dt.timedelta(days=VENTANA_DIAS),
            "dias": DIAS_PRONTO,
            "lleno": FRACCION_LLENO,
            "minimas": VENTANAS_MINIMAS,
        },
    )
    hallazgos = []
    for f in filas:
        url = reverse("cupos:beneficiario", args=[f["beneficiario_id"]])
        hallazgos.append(
            Hallazgo(
                sujeto_id=f["beneficiario_id"],
                sujeto=f["nombre"],
                clave=str(f["beneficiario_id"]),
                url=url,
                puntaje=min(50.0, 15.0 + 4 * f["ventanas"]),
                detalle=(
                    f"En las {f['ventanas']} ventanas del último año tomó al menos el {porcentaje(f['minima'])} de la "
                    f"cuota del mes en los {DIAS_PRONTO} días siguientes a su apertura, cuando su grupo toma en esos "
                    f"días el {porcentaje(f['med'])}."
                ),
                evidencia=tuple(
                    Evidencia(f"Ventana abierta el {fecha_larga(inicio)}: cuota tomada en la primera semana", url)
                    for inicio in f["inicios"][:20]
                ),
            )
        )
    return hallazgos


SENALES = (
    Senal(
        "cupo_tras_firmeza",
        "Cupo tomado completo apenas abre, cada ventana",
        BENEFICIARIO,
        cupo_tras_firmeza,
        "Al menos el 95 % de la cuota del mes tomada en los 7 días siguientes a la firmeza o a la apertura de "
        "cada ventana, en todas las ventanas del año (mínimo tres); se compara con la mediana de su grupo.",
    ),
)
