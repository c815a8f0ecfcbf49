"""What every benchmark shares: durations as text and the disposable benchmark database."""

import sys


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
