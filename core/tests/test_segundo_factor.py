"""Issue 24: whoever signs or decides acts logs in with a second factor (core.identidad.segundo_factor); the others
log in as before. The test client goes through the real login pages."""

import re

import pytest
from django.contrib.auth import SESSION_KEY
from django.core.management import CommandError, call_command
from django.urls import reverse
from django_otp import DEVICE_ID_SESSION_KEY
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from core import demo
from core.identidad import segundo_factor
from core.identidad.roles import Rol
from core.models import RegistroAuditoria
from core.tests.segundo_factor import codigo, inscribir

CLAVE = "Clave.Segura.2026"
PASO = reverse("segundo-factor")
INSCRIBIR = reverse("segundo-factor-inscribir")


def _contrasena(client, username):
    return client.post(reverse("login"), {"username": username, "password": CLAVE})


def _con_recuperacion(usuario, *codigos):
    device = StaticDevice.objects.create(user=usuario, name="Códigos de recuperación", confirmed=True)
    for c in codigos:
        StaticToken.objects.create(device=device, token=c)


@pytest.mark.django_db
@pytest.mark.parametrize("rol", [Rol.UPME_ANALISTA, Rol.DIMAR, Rol.MINMINAS, Rol.ADMINISTRADOR])
def test_signing_roles_type_the_code_after_the_password_before_any_page(client, crear_usuario, rol):
    usuario = crear_usuario(rol, username="firma")
    inscribir(usuario)
    r = _contrasena(client, "firma")
    assert r.status_code == 302 and r.url == PASO
    # The right password alone opens no session: the home page still sends to the login.
    assert client.get(reverse("inicio")).url.startswith(reverse("login"))
    pagina = client.get(PASO)
    assert pagina.status_code == 200 and "Código de verificación" in pagina.content.decode()
    r = client.post(PASO, {"codigo": codigo(usuario)})
    assert r.status_code == 302 and r.url == reverse("inicio")
    assert client.get(reverse("inicio")).status_code == 200
    assert client.session[DEVICE_ID_SESSION_KEY] == segundo_factor.dispositivo(usuario).persistent_id


@pytest.mark.django_db
@pytest.mark.parametrize("rol", [Rol.CAPITANIA_OFICIAL, Rol.AUDITOR, Rol.DISTRIBUIDOR, Rol.USUARIO_CARGA])
def test_other_roles_log_in_with_the_password_alone(client, crear_usuario, rol):
    crear_usuario(rol, username="otro")
    r = _contrasena(client, "otro")
    assert r.status_code == 302 and r.url == reverse("inicio")
    assert client.get(reverse("inicio")).status_code == 200


@pytest.mark.django_db
def test_a_wrong_code_opens_nothing_and_counts_as_a_failed_login_for_axes(client, crear_usuario, settings):
    settings.AXES_FAILURE_LIMIT = 2
    usuario = crear_usuario(Rol.UPME_ANALISTA, username="ana")
    inscribir(usuario)
    _contrasena(client, "ana")
    bueno = codigo(usuario)
    malo = f"{(int(bueno) + 1) % 1_000_000:06d}"
    r = client.post(PASO, {"codigo": malo})
    assert r.status_code == 400
    assert "El código de verificación no es correcto o ya se usó" in r.content.decode()
    assert client.get(reverse("inicio")).url.startswith(reverse("login"))
    r = client.post(PASO, {"codigo": malo})  # the second failure reaches AXES_FAILURE_LIMIT
    assert r.status_code == 429 and "Demasiados intentos" in r.content.decode()
    assert int(r["Retry-After"]) > 0
    # Locked out: not even the password and the right code open a session now.
    assert _contrasena(client, "ana").status_code == 429


@pytest.mark.django_db
def test_issue45_one_wrong_code_does_not_block_the_next_right_one(client, crear_usuario):
    """django-otp backs off 1 s after a wrong code: a person who retypes at once gets in, not «espere»."""
    usuario = crear_usuario(Rol.UPME_ANALISTA, username="ana")
    inscribir(usuario)
    _contrasena(client, "ana")
    bueno = codigo(usuario)
    r = client.post(PASO, {"codigo": f"{(int(bueno) + 1) % 1_000_000:06d}"})
    assert r.status_code == 400 and "no es correcto" in r.content.decode()
    r = client.post(PASO, {"codigo": bueno})  # at once, inside django-otp's back-off
    assert r.status_code == 302 and r.url == reverse("inicio")


