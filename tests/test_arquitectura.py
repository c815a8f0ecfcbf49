"""The architecture's contracts (config/arquitectura.py, import-linter) hold on the project, and each one breaks on a
violation planted in a copy of it: a contract that cannot fail checks nothing."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from config.regimenes import REGIMENES

RAIZ = Path(__file__).resolve().parent.parent


def _correr(raiz: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "config.arquitectura"], cwd=raiz, capture_output=True, text=True,
                          timeout=120, env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(raiz)})


@pytest.fixture(scope="module")
def copia(tmp_path_factory) -> Path:
    """The project's packages (sources only), copied: each test plants its violation in a fresh copy of it."""
    base = tmp_path_factory.mktemp("proyecto")
    ignorar = shutil.ignore_patterns("tests", "__pycache__", "templates", "static", "*.html", "*.txt", "*.json")
    for paquete in ("config", "core", *REGIMENES):
        shutil.copytree(RAIZ / paquete, base / paquete, ignore=ignorar)
    return base


@pytest.fixture
def proyecto(copia, tmp_path) -> Path:
    destino = tmp_path / "p"
    shutil.copytree(copia, destino)
    return destino


def test_the_project_keeps_every_contract():
    resultado = _correr(RAIZ)
    assert resultado.returncode == 0, resultado.stdout[-4000:] + resultado.stderr[-2000:]
    assert "Contracts: 5 kept, 0 broken." in resultado.stdout


def _plantar(raiz: Path, ruta: str, codigo: str) -> None:
    archivo = raiz / ruta
    archivo.parent.mkdir(parents=True, exist_ok=True)
    for carpeta in archivo.relative_to(raiz).parents:
        if str(carpeta) != "." and not (raiz / carpeta / "__init__.py").exists():
            (raiz / carpeta / "__init__.py").write_text("")
    archivo.write_text(codigo)


@pytest.mark.parametrize(
    ("plantas", "contrato", "evidencia"),
    [
        ([("core/plantado.py", "import fronteras.models\n")],
         "Los regímenes sobre core", "core.plantado -> fronteras.models"),
        ([("fronteras/plantado.py", "from reserva import models\n")],
         "Un régimen importa otro solo según", "fronteras.plantado:1: from reserva import models"),
        ([("cupos/plantado.py", "import zarpes.models\n")],
         "Un régimen importa otro solo según", "cupos.plantado:1: import zarpes.models"),
        ([("core/comun/plantado.py", "from core.identidad import roles\n")],
         "core.comun no importa nada más", "core.comun.plantado -> core.identidad.roles"),
        ([("reserva/selectors/plantado.py", "from reserva.pdf import sello_html\n")],
         "Ni selectores ni servicios", "reserva.selectors.plantado:1: from reserva.pdf import sello_html"),
        ([("distribuidores/services/plantado.py", "from distribuidores import tasks\n")],
         "Ni selectores ni servicios", "distribuidores.services.plantado:1: from distribuidores import tasks"),
        ([("cupos/plantado_a.py", "def f():\n    from cupos import plantado_b\n"),
          ("cupos/plantado_b.py", "from cupos import plantado_a\n")],
         "Ningún módulo importa un módulo que lo importa", "cupos.plantado_a → cupos.plantado_b → cupos.plantado_a"),
    ],
    ids=["capas", "regimenes-fronteras", "regimenes-al-reves", "nucleo", "selectores", "servicio-tarea",
         "ciclo-perezoso"],
)
def test_each_contract_breaks_on_a_planted_violation(proyecto, plantas, contrato, evidencia):
    limpio = _correr(proyecto)
    assert limpio.returncode == 0, limpio.stdout[-3000:]
    for ruta, codigo in plantas:
        _plantar(proyecto, ruta, codigo)

    resultado = _correr(proyecto)

    salida = " ".join(resultado.stdout.split())  # import-linter wraps long lines
    assert resultado.returncode == 1, salida[-3000:]
    assert "Contracts: 4 kept, 1 broken." in salida, salida[-3000:]
    assert contrato in salida and evidencia in salida, salida[-3000:]


def test_a_regime_listed_in_config_is_checked_at_once(proyecto):
    """docs/nueva-app.md: a new regime is one line in config/regimenes.py, and the contracts cover it."""
    regimenes = proyecto / "config" / "regimenes.py"
    regimenes.write_text(regimenes.read_text().replace('"reserva")', '"reserva", "miapp")'))
    _plantar(proyecto, "miapp/apps.py", "from core import registro\n")
    assert _correr(proyecto).returncode == 0

    _plantar(proyecto, "miapp/services.py", "from fronteras.models import ContratoSuministro\n")
    _plantar(proyecto, "core/usa_miapp.py", "import miapp.services\n")
    salida = " ".join(_correr(proyecto).stdout.split())
    assert "miapp.services:1: from fronteras.models import ContratoSuministro" in salida, salida[-3000:]
    assert "core.usa_miapp -> miapp.services" in salida, salida[-3000:]


def test_the_readme_layout_names_every_capability_of_core_and_every_regime():
    """A newcomer names core's capabilities from the README's layout: one line per folder of core (a package with
    an __init__.py, beside tests/, migrations/, management/ and templatetags/), and one per regime app."""
    texto = (RAIZ / "README.md").read_text(encoding="utf-8")
    diseno = texto.split("## Layout", 1)[1].split("```")[1]
    lineas = diseno.splitlines()
    fuera = {"tests", "migrations", "management", "templatetags", "__pycache__"}
    capacidades = sorted(
        d.name for d in (RAIZ / "core").iterdir() if (d / "__init__.py").exists() and d.name not in fuera
    )
    assert "actos" in capacidades and "firma" in capacidades  # the walk itself finds core's folders
    sin_linea = [c for c in capacidades if not any(linea.startswith(f"  {c}/") for linea in lineas)]
    assert not sin_linea, f"core/ folders the README's layout does not name: {sin_linea}"
    sin_app = [a for a in REGIMENES if not any(linea.startswith(f"{a}/") for linea in lineas)]
    assert not sin_app, f"regime apps the README's layout does not name: {sin_app}"
