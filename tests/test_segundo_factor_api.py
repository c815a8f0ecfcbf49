"""The API's second factor (issue 39, API.md "Conventions"): whoever signs or decides acts gets a token only
with a fresh code, for 12 hours at most; any other token of theirs, and their browser session, perform no
act through the API; integration accounts exchange data and never sign; no administrator is made over the
API; a token dies with a change of role or scope; `manage.py segundo_factor` provisions the app."""

import datetime as dt
import io
import re

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from django_otp.oath import TOTP
from django_otp.plugins.otp_totp.models import TOTPDevice
from knox.models import AuthToken
from rest_framework.test import APIClient

from core.identidad.roles import Rol
from core.models import Usuario
from core.tests.factories import CapitaniaFactory
from core.tests.segundo_factor import codigo
from cupos.models import Cupo
from cupos.tests.test_cupos_apis import crear_cupo_firme

URL_TOKEN = "/api/v1/auth/token/"
CLAVE = "Clave.Segura.2026"
FIRMANTES = [Rol.UPME_ANALISTA, Rol.DIMAR, Rol.MINMINAS, Rol.ADMINISTRADOR]

# One act of each kind the API performs: a 401 or 403 comes before the object is looked up, so the ids
# need not exist (today's code answered them 404, 400 or 2xx).
ACTOS = [
    "/api/v1/cupos/1/firmeza/",
    "/api/v1/cupos/1/cancelar/",
    "/api/v1/resoluciones/",
    "/api/v1/usuarios/",
    "/api/v1/reserva/exoneraciones/",
    "/api/v1/reserva/recargos/1/decidir/",
    "/api/v1/fronteras/planes/1/aprobar/",
    "/api/v1/fronteras/asignaciones/",
    "/api/v1/desvios/1/marcar/",
]


def _token(usuario, **extra) -> APIClient:
    api = APIClient()
    r = api.post(URL_TOKEN, {"username": usuario.username, "password": CLAVE, **extra}, format="json")
    api.respuesta = r
    if r.status_code == 200:
        api.credentials(HTTP_AUTHORIZATION=f"Token {r.json()['token']}")
    return api


def _token_viejo(usuario, dias=30) -> APIClient:
    """A token as the portal issued them before this rule: 30 days, with the password alone."""
    _, clave = AuthToken.objects.create(user=usuario, expiry=dt.timedelta(days=dias))
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {clave}")
    return api


@pytest.mark.django_db
@pytest.mark.parametrize("rol", FIRMANTES)
def test_a_signing_role_gets_no_token_with_the_password_alone(crear_usuario, rol):
    usuario = crear_usuario(rol)
    codigo(usuario)  # enrolled
    r = _token(usuario).respuesta
    assert r.status_code == 401, r.content
    assert r.json()["codigo"] == "segundo_factor_requerido" and "codigo" in r.json()["detalle"]
    r = _token(usuario, codigo="000000").respuesta
    assert r.status_code == 401 and r.json()["codigo"] == "segundo_factor_requerido"
    assert not AuthToken.objects.filter(user=usuario).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("rol", FIRMANTES)
def test_with_a_fresh_code_the_token_lasts_twelve_hours_at_most(crear_usuario, rol):
    usuario = crear_usuario(rol)
    api = _token(usuario, codigo=codigo(usuario))
    assert api.respuesta.status_code == 200, api.respuesta.content
    expira = dt.datetime.fromisoformat(api.respuesta.json()["expira"])
    assert expira - timezone.now() <= dt.timedelta(hours=12)
    assert api.get("/api/v1/yo/").status_code == 200


@pytest.mark.django_db
def test_a_code_is_good_for_one_token_only(crear_usuario):
    usuario = crear_usuario(Rol.UPME_ANALISTA)
    fresco = codigo(usuario)
    assert _token(usuario, codigo=fresco).respuesta.status_code == 200
    r = _token(usuario, codigo=fresco).respuesta
    assert r.status_code == 401 and r.json()["codigo"] == "segundo_factor_requerido"


@pytest.mark.django_db
def test_without_an_enrolled_app_the_answer_says_how_to_enrol(crear_usuario):
    usuario = crear_usuario(Rol.DIMAR)
    r = _token(usuario, codigo="123456").respuesta
    assert r.status_code == 401 and "segundo_factor" in r.json()["detalle"]


