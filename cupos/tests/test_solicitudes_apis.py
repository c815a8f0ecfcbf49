"""API.md «Applications» (R-03, R-04; a refusal is an act, DOMAIN §8): POST solicitudes/ with the documents reported
by reference and the answer's `faltantes`, approval refused while something is missing (409 solicitud_incompleta
naming it), the refusal as an act, the list's filters and scope."""

import datetime as dt

import pytest

from core.actos.models import Acto
from core.identidad.roles import Rol
from core.vencimientos.calendario import today
from cupos.models import DocumentoSolicitud, Solicitud
from cupos.requisitos import ACUICULTORA, meses_antes
from cupos.tests.factories import AcuicultoraFactory, extranjera

pytestmark = pytest.mark.django_db

URL = "/api/v1/solicitudes/"


def _cuerpo(beneficiario, *tipos, **campos):
    hoy = today()
    return {
        "beneficiario": beneficiario.id, "anio": hoy.year + 1, "galones_solicitados": "24000",
        "fecha_radicacion": hoy.isoformat(),
        "documentos": [{"tipo": t, "referencia": f"RAD-{i:03d}"} for i, t in enumerate(tipos)],
    } | campos


@pytest.fixture
def upme(cliente):
    return cliente(Rol.UPME_ANALISTA)


