"""Issue 44: a certificate's signed PDF is queued for the signing worker when its issuance commits (never when it
rolls back or is refused), and the officer's «Imprimir» waits for it with a progress message until it is ready."""

import threading
import time

import pytest
from django.db import connection, transaction
from django.test import override_settings
from django.urls import reverse

from core import registro
from core.comun.errors import ApplicationError
from core.firma import servicio
from core.firma.validacion import validar_pdf
from core.models import DocumentoFirmado
from zarpes import pdf
from zarpes.tests.factories import nave_con_cupo
from zarpes.tests.paginas import HOY, html, pedir
from zarpes.views import certificados as vistas


@pytest.fixture
def cola(monkeypatch, settings):
    """The signing worker's queue as a list (no broker): what the portal asked it to sign."""
    settings.FIRMA_ANTICIPADA = True
    pedidos: list[str] = []
    monkeypatch.setitem(registro._tareas, pdf.TAREA_FIRMAR, pedidos.append)
    return pedidos


@pytest.mark.django_db(transaction=True)
def test_the_signature_is_queued_when_the_issuance_commits_and_not_when_it_rolls_back(cola, oficial, hoy):
    nave, _ = nave_con_cupo()
    certificado = pedir(oficial, nave, HOY, 100).certificado
    assert cola == [certificado.numero]

    with pytest.raises(RuntimeError), transaction.atomic():  # an outer transaction (the idempotency record) fails
        pedir(oficial, nave, HOY, 100, anterior=certificado.numero)
        raise RuntimeError("después de expedir")
    with pytest.raises(ApplicationError):  # a refusal (broken chain) issues nothing and queues nothing
        pedir(oficial, nave, HOY, 100, anterior="CP05-2026-999999")
    assert cola == [certificado.numero]
    assert not DocumentoFirmado.objects.exists()  # queued, not signed in the request


@pytest.mark.django_db
def test_imprimir_waits_with_a_progress_message_then_opens_the_signed_pdf(
    cola, entrar, oficial, hoy, django_capture_on_commit_callbacks
):
    nave, _ = nave_con_cupo()
    with django_capture_on_commit_callbacks(execute=True):
        certificado = pedir(oficial, nave, HOY, 100).certificado
    assert cola == [certificado.numero]
    cliente = entrar(oficial)
    url_pdf = reverse("zarpes:certificado-pdf", args=[certificado.numero])
    url_estado = reverse("zarpes:certificado-estado", args=[certificado.numero])

    espera = cliente.get(url_pdf)
    cuerpo = html(espera)
    assert espera.status_code == 200 and espera["Content-Type"].startswith("text/html")
    assert f"Se está firmando digitalmente el certificado {certificado.numero}" in cuerpo
    assert f'hx-get="{url_estado}?intento=0"' in cuerpo and 'role="status"' in cuerpo
    assert not DocumentoFirmado.objects.exists()  # the page does not sign: the worker does

    sondeo = cliente.get(url_estado, {"intento": "3"}, HTTP_HX_REQUEST="true")
    assert "HX-Redirect" not in sondeo and f"{url_estado}?intento=4" in html(sondeo)
    assert "tardando más de lo habitual" not in html(sondeo)
    largo = cliente.get(url_estado, {"intento": str(vistas.REENCOLAR - 1)}, HTTP_HX_REQUEST="true")
    assert "tardando más de lo habitual" in html(largo)  # still waiting, never a timeout
    assert cola == [certificado.numero, certificado.numero]  # a lost task is queued again
    assert cliente.get(url_estado, {"intento": "x"}).status_code == 200

    assert pdf.certificado_firmar(certificado.numero) is True  # what the signing worker runs
    listo = cliente.get(url_estado, {"intento": "5"}, HTTP_HX_REQUEST="true")
    assert listo["HX-Redirect"] == url_pdf and "hx-get" not in html(listo)
    impreso = cliente.get(url_pdf)
    assert impreso["Content-Type"] == "application/pdf"
    assert validar_pdf(impreso.content).valida
    assert DocumentoFirmado.objects.filter(tipo="certificado", referencia=certificado.numero).count() == 1
    assert pdf.certificado_firmar("CP05-2026-999999") is False


