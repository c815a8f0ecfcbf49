"""core.segundo_plano.trabajos: the sweeper of long jobs and the heartbeat, on the registered monthly-report job.

The fault tests (test_fallos_worker, test_fallos_redis) kill a real worker and stop a real Redis;
these check each rule of the sweeper on its own, quickly.
"""

import dataclasses
import datetime as dt
import time

import pytest
from django.utils import timezone

from core import registro
from core.segundo_plano.trabajos import encolar_trabajo, latiendo, recuperar_trabajos
from core.tests.factories import DistribuidorFactory
from distribuidores.models import ReporteMensual
from distribuidores.services.reportes.ingesta import TRABAJO, reporte_process

Estado = ReporteMensual.Estado


@pytest.fixture
def cola(monkeypatch):
    """The report job, queuing into a list (or failing, like a broker that is down)."""
    encolados, original = [], registro.trabajo(TRABAJO)

    class Cola:
        caida = False

        @staticmethod
        def encolar(pk):
            if Cola.caida:
                raise ConnectionRefusedError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
            encolados.append(pk)

    Cola.encolados = encolados
    registro.registrar_trabajo(dataclasses.replace(original, encolar=Cola.encolar))
    yield Cola
    registro.registrar_trabajo(original)


def _reporte(estado, *, hace=None, intentos=0, version=1):
    return ReporteMensual.objects.create(
        distribuidor=DistribuidorFactory(), periodo=dt.date(2026, 4, 1), version=version, vigente=False,
        archivo="reportes/2026/04/x.csv", nombre_original="x.csv", estado=estado, intentos=intentos,
        latido=None if hace is None else timezone.now() - dt.timedelta(seconds=hace),
    )



def del_reporte(resultados):
    """The sweep's result for the wholesalers' report (other apps register jobs of their own)."""
    return next(r for r in resultados if r.nombre == TRABAJO)

@pytest.mark.django_db
def test_the_sweeper_requeues_what_has_no_sign_of_life_and_leaves_the_rest(cola):
    nunca_encolado = _reporte(Estado.RECIBIDO)  # the broker was down at upload
    en_cola = _reporte(Estado.RECIBIDO, hace=10)
    olvidado = _reporte(Estado.RECIBIDO, hace=600)
    vivo = _reporte(Estado.PROCESANDO, hace=10, intentos=1)
    muerto = _reporte(Estado.PROCESANDO, hace=600, intentos=1)
    terminado = _reporte(Estado.PROCESADO, hace=600, intentos=1)

    resultado = del_reporte(recuperar_trabajos(vencido=180))
    esperados = sorted([nunca_encolado.pk, olvidado.pk, muerto.pk])
    assert sorted(resultado.reencolados) == sorted(cola.encolados) == esperados
    for r in (nunca_encolado, olvidado, muerto):
        r.refresh_from_db()
        assert timezone.now() - r.latido < dt.timedelta(seconds=5)  # not queued again for another 180 s
    assert del_reporte(recuperar_trabajos(vencido=180)).reencolados == []
    for r in (en_cola, vivo, terminado):
        assert ReporteMensual.objects.get(pk=r.pk).latido == r.latido


@pytest.mark.django_db
def test_a_job_whose_workers_died_max_times_is_abandoned_with_a_spanish_message(cola):
    agotado = _reporte(Estado.PROCESANDO, hace=600, intentos=registro.trabajo(TRABAJO).max_intentos)
    resultado = del_reporte(recuperar_trabajos(vencido=180))
    assert resultado.abandonados == [agotado.pk] and cola.encolados == []
    agotado.refresh_from_db()
    assert agotado.estado == Estado.RECHAZADO and "se interrumpió varias veces" in agotado.mensaje


@pytest.mark.django_db
def test_a_redelivered_task_past_the_attempts_rejects_instead_of_working(cola, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    reporte = _reporte(Estado.PROCESANDO, hace=600, intentos=registro.trabajo(TRABAJO).max_intentos)
    assert reporte_process(reporte_id=reporte.pk).estado == Estado.RECHAZADO


@pytest.mark.django_db
def test_with_the_broker_down_the_row_is_marked_never_queued_and_the_sweep_stops(cola):
    reporte = _reporte(Estado.RECIBIDO, hace=0)
    cola.caida = True
    assert encolar_trabajo(TRABAJO, reporte.pk) is False
    reporte.refresh_from_db()
    assert reporte.latido is None
    resultado = del_reporte(recuperar_trabajos())
    assert resultado.sin_broker and resultado.reencolados == []
    cola.caida = False
    assert del_reporte(recuperar_trabajos()).reencolados == [reporte.pk]


@pytest.mark.django_db(transaction=True)
def test_the_heartbeat_stamps_the_row_while_the_job_works_and_stops_after():
    reporte = _reporte(Estado.PROCESANDO, hace=600, intentos=1)
    with latiendo(ReporteMensual, reporte.pk, cada=0.2):
        time.sleep(1)
        durante = ReporteMensual.objects.get(pk=reporte.pk).latido
    assert timezone.now() - durante < dt.timedelta(seconds=1)
    time.sleep(0.5)
    assert ReporteMensual.objects.get(pk=reporte.pk).latido == durante  # the thread stopped
