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
from core.models import SolicitudIdempotente
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


# --- With an Idempotency-Key: the key commits with the certificate it names ---


def _api(oficial, **kwargs):
    from rest_framework.test import APIClient

    from core.api.auth import token_emitir

    api = APIClient(**kwargs)
    api.credentials(HTTP_AUTHORIZATION=f"Token {token_emitir(oficial)[1]}")
    return api


def _cuerpo(nave, anterior=None) -> dict:
    return {"nave": nave.id, "capitania": "CP05", "fecha": FECHA.isoformat(), "galones_solicitados": "10",
            "certificado_anterior": anterior}


def _clave_vista(clave: str) -> dict:
    with psycopg.connect(_dsn(), autocommit=True) as otra:
        fila = otra.execute(
            f"SELECT estado_http, objeto, respuesta IS NULL FROM {SolicitudIdempotente._meta.db_table}"
            " WHERE clave = %s", [clave],
        ).fetchone()
    return {"estado_http": fila[0], "objeto": fila[1], "sin_respuesta": fila[2]} if fila else {}


@pytest.mark.django_db(transaction=True)
def test_with_a_key_the_certificate_and_its_key_commit_together_before_the_answer(crear_usuario, monkeypatch):
    oficial = crear_usuario(Rol.CAPITANIA_OFICIAL)
    nave, _ = nave_con_cupo()
    api = _api(oficial)
    vistas: list[tuple[dict, dict]] = []
    original = pdf.firmar_al_confirmar

    def espia(numero: str) -> None:
        vistas.append((_visto_desde_otra_conexion(numero), _clave_vista("k-1")))
        original(numero)

    monkeypatch.setattr(servicio.pdf, "firmar_al_confirmar", espia)

    r = api.post("/api/v1/zarpes/", _cuerpo(nave), format="json", HTTP_IDEMPOTENCY_KEY="k-1")

    assert r.status_code == 201, r.content
    zarpe_id = r.json()["id"]
    # Inside the issuance's block, right after its write statement: certificate, counter and key all committed.
    assert vistas == [(
        {"visible": True, "contador_libre": True},
        {"estado_http": 201, "objeto": f"zarpes.zarpe:{zarpe_id}", "sin_respuesta": True},
    )]
    registro = SolicitudIdempotente.objects.get(clave="k-1")
    assert (registro.estado_http, registro.respuesta) == (201, r.json())  # the answer, recorded just after
    otra = api.post("/api/v1/zarpes/", _cuerpo(nave), format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert otra.status_code == 201 and otra["Idempotent-Replayed"] == "true" and otra.json() == r.json()
    assert Certificado.objects.filter(nave=nave).count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_retry_after_the_answer_failed_gets_the_certificate_already_committed(crear_usuario, monkeypatch):
    """The answer is built after the COMMIT: if that fails (or the process dies there) the client sees an error, and
    its retry with the same key gets the certificate that was issued, built from the zarpe the key names."""
    from zarpes.apis import zarpes as api_zarpes

    oficial = crear_usuario(Rol.CAPITANIA_OFICIAL)
    nave, _ = nave_con_cupo()
    api = _api(oficial, raise_request_exception=False)

    def falla(zarpe, request):
        raise RuntimeError("se cayó al construir la respuesta")

    monkeypatch.setattr(api_zarpes, "zarpe_respuesta", falla)
    primera = api.post("/api/v1/zarpes/", _cuerpo(nave), format="json", HTTP_IDEMPOTENCY_KEY="k-2")
    assert primera.status_code == 500
    monkeypatch.undo()
    assert _clave_vista("k-2")["sin_respuesta"] is True

    r = api.post("/api/v1/zarpes/", _cuerpo(nave), format="json", HTTP_IDEMPOTENCY_KEY="k-2")

    (certificado,) = Certificado.objects.filter(nave=nave)
    assert r.status_code == 201 and r["Idempotent-Replayed"] == "true", r.content
    assert r.json()["estado"] == "certificado" and r.json()["certificado"]["numero"] == certificado.numero
    assert r.json()["id"] == certificado.zarpe_id


@pytest.mark.django_db(transaction=True)
def test_with_a_key_a_refusal_is_recorded_and_replayed_as_before(crear_usuario):
    oficial = crear_usuario(Rol.CAPITANIA_OFICIAL)
    nave, _ = nave_con_cupo()
    api = _api(oficial)
    cuerpo = {**_cuerpo(nave), "nave": 999_999_999}
    a = api.post("/api/v1/zarpes/", cuerpo, format="json", HTTP_IDEMPOTENCY_KEY="k-3")
    b = api.post("/api/v1/zarpes/", cuerpo, format="json", HTTP_IDEMPOTENCY_KEY="k-3")
    assert a.status_code == b.status_code == 400 and a.json() == b.json()
    assert b["Idempotent-Replayed"] == "true"
    cadena = api.post("/api/v1/zarpes/", _cuerpo(nave, anterior="CP05-2026-999999"), format="json",
                      HTTP_IDEMPOTENCY_KEY="k-4")
    otra = api.post("/api/v1/zarpes/", _cuerpo(nave, anterior="CP05-2026-999999"), format="json",
                    HTTP_IDEMPOTENCY_KEY="k-4")
    assert cadena.status_code == otra.status_code == 409 and otra["Idempotent-Replayed"] == "true"
    assert not Certificado.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_eight_concurrent_retries_of_one_key_issue_one_certificate_and_all_get_it(crear_usuario):
    """Real concurrent connections: the first to insert the key issues; the others wait on the key's unique index,
    then replay (from the recorded answer, or from the zarpe when they come in before it is recorded)."""
    import threading

    oficial = crear_usuario(Rol.CAPITANIA_OFICIAL)
    nave, _ = nave_con_cupo()
    n = 8
    apis = [_api(oficial) for _ in range(n)]
    barrera = threading.Barrier(n)
    respuestas: list = []
    errores: list[BaseException] = []

    def reintentar(api):
        try:
            barrera.wait()
            respuestas.append(api.post("/api/v1/zarpes/", _cuerpo(nave), format="json", HTTP_IDEMPOTENCY_KEY="k-c"))
        except BaseException as exc:
            errores.append(exc)
        finally:
            connection.close()

    hilos = [threading.Thread(target=reintentar, args=(api,)) for api in apis]
    for h in hilos:
        h.start()
    for h in hilos:
        h.join()

    assert not errores, errores
    (certificado,) = Certificado.objects.filter(nave=nave)
    assert [r.status_code for r in respuestas] == [201] * n
    assert {r.json()["certificado"]["numero"] for r in respuestas} == {certificado.numero}
    assert sum(r.get("Idempotent-Replayed") == "true" for r in respuestas) == n - 1
    assert ConsecutivoCertificado.objects.get(anio=FECHA.year).ultimo == 1
