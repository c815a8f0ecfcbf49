"""API.md "The annual allocation": the proposal, the lines, the detail and issuing, over HTTP."""

import datetime as dt

from core.identidad.roles import Rol
from cupos.models import LineaAsignacion
from cupos.tests.factories import NaveFactory

CAMPOS_DEL_CONTRATO = {
    "beneficiario",
    "origen",
    "galones_solicitados",
    "galones_anio_anterior",
    "consumido_anio_anterior",
    "declarado_anio_anterior",
    "declaraciones_no_contadas",
    "capacidad_combustible_gal",
}


def test_proposal_lists_each_beneficiary_with_its_evidence_as_strings(anio, upme, cliente):
    r = upme.get(f"/api/v1/resoluciones/{anio['r2027'].id}/propuesta/")
    assert r.status_code == 200, r.content
    filas = {f["beneficiario"]: f for f in r.json()["lineas"]}
    assert set(filas) == {anio["lucia"].id, anio["brisa"].id}
    lucia = filas[anio["lucia"].id]
    assert set(lucia) >= CAMPOS_DEL_CONTRATO
    assert {k: lucia[k] for k in CAMPOS_DEL_CONTRATO} == {
        "beneficiario": anio["lucia"].id,
        "origen": "solicitud",
        "galones_solicitados": "26000.00",
        "galones_anio_anterior": "24000.00",
        "consumido_anio_anterior": "800.00",
        "declarado_anio_anterior": "300.00",
        "declaraciones_no_contadas": 1,
        "capacidad_combustible_gal": "3000.00",
    }
    assert filas[anio["brisa"].id]["origen"] == "continuidad"
    assert filas[anio["brisa"].id]["galones_solicitados"] is None
    assert cliente(Rol.AUDITOR).get(f"/api/v1/resoluciones/{anio['r2027'].id}/propuesta/").status_code == 200
    assert cliente(Rol.DISTRIBUIDOR).get(f"/api/v1/resoluciones/{anio['r2027'].id}/propuesta/").status_code == 403
    filtrada = upme.get(f"/api/v1/resoluciones/{anio['r2027'].id}/propuesta/?origen=continuidad&orden=-diferencia")
    assert [f["beneficiario"] for f in filtrada.json()["lineas"]] == [anio["brisa"].id]
    assert upme.get(f"/api/v1/resoluciones/{anio['r2027'].id}/propuesta/?orden=x").status_code == 400


