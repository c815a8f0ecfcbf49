"""F-01 (art. 2): only the distributors Ecopetrol contracts record deliveries in a border municipality."""

import pytest

from core.identidad.roles import Rol
from core.tests.factories import DistribuidorFactory
from fronteras.models import Despacho
from fronteras.tests.factories import NIT_TERCERO, ejecutoria_api, visto_bueno
from fronteras.tests.factories import ejemplo_api as ejemplo

pytestmark = pytest.mark.django_db


def _contrato(**cambios):
    return {
        "distribuidor_nit": NIT_TERCERO,
        "municipio": "54001",
        "acto": "Contrato Ecopetrol 5211 de 2026",
        "vigente_desde": "2026-04-15",
        **cambios,
    }


def test_f01_only_distributors_contracted_by_ecopetrol_record_deliveries(upme, cliente):
    ids, r = ejemplo(upme)
    ejecutoria_api(upme, r.json()["id"], "2026-04-11")
    visto_bueno()
    tercero = cliente(Rol.DISTRIBUIDOR, distribuidor=DistribuidorFactory(nit=NIT_TERCERO, tipo="tercero"))
    DistribuidorFactory(nit="900777666", tipo="tercero", activo=False)
    cuerpo = {
        "distribuidor_nit": NIT_TERCERO,
        "estacion": ids["A"],
        "fecha": "2026-04-20",
        "combustible": "acpm",
        "galones": "100",
    }

    # Not contracted: refused, nothing written.
    r = tercero.post("/api/v1/fronteras/despachos/", cuerpo, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "distribuidor_no_contratado", r.content
    assert not Despacho.objects.exists()

    # Ecopetrol records its contracts; a distributor not active in the registry cannot be contracted.
    ecopetrol = cliente(Rol.ECOPETROL)
    assert upme.post("/api/v1/fronteras/contratos/", _contrato(), format="json").status_code == 403
    r = ecopetrol.post("/api/v1/fronteras/contratos/", _contrato(distribuidor_nit="900777666"), format="json")
    assert r.status_code == 400 and "distribuidor_nit" in r.json()
    r = ecopetrol.post("/api/v1/fronteras/contratos/", _contrato(), format="json")
    assert r.status_code == 201 and r.json()["municipio"] == "54001", r.content
    assert ecopetrol.post("/api/v1/fronteras/contratos/", _contrato(), format="json").json()["codigo"] == (
        "contrato_duplicado"
    )

    # In force from 15 April: a delivery dated before it is still refused; after it, accepted.
    r = tercero.post("/api/v1/fronteras/despachos/", {**cuerpo, "fecha": "2026-04-14"}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "distribuidor_no_contratado"
    assert tercero.post("/api/v1/fronteras/despachos/", cuerpo, format="json").status_code == 201
    assert tercero.get("/api/v1/fronteras/contratos/").json()["count"] == 1


def test_f01_a_contract_covers_its_own_municipality_only(upme, cliente):
    ids, r = ejemplo(upme)
    ejecutoria_api(upme, r.json()["id"], "2026-04-11")
    upme.post(
        "/api/v1/fronteras/municipios/",
        {"codigo_dane": "54498", "nombre": "Ocaña", "departamento": "Norte de Santander", "poblacion": 90000},
        format="json",
    )
    tercero = cliente(Rol.DISTRIBUIDOR, distribuidor=DistribuidorFactory(nit=NIT_TERCERO, tipo="tercero"))
    ecopetrol = cliente(Rol.ECOPETROL)
    r = ecopetrol.post(
        "/api/v1/fronteras/contratos/",
        _contrato(municipio="54498", vigente_desde="2026-01-01", vigente_hasta="2026-12-31"),
        format="json",
    )
    assert r.status_code == 201, r.content
    cuerpo = {
        "distribuidor_nit": NIT_TERCERO,
        "estacion": ids["A"],
        "fecha": "2026-04-20",
        "combustible": "acpm",
        "galones": "100",
    }
    r = tercero.post("/api/v1/fronteras/despachos/", cuerpo, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "distribuidor_no_contratado"


def test_f01_ecopetrol_records_a_contract_in_the_admin(client, crear_usuario, upme):
    from core.models import RegistroAuditoria
    from fronteras.models import ContratoEcopetrol, Municipio

    ejemplo(upme)
    tercero = DistribuidorFactory(nit=NIT_TERCERO, tipo="tercero")
    client.force_login(crear_usuario(Rol.ECOPETROL, is_staff=True))
    assert client.get("/admin/fronteras/contratoecopetrol/add/").status_code == 200
    r = client.post(
        "/admin/fronteras/contratoecopetrol/add/",
        {
            "distribuidor": tercero.pk,
            "municipio": Municipio.objects.get(codigo_dane="54001").pk,
            "acto": "Contrato Ecopetrol 5211 de 2026",
            "vigente_desde": "2026-04-15",
            "vigente_hasta": "",
            "prioridad": "1",
            "motivo": "",
            "registro_minminas": "",
        },
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    assert ContratoEcopetrol.objects.get().distribuidor == tercero
    assert RegistroAuditoria.objects.filter(accion="contratoecopetrol.crear.admin").exists()


def test_f01_a_contract_with_only_the_api_fields_is_the_first_tier(upme, cliente):
    ejemplo(upme)
    DistribuidorFactory(nit=NIT_TERCERO, tipo="tercero")
    r = cliente(Rol.ECOPETROL).post("/api/v1/fronteras/contratos/", _contrato(), format="json")
    assert r.status_code == 201, r.content
    assert (r.json()["prioridad"], r.json()["motivo"], r.json()["registro_minminas"]) == (1, "", "")


@pytest.mark.parametrize("prioridad", [2, 3, 4])
def test_f01_a_lower_tier_needs_the_reason_why_the_higher_ones_cannot_serve(upme, cliente, prioridad):
    from fronteras.models import ContratoEcopetrol

    ejemplo(upme)
    DistribuidorFactory(nit=NIT_TERCERO, tipo="tercero")
    ecopetrol = cliente(Rol.ECOPETROL)
    registro = {"registro_minminas": "Resolución MinMinas 31245 de 2023"}
    r = ecopetrol.post("/api/v1/fronteras/contratos/", _contrato(prioridad=prioridad, **registro), format="json")
    assert r.status_code == 400 and "motivo" in r.json(), r.content
    r = ecopetrol.post("/api/v1/fronteras/contratos/", _contrato(prioridad=prioridad, motivo="   ", **registro),
                       format="json")
    assert r.status_code == 400 and "motivo" in r.json()
    assert not ContratoEcopetrol.objects.exists()
    motivo = "La planta de Cúcuta no llega a los corregimientos rurales de la frontera."
    r = ecopetrol.post("/api/v1/fronteras/contratos/", _contrato(prioridad=prioridad, motivo=motivo, **registro),
                       format="json")
    assert r.status_code == 201, r.content
    assert (r.json()["prioridad"], r.json()["motivo"]) == (prioridad, motivo)


def test_f01_a_tercero_needs_its_minminas_registration_act(upme, cliente):
    from fronteras.models import ContratoEcopetrol

    ejemplo(upme)
    DistribuidorFactory(nit=NIT_TERCERO, tipo="tercero")
    ecopetrol = cliente(Rol.ECOPETROL)
    cuerpo = _contrato(prioridad=3, motivo="Las plantas no alcanzan a atender el municipio.")
    r = ecopetrol.post("/api/v1/fronteras/contratos/", cuerpo, format="json")
    assert r.status_code == 400 and "registro_minminas" in r.json() and "motivo" not in r.json()
    assert not ContratoEcopetrol.objects.exists()
    r = ecopetrol.post("/api/v1/fronteras/contratos/", {**cuerpo, "registro_minminas": "Resolución 31245 de 2023"},
                       format="json")
    assert r.status_code == 201 and r.json()["registro_minminas"] == "Resolución 31245 de 2023"
    r = ecopetrol.post("/api/v1/fronteras/contratos/", _contrato(prioridad=5), format="json")
    assert r.status_code == 400 and "prioridad" in r.json()


def test_f01_the_contract_page_records_the_tier_and_lists_it(upme, entrar):
    from django.urls import reverse

    from fronteras.models import ContratoEcopetrol

    ejemplo(upme)
    DistribuidorFactory(nit=NIT_TERCERO, tipo="tercero", razon_social="Combustibles Frontera S.A.S.")
    cliente = entrar(Rol.ECOPETROL)
    url = reverse("fronteras:contratos")
    pagina = cliente.get(url).content.decode()
    assert "Registrar contrato" in pagina and "Orden de prelación" in pagina
    datos = {"distribuidor_nit": NIT_TERCERO, "municipio": "54001", "acto": "Contrato Ecopetrol 5211 de 2026",
             "vigente_desde": "2026-04-15", "prioridad": "3", "motivo": "", "registro_minminas": ""}
    r = cliente.post(url, datos)
    pagina = r.content.decode()
    assert r.status_code == 400 and "Indique por qué las plantas" in pagina and "acto del Ministerio de Minas" in pagina
    assert not ContratoEcopetrol.objects.exists()
    r = cliente.post(url, {**datos, "motivo": "Las plantas no llegan a la zona rural.",
                           "registro_minminas": "Resolución MinMinas 31245 de 2023"}, follow=True)
    pagina = r.content.decode()
    assert r.status_code == 200 and "Se registró el contrato de Combustibles Frontera S.A.S. en Cúcuta" in pagina
    assert "3. Terceros registrados en el MinMinas" in pagina and "Resolución MinMinas 31245 de 2023" in pagina
    assert ContratoEcopetrol.objects.get().prioridad == 3
    # The tercero reads its own contracts, without the form; the pages show no rule codes.
    lectura = entrar(Rol.DISTRIBUIDOR, distribuidor=ContratoEcopetrol.objects.get().distribuidor).get(url)
    texto_tercero = lectura.content.decode()
    assert lectura.status_code == 200 and "3. Terceros registrados" in texto_tercero
    assert "Registrar contrato" not in texto_tercero and "F-01" not in texto_tercero