@pytest.mark.django_db
@pytest.mark.parametrize("rol", [Rol.CAPITANIA_OFICIAL, Rol.DISTRIBUIDOR, Rol.AUDITOR, Rol.INTEGRACION])
def test_roles_that_never_sign_still_get_a_token_with_the_password(crear_usuario, rol):
    usuario = crear_usuario(rol)
    assert _token(usuario).respuesta.status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("url", ACTOS)
@pytest.mark.parametrize("rol", FIRMANTES)
def test_a_token_issued_without_the_code_performs_no_act(crear_usuario, rol, url):
    api = _token_viejo(crear_usuario(rol))
    r = api.post(url, {}, format="json")
    assert r.status_code == 401, (r.status_code, r.content)
    assert r.json()["codigo"] == "segundo_factor_requerido"


@pytest.mark.django_db
@pytest.mark.parametrize("url", ACTOS)
@pytest.mark.parametrize("rol", FIRMANTES)
def test_a_browser_session_performs_no_act_through_the_api(client, crear_usuario, rol, url):
    client.force_login(crear_usuario(rol))  # verified by the second factor at login (the root conftest)
    r = client.post(url, {}, content_type="application/json")
    assert r.status_code == 403, (r.status_code, r.content)
    assert r.json()["codigo"] == "segundo_factor_requerido"


@pytest.mark.django_db
def test_the_session_still_reads_the_api(client, crear_usuario):
    client.force_login(crear_usuario(Rol.UPME_ANALISTA))
    assert client.get("/api/v1/cupos/").status_code == 200


@pytest.mark.django_db
def test_a_stolen_password_cancels_no_cupo_but_the_code_does(upme, crear_usuario):
    CapitaniaFactory(codigo="CP05", nombre="Capitanía de Puerto de Cartagena")
    _, cupo, _ = crear_cupo_firme(upme)
    analista = crear_usuario(Rol.UPME_ANALISTA, username="ana")
    cancelar = {"fecha": "2026-04-10", "motivo": "Baja", "causal": "comunicacion_autoridad",
                "soporte": "Dimar, oficio 41 de abril", "transcrita": True}
    url = f"/api/v1/cupos/{cupo['id']}/cancelar/"
    assert _token(analista).respuesta.status_code == 401
    assert _token_viejo(analista).post(url, cancelar, format="json").status_code == 401
    assert Cupo.objects.get(pk=cupo["id"]).estado != "cancelado"
    api = _token(analista, codigo=codigo(analista))
    r = api.post(url, cancelar, format="json")
    assert r.status_code == 200 and r.json()["estado"] == "cancelado"


@pytest.mark.django_db
def test_an_integration_account_sends_its_agencys_data_and_decides_nothing(crear_usuario):
    sistema = crear_usuario(Rol.INTEGRACION, entidad="dimar", username="sitmar")
    api = _token(sistema)
    r = api.post("/api/v1/novedades-dimar/", {"periodo": "2026-03", "altas": [], "bajas": []}, format="json")
    assert r.status_code == 201, r.content
    for url in ACTOS:
        r = api.post(url, {}, format="json")
        assert r.status_code == 403, (url, r.status_code, r.content)
    assert api.get("/api/v1/novedades-dimar/").status_code == 200  # it reads what Dimar reads


@pytest.mark.django_db
def test_an_integration_account_opens_no_page(client, crear_usuario):
    crear_usuario(Rol.INTEGRACION, username="sitmar")
    r = client.post(reverse("login"), {"username": "sitmar", "password": CLAVE})
    assert r.status_code == 200 and "cuenta de integración" in r.content.decode()
    client.force_login(Usuario.objects.get(username="sitmar"))
    assert client.get(reverse("inicio")).status_code == 302
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_an_integration_account_needs_its_agency(admin_api):
    datos = {"username": "sistema", "password": "Otra.Clave.Larga-2026", "rol": "integracion"}
    r = admin_api.post("/api/v1/usuarios/", datos, format="json")
    assert r.status_code == 400 and "entidad" in r.json()
    r = admin_api.post("/api/v1/usuarios/", {**datos, "entidad": "dimar"}, format="json")
    assert r.status_code == 201 and r.json()["entidad"] == "dimar"


