"""Pages of the border municipalities: the searchable list, one municipality's page and its
contracting priority order (F-01). Numbers are written es-CO on the pages (48.600,00)."""


import pytest
from django.urls import reverse

from core.roles import Rol
from fronteras.models import PrioridadContratacion
from fronteras.services.municipios import municipio_create
from fronteras.tests.factories import texto

# --- Municipalities and stations ---


@pytest.mark.django_db
def test_municipality_list_searches_filters_and_sorts(entrar, analista):
    for codigo, nombre, departamento, poblacion in (("44430", "Maicao", "La Guajira", 176_200),
                                                     ("44001", "Riohacha", "La Guajira", 214_300),
                                                     ("81001", "Arauca", "Arauca", 96_800)):
        municipio_create(actor=analista, codigo_dane=codigo, nombre=nombre, departamento=departamento,
                         poblacion=poblacion)
    cliente = entrar(analista)
    url = reverse("fronteras:municipios")

    def tabla(**params):  # the htmx fragment: the table without the filters' options
        return texto(cliente.get(url, params, HTTP_HX_REQUEST="true"))

    assert "Maicao" in tabla(q="maic") and "Arauca" not in tabla(q="maic")
    guajira = tabla(departamento="La Guajira")
    assert "Maicao" in guajira and "Riohacha" in guajira and "Arauca" not in guajira
    pequenos = tabla(poblacion="menor")
    assert "Maicao" in pequenos and "Riohacha" not in pequenos
    orden = tabla(orden="poblacion_desc")
    assert orden.index("Riohacha") < orden.index("Maicao") < orden.index("Arauca")
    assert "214.300" in orden  # es-CO grouping
    assert "Filtrar" in texto(cliente.get(url))
    parcial = cliente.get(url, {"q": "ara"}, HTTP_HX_REQUEST="true")
    assert "<h1" not in texto(parcial) and "1 municipio encontrado" in texto(parcial)



@pytest.mark.django_db
def test_municipality_detail_shows_stations_purchases_and_assignments(entrar, ejecutoriada):
    r = entrar(Rol.AUDITOR).get(reverse("fronteras:municipio", args=[ejecutoriada.municipio_id]), {"anio": "2025"})
    pagina = texto(r)
    assert "Estación A" in pagina and "Estación B" in pagina
    assert "Compras de ACPM en 2025" in pagina and "30.000,00" in pagina and "360.000,00" in pagina
    assert "ACPM 2026–2027" in pagina and "72.000,00" in pagina and "11.700,00" in pagina
    assert "Guardar el orden de contratación" not in pagina  # the auditor only reads



@pytest.mark.django_db
def test_priority_order_is_recorded_through_prioridad_set(entrar, ejemplo):
    municipio = ejemplo["municipio"]
    cliente = entrar(Rol.MINMINAS)
    pagina = texto(cliente.get(reverse("fronteras:municipio", args=[municipio.id])))
    assert "Guardar el orden de contratación" in pagina and "Posición 4" in pagina
    datos = {"prioridad-TOTAL_FORMS": "4", "prioridad-INITIAL_FORMS": "0", "prioridad-MIN_NUM_FORMS": "0",
             "prioridad-MAX_NUM_FORMS": "8",
             "prioridad-0-canal": "tercero", "prioridad-0-proveedor": "Transportes y Combustibles Frontera S.A.S.",
             "prioridad-1-canal": "planta_departamento", "prioridad-1-proveedor": "",
             "prioridad-2-canal": "", "prioridad-2-proveedor": "",
             "prioridad-3-canal": "estacion", "prioridad-3-proveedor": ""}
    r = cliente.post(reverse("fronteras:municipio-prioridad", args=[municipio.id]), datos)
    assert r.status_code == 302
    assert list(PrioridadContratacion.objects.filter(municipio=municipio).values_list("orden", "canal")) == [
        (1, "tercero"), (2, "planta_departamento"), (3, "estacion")]
    # a provider without its channel is refused, nothing changes
    r = cliente.post(reverse("fronteras:municipio-prioridad", args=[municipio.id]),
                     {**datos, "prioridad-0-canal": "", "prioridad-1-canal": ""})
    assert r.status_code == 400 and "Elija el canal del proveedor." in texto(r)
    assert PrioridadContratacion.objects.filter(municipio=municipio).count() == 3
    r = entrar(Rol.AUDITOR).post(reverse("fronteras:municipio-prioridad", args=[municipio.id]), datos)
    assert r.status_code == 403
