"""Server-rendered actions on one cupo: cancellation and justified cause (R-12)."""

import datetime as dt

import pytest
from django.urls import reverse

from core.identidad.roles import Rol
from core.tests.segundo_factor import con_codigo
from cupos.models import Cupo, Movimiento


def _estado(cupo) -> str:
    """The cupo's state as the database has it now."""
    cupo.refresh_from_db()
    return cupo.estado


@pytest.mark.django_db
def test_cancel_with_empty_reason_shows_the_error_and_changes_nothing(entrar, dona_lucia):
    url = reverse("cupos:cupo-cancelar", args=[dona_lucia.id])
    r = entrar().post(url, {"cancelar-fecha": "2026-06-10", "cancelar-motivo": "  ", "cancelar-causal": "baja_dimar",
                               "cancelar-soporte": "Novedades de Dimar"})
    assert r.status_code == 400
    html = r.content.decode()
    assert "Indique el motivo de la cancelación." in html
    assert 'aria-invalid="true"' in html
    dona_lucia.refresh_from_db()
    assert dona_lucia.estado == Cupo.Estado.EN_FIRME and dona_lucia.fecha_cancelacion is None
    assert not Movimiento.objects.filter(cupo=dona_lucia, tipo=Movimiento.Tipo.CANCELACION).exists()


@pytest.mark.django_db
def test_cancel_with_a_future_date_shows_the_service_error(entrar, dona_lucia):
    url = reverse("cupos:cupo-cancelar", args=[dona_lucia.id])
    r = entrar().post(url, {"cancelar-fecha": "2026-07-01", "cancelar-motivo": "Baja de Dimar",
                               "cancelar-causal": "baja_dimar", "cancelar-soporte": "Novedades de Dimar"})
    assert r.status_code == 400
    assert "posterior a hoy" in r.content.decode()
    assert _estado(dona_lucia) == Cupo.Estado.EN_FIRME


@pytest.mark.django_db
def test_cancel_works_and_a_second_cancel_is_a_message_not_a_500(entrar, dona_lucia):
    from zarpes.tests.factories import baja_dimar

    baja_dimar(dona_lucia.beneficiario, dt.date(2026, 6, 1))  # the ground true on record
    cliente = entrar()
    url = reverse("cupos:cupo-cancelar", args=[dona_lucia.id])
    datos = {"cancelar-fecha": "2026-06-15", "cancelar-motivo": "Dimar informó la cancelación de la matrícula.",
             "cancelar-causal": "baja_dimar", "cancelar-soporte": "Novedades de Dimar de junio de 2026"}
    r = cliente.post(url, datos)
    assert r.status_code == 200 and "Esto es lo que va a pasar" in r.content.decode()
    assert _estado(dona_lucia) == Cupo.Estado.EN_FIRME  # the first POST only shows the confirmation
    r = cliente.post(url, con_codigo(cliente, {**datos, "confirmado": "1"}), follow=True)
    assert r.status_code == 200
    assert "Se expidió la cancelación del cupo" in r.content.decode()  # P-05: it rules once firm
    assert "desde el 15 de junio de 2026: rige cuando quede en firme" in r.content.decode()
    assert _estado(dona_lucia) == Cupo.Estado.CANCELADO
    r = cliente.post(url, datos, follow=True)
    assert r.status_code == 200
    assert "no puede pasar a" in r.content.decode()


@pytest.mark.django_db
def test_only_writers_may_cancel(entrar, dona_lucia):
    url = reverse("cupos:cupo-cancelar", args=[dona_lucia.id])
    datos = {"cancelar-fecha": "2026-06-10", "cancelar-motivo": "x", "cancelar-causal": "baja_dimar",
             "cancelar-soporte": "x"}
    assert entrar(Rol.AUDITOR).post(url, datos).status_code == 403
    assert entrar(Rol.BENEFICIARIO, beneficiario=dona_lucia.beneficiario).post(url, datos).status_code == 403
    assert _estado(dona_lucia) == Cupo.Estado.EN_FIRME


@pytest.mark.django_db
def test_record_justified_cause(entrar, dona_lucia):
    cliente = entrar()
    url = reverse("cupos:cupo-causa", args=[dona_lucia.id])
    r = cliente.post(url, {"causa-causa": ""})
    assert r.status_code == 400 and "Describa la causa justificada." in r.content.decode()
    r = cliente.post(url, {"causa-causa": "Nave en dique seco hasta julio."}, follow=True)
    assert "Se registró la causa justificada" in r.content.decode()
    dona_lucia.refresh_from_db()
    assert dona_lucia.causa_justificada_inactividad == "Nave en dique seco hasta julio."


@pytest.mark.django_db
def test_actions_need_post(entrar, dona_lucia):
    assert entrar().get(reverse("cupos:cupo-causa", args=[dona_lucia.id])).status_code == 405
    assert entrar().get(reverse("cupos:cupo-comunicacion", args=[dona_lucia.id])).status_code == 405
    # the cancellation has its own page (the alert of a baja links to it); GET changes nothing.
    r = entrar().get(reverse("cupos:cupo-cancelar", args=[dona_lucia.id]))
    assert r.status_code == 200 and "Revisar la cancelación" in r.content.decode()


@pytest.mark.django_db
def test_r12_cancel_page_asks_for_the_decree_ground_and_its_support(entrar, dona_lucia):
    cliente = entrar()
    url = reverse("cupos:cupo-cancelar", args=[dona_lucia.id])
    formulario = cliente.get(url).content.decode()
    assert 'name="cancelar-causal"' in formulario and 'name="cancelar-soporte"' in formulario
    assert "Comunicación motivada de Dimar, el Ministerio de Minas y Energía o una autoridad de control" in formulario
    r = cliente.post(url, {"cancelar-fecha": "2026-06-10", "cancelar-motivo": "Baja", "cancelar-causal": ""})
    assert r.status_code == 400
    assert "Elija la causal de la cancelación." in r.content.decode()
    assert "Indique el soporte de la causal." in r.content.decode()
    datos = {"cancelar-fecha": "2026-06-15", "cancelar-motivo": "Uso indebido",
             "cancelar-causal": "comunicacion_autoridad",
             "cancelar-soporte": "MinMinas, oficio 2026-118 del 5 de junio de 2026"}
    r = cliente.post(url, datos)
    assert "por la causal «Comunicación motivada" in r.content.decode()
    cliente.post(url, con_codigo(cliente, {**datos, "confirmado": "1"}))  # an act: a fresh second-factor code
    dona_lucia.refresh_from_db()
    assert dona_lucia.estado == "cancelado" and dona_lucia.causal_cancelacion == "comunicacion_autoridad"
    assert dona_lucia.soporte_cancelacion == "MinMinas, oficio 2026-118 del 5 de junio de 2026"
