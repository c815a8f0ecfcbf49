"""The small shared helpers the apps' services, views and jobs lean on."""

import datetime as dt
from decimal import Decimal

import pytest

from core.auditoria.audit import cambiar_auditado, crear_auditado
from core.comun.errors import ApplicationError, DatosInvalidos, fecha_y_galones, no_futura, unico
from core.models import Capitania, RegistroAuditoria
from core.segundo_plano.trabajos import REINTENTOS, tarea_de_trabajo
from core.vencimientos.plazos import RevisionPorPaginas

HOY = dt.date(2026, 3, 20)


@pytest.mark.django_db
def test_crear_auditado_creates_the_row_and_its_audit_entry():
    capitania = crear_auditado(Capitania, actor=None, accion="capitania.crear", codigo="CP90", nombre="Prueba")
    entrada = RegistroAuditoria.objects.get(accion="capitania.crear")
    assert Capitania.objects.filter(pk=capitania.pk).exists()
    assert entrada.antes is None and entrada.despues["codigo"] == "CP90"


@pytest.mark.django_db
def test_cambiar_auditado_saves_the_changes_with_before_and_after():
    capitania = Capitania.objects.create(codigo="CP91", nombre="Antes")
    cambiar_auditado(capitania, actor=None, accion="capitania.cambiar", nombre="Después")
    capitania.refresh_from_db()
    entrada = RegistroAuditoria.objects.get(accion="capitania.cambiar")
    assert capitania.nombre == "Después"
    assert entrada.antes["nombre"] == "Antes" and entrada.despues["nombre"] == "Después"


@pytest.mark.django_db
def test_unico_turns_the_unique_key_into_the_refusal_and_keeps_the_outer_transaction():
    Capitania.objects.create(codigo="CP92", nombre="Una")
    rechazo = ApplicationError("duplicada", "Ya existe.")
    with pytest.raises(ApplicationError) as exc, unico(rechazo):
        Capitania.objects.create(codigo="CP92", nombre="Otra")
    assert exc.value is rechazo
    assert Capitania.objects.filter(codigo="CP92").count() == 1  # the connection is still usable


def test_no_futura_and_fecha_y_galones():
    no_futura(HOY, HOY)
    with pytest.raises(DatosInvalidos) as exc:
        no_futura(HOY + dt.timedelta(days=1), HOY, "presentada")
    assert "presentada" in exc.value.errores
    assert fecha_y_galones(HOY, HOY, Decimal("10.005")) == Decimal("10.01")
    with pytest.raises(DatosInvalidos) as exc:
        fecha_y_galones(HOY, HOY, 0, campo="galones_solicitados", que="Los galones solicitados")
    assert exc.value.errores["galones_solicitados"] == ["Los galones solicitados deben ser mayores que cero."]


def test_revision_por_paginas_answers_one_alert_as_a_page_of_one():
    class Revision(RevisionPorPaginas):
        def persisten(self, alertas, fecha):
            return {a.id for a in alertas if a.id % 2}

    class Alerta:
        def __init__(self, pk):
            self.id = pk

    assert Revision().persiste(Alerta(3), HOY) is True
    assert Revision().persiste(Alerta(4), HOY) is False


def test_tarea_de_trabajo_keeps_the_function_name_and_retries():
    def abandonar(pk):
        return None

    @tarea_de_trabajo(abandonar)
    def tarea_de_prueba_task(pk: int):
        """Docstring kept."""

    assert tarea_de_prueba_task.name == f"{__name__}.tarea_de_prueba_task"
    assert tarea_de_prueba_task.max_retries == REINTENTOS and tarea_de_prueba_task.acks_late
    assert tarea_de_prueba_task.__doc__ == "Docstring kept."
