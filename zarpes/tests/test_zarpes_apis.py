"""The API.md contract of zarpes, certificates and public verification."""

import datetime as dt

import pytest

from core.identidad.roles import Rol
from core.tests.factories import CapitaniaFactory
from cupos.tests.factories import NaveFactory
from zarpes.tests.factories import nave_con_cupo


@pytest.fixture
def oficial(cliente):
    return cliente(Rol.CAPITANIA_OFICIAL)


def zarpe(api, nave, fecha="2026-03-20", galones="800", anterior=None, **extra):
    cuerpo = {
        "nave": nave.id,
        "capitania": "CP05",
        "fecha": fecha,
        "galones_solicitados": galones,
        "certificado_anterior": anterior,
        **extra,
    }
    return api.post("/api/v1/zarpes/", cuerpo, format="json")


@pytest.mark.django_db
def test_certified_zarpe_response_shape(oficial):
    nave, _ = nave_con_cupo()
    r = zarpe(oficial, nave)
    assert r.status_code == 201
    cuerpo = r.json()
    assert cuerpo["estado"] == "certificado" and cuerpo["motivo"] is None and cuerpo["limitado_por"] is None
    assert cuerpo["galones_autorizados"] == "800.00" and cuerpo["disponible_despues"] == "167.74"
    cert = cuerpo["certificado"]
    assert set(cert) >= {"numero", "codigo_verificacion", "galones_autorizados", "fecha_expedicion", "pdf"}
    assert cert["numero"] == "CP05-2026-000001" and cert["galones_autorizados"] == "800.00"
    assert cert["pdf"].endswith(f"/api/v1/certificados/{cert['numero']}/pdf/")


@pytest.mark.django_db
def test_limited_then_denied(oficial):
    nave, _ = nave_con_cupo()
    n1 = zarpe(oficial, nave).json()["certificado"]["numero"]
    r = zarpe(oficial, nave, "2026-03-28", "500", n1).json()
    assert (r["limitado_por"], r["galones_autorizados"], r["disponible_despues"]) == ("cupo", "167.74", "0.00")
    r = zarpe(oficial, nave, "2026-03-30", "100", r["certificado"]["numero"])
    assert r.status_code == 201
    assert r.json()["estado"] == "negado" and r.json()["motivo"] == "sin_cupo" and r.json()["certificado"] is None
    assert r.json()["galones_autorizados"] == "0.00"


@pytest.mark.django_db
def test_no_cupo_vigente_denial_and_wrong_chain(oficial):
    r = zarpe(oficial, NaveFactory())
    assert r.status_code == 201 and r.json()["motivo"] == "sin_cupo_vigente"
    nave, _ = nave_con_cupo()
    r = zarpe(oficial, nave, anterior="CP05-2026-000777")
    assert r.status_code == 409 and r.json()["codigo"] == "certificado_anterior_invalido"


@pytest.mark.django_db
def test_nave_by_matricula_and_bad_input(oficial):
    nave, _ = nave_con_cupo(matricula="MC-05-1234")
    r = oficial.post(
        "/api/v1/zarpes/",
        {
            "nave": "MC-05-1234",
            "capitania": "CP05",
            "fecha": "2026-03-20",
            "galones_solicitados": 10,
            "certificado_anterior": None,
        },
        format="json",
    )
    assert r.status_code == 201
    for malo in (
        {"galones_solicitados": "-5"},
        {"galones_solicitados": "abc"},
        {"fecha": "2026-02-30"},
        {"nave": "NO-EXISTE"},
        {"nave": 99999999},
        {"fecha": (dt.date.today() + dt.timedelta(days=3)).isoformat()},
    ):
        cuerpo = {
            "nave": nave.id,
            "capitania": "CP05",
            "fecha": "2026-03-21",
            "galones_solicitados": 10,
            "certificado_anterior": None,
            **malo,
        }
        assert oficial.post("/api/v1/zarpes/", cuerpo, format="json").status_code == 400, malo


@pytest.mark.django_db
def test_retry_with_idempotency_key_returns_the_same_certificate(oficial):
    nave, _ = nave_con_cupo()
    cuerpo = {
        "nave": nave.id,
        "capitania": "CP05",
        "fecha": "2026-03-20",
        "galones_solicitados": "800",
        "certificado_anterior": None,
    }
    a = oficial.post("/api/v1/zarpes/", cuerpo, format="json", HTTP_IDEMPOTENCY_KEY="zarpe-1")
    b = oficial.post("/api/v1/zarpes/", cuerpo, format="json", HTTP_IDEMPOTENCY_KEY="zarpe-1")
    assert a.status_code == b.status_code == 201
    assert a.json()["certificado"]["numero"] == b.json()["certificado"]["numero"]
    assert oficial.get(f"/api/v1/zarpes/?nave={nave.id}").json()["count"] == 1


@pytest.mark.django_db
def test_inspection_endpoint(oficial):
    nave, _ = nave_con_cupo()
    z = zarpe(oficial, nave).json()
    r = oficial.post(
        f"/api/v1/zarpes/{z['id']}/inspeccion/", {"fecha": "2026-04-03", "galones_verificados": 700}, format="json"
    )
    assert r.status_code == 200 and r.json()["reintegro"] == "100.00"
    r = oficial.post(
        f"/api/v1/zarpes/{z['id']}/inspeccion/", {"fecha": "2026-04-03", "galones_verificados": 700}, format="json"
    )
    assert r.status_code == 409 and r.json()["codigo"] == "inspeccion_registrada"


