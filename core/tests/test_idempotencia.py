"""The Idempotency-Key mechanism: same key + same body → same response, nothing created twice."""

import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from core.api.auth import token_emitir
from core.identidad.roles import Rol
from core.models import Capitania, SolicitudIdempotente

URL = "/api/v1/capitanias/"


def _dos_veces(api, cuerpo, clave):
    """The same request sent twice with one Idempotency-Key: both responses."""
    return [api.post(URL, cuerpo, format="json", HTTP_IDEMPOTENCY_KEY=clave) for _ in range(2)]


@pytest.mark.django_db
def test_replay_returns_the_first_response_and_creates_nothing(cliente):
    api = cliente(Rol.UPME_ANALISTA)
    primera, segunda = _dos_veces(api, {"codigo": "CP40", "nombre": "Capitanía de Puerto de Prueba"}, "clave-1")
    assert primera.status_code == segunda.status_code == 201
    assert primera.json() == segunda.json()
    assert segunda["Idempotent-Replayed"] == "true"
    assert Capitania.objects.filter(codigo="CP40").count() == 1


@pytest.mark.django_db
def test_same_key_with_another_body_is_422(cliente):
    api = cliente(Rol.UPME_ANALISTA)
    api.post(URL, {"codigo": "CP41", "nombre": "Una"}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    r = api.post(URL, {"codigo": "CP42", "nombre": "Otra"}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    assert r.status_code == 422
    assert r.json()["codigo"] == "idempotency_key_reutilizada"
    assert not Capitania.objects.filter(codigo="CP42").exists()


@pytest.mark.django_db
def test_key_order_of_json_fields_does_not_matter(cliente):
    api = cliente(Rol.UPME_ANALISTA)
    api.post(URL, {"codigo": "CP43", "nombre": "X"}, format="json", HTTP_IDEMPOTENCY_KEY="k2")
    r = api.post(URL, '{"nombre": "X", "codigo": "CP43"}', content_type="application/json", HTTP_IDEMPOTENCY_KEY="k2")
    assert r.status_code == 201


@pytest.mark.django_db
def test_keys_are_per_user(cliente):
    a, b = cliente(Rol.UPME_ANALISTA), cliente(Rol.UPME_ANALISTA)
    assert a.post(URL, {"codigo": "CP44", "nombre": "A"}, format="json", HTTP_IDEMPOTENCY_KEY="k").status_code == 201
    assert b.post(URL, {"codigo": "CP45", "nombre": "B"}, format="json", HTTP_IDEMPOTENCY_KEY="k").status_code == 201


@pytest.mark.django_db
def test_a_refusal_is_replayed_too(cliente):
    r1, r2 = _dos_veces(cliente(Rol.UPME_ANALISTA), {"codigo": "minúsculas!", "nombre": "X"}, "k3")
    assert r1.status_code == r2.status_code == 400
    assert r1.json() == r2.json()


@pytest.mark.django_db
def test_without_key_each_post_is_new(cliente):
    api = cliente(Rol.UPME_ANALISTA)
    api.post(URL, {"codigo": "CP46", "nombre": "X"}, format="json")
    r = api.post(URL, {"codigo": "CP46", "nombre": "X"}, format="json")
    assert r.status_code == 400  # codigo is unique
    assert SolicitudIdempotente.objects.count() == 0


@pytest.mark.django_db(transaction=True)
def test_concurrent_retries_with_one_key_create_once(crear_usuario):
    """Eight threads, each with its own PostgreSQL connection, send the same keyed POST at once."""
    usuario = crear_usuario(Rol.UPME_ANALISTA)
    token = token_emitir(usuario)[1]
    barrera = threading.Barrier(8)
    respuestas = []

    def enviar():
        try:
            api = APIClient()
            api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
            barrera.wait()
            r = api.post(URL, {"codigo": "CP47", "nombre": "Concurrente"}, format="json", HTTP_IDEMPOTENCY_KEY="k-conc")
            respuestas.append((r.status_code, r.json()))
        finally:
            connection.close()

    hilos = [threading.Thread(target=enviar) for _ in range(8)]
    for h in hilos:
        h.start()
    for h in hilos:
        h.join()
    assert len(respuestas) == 8
    assert {estado for estado, _ in respuestas} == {201}
    assert len({cuerpo["id"] for _, cuerpo in respuestas}) == 1
    assert Capitania.objects.filter(codigo="CP47").count() == 1
