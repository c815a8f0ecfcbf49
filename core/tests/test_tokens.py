"""API tokens (django-rest-knox): they expire, the caller revokes its own, a password change and an
administrator revoke them all, and the hot path finds one in a single query with the user's scope."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from knox.models import AuthToken
from rest_framework.test import APIClient

from core.identidad.roles import Rol

URL_TOKEN = "/api/v1/auth/token/"
CLAVE = "Clave.Segura.2026"


def _ingresar(username: str) -> APIClient:
    api = APIClient()
    r = api.post(URL_TOKEN, {"username": username, "password": CLAVE}, format="json")
    assert r.status_code == 200, r.content
    api.credentials(HTTP_AUTHORIZATION=f"Token {r.json()['token']}")
    api.respuesta = r.json()
    return api


@pytest.fixture
def auditora(crear_usuario):
    """An auditor who has logged in through the API: (the user, a client holding her token)."""
    usuario = crear_usuario(Rol.AUDITOR, username="auditora")
    return usuario, _ingresar("auditora")


@pytest.mark.django_db
def test_token_expira_a_los_30_dias_por_defecto(crear_usuario):
    crear_usuario(Rol.AUDITOR, username="auditora")
    api = _ingresar("auditora")
    token = AuthToken.objects.get(user__username="auditora")
    esperado = timezone.now() + dt.timedelta(days=30)
    assert abs((token.expiry - esperado).total_seconds()) < 60
    assert api.respuesta["expira"].startswith(timezone.localtime(token.expiry).date().isoformat())
    assert api.get("/api/v1/yo/").status_code == 200


@pytest.mark.django_db
def test_token_vencido_es_401_y_se_borra(crear_usuario):
    crear_usuario(Rol.AUDITOR, username="auditora")
    api = _ingresar("auditora")
    AuthToken.objects.filter(user__username="auditora").update(expiry=timezone.now() - dt.timedelta(seconds=1))
    r = api.get("/api/v1/yo/")
    assert r.status_code == 401
    assert not AuthToken.objects.filter(user__username="auditora").exists()


@pytest.mark.django_db
def test_el_plazo_sale_del_ajuste(crear_usuario, settings):
    settings.REST_KNOX = {**settings.REST_KNOX, "TOKEN_TTL": dt.timedelta(hours=1)}
    crear_usuario(Rol.AUDITOR, username="auditora")
    _ingresar("auditora")
    token = AuthToken.objects.get(user__username="auditora")
    assert token.expiry < timezone.now() + dt.timedelta(hours=1, minutes=1)


@pytest.mark.django_db
def test_solo_se_guarda_el_hash_del_token(crear_usuario):
    crear_usuario(Rol.AUDITOR, username="auditora")
    api = _ingresar("auditora")
    clave = api.respuesta["token"]
    fila = AuthToken.objects.get(user__username="auditora")
    assert clave not in (fila.digest, fila.token_key)


@pytest.mark.django_db
def test_delete_revoca_el_token_del_que_llama_y_no_los_demas(crear_usuario):
    crear_usuario(Rol.AUDITOR, username="auditora")
    portatil, celular = _ingresar("auditora"), _ingresar("auditora")
    assert portatil.delete(URL_TOKEN).status_code == 204
    assert portatil.get("/api/v1/yo/").status_code == 401
    assert celular.get("/api/v1/yo/").status_code == 200


@pytest.mark.django_db
def test_delete_sin_token_es_401(api):
    assert api.delete(URL_TOKEN).status_code == 401


@pytest.mark.django_db
def test_un_token_viejo_enviado_al_ingresar_no_impide_el_ingreso(crear_usuario):
    crear_usuario(Rol.AUDITOR, username="auditora")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION="Token revocado-hace-rato")
    assert api.post(URL_TOKEN, {"username": "auditora", "password": CLAVE}, format="json").status_code == 200


@pytest.mark.django_db
def test_cambiar_la_clave_revoca_todos_los_tokens(crear_usuario):
    usuario = crear_usuario(Rol.AUDITOR, username="auditora")
    uno, otro = _ingresar("auditora"), _ingresar("auditora")
    usuario.refresh_from_db()
    usuario.set_password("Otra.Clave.Segura.2027")
    usuario.save()
    assert uno.get("/api/v1/yo/").status_code == 401
    assert otro.get("/api/v1/yo/").status_code == 401


@pytest.mark.django_db
def test_actualizar_el_hash_al_ingresar_no_es_un_cambio_de_clave(crear_usuario, settings):
    crear_usuario(Rol.AUDITOR, username="auditora")
    api = _ingresar("auditora")
    # A new preferred hasher: the next login re-hashes the same password, which revokes nothing.
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher", "django.contrib.auth.hashers.MD5PasswordHasher"
    ]
    _ingresar("auditora")
    from core.models import Usuario

    assert Usuario.objects.get(username="auditora").password.startswith("pbkdf2_sha1$")
    assert api.get("/api/v1/yo/").status_code == 200


@pytest.mark.django_db
def test_cambiar_la_clave_desde_el_admin_revoca_los_tokens(entrar, auditora):
    usuario, api = auditora
    jefa = entrar(Rol.ADMINISTRADOR, username="jefa")
    nueva = "Otra.Clave.Segura.2027"
    r = jefa.post(
        f"/admin/core/usuario/{usuario.pk}/password/",
        {"password1": nueva, "password2": nueva, "usable_password": "true"},
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    assert api.get("/api/v1/yo/").status_code == 401


@pytest.mark.django_db
def test_el_administrador_revoca_los_tokens_de_un_usuario_por_la_api(admin_api, auditora):
    usuario, api = auditora
    r = admin_api.delete(f"/api/v1/usuarios/{usuario.pk}/tokens/")
    assert r.status_code == 200 and r.json() == {"tokens_revocados": 1}
    assert api.get("/api/v1/yo/").status_code == 401
    from core.models import RegistroAuditoria

    assert RegistroAuditoria.objects.filter(accion="usuario.revocar_tokens", objeto_id=str(usuario.pk)).exists()


@pytest.mark.django_db
def test_solo_el_administrador_revoca_tokens_ajenos(cliente, auditora):
    usuario, api = auditora
    assert cliente(Rol.UPME_ANALISTA).delete(f"/api/v1/usuarios/{usuario.pk}/tokens/").status_code == 403
    assert api.get("/api/v1/yo/").status_code == 200


@pytest.mark.django_db
def test_el_administrador_revoca_los_tokens_desde_el_admin(entrar, auditora):
    usuario, api = auditora
    r = entrar(Rol.ADMINISTRADOR, username="jefa").post(
        "/admin/core/usuario/", {"action": "revocar_tokens", "_selected_action": [usuario.pk]}, follow=True
    )
    assert "Se revocaron 1 token(s)" in r.content.decode()
    assert api.get("/api/v1/yo/").status_code == 401


@pytest.mark.django_db
def test_el_token_se_busca_en_una_consulta_con_el_alcance_del_oficial(crear_usuario):
    oficial = crear_usuario(Rol.CAPITANIA_OFICIAL, username="oficial")
    api = _ingresar("oficial")
    from core.api.auth import TokenConAlcance

    clave = api._credentials["HTTP_AUTHORIZATION"].split()[1]
    with CaptureQueriesContext(connection) as consultas:
        usuario, _ = TokenConAlcance().authenticate_credentials(clave.encode())
        assert usuario.capitania.codigo == oficial.capitania.codigo
    assert len(consultas) == 1, [q["sql"] for q in consultas]


@pytest.mark.django_db
def test_token_con_bytes_raros_es_401_no_500(api):
    api.credentials(HTTP_AUTHORIZATION="Token \u00e9\u00e9\u00e9")
    assert api.get("/api/v1/yo/").status_code == 401
