"""F-05 (art. 4): UPME sends Ecopetrol a copy of each border resolution and, once final, its ejecutoria."""

import pytest

from core.models import MensajeSaliente
from fronteras.tests.factories import D, asignar, ejecutoriar

pytestmark = pytest.mark.django_db


def test_f05_the_copy_goes_to_ecopetrol_when_issued_and_the_ejecutoria_once_final(
    analista, ejemplo, settings, django_capture_on_commit_callbacks
):
    settings.OUTBOX_ENDPOINTS = {}  # no endpoint: each message is registered at once (as the Dimar notice)
    with django_capture_on_commit_callbacks(execute=True):
        asignacion = asignar(analista)
    asignacion.refresh_from_db()
    copia = MensajeSaliente.objects.get(tipo="asignacion_frontera_copia")
    assert copia.clave == f"asignacion_frontera_copia:{asignacion.id}"
    assert copia.payload["volumen_municipal"] == "72000.00" and len(copia.payload["estaciones"]) == 2
    assert asignacion.copia_ecopetrol_enviada is not None and asignacion.copia_ecopetrol_acuse is not None
    assert asignacion.ejecutoria_ecopetrol_enviada is None
    assert not MensajeSaliente.objects.filter(tipo="asignacion_frontera_ejecutoria").exists()

    with django_capture_on_commit_callbacks(execute=True):
        ejecutoriar(analista, asignacion, D(2026, 4, 11))
    asignacion.refresh_from_db()
    ejecutoria = MensajeSaliente.objects.get(tipo="asignacion_frontera_ejecutoria")
    assert ejecutoria.payload["fecha_ejecutoria"] == "2026-04-11" and ejecutoria.payload["municipio"] == "54001"
    assert asignacion.ejecutoria_ecopetrol_enviada is not None and asignacion.ejecutoria_ecopetrol_acuse is not None


class _Respuesta:
    def __init__(self, status_code):
        self.status_code, self.text = status_code, ""


def test_f05_with_an_endpoint_the_acknowledgement_is_recorded_when_it_arrives(analista, ejemplo, settings, monkeypatch):
    from core.mensajes.outbox import outbox_deliver

    settings.OUTBOX_ENDPOINTS = {"asignacion_frontera_copia": "https://ecopetrol.example/avisos/"}
    monkeypatch.setattr("core.mensajes.outbox.requests.post", lambda *a, **k: _Respuesta(503))
    asignacion = asignar(analista)
    mensaje = MensajeSaliente.objects.get(tipo="asignacion_frontera_copia")
    outbox_deliver(mensaje_id=mensaje.id)
    asignacion.refresh_from_db()
    assert asignacion.copia_ecopetrol_enviada is not None and asignacion.copia_ecopetrol_acuse is None
    monkeypatch.setattr("core.mensajes.outbox.requests.post", lambda *a, **k: _Respuesta(200))
    outbox_deliver(mensaje_id=mensaje.id)
    asignacion.refresh_from_db()
    assert asignacion.copia_ecopetrol_acuse is not None