def test_lines_are_all_or_nothing_and_the_400_names_position_and_field(anio, upme, cliente):
    url = f"/api/v1/resoluciones/{anio['r2027'].id}/lineas/"
    buenas = [
        {"beneficiario": anio["lucia"].id, "galones_anuales": "26000"},
        {"beneficiario": anio["brisa"].id, "galones_anuales": 12000},
    ]
    for mala, campo in (
        ({"beneficiario": anio["perla"].id, "galones_anuales": "abc"}, "galones_anuales"),
        ({"beneficiario": 99_999_999, "galones_anuales": "10"}, "beneficiario"),
    ):
        r = upme.post(url, {"lineas": [*buenas, mala]}, format="json")
        assert r.status_code == 400, r.content
        assert list(r.json()["lineas"]) == ["2"] and campo in r.json()["lineas"]["2"]
    assert not LineaAsignacion.objects.exists()
    r = upme.post(url, {"lineas": buenas}, format="json")
    assert r.status_code == 200 and r.json() == {"lineas": 2, "total": 2}
    assert cliente(Rol.AUDITOR).post(url, {"lineas": buenas}, format="json").status_code == 403
    r = upme.post(url, {"lineas": [{"beneficiario": anio["rosa"].id, "galones_anuales": "5"}]}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "solicitud_rechazada"


def test_lines_accept_an_idempotency_key(anio, upme):
    url = f"/api/v1/resoluciones/{anio['r2027'].id}/lineas/"
    cuerpo = {"lineas": [{"beneficiario": anio["brisa"].id, "galones_anuales": "12000"}]}
    primera = upme.post(url, cuerpo, format="json", HTTP_IDEMPOTENCY_KEY="lineas-1")
    segunda = upme.post(url, cuerpo, format="json", HTTP_IDEMPOTENCY_KEY="lineas-1")
    assert primera.status_code == segunda.status_code == 200
    assert segunda["Idempotent-Replayed"] == "true" and segunda.json() == primera.json()


def test_issue_is_a_202_job_then_the_detail_shows_it_issued(anio, upme, django_capture_on_commit_callbacks):
    rid = anio["r2027"].id
    upme.post(
        f"/api/v1/resoluciones/{rid}/lineas/",
        {
            "lineas": [
                {"beneficiario": anio["lucia"].id, "galones_anuales": "26000"},
                {"beneficiario": anio["brisa"].id, "galones_anuales": "12000"},
            ]
        },
        format="json",
    )
    detalle = upme.get(f"/api/v1/resoluciones/{rid}/").json()
    assert (detalle["estado"], detalle["lineas"], detalle["cupos"]) == ("borrador", 2, 0)
    with django_capture_on_commit_callbacks(execute=True):
        r = upme.post(f"/api/v1/resoluciones/{rid}/expedir/", format="json")
    assert r.status_code == 202 and r.json()["estado"] == "expidiendo"
    detalle = upme.get(f"/api/v1/resoluciones/{rid}/").json()
    assert {k: detalle[k] for k in ("id", "anio", "numero", "estado", "lineas", "cupos")} == {
        "id": rid,
        "anio": 2027,
        "numero": "000010",
        "estado": "expedida",
        "lineas": 2,
        "cupos": 2,
    }
    cupos = upme.get("/api/v1/cupos/?anio=2027").json()["results"]
    assert {c["galones_anuales"] for c in cupos} == {"26000.00", "12000.00"} and {c["estado"] for c in cupos} == {
        "expedido"
    }
    r = upme.post(
        f"/api/v1/resoluciones/{rid}/lineas/",
        {"lineas": [{"beneficiario": NaveFactory().id, "galones_anuales": "1"}]},
        format="json",
    )
    assert r.status_code == 409 and r.json()["codigo"] == "resolucion_expedida"
    r = upme.post(f"/api/v1/resoluciones/{rid}/expedir/", format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "resolucion_expedida"


def test_issue_without_lines_is_a_400(anio, upme):
    r = upme.post(f"/api/v1/resoluciones/{anio['r2027'].id}/expedir/", format="json")
    assert r.status_code == 400 and "lineas" in r.json()


def test_create_keeps_its_contract_and_links_an_additional_resolution(hoy, upme):
    r = upme.post(
        "/api/v1/resoluciones/", {"anio": 2026, "numero": "000042", "fecha_expedicion": "2026-02-20"}, format="json"
    )
    assert r.status_code == 201, r.content
    anual = r.json()
    assert (anual["tipo"], anual["estado"], anual["modifica"], anual["cupos"], anual["lineas"]) == (
        "anual",
        "borrador",
        None,
        0,
        0,
    )
    cuerpo = {"anio": 2026, "numero": "000077", "fecha_expedicion": "2026-06-01", "tipo": "adicional"}
    r = upme.post("/api/v1/resoluciones/", cuerpo, format="json")
    assert r.status_code == 400 and "modifica" in r.json()
    r = upme.post(
        "/api/v1/resoluciones/",
        {**cuerpo, "modifica": anual["id"], "fuente_flota_fecha": "2026-05-31", "fuente_consumo_anio": 2025},
        format="json",
    )
    assert r.status_code == 201, r.content
    assert (r.json()["tipo"], r.json()["modifica"], r.json()["fuente_flota_fecha"]) == (
        "adicional",
        anual["id"],
        "2026-05-31",
    )
    listado = upme.get("/api/v1/resoluciones/?anio=2026").json()["results"]
    assert {x["numero"]: x["lineas"] for x in listado} == {"000042": 0, "000077": 0}


def test_the_pdf_states_the_sources_of_its_motivation(hoy, analista):
    from cupos.pdf import resolucion_html
    from cupos.services.resoluciones import resolucion_create

    r = resolucion_create(
        actor=analista,
        anio=2026,
        numero="000050",
        fecha_expedicion=dt.date(2026, 2, 20),
        fuente_flota_fecha=dt.date(2026, 1, 31),
        fuente_areas_cultivo="Registros AUNAP de 2025",
        fuente_consumo_anio=2025,
    )
    html = resolucion_html(r)
    assert "registros de la Dirección General Marítima — Dimar con corte al 31 de enero de 2026" in html
    assert "Registros AUNAP de 2025" in html and "registrado en 2025" in html


def test_the_xlsx_template_goes_out_and_comes_back_through_the_api(anio, upme):
    import io

    from openpyxl import load_workbook

    url = f"/api/v1/resoluciones/{anio['r2027'].id}/lineas/xlsx/"
    r = upme.get(url)
    assert r.status_code == 200 and r["Content-Type"].startswith("application/vnd.openxmlformats")
    libro = load_workbook(io.BytesIO(r.content))
    hoja = libro.active
    columna = [c.value for c in hoja[1]].index("Galones anuales asignados") + 1
    hoja.cell(row=3, column=columna).value = "no sé"
    hoja.cell(row=4, column=columna).value = 12000
    hoja.cell(row=4, column=columna + 1).value = "Según consumo"

    def subir():
        salida = io.BytesIO()
        libro.save(salida)
        salida.name = "lineas.xlsx"
        salida.seek(0)
        return upme.post(url, {"archivo": salida}, format="multipart")

    r = subir()
    assert r.status_code == 400 and [(f["fila"], f["campo"]) for f in r.json()["filas"]] == [(3, "galones_anuales")]
    assert not LineaAsignacion.objects.exists()
    hoja.cell(row=3, column=columna).value = None  # left out
    r = subir()
    assert r.status_code == 200 and r.json() == {"lineas": 1, "total": 1}


GUION_SQLITE = r"""
import io, json
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.conf import settings
from rest_framework.test import APIClient
from core.models import Usuario
from cupos.models import Resolucion
from cupos.selectors.asignacion import lineas_exportar_xlsx
from cupos.services.asignacion import lineas_importar_xlsx
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import load_workbook
assert settings.CELERY_TASK_ALWAYS_EAGER and settings.DATABASES["default"]["ENGINE"].endswith("sqlite3")
analista = APIClient()
usuario = Usuario.objects.get(username="analista")
from core.api.auth import token_emitir  # the analyst's API acts need a token issued with the second factor
analista.credentials(HTTP_AUTHORIZATION=f"Token {token_emitir(usuario)[1]}")
r = Resolucion.objects.get(anio=2027, tipo="anual")
propuesta = analista.get(f"/api/v1/resoluciones/{r.id}/propuesta/?orden=-diferencia").json()["lineas"]
lineas = [{"beneficiario": f["beneficiario"], "galones_anuales": f["galones_propuestos"], "motivo": "Demo"}
          for f in propuesta[:20]]
fijadas = analista.post(f"/api/v1/resoluciones/{r.id}/lineas/", {"lineas": lineas}, format="json")
libro = load_workbook(io.BytesIO(lineas_exportar_xlsx(r)))
salida = io.BytesIO(); libro.save(salida)
archivo = SimpleUploadedFile("l.xlsx", salida.getvalue())
importadas = lineas_importar_xlsx(usuario=usuario, resolucion=r, archivo=archivo)
expedir = analista.post(f"/api/v1/resoluciones/{r.id}/expedir/", format="json")
detalle = analista.get(f"/api/v1/resoluciones/{r.id}/").json()
print("RESULTADO " + json.dumps({
    "origenes": sorted({f["origen"] for f in propuesta}), "n": len(propuesta), "fijadas": fijadas.status_code,
    "importadas": importadas, "expedir": expedir.status_code, "detalle": detalle,
}))
"""


def test_the_allocation_runs_under_make_run_on_sqlite(tmp_path):
    """`make run` (SQLite, Celery in-process): the demo's 2027 proposal, lines, the XLSX and issuing."""
    from tests.make_run import en_make_run

    resultado = en_make_run(GUION_SQLITE, tmp_path, timeout=600, con_demo=True)
    assert resultado["origenes"] == ["continuidad", "solicitud"] and resultado["n"] > 100
    assert resultado["fijadas"] == 200 and resultado["importadas"] == 20 and resultado["expedir"] == 202
    detalle = resultado["detalle"]
    assert (detalle["estado"], detalle["lineas"], detalle["cupos"]) == ("expedida", 20, 20), detalle


def test_r05_api_refuses_a_second_annual_resolution_for_the_year(hoy, upme):
    cuerpo = {"anio": 2027, "numero": "000008", "fecha_expedicion": "2026-06-01"}
    primera = upme.post("/api/v1/resoluciones/", cuerpo, format="json")
    assert primera.status_code == 201 and primera.json()["tipo"] == "anual"
    r = upme.post("/api/v1/resoluciones/", {**cuerpo, "numero": "000098", "tipo": "anual"}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "resolucion_anual_duplicada"
    # API.md's body (no tipo): the year's second resolution is a modifying one of the annual, not a 409.
    r = upme.post("/api/v1/resoluciones/", {**cuerpo, "numero": "000099"}, format="json")
    assert r.status_code == 201 and r.json()["tipo"] == "modificatoria"
    r = upme.post(
        "/api/v1/resoluciones/",
        {**cuerpo, "numero": "000100", "tipo": "modificatoria", "modifica": primera.json()["id"]},
        format="json",
    )
    assert r.status_code == 201 and r.json()["tipo"] == "modificatoria"