@pytest.mark.django_db
def test_no_administrator_is_created_over_the_api(crear_usuario):
    admin = crear_usuario(Rol.ADMINISTRADOR)
    api = _token(admin, codigo=codigo(admin))
    datos = {"username": "otro_admin", "password": "Otra.Clave.Larga-2026", "rol": "administrador"}
    r = api.post("/api/v1/usuarios/", datos, format="json")
    assert r.status_code == 403 and "createsuperuser" in r.json()["detalle"]
    assert not Usuario.objects.filter(username="otro_admin").exists()


@pytest.mark.django_db
def test_moving_an_officer_to_another_capitania_ends_their_tokens(crear_usuario):
    oficial = crear_usuario(Rol.CAPITANIA_OFICIAL, username="oficial")
    api = _token(oficial)
    assert api.get("/api/v1/yo/").status_code == 200
    oficial = Usuario.objects.get(pk=oficial.pk)
    oficial.capitania = CapitaniaFactory(codigo="CP01", nombre="Capitanía de Puerto de Buenaventura")
    oficial.save()
    assert api.get("/api/v1/yo/").status_code == 401


@pytest.mark.django_db
def test_a_change_of_role_ends_the_tokens_and_saving_the_same_scope_does_not(crear_usuario):
    auditor = crear_usuario(Rol.AUDITOR, username="aud")
    api = _token(auditor)
    auditor = Usuario.objects.get(pk=auditor.pk)
    auditor.first_name = "Lucía"
    auditor.save()
    assert api.get("/api/v1/yo/").status_code == 200
    auditor.rol = Rol.UPME_ANALISTA
    auditor.save()
    assert api.get("/api/v1/yo/").status_code == 401


@pytest.mark.django_db
def test_manage_segundo_factor_prints_the_uri_once_and_it_works(crear_usuario):
    analista = crear_usuario(Rol.UPME_ANALISTA, username="nueva")
    salida = io.StringIO()
    call_command("segundo_factor", "nueva", stdout=salida, stderr=io.StringIO())
    uri = salida.getvalue().splitlines()[0]
    assert uri.startswith("otpauth://totp/")
    secreto = re.search(r"secret=([A-Z2-7]+)", uri).group(1)
    device = TOTPDevice.objects.get(user=analista, confirmed=True)
    from base64 import b32decode

    assert b32decode(secreto + "=" * (-len(secreto) % 8)) == device.bin_key
    fresco = f"{TOTP(device.bin_key).token():06d}"
    assert _token(analista, codigo=fresco).respuesta.status_code == 200
    with pytest.raises(Exception, match="--reemplazar"):
        call_command("segundo_factor", "nueva", stdout=io.StringIO(), stderr=io.StringIO())


@pytest.mark.django_db
def test_the_admin_form_asks_an_integration_account_for_its_agency(crear_usuario, rf):
    """The admin's user form shows `entidad`: without it the constraint would be checked by nobody but
    PostgreSQL (a 500 on save), now the form says what is missing."""
    from django.contrib import admin
    from django.forms.models import model_to_dict

    administrador = crear_usuario(Rol.ADMINISTRADOR)
    usuario = crear_usuario(Rol.AUDITOR, username="sistema_dimar")
    peticion = rf.get("/")
    peticion.user = administrador
    modelo_admin = admin.site._registry[Usuario]
    Formulario = modelo_admin.get_form(peticion, usuario, change=True)
    fechas = ("date_joined", "last_login")
    datos = {k: v for k, v in model_to_dict(usuario).items() if v is not None and k not in fechas}
    datos.update(rol=Rol.INTEGRACION, entidad="", date_joined_0="2026-01-02", date_joined_1="08:00:00")
    formulario = Formulario(data=datos, instance=usuario)
    assert not formulario.is_valid()
    assert "necesita la entidad por la que habla" in str(formulario.errors), formulario.errors
    formulario = Formulario(data={**datos, "entidad": "dimar"}, instance=Usuario.objects.get(pk=usuario.pk))
    assert formulario.is_valid(), formulario.errors
    formulario.save()
    assert Usuario.objects.get(pk=usuario.pk).entidad == "dimar"
