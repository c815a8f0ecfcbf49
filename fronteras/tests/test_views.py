"""Pages of border zones as a whole, with DOMAIN.md's border example: access by role, login,
the menu entries, and query counts that stay bounded as the lists grow."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.identidad.roles import Rol
from core.tests.factories import DistribuidorFactory
from fronteras.models import EstacionServicio, Municipio
from fronteras.services.despachos import despacho_register
from fronteras.tests.factories import NIT_TERCERO, D, asignar, contratar, crear_ejemplo, ejecutoriar, visto_bueno

# --- Access by role ---


PAGINAS_LECTURA = ["fronteras:municipios", "fronteras:estaciones", "fronteras:asignaciones", "fronteras:despachos",
                   "fronteras:consumo"]



@pytest.mark.django_db
@pytest.mark.parametrize(("rol", "lectura", "nueva_asignacion", "cargar_compras"), [
    (Rol.UPME_ANALISTA, 200, 200, 200),
    (Rol.AUDITOR, 200, 403, 403),
    (Rol.MINMINAS, 200, 403, 200),
    (Rol.ECOPETROL, 200, 403, 200),
    (Rol.DISTRIBUIDOR, 200, 403, 403),
    (Rol.CAPITANIA_OFICIAL, 403, 403, 403),
    (Rol.BENEFICIARIO, 403, 403, 403),
    (Rol.DIMAR, 403, 403, 403),
])
def test_pages_by_role(entrar, ejecutoriada, rol, lectura, nueva_asignacion, cargar_compras):
    cliente = entrar(rol)
    ids = {"fronteras:municipio": ejecutoriada.municipio_id, "fronteras:asignacion": ejecutoriada.id,
           "fronteras:estacion": ejecutoriada.estaciones.first().estacion_id}
    for nombre in PAGINAS_LECTURA:
        assert cliente.get(reverse(nombre)).status_code == lectura, nombre
    for nombre, pk in ids.items():
        assert cliente.get(reverse(nombre, args=[pk])).status_code == lectura, nombre
    assert cliente.get(reverse("fronteras:asignacion-pdf", args=[ejecutoriada.id])).status_code == lectura
    assert cliente.get(reverse("fronteras:asignacion-nueva")).status_code == nueva_asignacion
    assert cliente.get(reverse("fronteras:compras-cargar")).status_code == cargar_compras
    assert cliente.get(reverse("fronteras:transparencia")).status_code == 200



@pytest.mark.django_db
def test_private_pages_ask_for_login_the_public_report_does_not(client, ejecutoriada):
    r = client.get(reverse("fronteras:municipios"))
    assert r.status_code == 302 and r["Location"].startswith(reverse("login"))
    assert client.get(reverse("fronteras:asignacion-pdf", args=[ejecutoriada.id])).status_code == 302
    assert client.get(reverse("fronteras:transparencia")).status_code == 200
    assert client.get("/fronteras/").status_code == 302



@pytest.mark.django_db
@pytest.mark.parametrize(("rol", "ve", "no_ve"), [
    (Rol.UPME_ANALISTA, ["Zonas de frontera", "Transparencia en frontera"], ["Despachos en frontera"]),
    (Rol.MINMINAS, ["Zonas de frontera"], ["Despachos en frontera"]),
    (Rol.ECOPETROL, ["Zonas de frontera", "Despachos en frontera"], []),
    (Rol.DISTRIBUIDOR, ["Despachos en frontera", "Transparencia en frontera"], ["Zonas de frontera"]),
    (Rol.DIMAR, ["Transparencia en frontera"], ["Zonas de frontera", "Despachos en frontera"]),
])
def test_menu_entries_by_role(crear_usuario, rol, ve, no_ve):
    from core.web.menu import menu_for

    etiquetas = [e["etiqueta"] for e in menu_for(crear_usuario(rol))]
    assert all(e in etiquetas for e in ve) and not any(e in etiquetas for e in no_ve)



# --- Query counts stay bounded as the lists grow ---


def consultas(cliente, url, **params) -> int:
    with CaptureQueriesContext(connection) as capturadas:
        assert cliente.get(url, params).status_code == 200
    return len(capturadas)



@pytest.mark.django_db
def test_list_pages_run_a_bounded_number_of_queries(entrar, analista, ecopetrol):
    def poblar(desde, hasta):
        for i in range(desde, hasta):
            codigo = f"{54100 + i}"
            crear_ejemplo(analista, codigo=codigo, nombre=f"Municipio {i}", prefijo=f"M{i}-")
            a = asignar(analista, codigo)
            ejecutoriar(analista, a, D(2026, 4, 11))
            contratar(NIT_TERCERO, codigo)
            despacho_register(actor=ecopetrol, distribuidor_nit=NIT_TERCERO,
                              estacion_id=a.estaciones.first().estacion_id, fecha=D(2026, 5, 2),
                              combustible="acpm", galones=Decimal("10"))

    DistribuidorFactory(nit=NIT_TERCERO)
    visto_bueno()  # F-07: every example municipality is in Norte de Santander
    poblar(0, 2)
    cliente = entrar(analista)
    paginas = [(reverse("fronteras:municipios"), {}), (reverse("fronteras:estaciones"), {}),
               (reverse("fronteras:asignaciones"), {}), (reverse("fronteras:despachos"), {}),
               (reverse("fronteras:consumo"), {"periodo": "2026-05"}),
               (reverse("fronteras:transparencia"), {"periodo": "2026-05"})]
    pocas = [consultas(cliente, url, **p) for url, p in paginas]
    poblar(2, 14)
    muchas = [consultas(cliente, url, **p) for url, p in paginas]
    assert muchas == pocas and max(muchas) <= 12
    assert Municipio.objects.count() == 14 and EstacionServicio.objects.count() == 28
