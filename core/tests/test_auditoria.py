"""Every write records who, when, what, and the values before and after."""

import re

import pytest
from django.urls import reverse

from core.identidad.roles import Rol
from core.models import Capitania, RegistroAuditoria


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


def _auditoria_filas(n, **campos):
    from datetime import timedelta

    from django.utils import timezone

    base = timezone.now()
    filas = RegistroAuditoria.objects.bulk_create(
        [
            RegistroAuditoria(
                actor_nombre="ana",
                accion=campos.get("accion", "prueba.paso"),
                objeto_tipo="core.x",
                objeto_id=str(i),
                objeto_repr=f"fila {i:03d}",
            )
            for i in range(n)
        ]
    )
    # Two rows share each instant: the id breaks the tie, as in a bulk write.
    for i, fila in enumerate(filas):
        RegistroAuditoria.objects.filter(pk=fila.pk).update(fecha=base - timedelta(seconds=i // 2))
    return filas


def _enlace(html, rel):
    m = re.search(rf'<a href="\?([^"]*)" rel="{rel}">', html)
    return m and m.group(1).replace("&amp;", "&")


@pytest.mark.django_db
def test_audit_page_pages_by_keyset_forward_and_back(client, crear_usuario):
    """Newest first, 50 a page, with no OFFSET: «Siguiente» and «Anterior» carry a cursor and walk
    every row exactly once, ties in the date broken by id, filters kept."""
    _auditoria_filas(120)
    client.force_login(crear_usuario(Rol.AUDITOR))
    url = reverse("auditoria")
    vistos, consulta, paginas = [], "accion=prueba", []
    while consulta is not None:
        html = client.get(f"{url}?{consulta}").content.decode()
        filas = [int(x) for x in re.findall(r"n\.º (\d+): fila ", html)]
        paginas.append((consulta, filas))
        vistos += filas
        consulta = _enlace(html, "next")
    assert vistos == sorted(range(120), key=lambda i: (i // 2, -i)) and [len(f) for _, f in paginas] == [50, 50, 20]
    assert all("accion=prueba" in c for c, _ in paginas)
    # Back from the last page: the second page again, then the first.
    html = client.get(f"{url}?{paginas[2][0]}").content.decode()
    anterior = _enlace(html, "prev")
    html = client.get(f"{url}?{anterior}").content.decode()
    assert [int(x) for x in re.findall(r"n\.º (\d+): fila ", html)] == paginas[1][1]
    html = client.get(f"{url}?{_enlace(html, 'prev')}").content.decode()
    assert [int(x) for x in re.findall(r"n\.º (\d+): fila ", html)] == paginas[0][1]
    assert _enlace(html, "prev") is None


@pytest.mark.django_db
def test_audit_page_filters_and_a_bad_cursor_shows_the_first_page(client, crear_usuario):
    _auditoria_filas(3, accion="cupo.firmeza")
    _auditoria_filas(2, accion="zarpe.certificar")
    client.force_login(crear_usuario(Rol.AUDITOR))
    r = client.get(reverse("auditoria"), {"accion": "zarpe", "despues": "no-es-un-cursor"})
    html = r.content.decode()
    assert r.status_code == 200 and html.count('title="Código de la acción: zarpe.certificar"') == 2
    assert 'title="Código de la acción: cupo.firmeza"' not in html
    r = client.get(reverse("auditoria"), {"actor": "nadie"})
    assert "No hay registros de auditoría con esos filtros." in r.content.decode()
