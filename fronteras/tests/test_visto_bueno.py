"""F-07: the visto bueno gates distribution. A delivery in a border municipality needs its department's supply
plan approved by MinMinas, the approval final (ejecutoriada) and the visto bueno in force on the delivery's date:
otherwise `409 sin_visto_bueno` (API.md «Border zones»), and the delivery page says why in Spanish."""

import pytest
from django.urls import reverse

from core.identidad.roles import Rol
from core.tests.factories import DistribuidorFactory
from fronteras.models import Despacho
from fronteras.services.planes import plan_renovar_si_corresponde
from fronteras.tests.factories import (
    NIT_TERCERO,
    D,
    aprobar_transcrita,
    asignar,
    contratar,
    crear_ejemplo,
    ejecutoria_api,
    ejecutoria_previa,
    ejecutoriar,
    presentar,
    texto,
    visto_bueno,
)
from fronteras.tests.factories import ejemplo_api as ejemplo

pytestmark = pytest.mark.django_db


@pytest.fixture
def entregar(upme, cliente):
    """The example's assignment final on 2026-04-11, the tercero contracted for Cúcuta (F-01): a function that
    posts a delivery of `galones` to station A on `fecha` (API.md `POST fronteras/despachos/`)."""
    ids, r = ejemplo(upme)
    ejecutoria_api(upme, r.json()["id"], "2026-04-11")
    tercero = cliente(Rol.DISTRIBUIDOR, distribuidor=DistribuidorFactory(nit=NIT_TERCERO, tipo="tercero"))
    contratar()

    def _entregar(fecha: str, galones: str = "100"):
        return tercero.post("/api/v1/fronteras/despachos/", {"distribuidor_nit": NIT_TERCERO, "estacion": ids["A"],
                                                             "fecha": fecha, "combustible": "acpm",
                                                             "galones": galones}, format="json")

    return _entregar


def _rechazado(r) -> str:
    assert r.status_code == 409, r.content
    assert r.json()["codigo"] == "sin_visto_bueno"
    return r.json()["detalle"]


def test_f07_delivery_without_a_supply_plan_is_409_sin_visto_bueno(entregar):
    detalle = _rechazado(entregar("2026-04-20"))
    assert "no ha aprobado el plan de abastecimiento" in detalle and "Norte de Santander" in detalle
    assert not Despacho.objects.exists()


def test_f07_plan_of_another_department_does_not_open_deliveries(entregar):
    visto_bueno("La Guajira")
    _rechazado(entregar("2026-04-20"))
    assert not Despacho.objects.exists()


def test_f07_plan_approved_but_not_final_is_409(entregar, ecopetrol, minminas):
    plan = aprobar_transcrita(actor=minminas, plan=presentar(ecopetrol, fecha=D(2026, 3, 2)), fecha=D(2026, 3, 4),
                              resolucion="40100")
    detalle = _rechazado(entregar("2026-04-20"))
    assert "aún no estaba en firme" in detalle
    # Final on 22 April: still refused for a delivery of the 21st, accepted from the 22nd.
    ejecutoria_previa(actor=minminas, plan=plan, fecha=D(2026, 4, 22))
    _rechazado(entregar("2026-04-21"))
    assert entregar("2026-04-22").status_code == 201
    assert Despacho.objects.count() == 1


def test_f07_final_and_in_force_is_201(entregar):
    """Approved and final on 15 April: in force from that day, not the day before."""
    visto_bueno("Norte de Santander", desde=D(2026, 4, 15))
    _rechazado(entregar("2026-04-14"))
    r = entregar("2026-04-15")
    assert r.status_code == 201, r.content
    assert entregar("2026-04-20").status_code == 201
    assert sorted(Despacho.objects.values_list("fecha", flat=True)) == [D(2026, 4, 15), D(2026, 4, 20)]


