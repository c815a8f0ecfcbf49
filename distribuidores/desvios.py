"""Diversion signals of sales, reports and declarations (core.desvios), registered in
DistribuidoresConfig.ready(). Set-based SQL, robust statistics against the peer group."""

import datetime as dt

from django.urls import reverse

from core.comun.fechas import fecha_larga, mes_largo
from core.desvios import (
    BENEFICIARIO,
    DISTRIBUIDOR,
    Z_UMBRAL,
    Evidencia,
    Hallazgo,
    Senal,
    consultar,
    galones,
    pares_sql,
    porcentaje,
    puntos,
)

VENTANA_DIAS = 365
# A capitanía is "far" for a wholesaler when it issued under 2 % of the certificates it redeemed in the
# year (its customers' capitanías are where it sells), counted over wholesalers with 100 or more.
CUOTA_LEJANA = 0.02
VENTAS_MINIMAS_MAYORISTA = 100
LEJANAS_MINIMAS = 3
FRACCION_LEJANAS = 0.5
DIFERENCIA_MINIMA = 0.10  # declared vs sold: never flag less than 10 % apart
MESES_DIFERENTES = 3
DISCREPANCIAS_MINIMAS = 5
MAD_TASA = 0.01  # a flat group (every wholesaler clean) still needs 3.5 points of rate above its median
TASA_MINIMA = 0.05  # never flag fewer than 5 discrepancies per 100 reported rows


def _url_beneficiario(beneficiario_id: int) -> str:
    return reverse("cupos:beneficiario", args=[beneficiario_id])


def lejos_de_capitania(fecha: dt.date) -> list[Hallazgo]:
    """Beneficiaries whose certificates are mostly redeemed at wholesalers that almost never serve the
    capitanía that issued them (under 2 % of their other customers' certificates)."""
    desde = fecha - dt.timedelta(days=VENTANA_DIAS)
    filas = consultar(
        """
        WITH v AS (
            SELECT v.id, v.distribuidor_id, v.beneficiario_id, v.fecha, v.galones, c.capitania_id, c.numero
            FROM distribuidores_venta v JOIN zarpes_certificado c ON c.id = v.certificado_id
            WHERE v.fecha > %(desde)s AND v.fecha <= %(fecha)s
        ),
        bdc AS (
            SELECT beneficiario_id, distribuidor_id, capitania_id, count(*) AS n FROM v GROUP BY 1, 2, 3
        ),
        dc AS (SELECT distribuidor_id, capitania_id, sum(n) AS n FROM bdc GROUP BY 1, 2),
        d AS (SELECT distribuidor_id, sum(n) AS total FROM bdc GROUP BY 1),
        marcadas AS (
            -- The wholesaler's share of that capitanía among its other customers' certificates (leave one
            -- out): a beneficiary's own sales never make its capitanía look served.
            SELECT bdc.beneficiario_id, bdc.n, (dc.n - bdc.n)::float / nullif(d.total - bdc.n, 0) AS parte,
                   (d.total - bdc.n >= %(minimas)s
                    AND (dc.n - bdc.n)::float / nullif(d.total - bdc.n, 0) < %(cuota)s) AS lejos
            FROM bdc JOIN dc USING (distribuidor_id, capitania_id) JOIN d USING (distribuidor_id)
        )
        SELECT m.beneficiario_id, b.nombre, sum(m.n)::int AS ventas, (sum(m.n) FILTER (WHERE m.lejos))::int AS lejanas
        FROM marcadas m JOIN cupos_beneficiario b ON b.id = m.beneficiario_id
        GROUP BY m.beneficiario_id, b.nombre
        HAVING sum(m.n) FILTER (WHERE m.lejos) >= %(lejanas)s
           AND sum(m.n) FILTER (WHERE m.lejos) >= %(fraccion)s * sum(m.n)
        """,
        {
            "desde": desde,
            "fecha": fecha,
            "minimas": VENTAS_MINIMAS_MAYORISTA,
            "cuota": CUOTA_LEJANA,
            "lejanas": LEJANAS_MINIMAS,
            "fraccion": FRACCION_LEJANAS,
        },
    )
    evidencia: dict[int, list] = {}
    if filas:
        for f in consultar(
            """
            WITH v AS (
                SELECT v.id, v.distribuidor_id, v.beneficiario_id, v.fecha, v.galones, c.capitania_id, c.numero
                FROM distribuidores_venta v JOIN zarpes_certificado c ON c.id = v.certificado_id
                WHERE v.beneficiario_id = ANY(%(ids)s) AND v.fecha > %(desde)s AND v.fecha <= %(fecha)s
            )
            SELECT * FROM (
                SELECT v.*, d.razon_social, k.codigo,
                       row_number() OVER (PARTITION BY v.beneficiario_id ORDER BY v.fecha DESC, v.id DESC) AS n
                FROM v JOIN core_distribuidor d ON d.id = v.distribuidor_id
                JOIN core_capitania k ON k.id = v.capitania_id
            ) x WHERE n <= 20
            """,
            {"ids": [f["beneficiario_id"] for f in filas], "desde": desde, "fecha": fecha},
        ):
            evidencia.setdefault(f["beneficiario_id"], []).append(
                Evidencia(
                    f"Venta del {fecha_larga(f['fecha'])}: certificado {f['numero']} ({f['codigo']}), "
                    f"{galones(f['galones'])} galones en {f['razon_social']}",
                    reverse("distribuidores:venta", args=[f["id"]]),
                )
            )
    return [
        Hallazgo(
            sujeto_id=f["beneficiario_id"],
            sujeto=f["nombre"],
            clave=str(f["beneficiario_id"]),
            url=_url_beneficiario(f["beneficiario_id"]),
            puntaje=min(50.0, 15.0 + 3 * f["lejanas"]),
            detalle=(
                f"{f['lejanas']} de sus {f['ventas']} certificados del último año se redimieron en distribuidores "
                f"que reciben de esa capitanía menos del {porcentaje(CUOTA_LEJANA)} de sus certificados, lejos de "
                f"donde se expidieron."
            ),
            evidencia=tuple(evidencia.get(f["beneficiario_id"], ())),
        )
        for f in filas
    ]


