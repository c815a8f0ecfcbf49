"""docs/nueva-app.md still works, and no check skips a new regime (issue 38): a throwaway app, `lubricantes`, is
built by the recipe in a copy of the project (one line in config/regimenes.py, its package, its routes) and every
check that walks the apps meets it: the migrations, the test collection, the architecture's contracts, the
menu and the exports' checks."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

RAIZ = Path(__file__).resolve().parent.parent

APPS_PY = '''from django.apps import AppConfig


class LubricantesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "lubricantes"
    verbose_name = "Lubricantes exentos"

    def ready(self):
        from core import registro
        from core.identidad.roles import Rol
        from core.registro import Entrada

        registro.registrar_menu(Entrada("Lubricantes", "lubricantes:lista", frozenset({Rol.UPME_ANALISTA})))
'''
MODELS_PY = '''from django.db import models


class CupoLubricante(models.Model):
    beneficiario = models.CharField(max_length=200)
    galones = models.DecimalField(max_digits=12, decimal_places=2)

    class Meta:
        verbose_name = "cupo de lubricante"
'''
VIEWS_PY = '''from django.http import HttpResponse

from core.web.views.comun import pagina_protegida


@pagina_protegida
def lista(request):
    return HttpResponse("Cupos de lubricante")
'''
URLS_PY = '''from django.urls import path

from lubricantes import views

app_name = "lubricantes"
urlpatterns = [path("lubricantes/", views.lista, name="lista")]
'''
TEST_PY = '''from django.apps import apps


def test_la_app_de_la_receta_esta_instalada():
    assert apps.get_app_config("lubricantes").verbose_name == "Lubricantes exentos"
'''


@pytest.fixture(scope="module")
def proyecto(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("receta") / "portal"
    shutil.copytree(RAIZ, base, ignore=shutil.ignore_patterns(".venv", ".git", "var", "__pycache__", "node_modules",
                                                               "staticfiles", "clientes", "docs", "bench"))
    app = base / "lubricantes"
    for ruta, texto in {
        "__init__.py": "", "apps.py": APPS_PY, "models.py": MODELS_PY, "views.py": VIEWS_PY, "urls.py": URLS_PY,
        "migrations/__init__.py": "", "tests/__init__.py": "", "tests/test_lubricantes.py": TEST_PY,
    }.items():
        (app / ruta).parent.mkdir(parents=True, exist_ok=True)
        (app / ruta).write_text(texto)
    regimenes = base / "config" / "regimenes.py"
    regimenes.write_text(regimenes.read_text().replace('"reserva")', '"reserva", "lubricantes")', 1))
    urls = base / "config" / "urls.py"
    texto = urls.read_text()
    assert 'path("", include("core.urls"))' in texto
    urls.write_text(texto.replace('path("", include("core.urls"))',
                                  'path("", include("lubricantes.urls")),\n    path("", include("core.urls"))', 1))
    return base


def _correr(proyecto: Path, *args: str) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "HOME": "/tmp", "DJANGO_SETTINGS_MODULE": "config.settings.test",
           "PYTHONPATH": str(proyecto), "DATABASE_URL": "sqlite://:memory:"}
    return subprocess.run([sys.executable, *args], cwd=proyecto, env=env, capture_output=True, text=True, timeout=300)


def test_a_new_regime_by_the_recipe_is_met_by_every_check(proyecto):
    migracion = _correr(proyecto, "manage.py", "makemigrations", "lubricantes")
    assert migracion.returncode == 0 and "CupoLubricante" in migracion.stdout, migracion.stdout + migracion.stderr
    limpio = _correr(proyecto, "manage.py", "makemigrations", "--check", "--dry-run")
    assert limpio.returncode == 0, limpio.stdout + limpio.stderr

    coleccion = _correr(proyecto, "-m", "pytest", "--collect-only", "-q", "-p", "no:randomly")
    assert "lubricantes/tests/test_lubricantes.py::test_la_app_de_la_receta_esta_instalada" in coleccion.stdout, (
        coleccion.stdout[-3000:] + coleccion.stderr[-2000:])

    contratos = _correr(proyecto, "-m", "config.arquitectura")
    assert contratos.returncode == 0, contratos.stdout[-3000:]

    # The checks that walk the apps reach it: its menu entry, its exports, its own test.
    pruebas = _correr(proyecto, "-m", "pytest", "-p", "no:randomly", "-n", "0",
                      "core/tests/test_independencia.py::test_cada_app_registra_su_menu",
                      "tests/test_exportar.py::test_no_app_writes_a_csv_or_a_workbook_but_through_core_exportar",
                      "lubricantes/tests/test_lubricantes.py", "-v")
    salida = pruebas.stdout
    assert pruebas.returncode == 0, salida[-3000:] + pruebas.stderr[-2000:]
    assert "test_cada_app_registra_su_menu[lubricantes] PASSED" in salida, salida[-3000:]
    assert "test_la_app_de_la_receta_esta_instalada PASSED" in salida, salida[-3000:]


def test_a_new_regime_that_breaks_the_architecture_is_caught(proyecto, tmp_path):
    roto = tmp_path / "roto"
    shutil.copytree(proyecto, roto)
    (roto / "lubricantes" / "services.py").write_text("from fronteras.models import Municipio\n")

    salida = " ".join(_correr(roto, "-m", "config.arquitectura").stdout.split())

    assert "lubricantes.services:1: from fronteras.models import Municipio" in salida, salida[-3000:]
    assert "Contracts: 4 kept, 1 broken." in salida