def test_f07_after_visto_bueno_hasta_is_409(analista, ecopetrol, minminas, cliente):
    """Approved on 2022-04-01 for 2 years, renewed once automatically (unchanged): in force to 2026-03-31; the
    day after, the visto bueno has expired and no delivery is recorded."""
    crear_ejemplo(analista)
    ejecutoriar(analista, asignar(analista), D(2026, 3, 2))
    DistribuidorFactory(nit=NIT_TERCERO, tipo="tercero")
    contratar()
    plan = visto_bueno("Norte de Santander", desde=D(2022, 4, 1))
    plan = plan_renovar_si_corresponde(plan=plan, fecha=D(2024, 4, 1))
    assert plan.renovado and plan.visto_bueno_hasta == D(2026, 3, 31)
    ecopetrol_api = cliente(Rol.ECOPETROL)
    cuerpo = {"distribuidor_nit": NIT_TERCERO, "estacion": crear_estacion_a(), "combustible": "acpm",
              "galones": "100"}
    assert ecopetrol_api.post("/api/v1/fronteras/despachos/", {**cuerpo, "fecha": "2026-03-31"},
                              format="json").status_code == 201
    detalle = _rechazado(ecopetrol_api.post("/api/v1/fronteras/despachos/", {**cuerpo, "fecha": "2026-04-01"},
                                            format="json"))
    assert "ya había vencido" in detalle
    # The daily job records the expiry (the renewal happens only once): still refused.
    plan_renovar_si_corresponde(plan=plan, fecha=D(2026, 4, 1))
    _rechazado(ecopetrol_api.post("/api/v1/fronteras/despachos/", {**cuerpo, "fecha": "2026-04-02"}, format="json"))
    assert Despacho.objects.count() == 1


def crear_estacion_a() -> int:
    from fronteras.models import EstacionServicio

    return EstacionServicio.objects.get(codigo="A").id


def test_f07_the_delivery_page_refuses_in_spanish_without_the_code(entrar, analista, ejemplo):
    ejecutoriar(analista, asignar(analista), D(2026, 4, 11))
    tercero = DistribuidorFactory(nit=NIT_TERCERO, tipo="tercero")
    contratar()
    cliente = entrar(Rol.DISTRIBUIDOR, distribuidor=tercero)
    datos = {"distribuidor_nit": NIT_TERCERO, "estacion": str(ejemplo["A"].id), "combustible": "acpm",
             "fecha": "2026-04-20", "galones": "100"}
    r = cliente.post(reverse("fronteras:despachos"), datos)
    pagina = texto(r)
    assert r.status_code == 400 and "plan de abastecimiento" in pagina and "visto bueno" in pagina
    assert "sin_visto_bueno" not in pagina and "F-07" not in pagina
    assert not Despacho.objects.exists()
    # The htmx fragment next to the form says it before the delivery is typed.
    consulta = {"estacion": ejemplo["A"].id, "combustible": "acpm", "fecha": "2026-04-20"}
    fragmento = texto(cliente.get(reverse("fronteras:despacho-disponible"), consulta))
    assert "Sin visto bueno del plan de abastecimiento" in fragmento and "Cúcuta" in fragmento
    visto_bueno()
    fragmento = texto(cliente.get(reverse("fronteras:despacho-disponible"), consulta))
    assert "Sin visto bueno" not in fragmento and "disponible" in fragmento
    assert cliente.post(reverse("fronteras:despachos"), datos).status_code == 302
    assert Despacho.objects.count() == 1


def test_f07_the_department_is_read_without_case_or_accents(entregar):
    _rechazado(entregar("2026-04-20"))
    visto_bueno("NORTE DE SANTÁNDER", desde=D(2026, 1, 15))
    assert entregar("2026-04-20").status_code == 201


def test_f07_a_delivery_to_a_large_consumer_needs_the_visto_bueno_too(upme, cliente):
    from fronteras.tests.test_grandes_consumidores_apis import registrar

    gc = registrar(upme)  # Cúcuta's large consumer, 3,000 gal/month from 2026-04-11
    tercero = cliente(Rol.DISTRIBUIDOR, distribuidor=DistribuidorFactory(nit=NIT_TERCERO, tipo="tercero"))
    contratar()
    cuerpo = {"distribuidor_nit": NIT_TERCERO, "gran_consumidor": gc, "fecha": "2026-05-04", "combustible": "acpm",
              "galones": "100"}
    _rechazado(tercero.post("/api/v1/fronteras/despachos/", cuerpo, format="json"))
    visto_bueno()
    assert tercero.post("/api/v1/fronteras/despachos/", cuerpo, format="json").status_code == 201
