"""Pages of the border municipalities: the searchable list, one municipality's page and its
contracting priority order (F-01). Numbers are written es-CO on the pages (48.600,00)."""


import pytest
from django.urls import reverse

from core.identidad.roles import Rol
from core.tests.factories import DistribuidorFactory
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
    DistribuidorFactory(nit="830112233", razon_social="Transportes y Combustibles Frontera S.A.S.", tipo="tercero")
    datos = {"prioridad-TOTAL_FORMS": "4", "prioridad-INITIAL_FORMS": "0", "prioridad-MIN_NUM_FORMS": "0",
             "prioridad-MAX_NUM_FORMS": "8",
             "prioridad-0-canal": "planta_departamento", "prioridad-0-proveedor": "",
             "prioridad-1-canal": "tercero", "prioridad-1-proveedor": "830112233",
             "prioridad-1-motivo": "La planta de Cúcuta no cubre el corregimiento de Banco de Arena.",
             "prioridad-2-canal": "", "prioridad-2-proveedor": "",
             "prioridad-3-canal": "estacion", "prioridad-3-proveedor": "",
             "prioridad-3-motivo": "Sin planta ni tercero en la vereda."}
    r = cliente.post(reverse("fronteras:municipio-prioridad", args=[municipio.id]), datos)
    assert r.status_code == 302
    assert list(PrioridadContratacion.objects.filter(municipio=municipio).values_list("orden", "canal")) == [
        (1, "planta_departamento"), (2, "tercero"), (3, "estacion")]
    # a provider without its channel is refused, nothing changes
    r = cliente.post(reverse("fronteras:municipio-prioridad", args=[municipio.id]),
                     {**datos, "prioridad-0-canal": "", "prioridad-1-canal": ""})
    assert r.status_code == 400 and "Elija el canal del proveedor." in texto(r)
    assert PrioridadContratacion.objects.filter(municipio=municipio).count() == 3
    r = entrar(Rol.AUDITOR).post(reverse("fronteras:municipio-prioridad", args=[municipio.id]), datos)
    assert r.status_code == 403


@pytest.mark.django_db
def test_f01_the_decrees_order_is_kept_with_reasons_and_registered_terceros(entrar, ejemplo):
    municipio = ejemplo["municipio"]
    cliente = entrar(Rol.MINMINAS)
    url = reverse("fronteras:municipio-prioridad", args=[municipio.id])
    base = {"prioridad-TOTAL_FORMS": "2", "prioridad-INITIAL_FORMS": "0", "prioridad-MIN_NUM_FORMS": "0",
            "prioridad-MAX_NUM_FORMS": "8"}
    # A tercero before the department's plants: the order of prelación is broken.
    r = cliente.post(url, {**base, "prioridad-0-canal": "estacion", "prioridad-0-motivo": "x",
                           "prioridad-1-canal": "planta_vecina", "prioridad-1-motivo": "y"})
    assert r.status_code == 400 and "el orden de prelación del decreto se mantiene" in texto(r)
    # A lower tier without the reason why the higher ones cannot serve.
    r = cliente.post(url, {**base, "prioridad-0-canal": "planta_departamento", "prioridad-1-canal": "planta_vecina"})
    assert r.status_code == 400 and "indique por qué los canales de mayor prelación no pueden atender" in texto(r)
    # A tercero that MinMinas has not registered.
    r = cliente.post(url, {**base, "prioridad-0-canal": "tercero", "prioridad-0-proveedor": "999",
                           "prioridad-0-motivo": "Sin plantas en el departamento"})
    assert r.status_code == 400 and "no es un tercero aprobado y registrado" in texto(r)
    assert not PrioridadContratacion.objects.filter(municipio=municipio).exists()