@pytest.mark.django_db
def test_inspection_above_authorized_is_400(oficial):
    nave, _ = nave_con_cupo()
    z = zarpe(oficial, nave).json()
    r = oficial.post(
        f"/api/v1/zarpes/{z['id']}/inspeccion/", {"fecha": "2026-04-03", "galones_verificados": "800.01"}, format="json"
    )
    assert r.status_code == 400 and "galones_verificados" in r.json()


@pytest.mark.django_db
def test_certificate_detail_and_real_pdf(oficial):
    nave, _ = nave_con_cupo()
    numero = zarpe(oficial, nave).json()["certificado"]["numero"]
    assert oficial.get(f"/api/v1/certificados/{numero}/").json()["matricula"] == nave.matricula
    pdf = oficial.get(f"/api/v1/certificados/{numero}/pdf/")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF") and len(pdf.content) > 2000


@pytest.mark.django_db
def test_public_verification_shows_only_the_listed_fields(oficial, api, client):
    nave, _ = nave_con_cupo()
    cert = zarpe(oficial, nave).json()["certificado"]
    r = api.get(f"/api/v1/verificar/{cert['codigo_verificacion']}/")
    assert r.status_code == 200
    firma = r.json().pop("firma")  # API.md "Signed acts": the signature of the stored PDF (the Capitanía's seal)
    assert set(firma) == {"valida", "firmante", "cargo", "entidad", "fecha", "nivel"} and firma["valida"] is True
    assert {k: v for k, v in r.json().items() if k != "firma"} == {
        "valido": True,
        "numero": cert["numero"],
        "matricula": nave.matricula,
        "galones_autorizados": "800.00",
        "fecha_expedicion": "2026-03-20",
        "estado": "vigente",
    }
    assert api.get("/api/v1/verificar/AAAA-BBBB-CCCC-DDDD/").status_code == 404
    pagina = client.get(f"/verificar/{cert['codigo_verificacion']}/")
    assert pagina.status_code == 200 and cert["numero"] in pagina.content.decode()
    assert nave.nombre not in pagina.content.decode()  # nothing more about the beneficiary
    assert client.get("/verificar/NO-EXISTE/").status_code == 404


@pytest.mark.django_db
def test_scopes_of_zarpes(oficial, cliente):
    nave, _ = nave_con_cupo()
    z = zarpe(oficial, nave).json()
    CapitaniaFactory(codigo="CP01", nombre="Buenaventura")
    otro_oficial = cliente(Rol.CAPITANIA_OFICIAL, capitania=CapitaniaFactory(codigo="CP01"))
    assert otro_oficial.get(f"/api/v1/zarpes/{z['id']}/").status_code == 404
    assert otro_oficial.get("/api/v1/zarpes/").json()["count"] == 0
    assert (
        otro_oficial.post(
            f"/api/v1/zarpes/{z['id']}/inspeccion/", {"fecha": "2026-04-03", "galones_verificados": 1}, format="json"
        ).status_code
        == 404
    )
    assert cliente(Rol.DIMAR).get("/api/v1/zarpes/?capitania=CP05").json()["count"] == 1
    propio = cliente(Rol.BENEFICIARIO, beneficiario=nave)
    assert propio.get(f"/api/v1/zarpes/{z['id']}/").status_code == 200
    assert propio.get(f"/api/v1/certificados/{z['certificado']['numero']}/").status_code == 200
    ajeno = cliente(Rol.BENEFICIARIO, beneficiario=NaveFactory())
    assert ajeno.get(f"/api/v1/certificados/{z['certificado']['numero']}/").status_code == 404
    # A wholesaler reads a certificate only with the code printed on the paper, and never receives the code.
    mayorista, numero = cliente(Rol.DISTRIBUIDOR), z["certificado"]["numero"]
    assert mayorista.get(f"/api/v1/certificados/{numero}/").status_code == 404
    assert mayorista.get(f"/api/v1/certificados/{numero}/", {"codigo": "ABCD-EFGH-JKLM-NPQR"}).status_code == 404
    leido = mayorista.get(f"/api/v1/certificados/{numero}/", {"codigo": z["certificado"]["codigo_verificacion"]})
    assert leido.status_code == 200 and leido.json()["codigo_verificacion"] is None
    pdf = f"/api/v1/certificados/{numero}/pdf/"
    assert mayorista.get(pdf).status_code == 404
    assert mayorista.get(pdf, {"codigo": z["certificado"]["codigo_verificacion"].lower()}).status_code == 200
    assert cliente(Rol.DIMAR).post("/api/v1/zarpes/", {}, format="json").status_code == 403


@pytest.mark.django_db
def test_the_hand_built_issuance_response_equals_the_serializer(oficial, rf):
    from zarpes.apis.zarpes import ZarpeOutput, zarpe_respuesta
    from zarpes.models import Zarpe

    nave, _ = nave_con_cupo()
    zarpe(oficial, nave)
    zarpe(oficial, NaveFactory())  # a denial
    request = rf.get("/")
    for z in Zarpe.objects.all():
        assert zarpe_respuesta(z, request) == ZarpeOutput(z, context={"request": request}).data


@pytest.mark.django_db
def test_r01_api_refuses_a_foreign_vessel_after_its_permit(oficial):
    nave, _ = nave_con_cupo(tipo="nave_extranjera", bandera="PA", empresa_nit="900123456",
                            permiso_vigente_hasta=dt.date(2026, 3, 19))
    r = zarpe(oficial, nave, fecha="2026-03-20")
    assert r.status_code == 409 and r.json()["codigo"] == "permiso_vencido"
    assert "19 de marzo de 2026" in r.json()["detalle"]
    assert zarpe(oficial, nave, fecha="2026-03-19").status_code == 201  # its last day
