"""Issue 44: the issuance's write statement carries its COMMIT when the issuance opened the transaction itself.

The capitanía's counter (R-16, gap-free) is then free as soon as PostgreSQL has committed, not when the
thread gets the interpreter back to send the COMMIT. These tests watch from a second connection, at the
moment the issuance returns to Python inside its own block, what another officer would see."""

import datetime as dt
from decimal import Decimal

import psycopg
import pytest
from django.db import IntegrityError, connection, transaction

from core.identidad.roles import Rol
from cupos.models import Movimiento
from zarpes import pdf
from zarpes.models import Certificado, ConsecutivoCertificado, Zarpe
from zarpes.services import zarpes as servicio
from zarpes.services.zarpes import zarpe_request
from zarpes.tests.factories import nave_con_cupo

FECHA = dt.date(2026, 4, 1)


def _dsn() -> str:
    d = connection.settings_dict
    return f"postgresql://{d['USER']}@{d['HOST'] or '127.0.0.1'}:{d['PORT'] or 5432}/{d['NAME']}"


def _visto_desde_otra_conexion(numero: str) -> dict:
    """What another officer's connection sees: the certificate committed? the counter free to take?"""
    with psycopg.connect(_dsn(), autocommit=False) as otra:
        visible = otra.execute(
            f"SELECT count(*) FROM {Certificado._meta.db_table} WHERE numero = %s", [numero]
        ).fetchone()[0]
        try:
            otra.execute(
                f"SELECT ultimo FROM {ConsecutivoCertificado._meta.db_table} WHERE anio = %s FOR UPDATE NOWAIT",
                [FECHA.year],
            )
            libre = True
        except psycopg.errors.LockNotAvailable:
            libre = False
        otra.rollback()
    return {"visible": visible == 1, "contador_libre": libre}


def _espiar_tras_la_escritura(monkeypatch) -> list[dict]:
    """Look from outside right after the write statement returns, still inside zarpe_request's block."""
    vistas: list[dict] = []
    original = pdf.firmar_al_confirmar

    def espia(numero: str) -> None:
        assert connection.in_atomic_block
        vistas.append(_visto_desde_otra_conexion(numero))
        original(numero)

    monkeypatch.setattr(servicio.pdf, "firmar_al_confirmar", espia)
    return vistas


def _pedir(oficial, nave, anterior=None):
    return zarpe_request(
        actor=oficial, nave_id=nave.id, capitania="CP05", fecha=FECHA, galones_solicitados=Decimal(10),
        certificado_anterior=anterior,
    )


@pytest.mark.django_db(transaction=True)
def test_the_counter_is_free_and_the_certificate_committed_when_the_write_statement_returns(
    crear_usuario, monkeypatch
):
    oficial = crear_usuario(Rol.CAPITANIA_OFICIAL)
    nave, _ = nave_con_cupo()
    vistas = _espiar_tras_la_escritura(monkeypatch)

    z = _pedir(oficial, nave)

    assert z.estado == Zarpe.Estado.CERTIFICADO
    assert vistas == [{"visible": True, "contador_libre": True}]
    # Django's own COMMIT at the end of the block found nothing open: the next issuance works as ever.
    z2 = _pedir(oficial, nave, anterior=z.certificado.numero)
    assert z2.certificado.consecutivo == z.certificado.consecutivo + 1


@pytest.mark.django_db(transaction=True)
def test_inside_a_callers_transaction_nothing_is_committed_early_and_a_rollback_undoes_it_all(
    crear_usuario, monkeypatch
):
    """An Idempotency-Key, or any caller's own transaction: the certificate commits with the caller's work."""
    oficial = crear_usuario(Rol.CAPITANIA_OFICIAL)
    nave, _ = nave_con_cupo()
    _pedir(oficial, nave_con_cupo()[0])  # the counter's row exists (a new one would be invisible, not locked)
    antes = Certificado.objects.count(), Zarpe.objects.count()
    vistas = _espiar_tras_la_escritura(monkeypatch)

    class Deshacer(Exception):
        pass

    with pytest.raises(Deshacer), transaction.atomic():
        z = _pedir(oficial, nave)
        assert z.estado == Zarpe.Estado.CERTIFICADO
        raise Deshacer

    assert vistas == [{"visible": False, "contador_libre": False}]
    assert (Certificado.objects.count(), Zarpe.objects.count()) == antes
    assert not Certificado.objects.filter(nave=nave).exists()
    assert not Movimiento.objects.filter(tipo=Movimiento.Tipo.DESCUENTO, cupo__beneficiario=nave).exists()
    assert ConsecutivoCertificado.objects.get(anio=FECHA.year).ultimo == 1


@pytest.mark.django_db(transaction=True)
def test_a_write_statement_that_fails_commits_nothing_and_the_connection_goes_on(crear_usuario, monkeypatch):
    """The COMMIT queued behind a failing statement is skipped by PostgreSQL: no zarpe, no discount, no number."""
    oficial = crear_usuario(Rol.CAPITANIA_OFICIAL)
    nave, _ = nave_con_cupo()
    otra, _ = nave_con_cupo()
    primero = _pedir(oficial, otra)
    consecutivo = ConsecutivoCertificado.objects.get(anio=FECHA.year).ultimo
    antes = (Zarpe.objects.count(), Movimiento.objects.filter(tipo=Movimiento.Tipo.DESCUENTO).count())
    # The same verification code as the first certificate: the unique index refuses the write statement.
    monkeypatch.setattr(servicio, "codigo_verificacion", lambda: primero.certificado.codigo_verificacion)

    with pytest.raises(IntegrityError):
        _pedir(oficial, nave)

    assert (Zarpe.objects.count(), Movimiento.objects.filter(tipo=Movimiento.Tipo.DESCUENTO).count()) == antes
    assert ConsecutivoCertificado.objects.get(anio=FECHA.year).ultimo == consecutivo
    assert not Certificado.objects.filter(nave=nave).exists()
    monkeypatch.undo()
    z = _pedir(oficial, nave)
    assert z.certificado.consecutivo == consecutivo + 1


@pytest.mark.django_db(transaction=True)
def test_the_signature_is_queued_after_the_early_commit_once(crear_usuario, monkeypatch, settings):
    settings.FIRMA_ANTICIPADA = True
    oficial = crear_usuario(Rol.CAPITANIA_OFICIAL)
    nave, _ = nave_con_cupo()
    encoladas: list[tuple[str, bool]] = []
    monkeypatch.setattr(
        pdf, "encolar_firma", lambda numero: encoladas.append((numero, connection.in_atomic_block))
    )

    z = _pedir(oficial, nave)

    assert encoladas == [(z.certificado.numero, False)]
