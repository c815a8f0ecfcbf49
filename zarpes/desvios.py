"""Diversion signals of the zarpes (core.desvios), registered in ZarpesConfig.ready().

Each compares a vessel with its peer group — same kind, TRB band and capitanía, and the same month
where the month matters — with robust statistics, in one SQL pass over the certificates."""

import datetime as dt
from decimal import Decimal

from django.urls import reverse

from core.comun.fechas import fecha_larga
from core.desvios import (
    BENEFICIARIO,
    MAD_MINIMA,
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
MESES_MINIMOS = 2  # months above the group's and its own history, to raise the vessel
SALIDAS_SEGUIDAS_MINIMAS = 6  # one every two months: an isolated next-day zarpe happens (a lost trip, a return)
NEGADOS_MINIMOS = 2
DIAS_NEGADOS = 30

PARES = pares_sql()


def _url_nave(nave_id: int) -> str:
    return reverse("cupos:beneficiario", args=[nave_id])


def _url_certificado(codigo: str) -> str:
    return reverse("zarpes:verificar", args=[codigo]) if codigo else ""


def _evidencia_certificados(ids_naves: list[int], desde: dt.date, hasta: dt.date, orden: str) -> dict:
    """The vessels' certificates of the window (up to 20 each, by `orden`), as evidence rows."""
    if not ids_naves:
        return {}
    filas = consultar(
        f"""SELECT * FROM (
              SELECT c.nave_id, c.numero, c.codigo_verificacion, c.fecha_expedicion, c.galones_autorizados,
                     row_number() OVER (PARTITION BY c.nave_id ORDER BY {orden}) AS k
              FROM zarpes_certificado c
              WHERE c.nave_id = ANY(%(naves)s) AND c.fecha_expedicion > %(desde)s AND c.fecha_expedicion <= %(hasta)s
            ) x WHERE k <= 20""",
        {"naves": ids_naves, "desde": desde, "hasta": hasta},
    )
    por_nave: dict[int, list] = {}
    for f in filas:
        por_nave.setdefault(f["nave_id"], []).append(
            Evidencia(
                f"Certificado {f['numero']} del {fecha_larga(f['fecha_expedicion'])}: "
                f"{galones(f['galones_autorizados'])} galones",
                _url_certificado(f["codigo_verificacion"]),
            )
        )
    return por_nave


def galones_por_zarpe(fecha: dt.date) -> list[Hallazgo]:
    """Gallons certified per zarpe against the vessel's fuel capacity, its peer group's month and its
    own history (the year before the window)."""
    desde = fecha - dt.timedelta(days=VENTANA_DIAS)
    filas = consultar(
        f"""
        WITH {PARES},
        cert AS (
            SELECT c.nave_id, date_trunc('month', c.fecha_expedicion)::date AS mes,
                   c.galones_autorizados / b.capacidad_combustible_gal AS r, p.tipo, p.banda, p.capitania_id
            FROM zarpes_certificado c JOIN cupos_beneficiario b ON b.id = c.nave_id JOIN pares p ON p.id = b.id
            WHERE c.fecha_expedicion > %(historia)s AND c.fecha_expedicion <= %(fecha)s
              AND b.capacidad_combustible_gal > 0
        ),
        mes AS (
            SELECT nave_id, mes, tipo, banda, capitania_id, avg(r) AS r, count(*) AS n
            FROM cert GROUP BY 1, 2, 3, 4, 5
        ),
        grupo AS (
            SELECT tipo, banda, capitania_id, mes, percentile_cont(0.5) WITHIN GROUP (ORDER BY r) AS med
            FROM mes WHERE mes > %(desde)s GROUP BY 1, 2, 3, 4
        ),
        dispersion AS (
            SELECT g.tipo, g.banda, g.capitania_id, g.mes, g.med,
                   percentile_cont(0.5) WITHIN GROUP (ORDER BY abs(m.r - g.med)) AS mad
            FROM mes m JOIN grupo g USING (tipo, banda, capitania_id, mes) GROUP BY 1, 2, 3, 4, 5
        ),
        historia AS (
            SELECT nave_id, percentile_cont(0.5) WITHIN GROUP (ORDER BY r) AS propia
            FROM mes WHERE mes <= %(desde)s GROUP BY 1
        ),
        z AS (
            SELECT m.nave_id, m.mes, m.r, d.med, h.propia,
                   (m.r - d.med) / greatest(1.4826 * d.mad, %(mad_min)s) AS z
            FROM mes m JOIN dispersion d USING (tipo, banda, capitania_id, mes)
            LEFT JOIN historia h USING (nave_id)
            WHERE m.mes > %(desde)s
        )
        SELECT z.nave_id, b.nombre, count(*) AS meses, max(z.z) AS z, avg(z.r) AS r, avg(z.med) AS med,
               max(z.propia) AS propia
        FROM z JOIN cupos_beneficiario b ON b.id = z.nave_id
        WHERE z.z > %(umbral)s AND (z.propia IS NULL AND z.r > 1 OR z.r > 1.5 * z.propia)
        GROUP BY z.nave_id, b.nombre HAVING count(*) >= %(meses)s
        """,
        {
            "historia": desde - dt.timedelta(days=VENTANA_DIAS),
            "desde": desde,
            "fecha": fecha,
            "mad_min": MAD_MINIMA,
            "umbral": Z_UMBRAL,
            "meses": MESES_MINIMOS,
        },
    )
    evidencia = _evidencia_certificados([f["nave_id"] for f in filas], desde, fecha, "c.galones_autorizados DESC")
    hallazgos = []
    for f in filas:
        historia = f" y el {porcentaje(f['propia'])} en su propio año anterior" if f["propia"] is not None else ""
        hallazgos.append(
            Hallazgo(
                sujeto_id=f["nave_id"],
                sujeto=f["nombre"],
                clave=str(f["nave_id"]),
                url=_url_nave(f["nave_id"]),
                puntaje=puntos(f["z"]) + 2 * f["meses"],
                detalle=(
                    f"En {f['meses']} meses certificó por zarpe en promedio el {porcentaje(f['r'])} de la capacidad de "
                    f"combustible de la nave, cuando las naves de su grupo (tipo, arqueo y capitanía) certifican el "
                    f"{porcentaje(f['med'])}{historia}."
                ),
                evidencia=tuple(evidencia.get(f["nave_id"], ())),
            )
        )
    return hallazgos


def zarpes_seguidos(fecha: dt.date) -> list[Hallazgo]:
    """Certified zarpes of one vessel at most a day apart, and shorter than 95 % of its peer group's
    intervals between zarpes: closer together than a trip allows."""
    desde = fecha - dt.timedelta(days=VENTANA_DIAS)
    filas = consultar(
        f"""
        WITH {PARES},
        z AS (
            SELECT z.nave_id, z.fecha, p.tipo, p.banda, p.capitania_id,
                   z.fecha - lag(z.fecha) OVER (PARTITION BY z.nave_id ORDER BY z.fecha, z.id) AS dias
            FROM zarpes_zarpe z JOIN pares p ON p.id = z.nave_id
            WHERE z.estado = 'certificado' AND z.fecha > %(desde)s AND z.fecha <= %(fecha)s
        ),
        grupo AS (
            SELECT tipo, banda, capitania_id, percentile_cont(0.05) WITHIN GROUP (ORDER BY dias) AS p05,
                   percentile_cont(0.5) WITHIN GROUP (ORDER BY dias) AS med
            FROM z WHERE dias IS NOT NULL GROUP BY 1, 2, 3
        )
        SELECT z.nave_id, b.nombre, count(*) AS seguidas, max(g.med) AS med
        FROM z JOIN grupo g USING (tipo, banda, capitania_id) JOIN cupos_beneficiario b ON b.id = z.nave_id
        WHERE z.dias <= 1 AND z.dias < g.p05
        GROUP BY z.nave_id, b.nombre HAVING count(*) >= %(minimo)s
        """,
        {"desde": desde, "fecha": fecha, "minimo": SALIDAS_SEGUIDAS_MINIMAS},
    )
    evidencia = _evidencia_certificados([f["nave_id"] for f in filas], desde, fecha, "c.fecha_expedicion DESC")
    return [
        Hallazgo(
            sujeto_id=f["nave_id"],
            sujeto=f["nombre"],
            clave=str(f["nave_id"]),
            url=_url_nave(f["nave_id"]),
            puntaje=min(50.0, 10.0 + 4 * f["seguidas"]),
            detalle=(
                f"En el último año tuvo {f['seguidas']} zarpes certificados a un día o menos del anterior, cuando "
                f"entre dos zarpes de las naves de su grupo pasan en mediana {f['med']:.0f} días."
            ),
            evidencia=tuple(evidencia.get(f["nave_id"], ())),
        )
        for f in filas
    ]


def negados_y_grande(fecha: dt.date) -> list[Hallazgo]:
    """Repeated denials followed, within a month, by a certificate among the largest 10 % of its peer
    group's month."""
    desde = fecha - dt.timedelta(days=VENTANA_DIAS)
    filas = consultar(
        f"""
        WITH {PARES},
        neg AS MATERIALIZED (
            SELECT nave_id, fecha FROM zarpes_zarpe
            WHERE estado = 'negado' AND fecha > %(desde)s::date - %(dias)s AND fecha <= %(fecha)s
        ),
        cert AS (
            SELECT c.galones_autorizados AS g, p.tipo, p.banda, p.capitania_id,
                   date_trunc('month', c.fecha_expedicion)::date AS mes
            FROM zarpes_certificado c JOIN pares p ON p.id = c.nave_id
            WHERE c.fecha_expedicion > %(desde)s AND c.fecha_expedicion <= %(fecha)s
        ),
        grupo AS (
            SELECT tipo, banda, capitania_id, mes, percentile_cont(0.9) WITHIN GROUP (ORDER BY g) AS p90
            FROM cert GROUP BY 1, 2, 3, 4
        ),
        eventos AS (
            -- Only the certificates of vessels with a denial in the window: a handful among millions.
            SELECT c.id, c.nave_id, c.fecha_expedicion AS f, c.galones_autorizados AS g, c.numero,
                   c.codigo_verificacion, gr.p90, count(*) AS negados
            FROM zarpes_certificado c
            JOIN pares p ON p.id = c.nave_id
            JOIN grupo gr ON gr.tipo = p.tipo AND gr.banda = p.banda AND gr.capitania_id = p.capitania_id
                 AND gr.mes = date_trunc('month', c.fecha_expedicion)::date
            JOIN neg n ON n.nave_id = c.nave_id AND n.fecha BETWEEN c.fecha_expedicion - %(dias)s AND c.fecha_expedicion
            WHERE c.nave_id IN (SELECT nave_id FROM neg)
              AND c.fecha_expedicion > %(desde)s AND c.fecha_expedicion <= %(fecha)s AND c.galones_autorizados >= gr.p90
            GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING count(*) >= %(minimo)s
        )
        SELECT e.*, b.nombre FROM eventos e JOIN cupos_beneficiario b ON b.id = e.nave_id
        ORDER BY e.nave_id, e.f
        """,
        {"desde": desde, "fecha": fecha, "dias": DIAS_NEGADOS, "minimo": NEGADOS_MINIMOS},
    )
    por_nave: dict[int, list] = {}
    for f in filas:
        por_nave.setdefault(f["nave_id"], []).append(f)
    hallazgos = []
    for nave_id, eventos in por_nave.items():
        mayor = max(eventos, key=lambda e: e["g"])
        hallazgos.append(
            Hallazgo(
                sujeto_id=nave_id,
                sujeto=eventos[0]["nombre"],
                clave=str(nave_id),
                url=_url_nave(nave_id),
                puntaje=min(50.0, 20.0 + 5 * len(eventos) + 2 * sum(e["negados"] for e in eventos)),
                detalle=(
                    f"{len(eventos)} vez{'ces' if len(eventos) != 1 else ''} recibió un certificado grande (hasta "
                    f"{galones(mayor['g'])} galones, por encima del 90 % de los de su grupo en el mes) después de "
                    f"{mayor['negados']} zarpes negados en los {DIAS_NEGADOS} días anteriores."
                ),
                evidencia=tuple(
                    Evidencia(
                        f"Certificado {e['numero']} del {fecha_larga(e['f'])}: {galones(e['g'])} galones, tras "
                        f"{e['negados']} negados",
                        _url_certificado(e["codigo_verificacion"]),
                    )
                    for e in eventos[:20]
                ),
            )
        )
    return hallazgos


TANQUES_EN_UN_DIA = Decimal("1.5")  # more than a tank and a half certified to one vessel on one day


def tanques_llenos_mismo_dia(fecha: dt.date) -> list[Hallazgo]:
    """More fuel certified to one vessel on one day, in two or more certificates, than a tank and a half of its
    capacity: physically impossible (a vessel takes one tank per zarpe), so raised whatever the size of its peer
    group (issue 45: a small population raised nothing). ORM only: it runs on every database, the embedded SQLite
    of `make run` included."""
    from django.db.models import Count, F, Sum

    from zarpes.models import Certificado

    desde = fecha - dt.timedelta(days=VENTANA_DIAS)
    dias = (
        Certificado.objects.filter(
            fecha_expedicion__gt=desde, fecha_expedicion__lte=fecha, nave__capacidad_combustible_gal__gt=0,
        )
        .exclude(estado=Certificado.Estado.ANULADO)
        .values("nave_id", "nave__nombre", "fecha_expedicion", "nave__capacidad_combustible_gal")
        .annotate(n=Count("id"), galones=Sum("galones_autorizados"))
        .filter(n__gte=2, galones__gte=F("nave__capacidad_combustible_gal") * TANQUES_EN_UN_DIA)
        .order_by("nave_id", "fecha_expedicion")
    )
    por_nave: dict[int, list[dict]] = {}
    for d in dias:
        por_nave.setdefault(d["nave_id"], []).append(d)
    hallazgos = []
    for nave_id, filas in por_nave.items():
        peor = max(filas, key=lambda d: d["galones"] / d["nave__capacidad_combustible_gal"])
        tanques = peor["galones"] / peor["nave__capacidad_combustible_gal"]
        hallazgos.append(
            Hallazgo(
                sujeto_id=nave_id,
                sujeto=filas[0]["nave__nombre"],
                clave=str(nave_id),
                url=_url_nave(nave_id),
                puntaje=round(min(80.0, 30.0 + 20 * float(tanques) + 5 * (len(filas) - 1)), 2),
                detalle=(
                    f"El {fecha_larga(peor['fecha_expedicion'])} se le certificaron {galones(peor['galones'])} "
                    f"galones en {peor['n']} zarpes, {porcentaje(tanques)} de su capacidad de "
                    f"{galones(peor['nave__capacidad_combustible_gal'])} galones: una nave no zarpa con más de un "
                    "tanque." + (f" Pasó {len(filas)} días en el último año." if len(filas) > 1 else "")
                ),
                evidencia=tuple(
                    Evidencia(f"{fecha_larga(d['fecha_expedicion'])}: {d['n']} certificados por "
                              f"{galones(d['galones'])} galones", _url_nave(nave_id))
                    for d in filas[:20]
                ),
            )
        )
    return hallazgos


SENALES = (
    Senal(
        "tanques_llenos_dia",
        "Más de un tanque el mismo día",
        BENEFICIARIO,
        tanques_llenos_mismo_dia,
        "Dos o más certificados el mismo día que suman más de un tanque y medio de la capacidad de combustible de "
        "la nave: no depende del grupo de la nave, porque una nave no puede llevar más de un tanque.",
        portable=True,
    ),
    Senal(
        "galones_zarpe",
        "Galones por zarpe fuera de lo normal",
        BENEFICIARIO,
        galones_por_zarpe,
        "Galones certificados por zarpe frente a la capacidad de la nave: mediana y desviación absoluta mediana "
        "de su grupo en el mes, y su propio año anterior.",
    ),
    Senal(
        "zarpes_seguidos",
        "Zarpes más seguidos de lo que permite un viaje",
        BENEFICIARIO,
        zarpes_seguidos,
        "Zarpes certificados a un día o menos del anterior y por debajo del percentil 5 de los intervalos de su "
        "grupo, al menos seis en el año.",
    ),
    Senal(
        "negados_luego_grande",
        "Negaciones repetidas y luego un certificado grande",
        BENEFICIARIO,
        negados_y_grande,
        "Un certificado por encima del percentil 90 de su grupo en el mes, después de dos o más zarpes negados en "
        "los 30 días anteriores.",
    ),
)
