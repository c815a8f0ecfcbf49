"""F-07: Ecopetrol's supply plans through the API contract (API.md "Border zones"): the pipeline,
roles, unknown ids, bad input and one open plan per department."""

import pytest

from core.identidad.roles import Rol
from core.models import RegistroAuditoria
from fronteras.models import PlanAbastecimiento
from fronteras.tests.factories import D, notificar_con_renuncia_api, presentar

URL = "/api/v1/fronteras/planes/"
TRANSCRITA = {"transcrita": True, "soporte": "Resolución en papel del MinMinas"}
Estado = PlanAbastecimiento.Estado


# --- The binding contract (API.md "Border zones") ---------------------------------------------


@pytest.mark.django_db
def test_contract_present_approve_and_final(cliente):
    eco, mme = cliente(Rol.ECOPETROL), cliente(Rol.MINMINAS)
    r = eco.post(
        URL,
        {
            "departamento": "Norte de Santander",
            "fecha_presentacion": "2026-03-27",
            "descripcion": "Origen: Barrancabermeja; rutas: Troncal; cadena: mayoristas de Cúcuta.",
        },
        format="json",
    )
    assert r.status_code == 201, r.json()
    cuerpo = r.json()
    assert {"id", "estado", "vence_evaluacion"} <= set(cuerpo)
    # 10 business days from Friday 27 March 2026 skip Jueves and Viernes Santo (2 and 3 April).
    assert (cuerpo["estado"], cuerpo["vence_evaluacion"]) == ("presentado", "2026-04-14")
    plan_id = cuerpo["id"]

    r = mme.post(f"{URL}{plan_id}/aprobar/", {"fecha": "2026-04-10", "resolucion": "RES-40123", **TRANSCRITA},
                 format="json")
    assert r.status_code == 200, r.json()
    assert mme.get(f"/api/v1/actos/{r.json()['acto']}/").json()["fecha_expedicion"] == "2026-04-10"
    notificar_con_renuncia_api(mme, r.json()["acto"], "2026-04-10")  # DOMAIN §8: firm from 11 April
    assert {k: r.json()[k] for k in ("estado", "visto_bueno_desde", "visto_bueno_hasta")} == {
        "estado": "aprobado",
        "visto_bueno_desde": "2026-04-10",
        "visto_bueno_hasta": "2028-04-09",
    }

    r = mme.post(f"{URL}{plan_id}/ejecutoria/", {"fecha": "2026-04-24"}, format="json")
    assert r.status_code == 200, r.json()
    assert r.json()["vence_aviso_dian"] == "2026-04-29"  # Friday 24 → Mon 27, Tue 28, Wed 29

    r = eco.post(f"{URL}{plan_id}/aviso-dian/", {"fecha": "2026-04-28"}, format="json")
    assert r.status_code == 200 and r.json()["aviso_dian"] == "2026-04-28"
    r = eco.post(
        f"{URL}{plan_id}/informes/",
        {"anio": 2026, "presentado": "2026-11-20", "resumen": "Sin novedades."},
        format="json",
    )
    assert r.status_code == 201 and r.json()["anio"] == 2026

    detalle = cliente(Rol.AUDITOR).get(f"{URL}{plan_id}/").json()
    assert detalle["fecha_ejecutoria"] == "2026-04-24" and detalle["resolucion"] == "RES-40123"
    lista = cliente(Rol.UPME_ANALISTA).get(f"{URL}?departamento=norte de santander").json()
    assert lista["count"] == 1 and lista["results"][0]["id"] == plan_id
    assert eco.get(f"{URL}{plan_id}/informes/").json()["count"] == 1
    acciones = set(
        RegistroAuditoria.objects.filter(objeto_tipo="fronteras.planabastecimiento").values_list("accion", flat=True)
    )
    assert acciones == {"plan.presentar", "plan.aprobar", "plan.ejecutoria", "plan.aviso_dian"}