def declarado_vs_vendido(fecha: dt.date) -> list[Hallazgo]:
    """Beneficiaries whose monthly declaration (R-21) differs from what wholesalers sold them, beyond 10 %
    and beyond their peer group's month (median + 3.5 MAD), in 3 or more months of the year."""
    desde = fecha - dt.timedelta(days=VENTANA_DIAS)
    filas = consultar(
        f"""
        WITH {pares_sql()},
        vendido AS (
            SELECT v.beneficiario_id, date_trunc('month', v.fecha)::date AS periodo, sum(v.galones) AS vendido
            FROM distribuidores_venta v
            WHERE v.fecha >= date_trunc('month', %(desde)s::date) AND v.fecha <= %(fecha)s
            GROUP BY 1, 2
        ),
        d AS (
            SELECT d.beneficiario_id, d.periodo, d.galones_adquiridos AS declarado,
                   coalesce(v.vendido, 0) AS vendido, p.tipo, p.banda, p.capitania_id
            FROM distribuidores_declaracion d JOIN pares p ON p.id = d.beneficiario_id
            LEFT JOIN vendido v ON v.beneficiario_id = d.beneficiario_id AND v.periodo = d.periodo
            WHERE d.periodo > %(desde)s AND d.periodo <= %(fecha)s
        ),
        r AS (
            SELECT *, abs(declarado - vendido) / greatest(declarado, vendido, 1) AS dif FROM d
        ),
        grupo AS (
            SELECT tipo, banda, capitania_id, periodo, percentile_cont(0.5) WITHIN GROUP (ORDER BY dif) AS med
            FROM r GROUP BY 1, 2, 3, 4
        ),
        dispersion AS (
            SELECT g.tipo, g.banda, g.capitania_id, g.periodo, g.med,
                   percentile_cont(0.5) WITHIN GROUP (ORDER BY abs(r.dif - g.med)) AS mad
            FROM r JOIN grupo g USING (tipo, banda, capitania_id, periodo) GROUP BY 1, 2, 3, 4, 5
        )
        SELECT r.beneficiario_id, b.nombre, count(*) AS meses, avg(r.dif) AS dif, max(g.med) AS med,
               array_agg(r.periodo ORDER BY r.periodo DESC) AS periodos,
               array_agg(r.declarado ORDER BY r.periodo DESC) AS declarados,
               array_agg(r.vendido ORDER BY r.periodo DESC) AS vendidos
        FROM r JOIN dispersion g USING (tipo, banda, capitania_id, periodo)
        JOIN cupos_beneficiario b ON b.id = r.beneficiario_id
        WHERE r.dif > greatest(%(minima)s, g.med + %(umbral)s * 1.4826 * g.mad)
        GROUP BY r.beneficiario_id, b.nombre HAVING count(*) >= %(meses)s
        """,
        {"desde": desde, "fecha": fecha, "minima": DIFERENCIA_MINIMA, "meses": MESES_DIFERENTES, "umbral": Z_UMBRAL},
    )
    declaraciones = reverse("distribuidores:declaraciones")
    return [
        Hallazgo(
            sujeto_id=f["beneficiario_id"],
            sujeto=f["nombre"],
            clave=str(f["beneficiario_id"]),
            url=_url_beneficiario(f["beneficiario_id"]),
            puntaje=min(50.0, 10.0 + 5 * f["meses"]),
            detalle=(
                f"En {f['meses']} meses del último año lo que declaró haber adquirido difiere en promedio un "
                f"{porcentaje(f['dif'])} de lo que los distribuidores le vendieron, cuando en su grupo la diferencia "
                f"mediana es {porcentaje(f['med'])}."
            ),
            evidencia=tuple(
                Evidencia(
                    f"{mes_largo(p).capitalize()}: declaró {galones(dec)} galones y le vendieron {galones(ven)}",
                    declaraciones,
                )
                for p, dec, ven in list(zip(f["periodos"], f["declarados"], f["vendidos"], strict=True))[:20]
            ),
        )
        for f in filas
    ]


