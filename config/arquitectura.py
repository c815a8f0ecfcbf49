"""The architecture, checked by import-linter (`python -m config.arquitectura`, run by `make test`).

The contracts are written here, from the one list of regime apps (config/regimenes.py), so a new regime is
checked the moment it is listed there:

1. **capas**: the regime apps above core (core imports none of them);
2. **regímenes**: a regime imports another only along config.regimenes.DEPENDENCIAS (custom, config/contratos.py);
3. **núcleo**: core's capabilities above its small helpers (layers: core.comun imports no other part of core);
4. **selectores**: no selector imports a PDF builder, a page, an API view or a task module, and no service
   imports a page, an API view or a task module (custom);
5. **sin ciclos**: no module imports a module that imports it, directly or through others (custom).

Tests and migrations are outside the contracts: a test may build what it checks from any app."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from config.regimenes import REGIMENES

RAIZ = Path(__file__).resolve().parent.parent
CAPACIDADES = (
    "identidad", "auditoria", "mensajes", "vencimientos", "segundo_plano", "archivos", "firma", "datos", "desvios",
    "web", "api", "plataforma", "actos",
)
MODULOS_DE_CORE = (
    "models", "registro", "selectors", "services", "tasks", "admin", "apps", "urls", "demo", "management",
    "templatetags",
)


def _lista(nombres) -> str:
    return "".join(f"\n    {n}" for n in nombres)


def configuracion(regimenes=REGIMENES, raiz: Path = RAIZ) -> str:
    """The import-linter configuration (INI) for these regime apps."""
    capacidades = [c for c in CAPACIDADES if (raiz / "core" / c).is_dir()]
    # Everything else of core sits above its helpers (core.comun), however its capabilities use each other.
    superiores = capacidades + [m for m in MODULOS_DE_CORE if (raiz / "core" / f"{m}.py").exists()
                                or (raiz / "core" / m).is_dir()]
    pruebas = [f"core.tests.** -> {app}.**" for app in regimenes]
    return f"""
[importlinter]
root_packages ={_lista(("core", *regimenes))}
contract_types =
    sin_ciclos: config.contratos.SinCiclos
    regimenes: config.contratos.Regimenes
    capas_de_una_app: config.contratos.CapasDeUnaApp

[importlinter:contract:capas]
name = Los regímenes sobre core: core no importa ninguna app de régimen
type = layers
layers =
    {" : ".join(regimenes)}
    core
ignore_imports ={_lista(pruebas)}
unmatched_ignore_imports_alerting = none

[importlinter:contract:regimenes]
name = Un régimen importa otro solo según config/regimenes.py (DEPENDENCIAS)
type = regimenes

[importlinter:contract:nucleo]
name = Las capacidades de core sobre sus utilidades: core.comun no importa nada más del portal
type = layers
containers =
    core
layers =
    {" : ".join(superiores)}
    comun

[importlinter:contract:selectores]
name = Ni selectores ni servicios importan PDF, páginas, vistas de la API ni tareas
type = capas_de_una_app

[importlinter:contract:sin-ciclos]
name = Ningún módulo importa un módulo que lo importa
type = sin_ciclos
raices ={_lista(("core", *regimenes))}
"""


def verificar(regimenes=REGIMENES, raiz: Path = RAIZ, *, verbose: bool = False) -> int:
    """Run the contracts over the project at `raiz`: 0 when every one is kept."""
    from importlinter.cli import lint_imports

    if str(raiz) not in sys.path:
        sys.path.insert(0, str(raiz))
    with tempfile.NamedTemporaryFile("w", suffix=".ini", prefix="importlinter-", delete=False) as archivo:
        archivo.write(configuracion(regimenes, raiz))
    try:
        return lint_imports(config_filename=archivo.name, no_cache=True, verbose=verbose)
    finally:
        Path(archivo.name).unlink(missing_ok=True)


if __name__ == "__main__":
    sys.exit(verificar(verbose="-v" in sys.argv))
