"""core knows no app: apps register their menu entries, deadline checks, calendar deadlines, demo
loaders and error catalogues in their AppConfig.ready() (core.registro); core only iterates them. Every
regime of config/regimenes.py is checked: a new one is not skipped."""

import importlib.util

import pytest

from config.regimenes import REGIMENES
from core import registro

# That core imports no app is import-linter's contract (config/arquitectura.py, tests/test_arquitectura.py).

@pytest.mark.parametrize("app", REGIMENES)  # config/regimenes.py: every regime has its pages
def test_cada_app_registra_su_menu(app):
    from django.urls import resolve

    propias = [e for e in registro.menu() if (e.url() and resolve(e.url()).func.__module__.startswith(app + "."))]
    assert propias, f"{app} no registró entradas de menú"


def test_revisiones_y_demos_registrados():
    tipos = {r.tipo for r in registro.revisiones()}
    assert {"resolucion_anual_vencida", "reporte_distribuidor_vencido", "asignacion_frontera_vencida"} <= tipos
    nombres = [c.nombre for c in registro.demos()]
    assert nombres[0] == "core" and nombres.index("cupos") < nombres.index("zarpes")


@pytest.mark.parametrize("app", [a for a in REGIMENES if importlib.util.find_spec(f"{a}.plazos")])
def test_cada_app_registra_su_modulo_de_plazos(app):
    """registrar_plazos: the module's checks, alert link and calendar deadlines, and the year's
    calendar in one call only where the module offers it (reserva)."""
    plazos = importlib.import_module(f"{app}.plazos")
    assert all(registro._revisiones[r.tipo] is r for r in plazos.REVISIONES)
    assert registro._enlaces_alerta[app] is plazos.enlace_alerta
    assert registro._vencimientos[app] is plazos.vencimientos
    assert registro._vencimientos_anio.get(app) is getattr(plazos, "vencimientos_del_anio", None)


def test_core_no_enumera_los_tipos_de_alerta_de_las_apps():
    """core's Alerta.Tipo holds core's own alerts; every app registers its own, and every deadline
    check raises a registered type, so each alert has its Spanish name."""
    from core.models import Alerta

    # core's: «no fui yo», the procedure's P-01 and P-03, and the continuous backup's (issue 42)
    assert set(Alerta.Tipo.values) == {
        "aviso_no_fui_yo", "notificacion_pendiente", "recurso_por_decidir", "respaldo_vencido"
    }
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


def test_el_enlace_de_una_alerta_es_el_de_la_app_que_registro_su_tipo(monkeypatch):
    """Issue 38: the first app that answered won, so an app's own link was never used when another app's link
    answered for every alert."""
    from types import SimpleNamespace

    monkeypatch.setattr(registro, "_enlaces_alerta", {
        "primera": lambda alerta: ("De la primera app", "/primera/"),
        "reserva": lambda alerta: ("Del registro de reserva", "/reserva/") if alerta.tipo.startswith("x") else None,
    })
    monkeypatch.setattr(registro, "_app_de_tipo", {"x_tipo": "reserva"})

    assert registro.enlace_alerta(SimpleNamespace(tipo="x_tipo")) == ("Del registro de reserva", "/reserva/")
    assert registro.enlace_alerta(SimpleNamespace(tipo="otro")) == ("De la primera app", "/primera/")


def test_cada_tipo_de_alerta_sabe_su_app():
    tipos = registro._app_de_tipo
    assert tipos["resolucion_anual_vencida"] == "cupos" and tipos["asignacion_frontera_vencida"] == "fronteras"
    assert tipos["reporte_distribuidor_vencido"] == "distribuidores"