def discrepancias_mayorista(fecha: dt.date) -> list[Hallazgo]:
    """Wholesalers whose reports of the year carry many discrepancies per reported row, against the
    median and MAD of the wholesalers of their kind."""
    desde = fecha - dt.timedelta(days=VENTANA_DIAS)
    filas = consultar(
        """
        WITH filas AS (
            SELECT r.distribuidor_id, count(f.id) AS filas
            FROM distribuidores_reportemensual r LEFT JOIN distribuidores_filareporte f ON f.reporte_id = r.id
            WHERE r.vigente AND r.periodo > %(desde)s AND r.periodo <= %(fecha)s GROUP BY 1
        ),
        disc AS (
            SELECT distribuidor_id, count(*) AS discrepancias FROM distribuidores_discrepancia
            WHERE distribuidor_id IS NOT NULL AND periodo > %(desde)s AND periodo <= %(fecha)s GROUP BY 1
        ),
        tasa AS (
            SELECT d.id AS distribuidor_id, d.tipo, coalesce(x.discrepancias, 0) AS discrepancias,
                   coalesce(f.filas, 0) AS filas,
                   coalesce(x.discrepancias, 0)::float / greatest(coalesce(f.filas, 0), 1) AS tasa
            FROM core_distribuidor d LEFT JOIN disc x ON x.distribuidor_id = d.id
            LEFT JOIN filas f ON f.distribuidor_id = d.id
            WHERE x.discrepancias IS NOT NULL OR f.filas IS NOT NULL
        ),
        grupo AS (
            SELECT tipo, percentile_cont(0.5) WITHIN GROUP (ORDER BY tasa) AS med FROM tasa GROUP BY 1
        ),
        dispersion AS (
            SELECT g.tipo, g.med, percentile_cont(0.5) WITHIN GROUP (ORDER BY abs(t.tasa - g.med)) AS mad
            FROM tasa t JOIN grupo g USING (tipo) GROUP BY 1, 2
        )
        SELECT t.*, d.med, (t.tasa - d.med) / greatest(1.4826 * d.mad, %(mad_tasa)s) AS z,
               c.razon_social, c.nit
        FROM tasa t JOIN dispersion d USING (tipo) JOIN core_distribuidor c ON c.id = t.distribuidor_id
        WHERE t.discrepancias >= %(minimas)s AND t.tasa >= %(tasa)s
          AND (t.tasa - d.med) / greatest(1.4826 * d.mad, %(mad_tasa)s) > %(umbral)s
        """,
        {
            "desde": desde,
            "fecha": fecha,
            "minimas": DISCREPANCIAS_MINIMAS,
            "tasa": TASA_MINIMA,
            "mad_tasa": MAD_TASA,
            "umbral": Z_UMBRAL,
        },
    )
    evidencia: dict[int, list] = {}
    if filas:
        for f in consultar(
            """
            SELECT * FROM (
                SELECT x.distribuidor_id, x.reporte_id, x.periodo, count(*) AS n,
                       row_number() OVER (PARTITION BY x.distribuidor_id ORDER BY count(*) DESC, x.periodo DESC) AS k
                FROM distribuidores_discrepancia x
                WHERE x.distribuidor_id = ANY(%(ids)s) AND x.periodo > %(desde)s AND x.periodo <= %(fecha)s
                GROUP BY 1, 2, 3
            ) y WHERE k <= 20
            """,
            {"ids": [f["distribuidor_id"] for f in filas], "desde": desde, "fecha": fecha},
        ):
            url = reverse("distribuidores:reporte", args=[f["reporte_id"]]) if f["reporte_id"] else ""
            evidencia.setdefault(f["distribuidor_id"], []).append(
                Evidencia(
                    f"{mes_largo(f['periodo']).capitalize()}: {f['n']} discrepancia{'s' if f['n'] != 1 else ''}", url
                )
            )
    return [
        Hallazgo(
            sujeto_id=f["distribuidor_id"],
            sujeto=f["razon_social"],
            clave=f["nit"],
            url=reverse("distribuidores:reportes"),
            puntaje=puntos(f["z"]),
            detalle=(
                f"Sus reportes del último año tienen {f['discrepancias']} discrepancias en {f['filas']} filas "
                f"({porcentaje(f['tasa'])}), cuando la mediana de los distribuidores de su tipo es "
                f"{porcentaje(f['med'])}."
            ),
            evidencia=tuple(evidencia.get(f["distribuidor_id"], ())),
        )
        for f in filas
    ]


SENALES = (
    Senal(
        "redimido_lejos",
        "Certificados redimidos lejos de donde se expidieron",
        BENEFICIARIO,
        lejos_de_capitania,
        "Ventas con certificado en distribuidores que reciben de esa capitanía menos del 2 % de sus certificados: "
        "al menos tres y la mitad de las del año.",
    ),
    Senal(
        "declarado_vendido",
        "Lo declarado no coincide con lo vendido, mes tras mes",
        BENEFICIARIO,
        declarado_vs_vendido,
        "Diferencia entre la declaración mensual y las ventas del mes por encima del 10 % y de la mediana de su grupo "
        "más 3,5 desviaciones absolutas medianas, en tres o más meses del año.",
    ),
    Senal(
        "discrepancias_mayorista",
        "Reportes con muchas discrepancias",
        DISTRIBUIDOR,
        discrepancias_mayorista,
        "Discrepancias por fila reportada en el año frente a la mediana y la desviación absoluta mediana de los "
        "distribuidores de su tipo.",
    ),
)