@pytest.mark.django_db
def test_issue45_a_long_back_off_says_how_many_wrong_codes_and_how_long_to_wait(client, crear_usuario, settings):
    settings.AXES_FAILURE_LIMIT = 50
    usuario = crear_usuario(Rol.UPME_ANALISTA, username="ana")
    device = inscribir(usuario)
    _contrasena(client, "ana")
    from django.utils import timezone

    TOTPDevice.objects.filter(pk=device.pk).update(  # four wrong codes just now: 8 s of back-off
        throttling_failure_count=4, throttling_failure_timestamp=timezone.now()
    )
    r = client.post(PASO, {"codigo": codigo(usuario)})
    texto = r.content.decode()
    assert r.status_code == 400 and "después de 4 códigos incorrectos seguidos hay que esperar" in texto
    segundos = int(re.search(r"esperar (\d+) segundos", texto).group(1))
    assert 5 <= segundos <= 8 and "varios" not in texto


@pytest.mark.django_db
def test_a_recovery_code_works_once_in_place_of_the_app(client, crear_usuario):
    usuario = crear_usuario(Rol.DIMAR, username="dimar1")
    inscribir(usuario)
    _con_recuperacion(usuario, "abcd2345", "efgh6789")
    _contrasena(client, "dimar1")
    r = client.post(PASO, {"codigo": "ABCD-2345"}, follow=True)
    assert r.status_code == 200 and "le quedan 1" in r.content.decode()
    assert segundo_factor.codigos_restantes(usuario) == 1
    client.post(reverse("logout"))
    _contrasena(client, "dimar1")
    r = client.post(PASO, {"codigo": "abcd2345"})
    assert r.status_code == 400
    assert client.get(reverse("inicio")).url.startswith(reverse("login"))


@pytest.mark.django_db
def test_without_an_app_the_user_enrols_with_a_first_code_and_sees_10_recovery_codes_once(client, crear_usuario):
    usuario = crear_usuario(Rol.MINMINAS, username="mm")
    r = _contrasena(client, "mm")
    assert client.get(r.url).url.startswith(INSCRIBIR)
    pagina = client.get(INSCRIBIR).content.decode()
    assert 'src="data:image/svg+xml' in pagina  # the QR, drawn by segno
    secreto = re.search(r'<code id="secreto">([A-Z2-7 ]+)</code>', pagina)[1]
    pendiente = segundo_factor.dispositivo(usuario, confirmado=False)
    assert secreto == segundo_factor.secreto_base32(pendiente)
    malo = f"{(int(segundo_factor.codigo_actual(pendiente)) + 1) % 1_000_000:06d}"
    r = client.post(INSCRIBIR, {"codigo": malo})
    assert r.status_code == 400 and segundo_factor.dispositivo(usuario) is None
    pendiente.throttle_reset()  # django-otp's back-off after the wrong code (1 s)
    r = client.post(INSCRIBIR, {"codigo": segundo_factor.codigo_actual(pendiente)})
    assert r.status_code == 200
    codigos = re.findall(r"<li><code>([a-z2-7]+)</code></li>", r.content.decode())
    assert len(codigos) == 10 and segundo_factor.codigos_restantes(usuario) == 10
    assert segundo_factor.dispositivo(usuario).pk == pendiente.pk
    assert client.get(reverse("inicio")).status_code == 200  # enrolled and logged in
    assert RegistroAuditoria.objects.filter(accion="usuario.segundo_factor.inscribir", objeto_id=str(usuario.pk))


