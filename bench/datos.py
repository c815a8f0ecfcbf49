#!/usr/bin/env python
"""Benchmark of the open data (issue 28 §1): building one month of the national dataset takes ≤ 60 s.

Fills a PostgreSQL database of its own (default ``bench_datos``) with the national dataset of
bench/escala.py: bench/saldo.py's generators (beneficiaries, cupos, the ledger) loaded with COPY, then
escala's set-based steps (the zarpe and certificate behind every certificate discount, a year of sales
and monthly reports, border municipalities, stations, allocations and two years of deliveries), all
in one transaction. Then it times publishing one month of every registered dataset (core.datos:
compute, suppress, write the CSV and JSON files, the packages and the catalogue), and checks the
suppression rule on what it wrote.

    .venv/bin/python bench/datos.py [--escala 1] [--periodo 2026-10] [--reusar]

--escala F builds F × the national size (F=1: 10,000 beneficiaries); --reusar keeps the database
when it already holds that many beneficiaries. Exit status 0 (PASS) when the month takes ≤ 60 s.

`poblar(cursor, n, escala)` is also what tests/demo/test_datos_abiertos.py uses, at a small size, inside
the test's transaction.
"""

import argparse
import csv
import os
import sys
import tempfile
import time
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
if str(RAIZ) not in sys.path:
    sys.path.insert(0, str(RAIZ))

from bench.comun import cerrar, crear_base_si_falta, django_listo, duracion, lineas_copy, migrar, titulo  # noqa: E402

URL_POR_DEFECTO = "postgres://postgres@127.0.0.1:5432/bench_datos"
AJUSTES = "bench.settings"
OBJETIVO_S = 60.0
ANIOS = 5  # as bench/escala.py: 2022–2026
SEMILLA = 681


def poblar(cur, n: int, escala: float, *, anios: int = ANIOS, semilla: int = SEMILLA, eco=print) -> None:
    """The national dataset at `n` beneficiaries (escala's other tables at `escala`), written through
    `cur` (a psycopg cursor) in its transaction, into empty tables (nothing is truncated)."""
    from bench import escala as esc
    from bench import saldo
    from cupos.models import ReglaAcumulacion

    reglas = [
        (r.clase, r.trb_min, r.trb_max, r.meses, r.id)
        for r in ReglaAcumulacion.objects.filter(vigente_hasta__isnull=True).order_by("clase", "trb_min")
    ]
    plan = saldo.Plan(n, anios, semilla, reglas)
    generadores = {
        "core_capitania": plan.capitanias,
        "core_distribuidor": plan.distribuidores,
        "cupos_beneficiario": plan.beneficiarios,
        "cupos_resolucion": plan.resoluciones,
        "cupos_cupo": plan.cupos,
        "cupos_movimiento": plan.movimientos,
    }
    # Columns added after saldo's generators were written (NOT NULL, no default) take their empty
    # value for the load only, as saldo.construir does; so do escala's tables (its INSERTs name the
    # columns they fill, and the others take the default).
    cur.execute(
        """SELECT table_name, column_name, data_type FROM information_schema.columns
           WHERE table_schema = current_schema() AND table_name = ANY(%s)
             AND is_nullable = 'NO' AND column_default IS NULL""",
        [saldo.TABLAS + esc.TABLAS_EXTRA],
    )
    vacios = {"character varying": "''", "text": "''", "boolean": "false", "jsonb": "'{}'"}
    temporales = [
        (t, c, vacios[tipo])
        for t, c, tipo in cur.fetchall()
        if tipo in vacios and (t not in saldo.COLUMNAS or c not in saldo.COLUMNAS[t].replace(" ", "").split(","))
    ]
    # Django's foreign keys are deferred: the checks pending in this transaction run now (a table with
    # pending checks cannot be altered).
    cur.execute("SET CONSTRAINTS ALL IMMEDIATE")
    cur.execute("SET CONSTRAINTS ALL DEFERRED")
    for tabla, columna, vacio in temporales:
        cur.execute(f'ALTER TABLE {tabla} ALTER COLUMN "{columna}" SET DEFAULT {vacio}')
    for tabla in saldo.TABLAS:
        t = time.perf_counter()
        with cur.copy(f"COPY {tabla} ({saldo.COLUMNAS[tabla]}) FROM STDIN") as copia:
            for trozo in lineas_copy(generadores[tabla]()):
                copia.write(trozo)
        eco(f"  COPY {tabla:<26} {duracion(time.perf_counter() - t)}")
    # Statistics of the tables just loaded, or the planner joins 2 M movements blindly (escala's
    # steps read them).
    cur.execute(f"ANALYZE {', '.join(saldo.TABLAS)}")
    valores = {
        "mayoristas": esc.MAYORISTAS,
        "hoy": esc.HOY,
        "municipios": max(2, round(60 * escala)),
        "estaciones": max(10, round(300 * escala)),
    }
    for nombre, sql in esc.PASOS:
        t = time.perf_counter()
        cur.execute(sql.format(**valores))
        eco(f"  {nombre:<72} {cur.rowcount:>10,} filas  {duracion(time.perf_counter() - t)}")
    # Again, so the tables can be altered back.
    cur.execute("SET CONSTRAINTS ALL IMMEDIATE")
    cur.execute("SET CONSTRAINTS ALL DEFERRED")
    for tabla, columna, _vacio in temporales:
        cur.execute(f'ALTER TABLE {tabla} ALTER COLUMN "{columna}" DROP DEFAULT')
    for tabla in [*saldo.TABLAS, *esc.TABLAS_EXTRA]:
        cur.execute(
            f"SELECT setval(pg_get_serial_sequence('{tabla}', 'id'), (SELECT coalesce(max(id), 1) FROM {tabla}))"
        )


