#!/usr/bin/env python
"""Benchmark of `revisar_plazos` (R-25) at national size: issue 14 §3, target ≤ 10 s per run.

Builds (or reuses) the ledger of `bench/saldo.py` — 10,000 beneficiaries, 50,000 cupos, 2,000,000
movements — in a database of its own, adds what the deadline checks read, and times three runs of
`core.vencimientos.plazos.revisar_plazos` as of 28 November 2026:

  1. from no alerts at all: every check raises what it finds (thousands of alerts);
  2. after half of the late beneficiaries declared: the open alerts are re-checked and half resolve;
  3. the same date again: nothing new (idempotent).

What is added on top of saldo.py's data (every run rebuilds it, in seconds):
  - inactivity (R-12): the 2026 cupos of 1 beneficiary in 10 lose their movements after 31 July
    (about 1,000 cupos with no consumption in more than 3 months);
  - declarations (R-21): 12 months per declaring beneficiary, November 2025 – October 2026 (~110,000 rows),
    October missing for 6 in 10 of them (~5,800 late);
  - Dimar's October report, received on 6 November: 300 altas with no decision and 200 bajas of
    vessels whose cupo is still open (R-24);
  - foreign vessels' permits, 1 in 14 of them lapsing within the next 30 days (R-01);
  - 60 border municipalities with no assignment (F-05).

For each run it prints the wall time, the number of SQL queries, the growth of the process's peak
RSS, and what every check raised and resolved, then PASS/FAIL against ≤ 10 s. Usage:

    PYTHONPATH=. .venv/bin/python bench/plazos.py [--beneficiarios 10000] [--reconstruir]
        [--database-url postgres://postgres@127.0.0.1:5432/bench_plazos]

Exit status 0 when every run passes. The database name must contain «bench» (it is emptied).
"""

import datetime as dt
import os
import resource
import sys
import time

from bench.comun import analizador, carga, cerrar, crear_base_si_falta, duracion
from bench.saldo import MOVS_POR_CUPO, construir, conteos, preparar_django, titulo

URL_POR_DEFECTO = "postgres://postgres@127.0.0.1:5432/bench_plazos"
FECHA = dt.date(2026, 11, 28)
OBJETIVO_S = 10.0
ANIOS = 5


def argumentos():
    p = analizador(__doc__, "BENCH_PLAZOS_DATABASE_URL", URL_POR_DEFECTO)
    p.add_argument("--beneficiarios", type=int, default=10_000)
    p.add_argument("--reconstruir", action="store_true", help="rebuild saldo.py's ledger even if it is there")
    p.add_argument("--semilla", type=int, default=681)
    return p.parse_args()


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: kB


def completar(n: int) -> None:
    """What the checks read besides the ledger (see the module docstring). Idempotent."""
    from django.db import connection, transaction

    t0 = time.perf_counter()
    with transaction.atomic(), connection.cursor() as c:
        c.execute("TRUNCATE core_alertavista, core_alerta, distribuidores_declaracion RESTART IDENTITY CASCADE")
        c.execute("TRUNCATE cupos_novedaddimar, cupos_altadimar, cupos_bajadimar RESTART IDENTITY CASCADE")
        c.execute("DELETE FROM fronteras_municipio WHERE codigo_dane LIKE '99%'")
        # 1 in 10 of the 2026 cupos with no movement after 31 July. The ledger is write-once
        # (a trigger refuses DELETE): the bench skips triggers for this one statement (superuser).
        c.execute("SET LOCAL session_replication_role = replica")
        c.execute(
            """DELETE FROM cupos_movimiento m USING cupos_cupo k
               WHERE m.cupo_id = k.id AND k.fecha_fin IS NULL AND k.beneficiario_id % 10 = 3
                 AND m.fecha > '2026-07-31'"""
        )
        borrados = c.rowcount
        c.execute("SET LOCAL session_replication_role = origin")
        # a year of declarations; October missing for 6 in 10.
        c.execute(
            """INSERT INTO distribuidores_declaracion
                   (beneficiario_id, periodo, galones_adquiridos, presentada, extemporanea, creada)
               SELECT b.id, m::date, 1000 + b.id % 500, (m + interval '1 month 5 days')::date, false, now()
               FROM cupos_beneficiario b, generate_series('2025-11-01'::date, '2026-10-01'::date, '1 month') m
               WHERE b.tipo IN ('nave_nacional', 'nave_extranjera', 'acuicultora')
                 AND (m < '2026-10-01' OR b.id % 10 < 4)"""
        )
        declaraciones = c.rowcount
        # foreign permits, some lapsing within 30 days of FECHA.
        c.execute(
            """UPDATE cupos_beneficiario SET permiso_vigente_hasta = DATE '2026-12-01' + (id % 400)::int
               WHERE tipo = 'nave_extranjera'"""
        )
        # Dimar's October report with pending altas and bajas of vessels with an open cupo.
        c.execute(
            """INSERT INTO cupos_novedaddimar (periodo, recibida, fecha_recepcion, archivo)
               VALUES ('2026-10-01', now(), '2026-11-06', '') RETURNING id"""
        )
        novedad = c.fetchone()[0]
        c.execute(
            """INSERT INTO cupos_altadimar (novedad_id, beneficiario_id, decision, motivo_decision)
               SELECT %s, id, 'pendiente', '' FROM cupos_beneficiario
               WHERE tipo = 'nave_nacional' ORDER BY id LIMIT 300""",
            [novedad],
        )
        c.execute(
            """INSERT INTO cupos_bajadimar (novedad_id, matricula, fecha, motivo, beneficiario_id)
               SELECT %s, matricula, '2026-10-15', 'Desguace', id FROM cupos_beneficiario
               WHERE tipo = 'nave_nacional' ORDER BY id DESC LIMIT 200""",
            [novedad],
        )
        # F-05: border municipalities with no assignment for 2026.
        c.execute(
            """INSERT INTO fronteras_municipio (codigo_dane, nombre, departamento, poblacion, fuente_poblacion,
                                                 decreto_designacion)
               SELECT '99' || lpad(g::text, 3, '0'), 'Municipio ' || g, 'Departamento ' || (g % 8), 20000, 'DANE', ''
               FROM generate_series(1, 60) g"""
        )
    with connection.cursor() as c:
        c.execute("ANALYZE cupos_movimiento, distribuidores_declaracion, cupos_beneficiario, core_alerta")
    print(
        f"  movimientos borrados (inactividad): {borrados:,} · declaraciones: {declaraciones:,} · "
        f"altas 300 · bajas 200 · municipios 60  ({duracion(time.perf_counter() - t0)})"
    )


