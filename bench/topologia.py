#!/usr/bin/env python
"""Issuance throughput through the scaled topology with 1 and 2 web nodes (issue 27).

Starts the topology of tests/topologia.py (PostgreSQL primary + streaming replica, PgBouncer in
transaction mode, nginx, gunicorn nodes; no Celery: issuance queues nothing a worker must run for the
figures) and runs C officers issuing certificates through nginx (POST /api/v1/zarpes/ with an
Idempotency-Key) for S seconds, after a warm-up, in these configurations:

  1 node  × W gunicorn workers   (node 2 stopped; nginx skips it)
  2 nodes × W gunicorn workers   (twice the processes)
  1 node  × 2W gunicorn workers  (the same number of processes as 2 nodes, in one)

It prints certificates per second, p50 / p95 latency (client side, retries included), the machine's
load, and checks after each run that no certificate was lost or doubled and numbering is gap-free.

ON A 2-CORE MACHINE THIS MEASURES THE OVERHEAD OF A SECOND NODE, NOT SCALE-OUT: both nodes, nginx,
PgBouncer, PostgreSQL and the clients share the same two cores, so a second node cannot add CPU. On
separate hosts each node brings its own cores; the database (one primary) is then the limit.

    .venv/bin/python bench/topologia.py [--clientes 8] [--segundos 15] [--workers 2]
"""

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.comun import carga, cerrar, titulo
from tests.topologia import Topologia, carga_emision, consecutivos, percentil, verificar_emision


def medir(t: Topologia, nombre: str, clientes: int, segundos: float) -> dict:
    carga_emision(t, segundos=2.0, clientes=clientes)  # warm-up (new processes compile and connect)
    antes = consecutivos(t)
    l0 = os.getloadavg()[0]
    t0 = time.monotonic()
    lista = carga_emision(t, segundos=segundos, clientes=clientes)
    transcurrido = time.monotonic() - t0
    latencias = [x * 1000 for c in lista for x in c.latencias]
    problemas = verificar_emision(t, lista, antes)
    fila = {
        "nombre": nombre,
        "n": len(latencias),
        "por_s": len(latencias) / transcurrido,
        "p50": percentil(latencias, 50),
        "p95": percentil(latencias, 95),
        "reintentos": sum(c.reintentos for c in lista),
        "carga": f"{l0:.2f} → {os.getloadavg()[0]:.2f}",
        "problemas": problemas,
    }
    print(
        f"  {nombre:<28} {fila['n']:>6} certificados  {fila['por_s']:7.1f}/s  p50 {fila['p50']:6.1f} ms  "
        f"p95 {fila['p95']:6.1f} ms  reintentos {fila['reintentos']}  carga {fila['carga']}  "
        f"{'datos OK' if not problemas else 'PROBLEMAS: ' + '; '.join(problemas)}",
        flush=True,
    )
    return fila


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--clientes", type=int, default=8, help="concurrent officers issuing (threads)")
    p.add_argument("--segundos", type=float, default=15.0, help="measured seconds per configuration")
    p.add_argument("--workers", type=int, default=2, help="gunicorn sync workers per node (W)")
    a = p.parse_args()
    titulo(f"Topología: emisión por nginx con 1 y 2 nodos web ({a.clientes} clientes, {a.segundos:.0f} s)")
    print(f"Carga de la máquina al empezar (1/5/15 min): {carga()} con {os.cpu_count()} CPU")
    t = Topologia(nodos=2, workers_gunicorn=a.workers, oficiales=a.clientes, celery=False)
    filas = []
    try:
        t.iniciar()
        print(f"Topología lista en {t.tiempos['total']:.0f} s (migrate {t.tiempos['migrate']:.0f} s)")
        t.calentar(segundos=2.0)
        t.nodos[1].terminar()  # 1 node: nginx finds node 2 refusing connections and skips it
        filas.append(medir(t, f"1 nodo × {a.workers} workers", a.clientes, a.segundos))
        t.iniciar_nodo(1)
        filas.append(medir(t, f"2 nodos × {a.workers} workers", a.clientes, a.segundos))
        t.nodos[1].terminar()
        t.nodos[0].terminar()
        t.workers_gunicorn = 2 * a.workers
        t.iniciar_nodo(0)
        filas.append(medir(t, f"1 nodo × {2 * a.workers} workers", a.clientes, a.segundos))
    finally:
        t.detener()
    uno, dos, uno_doble = filas
    print(
        f"\n2 nodos / 1 nodo: {dos['por_s'] / uno['por_s']:.2f}× el caudal; "
        f"2 nodos / 1 nodo con los mismos procesos: {dos['por_s'] / uno_doble['por_s']:.2f}×."
    )
    print(
        f"En {os.cpu_count()} núcleos esto mide el costo de un segundo nodo, no el escalamiento horizontal: "
        "nodos, nginx, PgBouncer, PostgreSQL y clientes comparten los mismos núcleos."
    )
    return cerrar(
        " (ningún certificado perdido ni duplicado, numeración sin huecos)", not any(f["problemas"] for f in filas)
    )


if __name__ == "__main__":
    sys.exit(main())