@override_settings(FIRMA_SERVICIO="cola", FIRMA_TRABAJADOR=True)
def test_the_signing_worker_signs_in_place_instead_of_queuing_to_itself():
    assert servicio.en_cola() is False
    with override_settings(FIRMA_TRABAJADOR=False):
        assert servicio.en_cola() is True


@pytest.mark.django_db(transaction=True)
def test_under_threaded_workers_the_ask_is_held_until_the_signature_arrives(
    cola, entrar, oficial, hoy, django_capture_on_commit_callbacks
):
    """gunicorn gthread: the status ask waits (up to SOSTENER_S) and answers as soon as the worker has signed."""
    nave, _ = nave_con_cupo()
    certificado = pedir(oficial, nave, HOY, 100).certificado
    cliente = entrar(oficial)
    url_estado = reverse("zarpes:certificado-estado", args=[certificado.numero])
    hilo_worker = {"wsgi.multithread": True}

    t0 = time.monotonic()
    nada = cliente.get(url_estado, {"intento": "1"}, HTTP_HX_REQUEST="true", **hilo_worker)
    assert "HX-Redirect" not in nada and time.monotonic() - t0 >= vistas.SOSTENER_S  # held, then «still signing»
    assert cola == [certificado.numero]  # the commit's own request; no re-queue yet

    def trabajador_de_firma():
        time.sleep(0.3)
        try:
            pdf.certificado_firmar(certificado.numero)
        finally:
            connection.close()

    hilo = threading.Thread(target=trabajador_de_firma)
    hilo.start()
    t0 = time.monotonic()
    listo = cliente.get(url_estado, {"intento": "2"}, HTTP_HX_REQUEST="true", **hilo_worker)
    hilo.join()
    assert listo["HX-Redirect"] == reverse("zarpes:certificado-pdf", args=[certificado.numero])
    assert time.monotonic() - t0 < vistas.SOSTENER_S + 1.0
    reencolada = cliente.get(url_estado, {"intento": str(vistas.REENCOLAR_SOSTENIDA - 1)}, **hilo_worker)
    assert "HX-Redirect" in reencolada and cola == [certificado.numero]  # signed: nothing queued again


@pytest.mark.django_db(transaction=True)
def test_under_threaded_workers_imprimir_itself_is_held_and_opens_the_signed_pdf_at_the_first_click(
    cola, entrar, oficial, hoy
):
    """Issue 44: «Imprimir» waits (up to SOSTENER_S) for a signature on its way and answers the signed PDF itself,
    with no waiting page, ask or redirect; past the hold it shows the waiting page, never a timeout."""
    nave, _ = nave_con_cupo()
    certificado = pedir(oficial, nave, HOY, 100).certificado
    cliente = entrar(oficial)
    url_pdf = reverse("zarpes:certificado-pdf", args=[certificado.numero])
    hilo_worker = {"wsgi.multithread": True}

    def trabajador_de_firma():
        time.sleep(0.3)
        try:
            pdf.certificado_firmar(certificado.numero)
        finally:
            connection.close()

    hilo = threading.Thread(target=trabajador_de_firma)
    hilo.start()
    t0 = time.monotonic()
    impreso = cliente.get(url_pdf, **hilo_worker)
    hilo.join()
    assert impreso["Content-Type"] == "application/pdf" and validar_pdf(impreso.content).valida
    assert 0.3 <= time.monotonic() - t0 < vistas.SOSTENER_S + 1.0

    otro = pedir(oficial, nave, HOY, 100, anterior=certificado.numero).certificado
    t0 = time.monotonic()
    espera = cliente.get(reverse("zarpes:certificado-pdf", args=[otro.numero]), **hilo_worker)
    assert time.monotonic() - t0 >= vistas.SOSTENER_S  # held, then the page that keeps waiting
    assert espera["Content-Type"].startswith("text/html")
    assert f"Se está firmando digitalmente el certificado {otro.numero}" in html(espera)