@pytest.mark.django_db
def test_the_password_alone_never_enrols_a_new_app_over_an_enrolled_one(client, crear_usuario):
    usuario = crear_usuario(Rol.UPME_ANALISTA, username="ana")
    inscribir(usuario)
    _contrasena(client, "ana")
    r = client.get(INSCRIBIR)
    assert r.status_code == 302 and r.url.startswith(PASO)
    assert not TOTPDevice.objects.filter(user=usuario, confirmed=False).exists()


@pytest.mark.django_db
def test_a_logged_in_session_without_the_second_factor_is_sent_to_the_code(client, crear_usuario):
    usuario = crear_usuario(Rol.UPME_ANALISTA)
    client.force_login(usuario)
    sesion = client.session
    del sesion[DEVICE_ID_SESSION_KEY]
    sesion.save()
    r = client.get(reverse("cupos:beneficiarios"))
    assert r.status_code == 302 and r.url == f"{PASO}?next=%2Fbeneficiarios%2F"
    r = client.post(PASO, {"codigo": codigo(usuario), "next": "/beneficiarios/"})
    assert r.url == "/beneficiarios/" and client.get("/beneficiarios/").status_code == 200


@pytest.mark.django_db
def test_an_administrator_resets_a_second_factor_audited_and_the_user_enrols_again(client, crear_usuario):
    admin = crear_usuario(Rol.ADMINISTRADOR, username="jefe")
    usuario = crear_usuario(Rol.UPME_ANALISTA, username="ana")
    inscribir(usuario)
    _con_recuperacion(usuario, "abcd2345")
    client.force_login(admin)
    r = client.post(
        reverse("admin:core_usuario_changelist"),
        {"action": "restablecer_segundo_factor", "_selected_action": [usuario.pk]},
        follow=True,
    )
    assert "Se restableció el segundo factor de 1 usuario" in r.content.decode()
    assert not TOTPDevice.objects.filter(user=usuario).exists() and not StaticDevice.objects.filter(user=usuario)
    registro = RegistroAuditoria.objects.get(accion="usuario.segundo_factor.restablecer", objeto_id=str(usuario.pk))
    assert registro.actor_id == admin.pk and registro.antes == {"aplicaciones": 1, "codigos_recuperacion": 1}
    client.post(reverse("logout"))
    assert client.get(_contrasena(client, "ana").url).url.startswith(INSCRIBIR)


@pytest.mark.django_db
def test_only_administrators_reset_second_factors(client, crear_usuario):
    usuario = crear_usuario(Rol.UPME_ANALISTA, username="ana")
    inscribir(usuario)
    client.force_login(crear_usuario(Rol.AUDITOR, is_staff=True))
    client.post(
        reverse("admin:core_usuario_changelist"),
        {"action": "restablecer_segundo_factor", "_selected_action": [usuario.pk]},
    )
    assert TOTPDevice.objects.filter(user=usuario).exists()


@pytest.mark.django_db
def test_security_page_shows_codes_left_and_renews_them_only_with_a_fresh_code(entrar):
    cliente = entrar(Rol.UPME_ANALISTA)
    _con_recuperacion(cliente.usuario, "abcd2345", "efgh6789")
    pagina = cliente.get(reverse("seguridad")).content.decode()
    assert '<strong id="codigos-restantes">2</strong>' in pagina
    assert "Código de verificación (6 dígitos)" in pagina
    r = cliente.post(reverse("seguridad"), {segundo_factor.CAMPO: "12345"})
    assert r.status_code == 400 and segundo_factor.codigos_restantes(cliente.usuario) == 2
    r = cliente.post(reverse("seguridad"), {segundo_factor.CAMPO: codigo(cliente.usuario)})
    assert r.status_code == 200 and segundo_factor.codigos_restantes(cliente.usuario) == 10
    assert not StaticToken.objects.filter(token="abcd2345").exists()


@pytest.mark.django_db
def test_devices_are_read_only_in_the_admin(entrar):
    cliente = entrar(Rol.ADMINISTRADOR)
    device = inscribir(cliente.usuario)
    r = cliente.get(reverse("admin:otp_totp_totpdevice_change", args=[device.pk]))
    assert r.status_code == 200 and device.key not in r.content.decode()
    assert cliente.get(reverse("admin:otp_totp_totpdevice_add")).status_code == 403


