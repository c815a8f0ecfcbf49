#!/usr/bin/env python
"""RPO and RTO of a point-in-time restore with pgBackRest (issue 42), at national size.

Copies a database (default: the national one of bench/escala.py, ``bench_escala``; build it first with
``bench/escala.py``) into a private PostgreSQL 15 cluster whose every WAL segment pgBackRest archives to
a repository folder; takes a full backup; records a first act, notes the instant, records a second act;
restores to that instant into a new data directory, starts it and checks the first act is there and the
second not. Prints:

- RTO: the restore (pgBackRest) plus the recovery and start, to a database that answers;
- RPO: 0 for a lost primary under synchronous replication (Patroni, tests/test_alta_disponibilidad.py);
  for a restore from the repository, what was not yet archived: here the wait from a commit to its
  segment in the repository after a forced switch (in production at most ``archive_timeout``).

Target: RTO ≤ 15 minutes at national size. Exit status 0 when it passes.

    PYTHONPATH=. .venv/bin/python bench/respaldo_pitr.py [--origen postgres://postgres@127.0.0.1:5432/bench_escala]
"""

import argparse
import shutil
import subprocess
import sys
import time
from pathlib import Path

from bench.comun import duracion, titulo
from tests.alta_disponibilidad import BIN_PG, ESTROFA, _como_postgres, _de_postgres, _entorno_sistema, psql
from tests.servidores import PostgresPrivado, esperar, puerto_libre

OBJETIVO_S = 15 * 60


def _correr(*args: str, timeout: float = 7200) -> str:
    r = subprocess.run(
        _como_postgres(*args), capture_output=True, text=True, timeout=timeout, cwd="/", env=_entorno_sistema()
    )
    if r.returncode:
        raise RuntimeError(f"{' '.join(args[:3])} falló:\n{r.stdout[-2000:]}\n{r.stderr[-3000:]}")
    return r.stdout


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--origen", default="postgres://postgres@127.0.0.1:5432/bench_escala")
    a = p.parse_args()
    origen_base = a.origen.rsplit("/", 1)[1]

    pg = PostgresPrivado()
    repo = pg.dir / "repo"
    restaurada = pg.dir / "restaurada"
    for carpeta in (repo, pg.dir / "pgbackrest-log", pg.dir / "lock"):
        carpeta.mkdir()
        _de_postgres(carpeta)
    config = pg.dir / "pgbackrest.conf"
    config.write_text(f"""[global]
repo1-path={repo}
log-path={pg.dir}/pgbackrest-log
lock-path={pg.dir}/lock
log-level-console=warn
compress-type=lz4
start-fast=y
process-max=2

[{ESTROFA}]
pg1-path={pg.datos}
pg1-port={pg.puerto}
pg1-socket-path={pg.dir}
""")
    _de_postgres(config)
    restaurada_puerto = puerto_libre()
    try:
        titulo(f"Copia de {origen_base} en un clúster privado archivado por pgBackRest")
        pg.crear()
        with open(pg.datos / "postgresql.auto.conf", "a") as f:
            f.write(
                "archive_mode = on\nwal_level = replica\n"
                f"archive_command = 'pgbackrest --config={config} --stanza={ESTROFA} archive-push %p'\n"
                "max_wal_size = '4GB'\n"
            )
        pg.iniciar()
        pg.crear_base("portal")
        t0 = time.monotonic()
        volcado = subprocess.Popen(["pg_dump", "--format=custom", a.origen], stdout=subprocess.PIPE)
        subprocess.run(
            ["pg_restore", "--no-owner", "-h", "127.0.0.1", "-p", str(pg.puerto), "-U", "postgres", "-d", "portal"],
            stdin=volcado.stdout,
            check=True,
            timeout=7200,
        )
        volcado.wait()
        tamano = psql(pg.puerto, "SELECT pg_size_pretty(pg_database_size('portal'))", base="portal")
        print(f"copiada en {duracion(time.monotonic() - t0)}: {tamano}")

        _correr("pgbackrest", f"--config={config}", f"--stanza={ESTROFA}", "stanza-create")
        t0 = time.monotonic()
        _correr("pgbackrest", f"--config={config}", f"--stanza={ESTROFA}", "--type=full", "backup")
        print(f"respaldo completo en {duracion(time.monotonic() - t0)}")

        psql(pg.puerto, "CREATE TABLE simulacro (acto text, en timestamptz DEFAULT clock_timestamp())")
        psql(pg.puerto, "INSERT INTO simulacro (acto) VALUES ('primero')")
        instante = psql(pg.puerto, "SELECT clock_timestamp()")
        time.sleep(0.2)
        psql(pg.puerto, "INSERT INTO simulacro (acto) VALUES ('segundo')")
        t0 = time.monotonic()
        segmento = psql(pg.puerto, "SELECT pg_walfile_name(pg_switch_wal())")
        esperar(
            lambda: psql(pg.puerto, "SELECT coalesce(last_archived_wal, '') FROM pg_stat_archiver") >= segmento,
            segundos=120,
            que="el segmento archivado",
            cada=0.1,
        )
        archivo_s = time.monotonic() - t0

        titulo("Restauración a un instante entre dos actos")
        restaurada.mkdir()
        _de_postgres(restaurada)
        t0 = time.monotonic()
        _correr(
            "pgbackrest",
            f"--config={config}",
            f"--stanza={ESTROFA}",
            f"--pg1-path={restaurada}",
            "--type=time",
            f"--target={instante}",
            "--target-action=promote",
            "restore",
        )
        restaurar_s = time.monotonic() - t0
        ajustes = (
            f"-c port={restaurada_puerto} -c listen_addresses=127.0.0.1 -c unix_socket_directories={pg.dir} "
            "-c archive_mode=off"
        )
        _correr(
            f"{BIN_PG}/pg_ctl",
            "-D",
            str(restaurada),
            "-o",
            ajustes,
            "-l",
            str(pg.dir / "restaurada.log"),
            "-w",
            "-t",
            "3600",
            "start",
        )
        esperar(
            lambda: psql(restaurada_puerto, "SELECT pg_is_in_recovery()", base="postgres") == "f",
            segundos=3600,
            que="la restauración promovida",
            cada=0.2,
        )
        rto = time.monotonic() - t0
        actos = psql(restaurada_puerto, "SELECT string_agg(acto, ',' ORDER BY en) FROM simulacro")
        bien = actos == "primero"
        print(f"actos en la restaurada: {actos} (se esperaba solo «primero»)")
        print(f"pgBackRest restore: {duracion(restaurar_s)}; recuperación e inicio: {duracion(rto - restaurar_s)}")
        print(f"RTO (restaurar y abrir {tamano}): {duracion(rto)}  objetivo ≤ {duracion(OBJETIVO_S)}")
        print(
            f"RPO: 0 ante la pérdida de la primaria (replicación sincrónica); desde el repositorio, lo no "
            f"archivado: un segmento cerrado llegó al repositorio en {archivo_s:.1f} s"
        )
        pasa = bien and rto <= OBJETIVO_S
        print("PASS" if pasa else "FAIL")
        return 0 if pasa else 1
    finally:
        subprocess.run(
            _como_postgres(f"{BIN_PG}/pg_ctl", "-D", str(restaurada), "-m", "immediate", "stop"),
            capture_output=True,
            cwd="/",
        )
        pg.borrar()
        shutil.rmtree(pg.dir, ignore_errors=True)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.exit(main())
