"""Run `python -m MODULE ARGS…` under an audit hook (PEP 578) that records every file the process, and the
children it forks, open under AUDITAR_CARPETA, one JSON line each in AUDITAR_REGISTRO. The signing tests start
the production web process through it: it must never open a key file."""

import json
import os
import runpy
import sys

CARPETA = os.path.realpath(os.environ["AUDITAR_CARPETA"])
REGISTRO = os.environ["AUDITAR_REGISTRO"]


def _vigilar(evento: str, argumentos: tuple) -> None:
    if evento != "open" or not argumentos or not isinstance(argumentos[0], (str, bytes, os.PathLike)):
        return
    ruta = os.path.realpath(os.fsdecode(argumentos[0]))
    if ruta == CARPETA or ruta.startswith(CARPETA + os.sep):
        with open(REGISTRO, "a", encoding="utf-8") as salida:
            salida.write(json.dumps({"pid": os.getpid(), "ruta": ruta}) + "\n")


if __name__ == "__main__":
    if len(sys.argv) < 3 or sys.argv[1] != "-m":
        raise SystemExit("uso: con_auditoria.py -m MODULO [ARGUMENTOS…]")
    sys.addaudithook(_vigilar)
    modulo = sys.argv[2]
    sys.argv = [modulo, *sys.argv[3:]]
    runpy.run_module(modulo, run_name="__main__", alter_sys=True)
