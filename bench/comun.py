"""What every benchmark shares: section titles, durations as text, percentiles, COPY chunks and the
disposable benchmark database."""

import argparse
import math
import os
import sys
import time
from decimal import Decimal
from pathlib import Path

# The project's root: benchmarks run with it on PYTHONPATH (`make bench`, `PYTHONPATH=. python bench/…`).
RAIZ = Path(__file__).resolve().parent.parent


def analizador(doc: str, variable: str, por_defecto: str) -> argparse.ArgumentParser:
    """A benchmark's command line, described by the first paragraph of its module docstring, with its
    --database-url (the environment variable `variable`, else `por_defecto`)."""
    p = argparse.ArgumentParser(description=doc.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--database-url", default=os.environ.get(variable, por_defecto))
    return p


def carga() -> str:
    """The 1/5/15-minute load average: other work on the machine shows up in the tails."""
    return " / ".join(f"{x:.2f}" for x in os.getloadavg())


def cpu_por_proceso() -> dict[str, float]:
    """CPU seconds (user + system) used so far by each kind of process on this machine (Linux /proc),
    by what its command line says it is: subtract two readings to see who used the cores in a window."""
    tick = os.sysconf("SC_CLK_TCK")
    grupos: dict[str, float] = {}
    for entrada in os.scandir("/proc"):
        if not entrada.name.isdigit():
            continue
        try:
            with open(f"/proc/{entrada.name}/stat") as f:
                campos = f.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entrada.name}/cmdline", "rb") as f:
                linea = f.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        grupo = _grupo_de(linea)
        grupos[grupo] = grupos.get(grupo, 0.0) + (int(campos[11]) + int(campos[12])) / tick
    return grupos


def _grupo_de(linea: str) -> str:
    if linea.startswith("postgres: "):
        resto = linea[len("postgres: ") :]
        for clave in (
            "startup",
            "walreceiver",
            "walsender",
            "autovacuum",
            "checkpointer",
            "background writer",
            "walwriter",
        ):
            if resto.startswith(clave):
                return f"postgres {clave}"
        return "postgres backends"
    for clave in ("gunicorn", "celery", "pgbouncer", "nginx", "redis-server", "bench/pico.py"):
        if clave in linea:
            return clave
    return "otros"


def cerrar(criterio: str, pasa: bool) -> int:
    """A benchmark's last lines, the machine's load and the verdict (`criterio`: what PASS means); the exit code."""
    print(f"Carga de la máquina al terminar (1/5/15 min): {carga()} con {os.cpu_count()} CPU")
    print(f"\nVeredicto{criterio}: {'PASS' if pasa else 'FAIL'}")
    return 0 if pasa else 1


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


def abrir_base(url: str, preparar_django, ajustes: str) -> str:
    """The benchmark database: created when missing, then Django on it (`preparar_django(url)`); its name."""
    titulo("Base de datos")
    nombre = crear_base_si_falta(url)
    print(f"{url} (settings {ajustes})")
    preparar_django(url)
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


def nave_pesquera(*, nombre: str, identificacion: str, matricula: str, capitania, capacidad_gal: Decimal):
    """An unsaved Colombian fishing vessel of 120 TRB (Django must be set up)."""
    from cupos.models import Beneficiario

    return Beneficiario(
        tipo=Beneficiario.Tipo.NAVE_NACIONAL,
        nombre=nombre,
        identificacion=identificacion,
        matricula=matricula,
        bandera="CO",
        trb=Decimal("120.00"),
        actividad=Beneficiario.Actividad.PESCA,
        capacidad_combustible_gal=capacidad_gal,
        capitania=capitania,
    )


def migrar() -> float:
    """Apply the migrations; the seconds it took."""
    from django.core.management import call_command

    t0 = time.perf_counter()
    call_command("migrate", interactive=False, verbosity=0)
    return time.perf_counter() - t0