@pytest.mark.django_db
def test_demo_signing_users_come_enrolled_with_the_documented_secret_and_recovery_codes(client):
    demo.cargar()
    from core.models import Usuario

    analista = Usuario.objects.get(username="analista")
    device = segundo_factor.dispositivo(analista)
    assert segundo_factor.secreto_base32(device).replace(" ", "") == demo.SECRETOS_DEMO["analista"]
    assert segundo_factor.codigos_restantes(analista) == 10
    assert segundo_factor.dispositivo(Usuario.objects.get(username="oficial.cartagena")) is None
    client.post(reverse("login"), {"username": "analista", "password": demo.CLAVE_DEMO})
    assert client.post(PASO, {"codigo": "analista01"}).url == reverse("inicio")


@pytest.mark.django_db
def test_codigo_otp_prints_the_current_code_only_with_debug(crear_usuario, settings, capsys):
    usuario = crear_usuario(Rol.UPME_ANALISTA, username="ana")
    inscribir(usuario)
    settings.DEBUG = False
    with pytest.raises(CommandError, match="solo funciona con DEBUG"):
        call_command("codigo_otp", "ana")
    settings.DEBUG = True
    call_command("codigo_otp", "ana")
    impreso = capsys.readouterr().out.strip()
    assert re.fullmatch(r"\d{6}", impreso)
    assert segundo_factor.dispositivo(usuario).verify_token(impreso)


@pytest.mark.django_db
def test_the_admin_login_goes_through_the_portals_login(client, crear_usuario):
    crear_usuario(Rol.ADMINISTRADOR, username="jefe")
    r = client.get("/admin/")
    assert r.status_code == 302
    r = client.get(r.url)
    assert r.status_code == 302 and r.url.startswith(f"{reverse('login')}?next=/admin/")
    client.post("/admin/login/?next=/admin/", {"username": "jefe", "password": CLAVE})
    assert SESSION_KEY not in client.session  # the admin's form opens no session on the password alone


@pytest.mark.django_db
def test_replacing_the_enrolled_app_asks_for_its_code_or_the_password_first(entrar, crear_usuario):
    """Issue 39: an open session alone (a desk left unattended) never swaps the second factor."""
    cliente = entrar(Rol.UPME_ANALISTA)  # verified by an enrolled app (the root conftest)
    usuario = cliente.usuario
    anterior = segundo_factor.dispositivo(usuario)
    pagina = cliente.get(INSCRIBIR).content.decode()
    assert 'name="actual"' in pagina
    nuevo = segundo_factor.dispositivo(usuario, confirmado=False)
    r = cliente.post(INSCRIBIR, {"codigo": segundo_factor.codigo_actual(nuevo)})
    assert r.status_code == 400 and segundo_factor.dispositivo(usuario).pk == anterior.pk
    r = cliente.post(INSCRIBIR, {"actual": "no-es-la-clave", "codigo": segundo_factor.codigo_actual(nuevo)})
    assert r.status_code == 400 and "no se reemplazó nada" in r.content.decode()
    assert segundo_factor.dispositivo(usuario).pk == anterior.pk
    r = cliente.post(INSCRIBIR, {"actual": CLAVE, "codigo": segundo_factor.codigo_actual(nuevo)})
    assert r.status_code == 200 and segundo_factor.dispositivo(usuario).pk == nuevo.pk


@pytest.mark.django_db
def test_issue45_the_code_and_enrolment_pages_let_the_person_leave(client, crear_usuario):
    """Issue 45: no «Cerrar sesión» on the enrolment page: between the password and the code one can leave."""
    crear_usuario(Rol.UPME_ANALISTA, username="nueva")  # no app enrolled yet
    r = _contrasena(client, "nueva")
    pagina = client.get(r.url, follow=True).content.decode()
    assert "Cancelar y cerrar sesión" in pagina and f'action="{reverse("logout")}"' in pagina
    r = client.post(reverse("logout"))
    assert r.status_code == 302
    assert client.get(INSCRIBIR).url.startswith(reverse("login"))
