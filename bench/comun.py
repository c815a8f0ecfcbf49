"""What every benchmark shares: section titles, durations as text, percentiles, COPY chunks and the
disposable benchmark database."""

import math
import os
import sys
import time


def titulo(texto):
    print(f"\n== {texto} " + "=" * max(0, 76 - len(texto)), flush=True)


def duracion(segundos: float) -> str:
    m, s = divmod(segundos, 60)
    return f"{int(m)} min {s:.1f} s" if m else f"{s:.1f} s"


def crear_base_si_falta(url: str) -> str:
    """Create the benchmark database named in `url` when missing. Its name must contain «bench»:
    benchmarks empty it, so a real database is never taken by mistake."""
    import psycopg
    from psycopg import conninfo, sql

    nombre = conninfo.conninfo_to_dict(url).get("dbname") or ""
    if "bench" not in nombre:
        sys.exit(f"La base «{nombre}» no parece de benchmark (el nombre debe contener «bench»): se vacía al usarla.")
    with psycopg.connect(conninfo.make_conninfo(url, dbname="postgres"), autocommit=True) as c:
        if c.execute("SELECT 1 FROM pg_database WHERE datname = %s", [nombre]).fetchone() is None:
            c.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(nombre)))
            print(f"Base {nombre} creada.")
    return nombre


def percentil(ordenados: list[float], p: float) -> float:
    """Nearest-rank percentile of an ascending list (NaN when empty)."""
    if not ordenados:
        return float("nan")
    return ordenados[max(0, math.ceil(p / 100 * len(ordenados)) - 1)]


def lineas_copy(filas):
    """Rows (tuples of str) → COPY text chunks of ~1 MB."""
    trozo, tam = [], 0
    for fila in filas:
        linea = "\t".join(fila) + "\n"
        trozo.append(linea)
        tam += len(linea)
        if tam > 1_000_000:
            yield "".join(trozo)
            trozo, tam = [], 0
    if trozo:
        yield "".join(trozo)


def django_listo(url: str, ajustes: str, *, variable: str = "DATABASE_URL") -> None:
    """Django set up with `ajustes` on the database `url`, given through the environment variable `variable`."""
    os.environ[variable] = url
    os.environ["DJANGO_SETTINGS_MODULE"] = ajustes
    import django

    django.setup()


def migrar() -> float:
    """Apply the migrations; the seconds it took."""
    from django.core.management import call_command

    t0 = time.perf_counter()
    call_command("migrate", interactive=False, verbosity=0)
    return time.perf_counter() - t0
