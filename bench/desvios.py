#!/usr/bin/env python
"""Diversion flags on a planted set (issue 28 §2): recall, precision in the top 200, and time.

Builds bench/escala.py's national dataset (bench/saldo.py's COPY build with this run's seed, then
escala's set-based steps) in a database of its own (default ``bench_desvios``), then:

1. gives the wholesalers a geography: each sale goes to one of the two wholesalers that serve the
   capitanía that issued its certificate (escala spreads sales over wholesalers at random, which no
   real market does and which would hide any sale made far from home);
2. adds what escala lacks and a normal market has: a monthly declaration (R-21) per beneficiary and
   month with sales, within ±3 % of what was sold, and a background of 0–2 % discrepancies per report;
3. plants, with the seed, known diversion patterns on randomly chosen subjects: gallons above the
   tank's capacity for three months, zarpes the day after another, two denials then a large certificate,
   the month's cuota drawn on the window's first day every window, certificates sold at a wholesaler
   that never serves their capitanía, declarations 60 % above the sales for four months, a wholesaler
   with 10 % discrepancies, a border station at 98–100 % of its volume every month;
4. scores everything (core.desvios.services.desvios_puntuar, as the job does) and reports:
   recall = planted subjects raised by the signal planted on them ÷ planted (target ≥ 90 %),
   precision = planted subjects among the top 200 cases by score ÷ the cases in it (target ≥ 50 %),
   the scoring's time (target ≤ 120 s), and the p95 of the analysts' page /desvios/ (< 300 ms).

The planted set is drawn fresh from the seed each run and never stored.

    PYTHONPATH=. .venv/bin/python bench/desvios.py [--escala 1] [--semilla 28] [--por-senal 25]
"""

import argparse
import datetime as dt
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.comun import cerrar, crear_base_si_falta, django_listo, duracion, migrar, percentil, titulo

URL_BASE = "postgres://postgres@127.0.0.1:5432/bench_desvios"
AJUSTES = "bench.settings"
HOY = dt.date(2026, 11, 28)  # saldo.CORTE: the data's today
OBJETIVO_RECALL, OBJETIVO_PRECISION, OBJETIVO_SEGUNDOS, OBJETIVO_MS = 0.90, 0.50, 120.0, 300.0
TOP = 200


def argumentos():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--escala", type=float, default=1.0, help="fraction of the national size (1 = 10,000 beneficiaries)")
    p.add_argument("--semilla", type=int, default=int(time.time()) % 100_000, help="seed of the data and the plants")
    p.add_argument("--por-senal", type=int, default=None, help="planted subjects per signal (default 25 × escala, ≥ 5)")
    p.add_argument("--peticiones", type=int, default=20, help="measured requests of /desvios/")
    p.add_argument("--database-url", default=os.environ.get("BENCH_DESVIOS_DATABASE_URL", URL_BASE))
    return p.parse_args()


def construir(url: str, escala: float, semilla: int) -> None:
    from bench import escala as escala_bench
    from bench import saldo

    n = max(50, round(10_000 * escala))
    saldo.construir(url, n, 5, semilla)
    escala_bench.construir_resto(url, escala)


# --- The market's normal shape, and the plants --------------------------------------------------

GEOGRAFIA = """
UPDATE distribuidores_venta v
SET distribuidor_id = 1 + ((c.capitania_id - 1) + 18 * (v.id % 2)) % 40
FROM zarpes_certificado c WHERE c.id = v.certificado_id
"""

DECLARACIONES = """
INSERT INTO distribuidores_declaracion (beneficiario_id, periodo, galones_adquiridos, presentada, extemporanea, creada)
SELECT beneficiario_id, mes, round(vendido * (0.97 + 0.06 * random())::numeric, 2), mes + 35, false, now()
FROM (
    SELECT v.beneficiario_id, date_trunc('month', v.fecha)::date AS mes, sum(v.galones) AS vendido
    FROM distribuidores_venta v
    WHERE v.fecha >= date_trunc('month', %(hoy)s::date) - interval '12 months'
      AND v.fecha < date_trunc('month', %(hoy)s::date)
    GROUP BY 1, 2
) x
"""

