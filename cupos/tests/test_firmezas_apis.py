"""API.md: POST /api/v1/resoluciones/{id}/firmeza/ → 202 {"trabajo","estado"}, followed at
GET /api/v1/trabajos/{id}/ in the caller's scope; the issuing's 202 carries its `trabajo` too."""

import pytest
import yaml

from core.identidad.roles import Rol
from core.models import MensajeSaliente
from cupos.models import Cupo
from cupos.tests.test_firmezas_services import _dar_de_baja, _resolucion

CAMPOS_TRABAJO = {"id", "tipo", "estado", "progreso", "resultado", "error"}


def _firmeza(api, resolucion, capturar, **datos):
    with capturar(execute=True):  # the job is queued after the commit; Celery is eager here
        return api.post(
            f"/api/v1/resoluciones/{resolucion.id}/firmeza/", {"fecha_firmeza": "2026-03-02", **datos}, format="json"
        )


@pytest.mark.django_db
def test_r06_api_bulk_firmeza_is_a_202_job_followed_at_trabajos(
    hoy, analista, upme, django_capture_on_commit_callbacks
):
    resolucion = _resolucion(analista, naves=3)
    r = _firmeza(upme, resolucion, django_capture_on_commit_callbacks)
    assert r.status_code == 202, r.content
    assert r.json()["trabajo"].startswith("firmeza-") and r.json()["estado"] == "pendiente"
    t = upme.get(f"/api/v1/trabajos/{r.json()['trabajo']}/")
    assert t.status_code == 200 and set(t.json()) == CAMPOS_TRABAJO
    assert {k: t.json()[k] for k in ("id", "tipo", "estado", "progreso", "error")} == {
        "id": r.json()["trabajo"],
        "tipo": "firmeza_masiva",
        "estado": "terminado",
        "progreso": 100,
        "error": None,
    }
    assert t.json()["resultado"] == {
        "mensaje": "Se declaró la firmeza de 3 cupos desde el 2 de marzo de 2026. Dimar recibirá la comunicación "
        "de cada uno.",
        "recurso": f"/api/v1/resoluciones/{resolucion.id}/",
        "cantidad": 3,
        "pendientes": 0,
    }
    assert set(resolucion.cupos.values_list("estado", flat=True)) == {Cupo.Estado.EN_FIRME}


@pytest.mark.django_db
def test_r06_r24_api_bulk_firmeza_with_a_baja_ends_fallido_naming_each_beneficiary(
    hoy, analista, upme, django_capture_on_commit_callbacks
):
    resolucion = _resolucion(analista, naves=5)
    nombres = _dar_de_baja(resolucion, 1, 3)
    r = _firmeza(upme, resolucion, django_capture_on_commit_callbacks)
    assert r.status_code == 202
    t = upme.get(f"/api/v1/trabajos/{r.json()['trabajo']}/").json()
    assert (t["estado"], t["resultado"]) == ("fallido", None)
    assert all(f"el cupo de {nombre}" in t["error"] for nombre in nombres)
    assert not resolucion.cupos.filter(estado=Cupo.Estado.EN_FIRME).exists()
    assert not MensajeSaliente.objects.exists()


@pytest.mark.django_db
def test_r06_api_bulk_firmeza_bad_date_is_400_and_queues_nothing(hoy, analista, upme):
    resolucion = _resolucion(analista, naves=1)
    r = upme.post(f"/api/v1/resoluciones/{resolucion.id}/firmeza/", {"fecha_firmeza": "2026-01-02"}, format="json")
    assert r.status_code == 400 and "fecha_firmeza" in r.json()
    r = upme.post(f"/api/v1/resoluciones/{resolucion.id}/firmeza/", {"fecha_firmeza": "2027-01-02"}, format="json")
    assert r.status_code == 400
    assert not resolucion.firmezas_masivas.exists()


@pytest.mark.django_db
def test_trabajos_outside_the_scope_or_unknown_are_404(
    hoy, analista, upme, cliente, django_capture_on_commit_callbacks
):
    resolucion = _resolucion(analista, naves=1)
    trabajo = _firmeza(upme, resolucion, django_capture_on_commit_callbacks).json()["trabajo"]
    assert cliente(Rol.AUDITOR).get(f"/api/v1/trabajos/{trabajo}/").status_code == 200
    for rol in (Rol.DISTRIBUIDOR, Rol.BENEFICIARIO, Rol.CAPITANIA_OFICIAL):
        r = cliente(rol).get(f"/api/v1/trabajos/{trabajo}/")
        assert r.status_code == 404 and r.json()["codigo"] == "no_encontrado", rol
    for otro in ("firmeza-999999", "nada-1", "firmeza-abc", "firmeza", f"expedicion-{resolucion.id + 1000}"):
        assert upme.get(f"/api/v1/trabajos/{otro}/").status_code == 404, otro
    assert cliente(Rol.DISTRIBUIDOR).post(f"/api/v1/resoluciones/{resolucion.id}/firmeza/", {}).status_code == 403


@pytest.mark.django_db
def test_r05_api_issue_202_carries_its_trabajo(anio, upme, django_capture_on_commit_callbacks):
    rid = anio["r2027"].id
    upme.post(
        f"/api/v1/resoluciones/{rid}/lineas/",
        {"lineas": [{"beneficiario": anio["lucia"].id, "galones_anuales": "26000"}]},
        format="json",
    )
    assert upme.get(f"/api/v1/trabajos/expedicion-{rid}/").status_code == 404  # a draft never issued: no job
    with django_capture_on_commit_callbacks(execute=True):
        r = upme.post(f"/api/v1/resoluciones/{rid}/expedir/", format="json")
    assert r.status_code == 202 and r.json()["trabajo"] == f"expedicion-{rid}" and r.json()["estado"] == "expidiendo"
    t = upme.get(f"/api/v1/trabajos/expedicion-{rid}/").json()
    assert (t["tipo"], t["estado"], t["resultado"]["cantidad"], t["error"]) == (
        "expedicion_resolucion",
        "terminado",
        1,
        None,
    )


@pytest.mark.django_db
def test_the_schema_types_the_job_and_every_202_carries_trabajo(cliente):
    esquema = yaml.safe_load(cliente(Rol.AUDITOR).get("/api/schema/").content)
    trabajo = esquema["components"]["schemas"]["Trabajo"]
    assert set(trabajo["properties"]) == CAMPOS_TRABAJO
    estado = trabajo["properties"]["estado"]
    if "$ref" in estado:
        estado = esquema["components"]["schemas"][estado["$ref"].rsplit("/", 1)[-1]]
    assert estado["enum"] == ["pendiente", "procesando", "terminado", "fallido"]
    aceptadas = [
        (ruta, op["responses"]["202"])
        for ruta, operaciones in esquema["paths"].items()
        for op in operaciones.values()
        if isinstance(op, dict) and "202" in op.get("responses", {})
    ]
    assert len(aceptadas) >= 3
    for ruta, respuesta in aceptadas:
        contenido = next(iter(respuesta["content"].values()))["schema"]
        nombre = contenido["$ref"].rsplit("/", 1)[-1]
        assert "trabajo" in esquema["components"]["schemas"][nombre]["properties"], ruta
    assert "/api/v1/trabajos/{trabajo_id}/" in esquema["paths"]
