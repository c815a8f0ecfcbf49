"""Issue 27 §2: a resolution's bulk firmeza is ONE transaction (all or nothing, R-06) that can last
minutes at 10,000 cupos. Certificate issuance, meanwhile, must not wait for it: neither for a vessel
outside the resolution nor for a vessel whose cupo in force the act only reads (the new cupo starts
when Dimar acknowledges it). Real connections on PostgreSQL: the act runs in a thread and is held open
just before it commits while officers issue."""

import datetime as dt
import threading
import time
from decimal import Decimal

import pytest
from django.db import connection

from core.identidad.roles import Rol
from cupos.models import Cupo, FirmezaMasiva
from cupos.services import firmezas
from cupos.services.cupos import cupo_grant
from cupos.tests.factories import NaveFactory, ResolucionFactory
from zarpes.services.zarpes import zarpe_request
from zarpes.tests.factories import nave_con_cupo

ABIERTO_S = 10.0  # how long the act stays open at most
BREVE_S = 3.0  # an issuance that waited for the act would take about ABIERTO_S


@pytest.mark.django_db(transaction=True)
def test_issuance_does_not_wait_for_an_open_bulk_firmeza(crear_usuario, ambas_rutas, settings, monkeypatch):
    analista = crear_usuario(Rol.UPME_ANALISTA)
    oficial = crear_usuario(Rol.CAPITANIA_OFICIAL)
    fuera, _ = nave_con_cupo(nombre="Fuera de la resolución")
    # Its cupo of 2025, running on until the new one of 2026 starts (one cupo a year: not a second of 2026).
    dentro, en_vigor = nave_con_cupo(nombre="En la resolución", firmeza=dt.date(2025, 3, 17))
    # From now on Dimar has an endpoint: a firm cupo starts when Dimar acknowledges it.
    settings.OUTBOX_ENDPOINTS = {**settings.OUTBOX_ENDPOINTS, "cupo_en_firme": "http://127.0.0.1:9/dimar"}
    resolucion = ResolucionFactory(anio=2026, numero="000777", fecha_expedicion=dt.date(2026, 3, 20))
    for nave in (dentro, *(NaveFactory(nombre=f"Nave {i}") for i in range(4))):
        cupo_grant(actor=analista, resolucion=resolucion, beneficiario=nave, galones_anuales=Decimal(12000))
    abierto, seguir = threading.Event(), threading.Event()
    errores: list[BaseException] = []
    avisar = firmezas._avisar

    def avisar_y_esperar(avisos):  # the last step inside the act's transaction
        avisar(avisos)
        abierto.set()
        seguir.wait(ABIERTO_S)

    monkeypatch.setattr(firmezas, "_avisar", avisar_y_esperar)
    monkeypatch.setattr(firmezas, "encolar", lambda *a, **k: True)  # the notices are not delivered here

    def acto():
        try:
            firmezas.firmeza_masiva_request(actor=analista, resolucion=resolucion, fecha_firmeza=dt.date(2026, 3, 25))
        except BaseException as exc:
            errores.append(exc)
        finally:
            abierto.set()
            connection.close()

    hilo = threading.Thread(target=acto)
    hilo.start()
    try:
        assert abierto.wait(60) and not errores, errores
        for nave in (fuera, dentro):
            inicio = time.monotonic()
            zarpe = zarpe_request(
                actor=oficial,
                nave_id=nave.id,
                capitania="CP05",
                fecha=dt.date(2026, 4, 1),
                galones_solicitados=Decimal(10),
                certificado_anterior=None,
            )
            assert zarpe.certificado is not None
            assert time.monotonic() - inicio < BREVE_S, f"la expedición para {nave.nombre} esperó a la firmeza"
        assert zarpe.certificado.cupo_id == en_vigor.id
    finally:
        seguir.set()
        hilo.join()
    assert not errores, errores
    # The act still went through whole.
    assert FirmezaMasiva.objects.get(resolucion=resolucion).estado == FirmezaMasiva.Estado.TERMINADA
    assert set(resolucion.cupos.values_list("estado", flat=True)) == {Cupo.Estado.EN_FIRME}
