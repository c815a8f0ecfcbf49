"""Token login, session login in Spanish, and failed-login throttling."""

import pytest
from django.urls import reverse

from core.identidad.roles import Rol

URL_TOKEN = "/api/v1/auth/token/"


@pytest.mark.django_db
def test_token_login_returns_a_token_that_authenticates(api, crear_usuario):
    crear_usuario(Rol.AUDITOR, username="auditora")
    r = api.post(URL_TOKEN, {"username": "auditora", "password": "Clave.Segura.2026"}, format="json")
    assert r.status_code == 200
    token = r.json()["token"]
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api.get("/api/v1/yo/").json()["rol"] == "auditor"


@pytest.mark.django_db
def test_token_login_with_wrong_password_is_400_in_spanish(api, crear_usuario):
    crear_usuario(username="ana")
    r = api.post(URL_TOKEN, {"username": "ana", "password": "otra"}, format="json")
    assert r.status_code == 400
    assert "incorrectos" in r.json()["non_field_errors"][0]


@pytest.mark.django_db
def test_missing_or_bad_token_is_401(api):
    assert api.get("/api/v1/capitanias/").status_code == 401
    api.credentials(HTTP_AUTHORIZATION="Token 0000000000000000000000000000000000000000")
    assert api.get("/api/v1/capitanias/").status_code == 401


@pytest.mark.django_db
def test_failed_logins_are_throttled_even_with_the_right_password(api, crear_usuario, settings):
    settings.AXES_FAILURE_LIMIT = 3
    crear_usuario(username="pedro")
    for _ in range(3):
        api.post(URL_TOKEN, {"username": "pedro", "password": "mala"}, format="json")
    r = api.post(URL_TOKEN, {"username": "pedro", "password": "Clave.Segura.2026"}, format="json")
    assert r.status_code == 429
    assert r.json()["codigo"] == "demasiados_intentos"
    assert r["Retry-After"] == "900"  # AXES_COOLOFF_HOURS = 0.25: when a retry may succeed (issue 27)


@pytest.mark.django_db
def test_throttling_is_per_user_other_users_still_log_in(api, crear_usuario, settings):
    settings.AXES_FAILURE_LIMIT = 2
    crear_usuario(Rol.AUDITOR, username="pedro")  # roles that get a token with the password alone
    crear_usuario(Rol.AUDITOR, username="maria")
    for _ in range(3):
        api.post(URL_TOKEN, {"username": "pedro", "password": "mala"}, format="json")
    r = api.post(URL_TOKEN, {"username": "maria", "password": "Clave.Segura.2026"}, format="json")
    assert r.status_code == 200


@pytest.mark.django_db
def test_login_page_is_spanish_and_logs_in(client, crear_usuario):
    crear_usuario(Rol.AUDITOR, username="lucia")  # a role without second factor (core.tests.test_segundo_factor)
    pagina = client.get(reverse("login"))
    assert pagina.status_code == 200
    assert 'lang="es-CO"' in pagina.content.decode()
    assert "Iniciar sesión" in pagina.content.decode()
    r = client.post(reverse("login"), {"username": "lucia", "password": "Clave.Segura.2026"})
    assert r.status_code == 302 and r.url == reverse("inicio")
    assert "Bienvenido" in client.get(reverse("inicio")).content.decode()


@pytest.mark.django_db
def test_login_page_wrong_password_and_lockout(client, crear_usuario, settings):
    settings.AXES_FAILURE_LIMIT = 2
    crear_usuario(username="lucia")
    r = client.post(reverse("login"), {"username": "lucia", "password": "mala"})
    assert "Usuario o contraseña incorrectos" in r.content.decode()
    client.post(reverse("login"), {"username": "lucia", "password": "mala"})
    r = client.post(reverse("login"), {"username": "lucia", "password": "Clave.Segura.2026"})
    assert r.status_code == 429
    assert "Demasiados intentos" in r.content.decode()
    assert r["Retry-After"] == "900"


@pytest.mark.django_db
def test_a_lockout_says_when_to_retry_from_the_configured_cool_off(api, client, crear_usuario, settings):
    settings.AXES_FAILURE_LIMIT = 1
    settings.AXES_COOLOFF_TIME = 0.5  # hours
    crear_usuario(username="lucia")
    api.post(URL_TOKEN, {"username": "lucia", "password": "mala"}, format="json")
    assert api.post(URL_TOKEN, {"username": "lucia", "password": "mala"}, format="json")["Retry-After"] == "1800"
    client.post(reverse("login"), {"username": "lucia", "password": "mala"})
    assert client.post(reverse("login"), {"username": "lucia", "password": "mala"})["Retry-After"] == "1800"


@pytest.mark.django_db
def test_pages_require_login(client):
    r = client.get(reverse("inicio"))
    assert r.status_code == 302 and r.url.startswith(reverse("login"))


@pytest.mark.django_db
@pytest.mark.parametrize("rol", [r for r in Rol.values if r != Rol.INTEGRACION])  # a system: no page
def test_every_role_has_a_home_page(client, crear_usuario, rol):
    usuario = crear_usuario(rol)
    client.force_login(usuario)
    r = client.get(reverse("inicio"))
    assert r.status_code == 200
    assert "Sus tareas" in r.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("rol", [Rol.CAPITANIA_OFICIAL, Rol.DISTRIBUIDOR, Rol.UPME_ANALISTA])
def test_the_token_lookup_loads_what_the_orm_loads_in_one_query(rol, crear_usuario, django_assert_num_queries):
    """Issue 44: the hot path's token lookup is one hand-written statement; it must give the ORM's objects."""
    from knox.crypto import hash_token
    from knox.models import AuthToken

    from core.api.auth import token_emitir, token_por_digest

    usuario = crear_usuario(rol)
    _, clave = token_emitir(usuario)
    digest = hash_token(clave)
    esperado = AuthToken.objects.select_related("user", "user__capitania", "user__distribuidor").get(digest=digest)

    with django_assert_num_queries(1):
        token = token_por_digest(digest)
        alcance = (token.user.capitania, token.user.distribuidor)  # loaded with it: no more queries

    def campos(objeto):
        return objeto and {f.attname: getattr(objeto, f.attname) for f in type(objeto)._meta.concrete_fields}

    assert campos(token) == campos(esperado) and campos(token.user) == campos(esperado.user)
    assert [campos(x) for x in alcance] == [campos(esperado.user.capitania), campos(esperado.user.distribuidor)]
    assert (rol == Rol.CAPITANIA_OFICIAL) == (alcance[0] is not None)
    assert (rol == Rol.DISTRIBUIDOR) == (alcance[1] is not None)
    assert token.user.is_authenticated and token.user.rol == rol and token._state.adding is False
    assert token_por_digest(hash_token("0" * 64)) is None