def revisar_supresion(raiz: Path) -> list[str]:
    """Every published CSV: a count column of a suppression holds 0, ≥ 5 or (flagged) nothing."""
    from core.datos import registro
    from core.datos.publicacion import UMBRAL_SUPRESION

    problemas = []
    for conjunto in registro.conjuntos():
        supresiones = [s for a in registro.aportes(conjunto.slug) for s in a.supresiones]
        for archivo in (raiz / conjunto.slug).glob("*/v*/*.csv"):
            with archivo.open(encoding="utf-8", newline="") as f:
                for fila in csv.DictReader(f):
                    for s in supresiones:
                        if fila[s.marca] == "true":
                            if any(fila[c] != "" for c in (s.conteo, *s.campos)):
                                problemas.append(f"{archivo.name}: celda marcada con cifras {fila}")
                        elif fila[s.conteo] == "" or 0 < int(fila[s.conteo]) < UMBRAL_SUPRESION:
                            problemas.append(f"{archivo.name}: {s.conteo}={fila[s.conteo]!r} sin suprimir")
    return problemas


def argumentos():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--escala", type=float, default=1.0, help="fraction of the national size (1 = 10,000 beneficiaries)")
    p.add_argument("--periodo", default="2026-10", help="month to publish (the data's today is 2026-11-28)")
    p.add_argument("--reusar", action="store_true", help="keep the database when it holds the data already")
    p.add_argument("--database-url", default=os.environ.get("BENCH_DATOS_DATABASE_URL", URL_POR_DEFECTO))
    return p.parse_args()


def main() -> int:
    a = argumentos()
    if "bench" not in a.database_url.rsplit("/", 1)[-1]:
        sys.exit("La base del benchmark debe llamarse con «bench»: se vacía antes de llenarla.")
    crear_base_si_falta(a.database_url)
    django_listo(a.database_url, AJUSTES)
    titulo("Base de datos")
    print(f"  migraciones  {duracion(migrar())}")
    import psycopg
    from django.db import connection

    from cupos.models import Beneficiario

    n = max(50, round(10_000 * a.escala))
    if a.reusar and Beneficiario.objects.count() == n:
        print(f"  se reutiliza: {n:,} beneficiarios")
    else:
        titulo(f"Datos nacionales × {a.escala:g} ({n:,} beneficiarios)")
        t = time.perf_counter()
        with psycopg.connect(a.database_url) as conn, conn.cursor() as cur:
            cur.execute("SET LOCAL session_replication_role = replica")  # superuser: no per-row FK triggers
            tablas = ", ".join(
                [
                    "core_capitania",
                    "core_distribuidor",
                    "cupos_beneficiario",
                    "cupos_resolucion",
                    "cupos_cupo",
                    "cupos_movimiento",
                    "core_registroauditoria",
                    "core_publicaciondatos",
                    "fronteras_municipio",
                ]
            )
            cur.execute(f"TRUNCATE {tablas} RESTART IDENTITY CASCADE")
            poblar(cur, n, a.escala)
        with psycopg.connect(a.database_url, autocommit=True) as conn:
            conn.execute("VACUUM (ANALYZE)")
        print(f"  construida en {duracion(time.perf_counter() - t)}")
    connection.close()

    from django.conf import settings

    from core.datos.publicacion import publicar_mes
    from core.datos.tareas import periodo_de_texto

    periodo = periodo_de_texto(a.periodo)
    with tempfile.TemporaryDirectory() as carpeta:
        settings.DATOS_ROOT = carpeta
        titulo(f"Publicar {a.periodo} (todos los conjuntos)")
        t = time.perf_counter()
        resultados = publicar_mes(periodo)
        segundos = time.perf_counter() - t
        for r in resultados:
            print(f"  {r.conjunto:<22} {r.filas:>6,} filas  {r.suprimidas:>5,} celdas suprimidas")
        problemas = revisar_supresion(Path(carpeta))
        for problema in problemas[:10]:
            print(f"  ¡{problema}!")
    print(f"\n  un mes del conjunto nacional × {a.escala:g}: {segundos:.1f} s (objetivo ≤ {OBJETIVO_S:.0f} s)")
    return cerrar(
        f" (publicar un mes ≤ {OBJETIVO_S:.0f} s, ninguna celda de menos de 5 sin suprimir)",
        segundos <= OBJETIVO_S and not problemas,
    )


if __name__ == "__main__":
    sys.exit(main())