def declaran_la_mitad() -> int:
    """Half of the beneficiaries alerted for October declare (written straight, as a bulk load)."""
    from django.db import connection

    with connection.cursor() as c:
        c.execute(
            """INSERT INTO distribuidores_declaracion
                   (beneficiario_id, periodo, galones_adquiridos, presentada, extemporanea, creada)
               SELECT beneficiario_id, '2026-10-01', 900, '2026-11-28', true, now() FROM core_alerta
               WHERE tipo = 'declaracion_beneficiario_vencida' AND resuelta IS NULL AND beneficiario_id % 2 = 0"""
        )
        return c.rowcount


def medir(etiqueta: str):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from core.vencimientos.plazos import revisar_plazos

    antes = rss_mb()
    with CaptureQueriesContext(connection) as ctx:
        t0 = time.perf_counter()
        resultados = revisar_plazos(fecha=FECHA)
        segundos = time.perf_counter() - t0
    crecimiento = rss_mb() - antes
    print(f"\n{etiqueta}: {segundos:.2f} s, {len(ctx.captured_queries)} consultas, pico de RSS +{crecimiento:.0f} MB")
    for r in resultados:
        if r.levantadas or r.resueltas:
            print(f"    {r.tipo:<40} +{r.levantadas:>6,}  resueltas {r.resueltas:>6,}")
    lentas = sorted(ctx.captured_queries, key=lambda q: -float(q["time"]))[:3]
    for q in lentas:
        print(f"    consulta más lenta {float(q['time']):.2f} s: {q['sql'][:150]}…")
    return segundos, len(ctx.captured_queries), crecimiento, resultados


def main():
    a = argumentos()
    titulo("Base de datos")
    crear_base_si_falta(a.database_url)
    print(f"{a.database_url}")
    preparar_django(a.database_url)

    n = a.beneficiarios
    actual = conteos()
    completo = n * ANIOS * MOVS_POR_CUPO
    coincide = (
        actual["cupos_beneficiario"] == n
        and actual["cupos_cupo"] == n * ANIOS
        and 0.95 * completo <= actual["cupos_movimiento"] <= completo
    )
    titulo("Datos")
    if coincide and not a.reconstruir:
        print(f"Se reutiliza el libro existente ({actual['cupos_movimiento']:,} movimientos).")
    else:
        print("Construyendo el libro de bench/saldo.py ...", flush=True)
        construir(a.database_url, n, ANIOS, a.semilla)
    completar(n)
    from django.db import connection

    with connection.cursor() as c:
        c.execute("SELECT count(*) FROM cupos_movimiento")
        movimientos = c.fetchone()[0]
    print(f"Libro: {movimientos:,} movimientos · {n * ANIOS:,} cupos · {n:,} beneficiarios; fecha {FECHA}")
    print(f"Carga de la máquina (1/5/15 min): {carga()} con {os.cpu_count()} CPU")

    titulo("revisar_plazos")
    corridas = [medir("1. sin alertas previas")]
    print(f"\n  declaran {declaran_la_mitad():,} de los beneficiarios alertados por octubre")
    corridas.append(medir("2. tras las declaraciones (re-revisa las abiertas)"))
    corridas.append(medir("3. la misma fecha otra vez"))

    titulo("Resultado")
    print(f"{'corrida':<52} {'s':>7} {'consultas':>10} {'RSS +MB':>8}  objetivo ≤ {OBJETIVO_S:.0f} s")
    nombres = ["1. sin alertas previas", "2. tras declaraciones (resuelve)", "3. misma fecha (nada nuevo)"]
    pasa = True
    for nombre, (s, q, mb, _r) in zip(nombres, corridas, strict=True):
        ok = s <= OBJETIVO_S
        pasa &= ok
        print(f"{nombre:<52} {s:>7.2f} {q:>10} {mb:>8.0f}  {'PASS' if ok else 'FAIL'}")
    levantadas = sum(r.levantadas for r in corridas[0][3])
    print(f"Alertas levantadas en la corrida 1: {levantadas:,}; pico de RSS del proceso {rss_mb():.0f} MB")
    return cerrar(f" (revisar_plazos ≤ {OBJETIVO_S:.0f} s a escala nacional)", pasa)


if __name__ == "__main__":
    sys.exit(main())