def test_an_acuicultora_files_with_its_documents_by_reference_and_the_answer_names_what_is_missing(upme):
    acuicola = AcuicultoraFactory(aprobadas=[])
    todos = [r.codigo for r in ACUICULTORA]
    r = upme.post(URL, _cuerpo(acuicola, *todos[:9]), format="json")
    assert r.status_code == 201, r.json()
    cuerpo = r.json()
    assert cuerpo["estado"] == "radicada" and cuerpo["beneficiario"] == acuicola.id
    assert cuerpo["faltantes"] == todos[9:]  # the two it did not report, in the decree's order
    assert cuerpo["galones_solicitados"] == "24000.00" and cuerpo["acto"] is None
    assert {d["tipo"] for d in cuerpo["documentos"]} == set(todos[:9])
    assert cuerpo["documentos"][0]["archivo"] is False
    solicitud = Solicitud.objects.get(pk=cuerpo["id"])
    assert DocumentoSolicitud.objects.get(solicitud=solicitud, requisito=todos[0]).referencia == "RAD-000"

    # it cannot be approved while something is missing; the refusal names each missing item.
    r = upme.post(f"{URL}{solicitud.id}/aprobar/", {"fecha": today().isoformat()}, format="json")
    assert r.status_code == 409, r.json()
    assert r.json()["codigo"] == "solicitud_incompleta" and r.json()["faltantes"] == todos[9:]
    solicitud.refresh_from_db()
    assert solicitud.estado == Solicitud.Estado.RADICADA  # not left half-way in review

    # The GET reads the same; a second application for the year is a conflict.
    assert upme.get(f"{URL}{solicitud.id}/").json()["faltantes"] == todos[9:]
    r = upme.post(URL, _cuerpo(acuicola, *todos), format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "solicitud_duplicada"


def test_a_complete_application_is_approved_in_one_call(upme):
    acuicola = AcuicultoraFactory(aprobadas=[])
    r = upme.post(URL, _cuerpo(acuicola, *[r.codigo for r in ACUICULTORA]), format="json")
    assert r.status_code == 201 and r.json()["faltantes"] == []
    r = upme.post(f"{URL}{r.json()['id']}/aprobar/", {"fecha": today().isoformat()}, format="json")
    assert r.status_code == 200, r.json()
    assert r.json()["estado"] == "aprobada"


def test_a_foreign_vessels_camara_de_comercio_counts_only_within_a_month_and_ciat_only_for_tuna_vessels(upme):
    hoy = today()
    nave = extranjera(aprobadas=[])
    viejo = meses_antes(hoy, 1) - dt.timedelta(days=1)
    cuerpo = _cuerpo(nave, "constancia_ica", "garantia_bancaria")
    cuerpo["documentos"].append({"tipo": "camara_comercio", "referencia": "CCB-1", "expedido": viejo.isoformat()})
    r = upme.post(URL, cuerpo, format="json")
    assert r.status_code == 201, r.json()
    assert r.json()["faltantes"] == ["camara_comercio", "registro_ciat"]

    otra = extranjera(aprobadas=[])
    cuerpo = _cuerpo(otra, "constancia_ica", "garantia_bancaria", atunera=False)
    cuerpo["documentos"].append({"tipo": "camara_comercio", "referencia": "CCB-2", "expedido": hoy.isoformat()})
    r = upme.post(URL, cuerpo, format="json")
    assert r.status_code == 201, r.json()
    assert r.json()["faltantes"] == []


@pytest.mark.parametrize(
    "documentos, palabra",
    [
        ([{"tipo": "pasaporte", "referencia": "X"}], "no es un documento requerido"),
        ([{"tipo": "permiso_cultivo", "referencia": "A"}, {"tipo": "permiso_cultivo", "referencia": "B"}],
         "dos veces"),
        ([{"tipo": "permiso_cultivo", "referencia": "   "}], "referencia"),
    ],
)
def test_a_document_that_is_not_one_of_the_kinds_requirements_writes_nothing(upme, documentos, palabra):
    acuicola = AcuicultoraFactory(aprobadas=[])
    r = upme.post(URL, _cuerpo(acuicola) | {"documentos": documentos}, format="json")
    assert r.status_code == 400, r.json()
    assert palabra in str(r.json())
    assert not Solicitud.objects.filter(beneficiario=acuicola).exists()
    assert not DocumentoSolicitud.objects.exists()


def test_a_camara_de_comercio_without_its_issue_date_is_a_400(upme):
    nave = extranjera(aprobadas=[])
    r = upme.post(URL, _cuerpo(nave, "camara_comercio"), format="json")
    assert r.status_code == 400 and "fecha de expedición" in str(r.json())
    assert not Solicitud.objects.filter(beneficiario=nave).exists()


def test_the_refusal_is_an_act_notified_with_its_recursos(upme):
    acuicola = AcuicultoraFactory(aprobadas=[])
    solicitud_id = upme.post(URL, _cuerpo(acuicola), format="json").json()["id"]
    hoy = today()
    # Grounds are required, and the decision is dated neither after today nor before the filing.
    r = upme.post(f"{URL}{solicitud_id}/rechazar/", {"fecha": hoy.isoformat(), "motivo": "  "}, format="json")
    assert r.status_code == 400 and "motivo" in r.json()
    manana = (hoy + dt.timedelta(days=1)).isoformat()
    r = upme.post(f"{URL}{solicitud_id}/rechazar/", {"fecha": manana, "motivo": "Sin permiso"}, format="json")
    assert r.status_code == 400 and "fecha" in r.json()
    antes = (hoy - dt.timedelta(days=1)).isoformat()
    r = upme.post(f"{URL}{solicitud_id}/rechazar/", {"fecha": antes, "motivo": "Sin permiso"}, format="json")
    assert r.status_code == 400 and "radicación" in str(r.json())
    assert Solicitud.objects.get(pk=solicitud_id).estado == Solicitud.Estado.RADICADA

    r = upme.post(f"{URL}{solicitud_id}/rechazar/", {"fecha": hoy.isoformat(), "motivo": "Sin permiso de cultivo"},
                  format="json")
    assert r.status_code == 200, r.json()
    assert r.json()["estado"] == "rechazada"
    acto = Acto.objects.get(pk=r.json()["acto"])
    assert acto.fecha_expedicion == hoy
    assert acto.interesados.get().beneficiario_id == acuicola.id
    # The act is reachable as any act (API.md «Acts»), and a decided application takes no second decision.
    assert upme.get(f"/api/v1/actos/{acto.id}/").status_code == 200
    r = upme.post(f"{URL}{solicitud_id}/aprobar/", {"fecha": hoy.isoformat()}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "transicion_invalida"


def test_the_list_filters_by_beneficiary_and_year_and_keeps_each_caller_in_its_scope(upme, cliente):
    hoy = today()
    a, b = AcuicultoraFactory(aprobadas=[]), AcuicultoraFactory(aprobadas=[])
    for beneficiario in (a, b):
        assert upme.post(URL, _cuerpo(beneficiario), format="json").status_code == 201
    r = upme.get(URL, {"beneficiario": a.id, "anio": hoy.year + 1})
    assert r.status_code == 200 and [s["beneficiario"] for s in r.json()["results"]] == [a.id]
    assert upme.get(URL, {"anio": hoy.year}).json()["count"] == 0
    assert upme.get(URL, {"beneficiaro": a.id}).json()["codigo"] == "filtro_desconocido"

    propio = cliente(Rol.BENEFICIARIO, beneficiario=b)
    assert [s["beneficiario"] for s in propio.get(URL).json()["results"]] == [b.id]
    ajena = Solicitud.objects.get(beneficiario=a)
    assert propio.get(f"{URL}{ajena.id}/").status_code == 404
    assert propio.post(f"{URL}{ajena.id}/rechazar/", {"fecha": hoy.isoformat(), "motivo": "x"},
                       format="json").status_code == 403
    assert cliente(Rol.DISTRIBUIDOR).get(URL).status_code == 403


def test_a_beneficiary_files_its_own_application_and_not_anothers(cliente):
    propia, ajena = AcuicultoraFactory(aprobadas=[]), AcuicultoraFactory(aprobadas=[])
    usuario = cliente(Rol.BENEFICIARIO, beneficiario=propia)
    assert usuario.post(URL, _cuerpo(propia, "permiso_cultivo"), format="json").status_code == 201
    assert usuario.post(URL, _cuerpo(ajena), format="json").status_code in (403, 404)
    assert not Solicitud.objects.filter(beneficiario=ajena).exists()
