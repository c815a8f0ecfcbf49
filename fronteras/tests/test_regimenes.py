"""F-01 (art. 2 par. 3): La Guajira, Arauca, Guainía, Vichada and Norte de Santander distribute under
their own decrees; their municipalities show the governing decree and keep their volumes."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from core.identidad.roles import Rol
from fronteras.models import RegimenEspecial
from fronteras.selectors.municipios import regimen_de
from fronteras.tests.factories import texto


@pytest.mark.django_db
def test_f01_the_five_departments_are_data_with_their_decree():
    assert sorted(RegimenEspecial.objects.values_list("departamento", flat=True)) == [
        "Arauca", "Guainía", "La Guajira", "Norte de Santander", "Vichada"]
    assert "1980 de 2003" in regimen_de("LA GUAJIRA").decretos
    assert "2340 de 2004" in regimen_de("norte de santander").decretos
    assert regimen_de("Guainia") is not None and "parágrafo 3" in regimen_de("Guainia").fundamento
    assert regimen_de("Nariño") is None and regimen_de("Amazonas") is None


@pytest.mark.django_db
def test_f01_pages_and_report_show_the_governing_decree_and_keep_volumes(entrar, upme, analista, ejemplo,
                                                                        ejecutoriada):
    from fronteras.services.municipios import municipio_create

    municipio_create(actor=analista, codigo_dane="52356", nombre="Ipiales", departamento="Nariño", poblacion=141200)
    municipios = {m["codigo_dane"]: m for m in upme.get("/api/v1/fronteras/municipios/").json()["results"]}
    assert "2340 de 2004" in municipios["54001"]["regimen_especial"] and municipios["52356"]["regimen_especial"] is None
    pagina = texto(entrar(Rol.AUDITOR).get(reverse("fronteras:municipio", args=[ejemplo["municipio"].id])))
    assert "Régimen especial:" in pagina and "Decreto 2340 de 2004" in pagina
    datos = APIClient().get("/api/v1/fronteras/transparencia/?periodo=2026-05").json()["results"]
    fila = next(f for f in datos if f["estacion_codigo"] == "A")
    assert fila["volumen"] == "48600.00" and "2340 de 2004" in fila["regimen_especial"]  # volumes kept
    publica = texto(APIClient().get("/fronteras/transparencia/?periodo=2026-05"))
    assert "Régimen especial de distribución" in publica and "Decreto 2340 de 2004" in publica


@pytest.mark.django_db
def test_f01_repealed_regimes_and_each_municipalitys_designation_decree(upme, entrar):
    """D2340/2004 was repealed by D1475/2014: special regimes carry their validity, still «por confirmar»."""
    norte = regimen_de("Norte de Santander")
    assert norte.derogado_por == "Decreto 1475 de 2014" and norte.fechas_por_confirmar
    r = upme.post("/api/v1/fronteras/municipios/", {
        "codigo_dane": "54001", "nombre": "Cúcuta", "departamento": "Norte de Santander", "poblacion": 120000,
        "decreto_designacion": "Decreto 1475 de 2014", "designacion_desde": "2014-08-05"}, format="json")
    assert r.status_code == 201, r.json()
    cuerpo = r.json()
    assert (cuerpo["decreto_designacion"], cuerpo["designacion_desde"]) == ("Decreto 1475 de 2014", "2014-08-05")
    assert "derogado por el Decreto 1475 de 2014" in cuerpo["regimen_especial"]
    sin_decreto = upme.post("/api/v1/fronteras/municipios/", {
        "codigo_dane": "54498", "nombre": "Ocaña", "departamento": "Norte de Santander", "poblacion": 100000,
        "designacion_desde": "2014-08-05"}, format="json")
    assert sin_decreto.status_code == 400 and "decreto_designacion" in sin_decreto.json()
    pagina = texto(entrar(Rol.AUDITOR).get(reverse("fronteras:municipio", args=[cuerpo["id"]])))
    assert "Decreto 1475 de 2014, desde el 5 de agosto de 2014" in pagina and "fechas por confirmar" in pagina