DISCREPANCIAS_FONDO = """
INSERT INTO distribuidores_discrepancia (reporte_id, periodo, distribuidor_id, beneficiario_id, fila, codigo, detalle)
SELECT r.id, r.periodo, r.distribuidor_id, NULL, k, 'fondo', 'Discrepancia de fondo del benchmark.'
FROM distribuidores_reportemensual r
CROSS JOIN LATERAL generate_series(
    1, ((SELECT count(*) FROM distribuidores_filareporte f WHERE f.reporte_id = r.id) * 0.02 * random())::int) k
"""


def plantar(cur, rng: random.Random, k: int) -> dict[str, set[int]]:
    """The planted subjects per signal code (ids of beneficiaries, wholesalers or stations)."""

    def elegir(sql: str, cuantos: int, excluir: set[int] = frozenset()) -> list[int]:
        cur.execute(sql)
        ids = [fila[0] for fila in cur.fetchall() if fila[0] not in excluir]
        return rng.sample(ids, min(cuantos, len(ids)))

    usados: set[int] = set()
    plantados: dict[str, set[int]] = {}
    desde = HOY - dt.timedelta(days=365)
    con_certificados = f"""SELECT nave_id FROM zarpes_certificado WHERE fecha_expedicion > DATE '{desde}'
                           GROUP BY 1 HAVING count(*) >= 8 ORDER BY 1"""

    # Gallons above the tank's capacity, the last three months.
    naves = elegir(con_certificados, k, usados)
    usados |= set(naves)
    cur.execute(
        """UPDATE zarpes_certificado c SET galones_autorizados = round(b.capacidad_combustible_gal * 1.5, 2)
           FROM cupos_beneficiario b
           WHERE b.id = c.nave_id AND c.nave_id = ANY(%s) AND c.fecha_expedicion > %s""",
        [naves, HOY - dt.timedelta(days=95)],
    )
    plantados["galones_zarpe"] = set(naves)

    # Six zarpes the day after another.
    naves = elegir(con_certificados, k, usados)
    usados |= set(naves)
    cur.execute(
        """INSERT INTO zarpes_zarpe (fecha, galones_solicitados, certificado_anterior, estado, motivo, limitado_por,
               galones_autorizados, disponible_despues, creado, capitania_id, cupo_id, nave_id, oficial_id)
           SELECT z.fecha + 1, z.galones_autorizados, '', 'certificado', '', 'cupo', z.galones_autorizados, 0, now(),
                  z.capitania_id, NULL, z.nave_id, NULL
           FROM (SELECT z.*, row_number() OVER (PARTITION BY z.nave_id ORDER BY z.fecha DESC) AS n
                 FROM zarpes_zarpe z WHERE z.nave_id = ANY(%s) AND z.estado = 'certificado' AND z.fecha > %s
                   AND z.fecha < %s) z
           WHERE z.n <= 6""",
        [naves, desde + dt.timedelta(days=10), HOY - dt.timedelta(days=2)],
    )
    plantados["zarpes_seguidos"] = set(naves)

    # Two denials in the five days before a certificate, which becomes one of the largest of its month.
    naves = elegir(con_certificados, k, usados)
    usados |= set(naves)
    cur.execute(
        """CREATE TEMP TABLE elegidos ON COMMIT DROP AS
           SELECT DISTINCT ON (c.nave_id) c.id, c.nave_id, c.fecha_expedicion, c.capitania_id
           FROM zarpes_certificado c WHERE c.nave_id = ANY(%s) AND c.fecha_expedicion > %s
           ORDER BY c.nave_id, c.fecha_expedicion DESC""",
        [naves, desde + dt.timedelta(days=60)],
    )
    cur.execute(
        """INSERT INTO zarpes_zarpe (fecha, galones_solicitados, certificado_anterior, estado, motivo, limitado_por,
               galones_autorizados, disponible_despues, creado, capitania_id, cupo_id, nave_id, oficial_id)
           SELECT e.fecha_expedicion - d, 500, '', 'negado', 'sin_cupo', '', 0, 0, now(), e.capitania_id, NULL,
                  e.nave_id, NULL
           FROM elegidos e CROSS JOIN (VALUES (2), (5)) x(d)"""
    )
    cur.execute(
        """UPDATE zarpes_certificado c SET galones_autorizados = round(m.maximo * 1.1, 2)
           FROM elegidos e, LATERAL (
               SELECT max(o.galones_autorizados) AS maximo FROM zarpes_certificado o
               JOIN cupos_beneficiario b ON b.id = o.nave_id
               JOIN cupos_beneficiario yo ON yo.id = e.nave_id
               WHERE o.capitania_id = e.capitania_id AND b.tipo = yo.tipo
                 AND date_trunc('month', o.fecha_expedicion) = date_trunc('month', e.fecha_expedicion)) m
           WHERE c.id = e.id"""
    )
    plantados["negados_luego_grande"] = set(naves)

    # The month's cuota drawn on the first day of every window of the year (windows of 1 to 3 months).
    beneficiarios = elegir(
        f"""SELECT beneficiario_id FROM cupos_cupo WHERE meses_ventana <= 3 AND fecha_inicio IS NOT NULL
            AND coalesce(fecha_fin, DATE '{HOY}') >= DATE '{HOY}' GROUP BY 1 ORDER BY 1""",
        k,
        usados,
    )
    usados |= set(beneficiarios)
    cur.execute(
        """INSERT INTO cupos_movimiento (tipo, fecha, galones, referencia, detalle, creado, creado_por_id, cupo_id)
           SELECT 'descuento', greatest(v.mes::date, c.fecha_inicio), c.cuota_mensual, 'bench:plantado', '', now(),
                  NULL, c.id
           FROM cupos_cupo c
           CROSS JOIN LATERAL generate_series(date_trunc('month', c.fecha_inicio),
                                              least(coalesce(c.fecha_fin, %(hoy)s), %(hoy)s),
                                              make_interval(months => c.meses_ventana)) v(mes)
           WHERE c.beneficiario_id = ANY(%(ids)s) AND c.fecha_inicio IS NOT NULL AND c.meses_ventana >= 1
             AND greatest(v.mes::date, c.fecha_inicio) > %(desde)s""",
        {"ids": beneficiarios, "hoy": HOY, "desde": desde},
    )
    plantados["cupo_tras_firmeza"] = set(beneficiarios)

    # Every certificate of the year sold at a wholesaler that never serves the capitanía that issued it.
    naves = elegir(
        f"""SELECT v.beneficiario_id FROM distribuidores_venta v
            WHERE v.certificado_id IS NOT NULL AND v.fecha > DATE '{desde}'
            GROUP BY 1 HAVING count(*) >= 4 ORDER BY 1""",
        k,
        usados,
    )
    usados |= set(naves)
    cur.execute(
        """UPDATE distribuidores_venta v SET distribuidor_id = 1 + ((c.capitania_id - 1) + 9) %% 18
           FROM zarpes_certificado c WHERE c.id = v.certificado_id AND v.beneficiario_id = ANY(%s)""",
        [naves],
    )
    plantados["redimido_lejos"] = set(naves)

    # Declarations 60 % above the sales, four months of the year.
    beneficiarios = elegir(
        f"""SELECT beneficiario_id FROM distribuidores_declaracion WHERE periodo > DATE '{desde}'
            GROUP BY 1 HAVING count(*) >= 6 ORDER BY 1""",
        k,
        usados,
    )
    usados |= set(beneficiarios)
    cur.execute(
        """UPDATE distribuidores_declaracion d SET galones_adquiridos = round(d.galones_adquiridos * 1.6, 2)
           FROM (SELECT id, row_number() OVER (PARTITION BY beneficiario_id ORDER BY periodo DESC) AS n
                 FROM distribuidores_declaracion WHERE beneficiario_id = ANY(%s)) x
           WHERE x.id = d.id AND x.n <= 4""",
        [beneficiarios],
    )
    plantados["declarado_vendido"] = set(beneficiarios)

    # Wholesalers with 10 % of their reported rows in discrepancy.
    mayoristas = elegir("SELECT id FROM core_distribuidor WHERE tipo = 'mayorista' ORDER BY 1", max(2, k // 8))
    cur.execute(
        """INSERT INTO distribuidores_discrepancia (reporte_id, periodo, distribuidor_id, beneficiario_id, fila, codigo,
               detalle)
           SELECT r.id, r.periodo, r.distribuidor_id, NULL, k, 'plantada', 'Discrepancia plantada por el benchmark.'
           FROM distribuidores_reportemensual r CROSS JOIN LATERAL generate_series(
               1, ((SELECT count(*) FROM distribuidores_filareporte f WHERE f.reporte_id = r.id) * 0.10)::int) k
           WHERE r.distribuidor_id = ANY(%s)""",
        [mayoristas],
    )
    plantados["discrepancias_mayorista"] = set(mayoristas)

    # Border stations that deliver 98–100 % of their volume every month of the year.
    estaciones = elegir("SELECT id FROM fronteras_estacionservicio ORDER BY 1", k)
    primero = (HOY.replace(day=1) - dt.timedelta(days=365)).replace(day=1)
    cur.execute(
        "DELETE FROM fronteras_despacho WHERE estacion_id = ANY(%s) AND fecha >= %s AND fecha < %s",
        [estaciones, primero, HOY.replace(day=1)],
    )
    cur.execute(
        """INSERT INTO fronteras_despacho (fecha, combustible, galones, creado, asignacion_estacion_id, distribuidor_id,
               registrado_por_id, estacion_id, gran_consumidor_id)
           SELECT (m.mes + (t * 9) * interval '1 day')::date, a.combustible,
                  round((ae.volumen_mensual + ae.adicional) * (0.981 + 0.018 * random())::numeric / 3, 2),
                  now(), ae.id, 1, NULL, ae.estacion_id, NULL
           FROM fronteras_asignacionestacion ae JOIN fronteras_asignacion a ON a.id = ae.asignacion_id
           CROSS JOIN generate_series(%s::date, %s::date, interval '1 month') m(mes)
           CROSS JOIN generate_series(0, 2) t
           WHERE ae.estacion_id = ANY(%s) AND m.mes BETWEEN a.vigencia_inicio AND a.vigencia_fin""",
        [primero, HOY.replace(day=1) - dt.timedelta(days=1), estaciones],
    )
    plantados["tope_frontera"] = set(estaciones)
    return plantados


def preparar(url: str, semilla: int, por_senal: int) -> dict[str, set[int]]:
    import psycopg

    rng = random.Random(semilla)
    with psycopg.connect(url) as conn, conn.cursor() as cur:
        cur.execute("SELECT setseed(%s)", [(semilla % 1000) / 1000])
        pasos = [
            ("geografía de los mayoristas", GEOGRAFIA, {}),
            ("declaraciones mensuales (±3 %)", DECLARACIONES, {"hoy": HOY}),
            ("discrepancias de fondo (0–2 %)", DISCREPANCIAS_FONDO, {}),
        ]
        for nombre, sql, params in pasos:
            t = time.perf_counter()
            cur.execute(sql, params or None)
            print(f"  {nombre:<50} {cur.rowcount:>10,} filas  {duracion(time.perf_counter() - t)}", flush=True)
        t = time.perf_counter()
        plantados = plantar(cur, rng, por_senal)
        print(
            f"  {'patrones plantados':<50} {sum(map(len, plantados.values())):>10,} sujetos  "
            f"{duracion(time.perf_counter() - t)}"
        )
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            "VACUUM (ANALYZE) distribuidores_venta, distribuidores_declaracion, distribuidores_discrepancia, "
            "zarpes_zarpe, zarpes_certificado, cupos_movimiento, fronteras_despacho"
        )
    return plantados


# --- Scoring and figures ------------------------------------------------------------------------


def medir_pagina(peticiones: int) -> float:
    from django.test import Client

    from core.identidad.roles import Rol
    from core.models import Usuario
    from core.tests.segundo_factor import verificar_sesion

    usuario, _ = Usuario.objects.update_or_create(username="bench_desvios", defaults={"rol": Rol.UPME_ANALISTA})
    cliente = Client()
    cliente.force_login(usuario)
    verificar_sesion(cliente, usuario)  # the analyst's second factor, as after the login's second step
    tiempos = []
    for url in ["/desvios/", "/desvios/?estado=todos&page=3"]:
        assert cliente.get(url).status_code == 200, url
        for _ in range(peticiones):
            t0 = time.perf_counter()
            cliente.get(url)
            tiempos.append((time.perf_counter() - t0) * 1000)
    tiempos.sort()
    return percentil(tiempos, 95)


def main() -> int:
    a = argumentos()
    por_senal = a.por_senal or max(5, round(25 * a.escala))
    titulo("Base de datos")
    crear_base_si_falta(a.database_url)
    django_listo(a.database_url, AJUSTES)
    migrar()
    n = max(50, round(10_000 * a.escala))
    titulo(f"Construcción (escala {a.escala:g}: {n:,} beneficiarios, semilla {a.semilla})")
    t = time.perf_counter()
    construir(a.database_url, a.escala, a.semilla)
    print(f"Build: {duracion(time.perf_counter() - t)}")
    titulo(f"Mercado normal y {por_senal} sujetos plantados por señal")
    plantados = preparar(a.database_url, a.semilla, por_senal)

    from django.db import connection

    from core import desvios
    from core.desvios.models import CasoDesvio
    from core.desvios.services import desvios_puntuar

    connection.close()
    titulo("Cálculo de las alertas")
    t0 = time.perf_counter()
    casos = desvios_puntuar(fecha=HOY)
    segundos = time.perf_counter() - t0
    print(f"{casos:,} casos en {duracion(segundos)}")

    tipo_de = {s.codigo: s.tipo_sujeto for s in desvios.senales()}
    levantados = {
        (tipo, sujeto, codigo)
        for tipo, sujeto, codigo in CasoDesvio.objects.values_list("tipo_sujeto", "sujeto_id", "senales__codigo")
    }
    titulo("Por señal")
    total = hallados = 0
    for codigo, sujetos in plantados.items():
        encontrados = sum((tipo_de[codigo], s, codigo) in levantados for s in sujetos)
        todos = sum(1 for t, _, c in levantados if c == codigo)
        total, hallados = total + len(sujetos), hallados + encontrados
        print(f"  {codigo:<26} plantados {len(sujetos):>4}  hallados {encontrados:>4}  casos con la señal {todos:>6}")
    recall = hallados / total if total else 0.0
    plantado = {(tipo_de[c], s) for c, sujetos in plantados.items() for s in sujetos}
    top = list(CasoDesvio.objects.order_by("-puntaje", "-id").values_list("tipo_sujeto", "sujeto_id")[:TOP])
    precision = sum(caso in plantado for caso in top) / len(top) if top else 0.0
    p95 = medir_pagina(a.peticiones)

    titulo("Resultado")
    filas = [
        (
            f"recall (plantados hallados por su señal, ≥ {OBJETIVO_RECALL:.0%})",
            f"{recall:.1%} ({hallados}/{total})",
            recall >= OBJETIVO_RECALL,
        ),
        (
            f"precisión en los {TOP} primeros (≥ {OBJETIVO_PRECISION:.0%})",
            f"{precision:.1%} de {len(top)}",
            precision >= OBJETIVO_PRECISION,
        ),
        (f"tiempo del cálculo (≤ {OBJETIVO_SEGUNDOS:.0f} s)", duracion(segundos), segundos <= OBJETIVO_SEGUNDOS),
        (f"p95 de /desvios/ (< {OBJETIVO_MS:.0f} ms)", f"{p95:.1f} ms", p95 < OBJETIVO_MS),
    ]
    for nombre, valor, pasa in filas:
        print(f"  {nombre:<52} {valor:>22}  {'PASS' if pasa else 'FAIL'}")
    if a.escala < 1:
        print(f"\nEscala reducida: {a.escala:g} del tamaño nacional ({n:,} beneficiarios).")
    return cerrar(" (recall, precisión, tiempo y página)", all(p for _, _, p in filas))


if __name__ == "__main__":
    sys.exit(main())
