#!/usr/bin/env python
"""`make topologia`: the scaled topology with real processes and its checks (tests/test_topologia.py, and
its high-availability form, tests/test_alta_disponibilidad.py: pytest -m topologia); with --figuras, then
the 1 vs 2 web node throughput (bench/topologia.py).

Every server it starts (PostgreSQL primary and replica, PgBouncer, nginx, gunicorn, Celery, Redis; etcd,
three Patroni nodes, HAProxy, pgBackRest) is
private, on a free port of 127.0.0.1, and stopped by its process group at the end, also on failure.
TOPOLOGIA_CONSERVAR=1 keeps the servers' logs (their folder is printed).

    .venv/bin/python scripts/topologia.py [--figuras] [--segundos 15]
"""

import argparse
import os
import subprocess
import sys
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--figuras", action="store_true", help="also measure 1 vs 2 web nodes (bench/topologia.py)")
    p.add_argument("--segundos", type=float, default=15.0, help="measured seconds per configuration (--figuras)")
    a = p.parse_args()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": os.environ.get("DJANGO_SETTINGS_MODULE", "config.settings.test")}
    estado = subprocess.call(
        [
            sys.executable,
            "-m",
            "pytest",
            "tests/test_topologia.py",
            "tests/test_alta_disponibilidad.py",
            "-m",
            "topologia",
            "-q",
            "-rA",
            "-s",
        ],
        cwd=RAIZ,
        env=env,
    )
    if a.figuras:
        env["PYTHONPATH"] = str(RAIZ)
        estado |= subprocess.call(
            [sys.executable, "bench/topologia.py", "--segundos", str(a.segundos)], cwd=RAIZ, env=env
        )
    return estado


if __name__ == "__main__":
    sys.exit(main())
