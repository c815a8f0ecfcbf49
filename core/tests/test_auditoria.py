"""Every write records who, when, what, and the values before and after."""

import pytest
from django.urls import reverse

from core.models import Capitania, RegistroAuditoria
from core.roles import Rol


@pytest.mark.django_db
def test_a_service_write_leaves_an_audit_row(cliente):
    api = cliente(Rol.UPME_ANALISTA)
    r = api.post(
        "/api/v1/distribuidores/",
        {"nit": "900777888", "razon_social": "Nueva S.A.S.", "tipo": "mayorista"},
        format="json",
    )
    assert r.status_code == 201
    entrada = RegistroAuditoria.objects.get(accion="distribuidor.crear")
    assert entrada.actor == api.usuario
    assert entrada.objeto_tipo == "core.distribuidor" and entrada.objeto_id == str(r.json()["id"])
    assert entrada.antes is None and entrada.despues["nit"] == "900777888"


@pytest.mark.django_db
def test_a_refused_write_leaves_no_half_write(cliente):
    api = cliente(Rol.UPME_ANALISTA)
    r = api.post("/api/v1/distribuidores/", {"nit": "abc", "razon_social": "X", "tipo": "mayorista"}, format="json")
    assert r.status_code == 400 and "nit" in r.json()
    assert not RegistroAuditoria.objects.filter(accion="distribuidor.crear").exists()


@pytest.mark.django_db
def test_admin_changes_record_before_and_after(client, crear_usuario):
    admin = crear_usuario(Rol.ADMINISTRADOR)
    client.force_login(admin)
    capitania = Capitania.objects.create(codigo="CP60", nombre="Antes")
    url = reverse("admin:core_capitania_change", args=[capitania.pk])
    r = client.post(url, {"codigo": "CP60", "nombre": "Después", "activa": "on"})
    assert r.status_code == 302
    entrada = RegistroAuditoria.objects.get(accion="capitania.actualizar.admin")
    assert entrada.antes["nombre"] == "Antes" and entrada.despues["nombre"] == "Después"
    assert entrada.actor == admin


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("rol", "estado"), [(Rol.AUDITOR, 200), (Rol.ADMINISTRADOR, 200), (Rol.UPME_ANALISTA, 403), (Rol.DISTRIBUIDOR, 403)]
)
def test_audit_api_is_for_auditors_and_administrators(cliente, rol, estado):
    api = cliente(rol)
    r = api.get("/api/v1/auditoria/?accion=usuario")
    assert r.status_code == estado
    if estado == 200:
        assert set(r.json()) == {"count", "next", "previous", "results"}


@pytest.mark.django_db
def test_audit_api_filters_by_object(cliente):
    analista = cliente(Rol.UPME_ANALISTA)
    creado = analista.post("/api/v1/capitanias/", {"codigo": "CP61", "nombre": "X"}, format="json").json()
    analista.post("/api/v1/capitanias/", {"codigo": "CP62", "nombre": "Y"}, format="json")
    r = cliente(Rol.AUDITOR).get(f"/api/v1/auditoria/?objeto_tipo=core.capitania&objeto_id={creado['id']}")
    assert r.json()["count"] == 1
    assert r.json()["results"][0]["despues"]["codigo"] == "CP61"


@pytest.mark.django_db
def test_audit_page_for_auditors_only(client, crear_usuario):
    client.force_login(crear_usuario(Rol.AUDITOR))
    assert client.get(reverse("auditoria")).status_code == 200
    client.force_login(crear_usuario(Rol.DISTRIBUIDOR))
    assert client.get(reverse("auditoria")).status_code == 403


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("rol", "ver_reglas", "editar_reglas", "ver_auditoria", "ver_usuarios"),
    [
        (Rol.UPME_ANALISTA, 200, True, 403, 403),
        (Rol.AUDITOR, 200, False, 200, 200),
        (Rol.ADMINISTRADOR, 200, True, 200, 200),
    ],
)
def test_admin_access_by_role(client, crear_usuario, rol, ver_reglas, editar_reglas, ver_auditoria, ver_usuarios):
    client.force_login(crear_usuario(rol, is_staff=True))
    assert client.get(reverse("admin:cupos_reglaacumulacion_changelist")).status_code == ver_reglas
    pagina = client.get(reverse("admin:cupos_reglaacumulacion_add"))
    assert (pagina.status_code == 200) is editar_reglas
    assert client.get(reverse("admin:core_registroauditoria_changelist")).status_code == ver_auditoria
    assert client.get(reverse("admin:core_usuario_changelist")).status_code == ver_usuarios
    assert client.get(reverse("admin:cupos_movimiento_changelist")).status_code == 200


@pytest.mark.django_db
def test_non_staff_roles_cannot_enter_the_admin(client, crear_usuario):
    client.force_login(crear_usuario(Rol.DISTRIBUIDOR))
    assert client.get(reverse("admin:index")).status_code == 302
