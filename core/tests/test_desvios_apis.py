"""Issue 28 §2, API.md "Open data and diversion flags": the cases, the scoring job and the mark."""

import pytest

from core.desvios import services
from core.identidad.roles import Rol
from core.tests.desvios_datos import FECHA, Mundo

pytestmark = pytest.mark.django_db


@pytest.fixture
def casos():
    mundo = Mundo()
    plantados = {
        "nave": mundo.plantar_galones(),
        "mayorista": mundo.plantar_discrepancias(),
        "estacion": mundo.plantar_tope(),
    }
    services.desvios_puntuar(fecha=FECHA)
    return plantados


def test_lista_con_los_campos_del_contrato_de_mayor_a_menor(cliente, casos):
    r = cliente(Rol.UPME_ANALISTA).get("/api/v1/desvios/")
    assert r.status_code == 200, r.content
    resultados = r.json()["results"]
    assert len(resultados) == 3
    assert all(set(c) == {"id", "sujeto", "tipo_sujeto", "puntaje", "senales", "estado"} for c in resultados)
    assert all(set(s) == {"codigo", "detalle"} for c in resultados for s in c["senales"])
    puntajes = [float(c["puntaje"]) for c in resultados]
    assert puntajes == sorted(puntajes, reverse=True)
    assert {c["tipo_sujeto"] for c in resultados} == {"beneficiario", "distribuidor", "estacion"}


def test_filtros_por_beneficiario_y_nit_y_filtro_desconocido(cliente, casos):
    api = cliente(Rol.AUDITOR)
    r = api.get("/api/v1/desvios/", {"beneficiario": casos["nave"].id})
    assert [c["sujeto"] for c in r.json()["results"]] == [casos["nave"].nombre]
    assert r.json()["results"][0]["senales"][0]["codigo"] == "galones_zarpe"
    r = api.get("/api/v1/desvios/", {"distribuidor_nit": casos["mayorista"].nit})
    assert [c["tipo_sujeto"] for c in r.json()["results"]] == ["distribuidor"]
    r = api.get("/api/v1/desvios/", {"nit": casos["mayorista"].nit})
    assert r.status_code == 400 and r.json()["codigo"] == "filtro_desconocido"
    r = api.get("/api/v1/desvios/", {"beneficiario": "uno"})
    assert r.status_code == 400


def test_marcar_por_la_api(cliente, casos):
    api = cliente(Rol.UPME_ANALISTA)
    caso = api.get("/api/v1/desvios/", {"beneficiario": casos["nave"].id}).json()["results"][0]
    r = api.post(f"/api/v1/desvios/{caso['id']}/marcar/", {"estado": "confirmado", "nota": "Revisado."}, format="json")
    assert r.status_code == 200, r.content
    assert r.json()["estado"] == "confirmado" and r.json()["id"] == caso["id"]
    r = api.post(f"/api/v1/desvios/{caso['id']}/marcar/", {"estado": "abierto", "nota": "x"}, format="json")
    assert r.status_code == 400
    assert (
        api.post("/api/v1/desvios/999999/marcar/", {"estado": "confirmado", "nota": "x"}, format="json").status_code
        == 404
    )


def test_un_distribuidor_recibe_403(cliente, casos):
    api = cliente(Rol.DISTRIBUIDOR)
    assert api.get("/api/v1/desvios/").status_code == 403
    assert api.post("/api/v1/desvios/calcular/").status_code == 403
    assert (
        api.post("/api/v1/desvios/1/marcar/", {"estado": "confirmado", "nota": "x"}, format="json").status_code == 403
    )


def test_calcular_responde_202_y_el_trabajo_se_sigue(cliente, django_capture_on_commit_callbacks):
    Mundo().plantar_tope()
    api = cliente(Rol.AUDITOR)
    with django_capture_on_commit_callbacks(execute=True):
        r = api.post("/api/v1/desvios/calcular/")
    assert r.status_code == 202, r.content
    assert set(r.json()) == {"trabajo"} and r.json()["trabajo"].startswith("desvios-")
    trabajo = api.get(f"/api/v1/trabajos/{r.json()['trabajo']}/").json()
    assert trabajo["estado"] == "terminado" and trabajo["resultado"]["cantidad"] == 1
    assert cliente(Rol.DIMAR).get(f"/api/v1/trabajos/{r.json()['trabajo']}/").status_code == 404