@pytest.mark.django_db
def test_adjustments_through_the_api(cliente):
    eco, mme = cliente(Rol.ECOPETROL), cliente(Rol.MINMINAS)
    plan_id = eco.post(
        URL, {"departamento": "Arauca", "fecha_presentacion": "2026-11-06", "descripcion": "v1"}, format="json"
    ).json()["id"]
    r = mme.post(
        f"{URL}{plan_id}/ajustes/",
        {"fecha": "2026-11-13", "detalle": "Precise las rutas fluviales.", "plazo_dias_habiles": 5},
        format="json",
    )
    assert r.status_code == 200, r.json()
    # Friday 13 November + 5 business days skips Monday 16 (Independencia de Cartagena).
    assert (r.json()["estado"], r.json()["vence_ajustes"]) == ("ajustes_solicitados", "2026-11-23")
    r = eco.post(
        f"{URL}{plan_id}/ajustar/", {"fecha": "2026-11-20", "descripcion": "v2 con rutas fluviales"}, format="json"
    )
    assert r.status_code == 200, r.json()
    assert (r.json()["estado"], r.json()["fecha_presentacion"], r.json()["vence_evaluacion"]) == (
        "presentado",
        "2026-11-20",
        "2026-12-04",
    )
    assert r.json()["vence_ajustes"] is None


@pytest.mark.django_db
def test_idempotent_presentation(cliente):
    eco = cliente(Rol.ECOPETROL)
    cuerpo = {"departamento": "Vichada", "fecha_presentacion": "2026-03-27", "descripcion": "Plan"}
    r1 = eco.post(URL, cuerpo, format="json", HTTP_IDEMPOTENCY_KEY="plan-vichada-1")
    r2 = eco.post(URL, cuerpo, format="json", HTTP_IDEMPOTENCY_KEY="plan-vichada-1")
    assert r1.status_code == r2.status_code == 201 and r1.json()["id"] == r2.json()["id"]
    assert PlanAbastecimiento.objects.count() == 1


# --- Roles, unknown ids, bad input ------------------------------------------------------------


OPERACIONES = [
    (
        "presentar",
        "",
        {"departamento": "Guainía", "fecha_presentacion": "2026-03-27", "descripcion": "x"},
        Rol.ECOPETROL,
    ),
    ("ajustes", "ajustes/", {"fecha": "2026-03-30", "detalle": "x", "plazo_dias_habiles": 3}, Rol.MINMINAS),
    ("aprobar", "aprobar/", {"fecha": "2026-03-30", "resolucion": "R-1"}, Rol.MINMINAS),
    ("ejecutoria", "ejecutoria/", {"fecha": "2026-03-30"}, Rol.MINMINAS),
    ("ajustar", "ajustar/", {"fecha": "2026-03-30", "descripcion": "y"}, Rol.ECOPETROL),
    ("aviso", "aviso-dian/", {"fecha": "2026-03-30"}, Rol.ECOPETROL),
    ("informe", "informes/", {"anio": 2026, "presentado": "2026-03-30"}, Rol.ECOPETROL),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("nombre", "ruta", "cuerpo", "rol_permitido"), OPERACIONES, ids=[o[0] for o in OPERACIONES])
def test_writes_refused_to_other_roles(cliente, ecopetrol, nombre, ruta, cuerpo, rol_permitido):
    plan = presentar(ecopetrol)
    url = URL if nombre == "presentar" else f"{URL}{plan.pk}/{ruta}"
    for rol in (Rol.ECOPETROL, Rol.MINMINAS, Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.DISTRIBUIDOR, Rol.DIMAR):
        if rol != rol_permitido:
            assert cliente(rol).post(url, cuerpo, format="json").status_code == 403, rol
    assert PlanAbastecimiento.objects.get().estado == Estado.PRESENTADO


