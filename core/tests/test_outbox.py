"""Outbox: messages to other agencies are stored with their cause and retried until acknowledged."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.db import transaction

from core.mensajes.outbox import outbox_deliver, outbox_due_ids, outbox_enqueue
from core.models import MensajeSaliente
from core.tasks import outbox_flush_task


class DimarFalso:
    """A local HTTP endpoint that fails the first `fallos` requests, then acknowledges."""

    def __init__(self, fallos: int):
        self.fallos = fallos
        self.recibidos: list[dict] = []
        dimar = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                cuerpo = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                dimar.recibidos.append({"cuerpo": cuerpo, "clave": self.headers.get("Idempotency-Key")})
                estado = 503 if len(dimar.recibidos) <= dimar.fallos else 200
                self.send_response(estado)
                self.end_headers()
                self.wfile.write(b'{"ok": true}')

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/notificaciones/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def cerrar(self):
        self.server.shutdown()


@pytest.fixture
def dimar_falso():
    servidores = []

    def _crear(fallos=0):
        servidor = DimarFalso(fallos)
        servidores.append(servidor)
        return servidor

    yield _crear
    for s in servidores:
        s.cerrar()


@pytest.mark.django_db
def test_failing_endpoint_is_retried_and_delivered_when_it_recovers(
    dimar_falso, settings, django_capture_on_commit_callbacks
):
    dimar = dimar_falso(fallos=2)
    settings.OUTBOX_ENDPOINTS = {"cupo_en_firme": dimar.url}
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        mensaje = outbox_enqueue(tipo="cupo_en_firme", clave="cupo_en_firme:1", payload={"matricula": "MC-05-0001"})
    # on_commit ran the task in-process: first attempt failed, message still pending
    mensaje.refresh_from_db()
    assert mensaje.estado == MensajeSaliente.Estado.PENDIENTE and mensaje.intentos >= 1
    assert "503" in mensaje.ultimo_error
    while mensaje.estado == MensajeSaliente.Estado.PENDIENTE:
        mensaje = outbox_deliver(mensaje_id=mensaje.id)
    assert mensaje.estado == MensajeSaliente.Estado.ENTREGADO
    assert mensaje.intentos == 3 and mensaje.entregado_en is not None
    assert len(dimar.recibidos) == 3
    # every attempt carries the same idempotency key, so Dimar can discard duplicates
    assert {r["clave"] for r in dimar.recibidos} == {str(mensaje.uuid)}
    assert dimar.recibidos[-1]["cuerpo"]["datos"] == {"matricula": "MC-05-0001"}


@pytest.mark.django_db
def test_unreachable_endpoint_backs_off_and_gives_up_after_the_limit(settings):
    settings.OUTBOX_ENDPOINTS = {"cupo_en_firme": "http://127.0.0.1:9/nadie-escucha"}
    settings.OUTBOX_MAX_ATTEMPTS = 3
    settings.OUTBOX_TIMEOUT_SECONDS = 1
    mensaje = MensajeSaliente.objects.create(tipo="cupo_en_firme", clave="c:2", payload={})
    mensaje = outbox_deliver(mensaje_id=mensaje.id)
    assert mensaje.estado == MensajeSaliente.Estado.PENDIENTE and mensaje.proximo_intento is not None
    outbox_deliver(mensaje_id=mensaje.id)
    mensaje = outbox_deliver(mensaje_id=mensaje.id)
    assert mensaje.estado == MensajeSaliente.Estado.FALLIDO and mensaje.intentos == 3


@pytest.mark.django_db
def test_without_endpoint_the_message_is_logged_and_kept(settings, caplog, django_capture_on_commit_callbacks):
    settings.OUTBOX_ENDPOINTS = {}
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        outbox_enqueue(tipo="cupo_en_firme", clave="c:3", payload={"cupo": 3})
    mensaje = MensajeSaliente.objects.get(clave="c:3")
    assert mensaje.estado == MensajeSaliente.Estado.REGISTRADO
    assert "sin destino configurado" in caplog.text


@pytest.mark.django_db
def test_the_same_fact_is_enqueued_once(settings):
    settings.OUTBOX_ENDPOINTS = {}
    with transaction.atomic():
        a = outbox_enqueue(tipo="cupo_en_firme", clave="c:4", payload={})
        b = outbox_enqueue(tipo="cupo_en_firme", clave="c:4", payload={})
    assert a.pk == b.pk and MensajeSaliente.objects.count() == 1


@pytest.mark.django_db
def test_a_rolled_back_cause_sends_nothing(settings):
    settings.OUTBOX_ENDPOINTS = {}
    with pytest.raises(RuntimeError), transaction.atomic():
        outbox_enqueue(tipo="cupo_en_firme", clave="c:5", payload={})
        raise RuntimeError("la firmeza falló")
    assert not MensajeSaliente.objects.exists()


@pytest.mark.django_db
def test_flush_delivers_what_is_due(dimar_falso, settings):
    dimar = dimar_falso(fallos=0)
    settings.OUTBOX_ENDPOINTS = {"cupo_en_firme": dimar.url}
    from django.utils import timezone

    MensajeSaliente.objects.create(tipo="cupo_en_firme", clave="c:6", payload={}, proximo_intento=timezone.now())
    MensajeSaliente.objects.create(
        tipo="cupo_en_firme", clave="c:7", payload={}, proximo_intento=timezone.now() + timezone.timedelta(hours=1)
    )
    assert len(outbox_due_ids()) == 1
    assert outbox_flush_task.apply().get() == 1
    assert MensajeSaliente.objects.get(clave="c:6").estado == MensajeSaliente.Estado.ENTREGADO
    assert MensajeSaliente.objects.get(clave="c:7").estado == MensajeSaliente.Estado.PENDIENTE


@pytest.mark.django_db
def test_a_batch_delivers_each_message_and_sends_the_unacknowledged_one_on_alone(dimar_falso, settings, monkeypatch):
    """An act's notices go in batches (core.mensajes.outbox.TAREA_ENTREGAR_LOTE); the one Dimar refused goes on
    with its own task after its backoff, and a batch run again (a worker died) skips the delivered ones."""
    from core import tasks

    dimar = dimar_falso(fallos=1)
    settings.OUTBOX_ENDPOINTS = {"cupo_en_firme": dimar.url}
    ids = [
        MensajeSaliente.objects.create(tipo="cupo_en_firme", clave=f"cupo_en_firme:{n}", payload={"n": n}).id
        for n in range(3)
    ]
    reencolados = []
    monkeypatch.setattr(
        tasks.outbox_deliver_task, "apply_async", lambda args, countdown: reencolados.append((args, countdown))
    )
    assert tasks.outbox_deliver_lote_task.run(ids) == {"pendiente": 1, "entregado": 2}
    assert reencolados == [((ids[0],), tasks.backoff_seconds(1))]
    assert tasks.outbox_deliver_lote_task.run(ids) == {"entregado": 3}  # the refused one, now acknowledged
    assert len(dimar.recibidos) == 4 and reencolados == [((ids[0],), tasks.backoff_seconds(1))]
    assert set(MensajeSaliente.objects.values_list("estado", flat=True)) == {MensajeSaliente.Estado.ENTREGADO}
