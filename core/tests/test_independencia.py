"""core knows no app: apps register their menu entries, deadline checks, calendar deadlines, demo
loaders and error catalogues in their AppConfig.ready() (core.registro); core only iterates them."""

import ast
from pathlib import Path

import pytest

from core import registro

CORE = Path(__file__).resolve().parents[1]
APPS = {"cupos", "zarpes", "distribuidores", "fronteras", "reserva"}


def _modulos_importados(archivo: Path) -> set[str]:
    arbol = ast.parse(archivo.read_text(encoding="utf-8"))
    nombres = set()
    for nodo in ast.walk(arbol):
        if isinstance(nodo, ast.Import):
            nombres.update(alias.name for alias in nodo.names)
        elif isinstance(nodo, ast.ImportFrom) and nodo.module and nodo.level == 0:
            nombres.add(nodo.module)
        elif (isinstance(nodo, ast.Call) and getattr(nodo.func, "attr", "") == "import_module"
              and nodo.args and isinstance(nodo.args[0], ast.Constant)):
            nombres.add(str(nodo.args[0].value))
    return nombres


def test_core_no_importa_ninguna_app():
    ofensas = []
    for archivo in sorted(CORE.rglob("*.py")):
        relativo = archivo.relative_to(CORE)
        if relativo.parts[0] in ("tests", "migrations"):
            continue
        for modulo in _modulos_importados(archivo):
            if modulo.split(".")[0] in APPS:
                ofensas.append(f"core/{relativo}: import {modulo}")
    assert ofensas == []


def test_la_prueba_detecta_un_import_de_app(tmp_path):
    archivo = tmp_path / "x.py"
    archivo.write_text("from cupos.models import Cupo\nimport importlib\nimportlib.import_module('zarpes.demo')\n")
    assert _modulos_importados(archivo) == {"cupos.models", "importlib", "zarpes.demo"}


@pytest.mark.parametrize("app", ["cupos", "zarpes", "distribuidores", "fronteras"])
def test_cada_app_registra_su_menu(app):
    from django.urls import resolve

    propias = [e for e in registro.menu() if (e.url() and resolve(e.url()).func.__module__.startswith(app + "."))]
    assert propias, f"{app} no registró entradas de menú"


def test_revisiones_y_demos_registrados():
    tipos = {r.tipo for r in registro.revisiones()}
    assert {"resolucion_anual_vencida", "reporte_distribuidor_vencido", "asignacion_frontera_vencida"} <= tipos
    nombres = [c.nombre for c in registro.demos()]
    assert nombres[0] == "core" and nombres.index("cupos") < nombres.index("zarpes")


@pytest.mark.parametrize("app", ["cupos", "distribuidores", "fronteras", "reserva"])
def test_cada_app_registra_su_modulo_de_plazos(app):
    """registrar_plazos: the module's checks, alert link and calendar deadlines, and the year's
    calendar in one call only where the module offers it (reserva)."""
    import importlib

    plazos = importlib.import_module(f"{app}.plazos")
    assert all(registro._revisiones[r.tipo] is r for r in plazos.REVISIONES)
    assert registro._enlaces_alerta[app] is plazos.enlace_alerta
    assert registro._vencimientos[app] is plazos.vencimientos
    assert registro._vencimientos_anio.get(app) is getattr(plazos, "vencimientos_del_anio", None)


def test_core_no_enumera_los_tipos_de_alerta_de_las_apps():
    """core's Alerta.Tipo holds core's own alerts; every app registers its own, and every deadline
    check raises a registered type, so each alert has its Spanish name."""
    from core.models import Alerta

    assert set(Alerta.Tipo.values) == {"aviso_no_fui_yo"}
    tipos = registro.tipos_alerta()
    assert {"resolucion_anual_vencida", "reporte_distribuidor_vencido", "asignacion_frontera_vencida",
            "reserva_sobordo_vencido", "aviso_no_fui_yo"} <= set(tipos)
    assert all(etiqueta != codigo for codigo, etiqueta in tipos.items())
    assert {r.tipo for r in registro.revisiones()} <= set(tipos)


def test_un_tipo_de_alerta_no_se_registra_dos_veces_con_otro_nombre():
    from django.db import models

    class Otro(models.TextChoices):
        VENCIDA = "resolucion_anual_vencida", "Otra cosa"

    with pytest.raises(ValueError):
        registro.registrar_tipos_alerta(Otro)