@pytest.mark.django_db
def test_reads_by_plan_readers_and_admins_only(cliente, ecopetrol):
    plan = presentar(ecopetrol)
    for rol in (Rol.ECOPETROL, Rol.MINMINAS, Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.ADMINISTRADOR):
        c = cliente(rol)
        assert c.get(URL).status_code == 200 and c.get(f"{URL}{plan.pk}/").status_code == 200, rol
    for rol in (Rol.DISTRIBUIDOR, Rol.DIMAR, Rol.CAPITANIA_OFICIAL, Rol.BENEFICIARIO):
        assert cliente(rol).get(f"{URL}{plan.pk}/").status_code == 403, rol


@pytest.mark.django_db
def test_unknown_plan_is_404(cliente):
    assert (
        cliente(Rol.MINMINAS)
        .post(f"{URL}999999/aprobar/", {"fecha": "2026-03-30", "resolucion": "R"}, format="json")
        .status_code
        == 404
    )
    assert (
        cliente(Rol.ECOPETROL).post(f"{URL}999999/aviso-dian/", {"fecha": "2026-03-30"}, format="json").status_code
        == 404
    )
    assert cliente(Rol.AUDITOR).get(f"{URL}999999/").status_code == 404


@pytest.mark.django_db
def test_bad_input_and_future_dates_are_400(cliente, ecopetrol):
    eco, mme = cliente(Rol.ECOPETROL), cliente(Rol.MINMINAS)
    r = eco.post(URL, {"departamento": "Arauca", "fecha_presentacion": "27/03/2026"}, format="json")
    assert r.status_code == 400 and {"fecha_presentacion", "descripcion"} <= set(r.json())
    r = eco.post(URL, {"departamento": "Arauca", "fecha_presentacion": "2099-01-02", "descripcion": "x"}, format="json")
    assert r.status_code == 400 and "fecha_presentacion" in r.json()
    plan = presentar(ecopetrol)
    r = mme.post(f"{URL}{plan.pk}/aprobar/", {"fecha": "2099-01-02", "resolucion": "R"}, format="json")
    assert r.status_code == 400 and "fecha" in r.json()
    r = mme.post(f"{URL}{plan.pk}/aprobar/", {"fecha": "2026-03-26", "resolucion": "R"}, format="json")
    assert r.status_code == 400  # before the presentation
    r = mme.post(
        f"{URL}{plan.pk}/ajustes/", {"fecha": "2026-03-30", "detalle": "x", "plazo_dias_habiles": 0}, format="json"
    )
    assert r.status_code == 400 and "plazo_dias_habiles" in r.json()
    r = mme.post(f"{URL}{plan.pk}/aprobar/", {"fecha": "2026-03-30", "resolucion": "R"}, format="json")
    assert r.status_code == 400 and "transcrito" in r.json()["fecha"][0]  # DOMAIN §8: a past act is transcribed
    r = mme.post(f"{URL}{plan.pk}/aprobar/", {"fecha": "2026-03-30", "resolucion": "R", "transcrita": True},
                 format="json")
    assert r.status_code == 400 and "soporte" in r.json()
    mme.post(f"{URL}{plan.pk}/aprobar/", {"fecha": "2026-03-30", "resolucion": "R", **TRANSCRITA}, format="json")
    r = mme.post(f"{URL}{plan.pk}/ejecutoria/", {"fecha": "2099-01-02"}, format="json")
    assert r.status_code == 400 and "fecha" in r.json()
    assert PlanAbastecimiento.objects.get().fecha_ejecutoria is None


@pytest.mark.django_db
def test_one_open_plan_per_department(cliente, ecopetrol, minminas):
    plan = presentar(ecopetrol, departamento="La Guajira")
    r = cliente(Rol.ECOPETROL).post(
        URL, {"departamento": "la guajira", "fecha_presentacion": "2026-04-01", "descripcion": "otro"}, format="json"
    )
    assert r.status_code == 409 and r.json()["codigo"] == "plan_en_curso" and r.json()["plan"] == plan.pk
    assert presentar(ecopetrol, departamento="Arauca").pk != plan.pk
    PlanAbastecimiento.objects.filter(pk=plan.pk).update(estado=Estado.VENCIDO)
    assert presentar(ecopetrol, departamento="La Guajira", fecha=D(2026, 4, 1)).pk != plan.pk
