"""The address `make run` serves on, so the QR codes and printed links of the PDFs made there point to it.

`make run` passes its HOST and PORT to `cargar_demo --url` (the demo issues certificates and seals with
QR codes) and to `runserver` (acts issued while it serves). With no PORTAL_URL_PUBLICA in the environment,
both follow that address instead of the default port 8000 (issue 26, defect 1). Production always sets
PORTAL_URL_PUBLICA (core.plataforma.checks) and never runs runserver.
"""

import re

PUERTO_RUNSERVER = "8000"
_ADDRPORT = re.compile(r"^(?:(?P<host>\[[0-9a-fA-F:.]+\]|[^:\s]+):)?(?P<puerto>\d+)$")


def url_de_runserver(argv: list[str]) -> str | None:
    """http://host:port for a `manage.py runserver [addrport]` command line; None for any other command."""
    if len(argv) < 2 or argv[1] != "runserver":
        return None
    posicionales = [a for a in argv[2:] if not a.startswith("-")]
    host, puerto = "127.0.0.1", PUERTO_RUNSERVER
    if posicionales and (m := _ADDRPORT.match(posicionales[0])):
        host = m["host"] or host
        puerto = m["puerto"]
    if host in ("0.0.0.0", "0", "[::]"):
        host = "127.0.0.1"  # listening everywhere: this machine's own address is one that answers
    return f"http://{host}:{puerto}"
