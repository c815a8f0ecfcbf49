"""The API.md contract for beneficiaries, resolutions, cupos and balances."""

import datetime as dt

import pytest

from core.identidad.roles import Rol
from core.models import MensajeSaliente
from core.tests.factories import CapitaniaFactory, DistribuidorFactory
from cupos.tests.factories import dia_antes, notificar_con_renuncia_por_api, resolucion_por_api

NAVE = {
    "tipo": "nave_nacional",
    "nombre": "Doña Lucía",
    "identificacion": "900123456",
    "matricula": "MC-05-0042",
    "bandera": "CO",
    "trb": 120,
    "actividad": "pesca",
    "capacidad_combustible_gal": "3000",
    "capitania": "CP05",
}


@pytest.fixture
def upme(cliente):
    CapitaniaFactory(codigo="CP05", nombre="Cartagena")
    DistribuidorFactory(nit="900456123")
    return cliente(Rol.UPME_ANALISTA)


def crear_cupo_firme(upme, nave=NAVE, firmeza="2026-03-17"):
    b = upme.post("/api/v1/beneficiarios/", nave, format="json")
    assert b.status_code == 201, b.json()
    r = resolucion_por_api(upme, anio=2026, numero=f"R-{b.json()['id']}", fecha_expedicion="2026-02-20")
    c = upme.post(
        "/api/v1/cupos/",
        {"resolucion": r["id"], "beneficiario": b.json()["id"], "galones_anuales": 24000},
        format="json",
    )
    assert c.status_code == 201, c.json()
    notificar_con_renuncia_por_api(upme, c.json(), dia_antes(firmeza))  # DOMAIN §8: firm from the next day
    f = upme.post(f"/api/v1/cupos/{c.json()['id']}/firmeza/", {"fecha_firmeza": firmeza}, format="json")
    assert f.status_code == 200, f.json()
    return b.json(), c.json(), f.json()


@pytest.mark.django_db
def test_beneficiary_kinds_and_their_required_fields(upme):
    """R-01 kinds and fuels; R-02 a vessel's Dimar data (matrícula, flag, TRB, capacity, capitanía)."""
    r = upme.post("/api/v1/beneficiarios/", NAVE, format="json")
    assert r.status_code == 201
    assert r.json()["combustible"] == "diesel_marino" and r.json()["capitania"] == "CP05"
    assert r.json()["capacidad_combustible_gal"] == "3000.00"
    ext = {**NAVE, "tipo": "nave_extranjera", "matricula": "PA-777", "bandera": "PA"}
    r = upme.post("/api/v1/beneficiarios/", ext, format="json")
    assert r.status_code == 400 and "empresa_nit" in r.json()
    r = upme.post(
        "/api/v1/beneficiarios/",
        {**ext, "empresa_nit": "900111222", "permiso_vigente_hasta": "2027-06-30"},
        format="json",
    )
    assert r.status_code == 201 and r.json()["permiso_vigente_hasta"] == "2027-06-30"
    r = upme.post("/api/v1/beneficiarios/", {**NAVE, "matricula": "MC-1", "bandera": "PA"}, format="json")
    assert r.status_code == 400 and "bandera" in r.json()
    r = upme.post(
        "/api/v1/beneficiarios/", {"tipo": "armada", "nombre": "Armada", "identificacion": "800141397"}, format="json"
    )
    assert r.status_code == 400 and "distribuidor_nit" in r.json()
    r = upme.post(
        "/api/v1/beneficiarios/",
        {"tipo": "armada", "nombre": "Armada", "identificacion": "800141397", "distribuidor_nit": "900456123"},
        format="json",
    )
    assert r.status_code == 201 and r.json()["combustible"] == "acpm"
    r = upme.post(
        "/api/v1/beneficiarios/",
        {"tipo": "acuicultora", "nombre": "Acuícola", "identificacion": "9001", "distribuidor_nit": "900456123"},
        format="json",
    )
    assert r.status_code == 400 and "permiso_cultivo_vigente_hasta" in r.json()
    r = upme.post(
        "/api/v1/beneficiarios/",
        {"tipo": "acuicultora", "nombre": "Acuícola", "identificacion": "9001", "distribuidor_nit": "900456123",
         "permiso_cultivo_vigente_hasta": "2028-06-30"},
        format="json",
    )
    assert r.status_code == 201 and r.json()["permiso_cultivo_vigente_hasta"] == "2028-06-30"
    sin_capacidad = {k: v for k, v in NAVE.items() if k != "capacidad_combustible_gal"} | {"matricula": "MC-2"}
    r = upme.post("/api/v1/beneficiarios/", sin_capacidad, format="json")
    assert r.status_code == 400 and "capacidad_combustible_gal" in r.json()


@pytest.mark.django_db
def test_matricula_is_unique_and_searchable(upme):
    assert upme.post("/api/v1/beneficiarios/", NAVE, format="json").status_code == 201
    r = upme.post("/api/v1/beneficiarios/", {**NAVE, "nombre": "Otra"}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "matricula_duplicada"
    r = upme.get("/api/v1/beneficiarios/?matricula=MC-05-0042")
    assert r.json()["count"] == 1 and r.json()["results"][0]["nombre"] == "Doña Lucía"
    assert upme.get("/api/v1/beneficiarios/?identificacion=900123456").json()["count"] == 1
    assert upme.get("/api/v1/beneficiarios/?matricula=NO-EXISTE").json()["count"] == 0


@pytest.mark.django_db
def test_cupo_lifecycle_and_balance_of_the_worked_example(upme, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        b, c, f = crear_cupo_firme(upme)
    assert c["estado"] == "expedido" and c["combustible"] == "diesel_marino" and c["cuota_mensual"] == "2000.00"
    assert f["estado"] == "en_firme" and f["fecha_firmeza"] == f["fecha_inicio"] == "2026-03-17"
    assert MensajeSaliente.objects.filter(clave=f"cupo_en_firme:{c['id']}").exists()
    r = upme.get(f"/api/v1/beneficiarios/{b['id']}/saldo/?fecha=2026-03-17")
    assert r.status_code == 200
    assert r.json() == {
        "fecha": "2026-03-17",
        "cupo": c["id"],
        "cuota_mensual": "2000.00",
        "ventana": {"inicio": "2026-03-17", "fin": "2026-05-31", "meses": 3},
        "asignado_ventana": "967.74",
        "consumido_ventana": "0.00",
        "disponible": "967.74",
    }
    r = upme.get(f"/api/v1/cupos/{c['id']}/saldo/?fecha=2026-04-02")
    assert r.json()["asignado_ventana"] == "2967.74" and r.json()["disponible"] == "2967.74"


@pytest.mark.django_db
def test_duplicate_cupo_is_409(upme):
    _, c, _ = crear_cupo_firme(upme)
    r = upme.post(
        "/api/v1/cupos/",
        {"resolucion": c["resolucion"], "beneficiario": c["beneficiario"], "galones_anuales": "100"},
        format="json",
    )
    assert r.status_code == 409 and r.json()["codigo"] == "cupo_duplicado" and r.json()["detalle"]


@pytest.mark.django_db
def test_no_cupo_in_force_is_409_sin_cupo_vigente(upme):
    b, c, _ = crear_cupo_firme(upme)
    r = upme.get(f"/api/v1/beneficiarios/{b['id']}/saldo/?fecha=2026-03-16")
    assert r.status_code == 409 and r.json()["codigo"] == "sin_cupo_vigente"
    r = upme.get(f"/api/v1/cupos/{c['id']}/saldo/?fecha=2026-01-01")
    assert r.status_code == 409 and r.json()["codigo"] == "sin_cupo_vigente"


@pytest.mark.django_db
def test_cancel_then_no_balance(upme):
    """R-12 / P-05: the cancellation is an act; it cannot rule from before it, and takes effect from its firmeza."""
    b, c, _ = crear_cupo_firme(upme)
    from cupos.models import Beneficiario
    from zarpes.tests.factories import baja_dimar

    baja_dimar(Beneficiario.objects.get(pk=b["id"]), dt.date(2026, 4, 1))  # the ground true on record
    datos = {"fecha": "2026-04-10", "motivo": "Baja reportada por Dimar", "causal": "baja_dimar",
             "soporte": "Novedades de Dimar de abril de 2026"}
    r = upme.post(f"/api/v1/cupos/{c['id']}/cancelar/", datos, format="json")
    assert r.status_code == 400 and "antes del acto" in r.json()["fecha"][0]  # issued today, not in April
    r = upme.post(f"/api/v1/cupos/{c['id']}/cancelar/", {**datos, "transcrita": True, "fecha_expedicion": "2026-04-09",
                                                         "soporte": "Resolución UPME 0101 del 9 de abril de 2026"},
                  format="json")
    assert r.status_code == 200 and r.json()["estado"] == "cancelado", r.json()
    acto, cuerpo = r.json()["acto"], r.json()
    assert acto == cuerpo["acto_cancelacion"] and cuerpo["fecha_cancelacion"] is None
    assert cuerpo["cancelacion_desde"] == "2026-04-10"
    assert upme.get(f"/api/v1/actos/{acto}/").json()["tipo"] == "cancelacion_cupo"
    # not firm yet: the cupo is still in force
    assert upme.get(f"/api/v1/beneficiarios/{b['id']}/saldo/?fecha=2026-04-10").status_code == 200
    (persona,) = upme.get(f"/api/v1/actos/{acto}/interesados/").json()["results"]
    for ruta, extra in (("notificaciones", {"medio": "personal"}), ("renuncias", {})):
        r = upme.post(f"/api/v1/actos/{acto}/{ruta}/", {"interesado": persona["id"], "fecha": "2026-04-09",
                                                         "soporte": "Acta del 9 de abril", **extra}, format="json")
        assert r.status_code == 201, r.json()
    from core.actos.models import Interesado
    from core.actos.services import firmezas_aplicar

    # the daily job: firm on 10 April, in effect from then
    assert firmezas_aplicar()["interesados"] >= 1, Interesado.objects.values()
    assert upme.get(f"/api/v1/cupos/{c['id']}/").json()["fecha_cancelacion"] == "2026-04-10"
    assert upme.get(f"/api/v1/beneficiarios/{b['id']}/saldo/?fecha=2026-04-10").status_code == 409
    assert upme.get(f"/api/v1/beneficiarios/{b['id']}/saldo/?fecha=2026-04-09").status_code == 200
    otra = {"fecha": "2026-04-11", "motivo": "otra", "causal": "baja_dimar", "soporte": "x"}
    r = upme.post(f"/api/v1/cupos/{c['id']}/cancelar/", otra, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "transicion_invalida"


@pytest.mark.django_db
def test_operations_dated_after_today_are_400(upme):
    manana = (dt.date.today() + dt.timedelta(days=2)).isoformat()
    b = upme.post("/api/v1/beneficiarios/", NAVE, format="json").json()
    r = resolucion_por_api(upme, anio=2026, numero="1", fecha_expedicion="2026-02-01")
    c = upme.post(
        "/api/v1/cupos/", {"resolucion": r["id"], "beneficiario": b["id"], "galones_anuales": 100}, format="json"
    ).json()
    r = upme.post(f"/api/v1/cupos/{c['id']}/firmeza/", {"fecha_firmeza": manana}, format="json")
    assert r.status_code == 400 and "fecha_firmeza" in r.json()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "cuerpo",
    [
        {"resolucion": 999999, "beneficiario": 1, "galones_anuales": 10},
        {"resolucion": "x", "beneficiario": 1, "galones_anuales": 10},
        {"galones_anuales": "mucho"},
        {},
    ],
)
def test_bad_cupo_input_is_400_never_500(upme, cuerpo):
    assert upme.post("/api/v1/cupos/", cuerpo, format="json").status_code == 400


@pytest.mark.django_db
def test_bad_date_query_is_400(upme):
    b, _, _ = crear_cupo_firme(upme)
    r = upme.get(f"/api/v1/beneficiarios/{b['id']}/saldo/?fecha=2026-13-45")
    assert r.status_code == 400 and "fecha" in r.json()


@pytest.mark.django_db
def test_beneficiary_reads_only_its_own(upme, cliente):
    b, c, _ = crear_cupo_firme(upme)
    otro, otro_cupo, _ = crear_cupo_firme(upme, nave={**NAVE, "matricula": "MC-05-0099", "nombre": "Otra"})
    propio = cliente(Rol.BENEFICIARIO, beneficiario_id=b["id"])
    assert propio.get(f"/api/v1/beneficiarios/{b['id']}/saldo/?fecha=2026-03-20").status_code == 200
    assert propio.get(f"/api/v1/cupos/{c['id']}/").status_code == 200
    assert propio.get(f"/api/v1/beneficiarios/{otro['id']}/").status_code == 404
    assert propio.get(f"/api/v1/beneficiarios/{otro['id']}/saldo/").status_code == 404
    assert propio.get(f"/api/v1/cupos/{otro_cupo['id']}/saldo/").status_code == 404
    lista = propio.get("/api/v1/beneficiarios/").json()
    assert [x["id"] for x in lista["results"]] == [b["id"]]
    assert [x["id"] for x in propio.get("/api/v1/cupos/").json()["results"]] == [c["id"]]


@pytest.mark.django_db
@pytest.mark.parametrize("rol", [Rol.CAPITANIA_OFICIAL, Rol.AUDITOR])
def test_officers_and_auditors_read_balances(upme, cliente, rol):
    # A wholesaler reads only its clientela's: cupos/tests/test_beneficiarios_distribuidor.py
    b, _, _ = crear_cupo_firme(upme)
    assert cliente(rol).get(f"/api/v1/beneficiarios/{b['id']}/saldo/?fecha=2026-03-20").status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("rol", [Rol.DIMAR, Rol.MINMINAS, Rol.ECOPETROL])
def test_roles_without_access_to_balances_get_403(upme, cliente, rol):
    b, _, _ = crear_cupo_firme(upme)
    assert cliente(rol).get(f"/api/v1/beneficiarios/{b['id']}/saldo/").status_code == 403


@pytest.mark.django_db
def test_idempotent_cupo_creation(upme):
    b = upme.post("/api/v1/beneficiarios/", NAVE, format="json").json()
    r = resolucion_por_api(upme, anio=2026, numero="7", fecha_expedicion="2026-02-01")
    cuerpo = {"resolucion": r["id"], "beneficiario": b["id"], "galones_anuales": "1200.50"}
    a = upme.post("/api/v1/cupos/", cuerpo, format="json", HTTP_IDEMPOTENCY_KEY="abc")
    z = upme.post("/api/v1/cupos/", cuerpo, format="json", HTTP_IDEMPOTENCY_KEY="abc")
    assert a.status_code == z.status_code == 201 and a.json() == z.json()
    assert upme.get("/api/v1/cupos/").json()["count"] == 1


@pytest.mark.django_db
def test_beneficiary_contact_for_notices_is_optional(upme):
    """core.mensajes.avisos: `correo` and `celular` are optional; bad ones are a Spanish 400 naming the field."""
    r = upme.post("/api/v1/beneficiarios/", NAVE, format="json")
    assert r.status_code == 201 and (r.json()["correo"], r.json()["celular"]) == ("", "")
    otra = {**NAVE, "matricula": "MC-05-0043", "correo": "armador@example.com", "celular": "+573001112233"}
    r = upme.post("/api/v1/beneficiarios/", otra, format="json")
    assert r.status_code == 201 and (r.json()["correo"], r.json()["celular"]) == (
        "armador@example.com",
        "+573001112233",
    )
    assert upme.get(f"/api/v1/beneficiarios/{r.json()['id']}/").json()["correo"] == "armador@example.com"
    r = upme.post("/api/v1/beneficiarios/", {**otra, "matricula": "MC-9", "correo": "no-es-correo"}, format="json")
    assert r.status_code == 400 and "correo" in r.json()
    r = upme.post("/api/v1/beneficiarios/", {**otra, "matricula": "MC-9", "celular": "300-ABC"}, format="json")
    assert r.status_code == 400 and "celular" in r.json() and "dígitos" in str(r.json()["celular"])


@pytest.mark.django_db
def test_r12_api_cancellation_takes_a_decree_ground_and_its_support(upme):
    _, c, _ = crear_cupo_firme(upme)
    url = f"/api/v1/cupos/{c['id']}/cancelar/"
    sin_causal = upme.post(url, {"fecha": "2026-04-10", "motivo": "Baja", "soporte": "x"}, format="json")
    assert sin_causal.status_code == 400 and "causal" in sin_causal.json()
    otra = upme.post(
        url, {"fecha": "2026-04-10", "motivo": "Baja", "causal": "capricho", "soporte": "x"}, format="json"
    )
    assert otra.status_code == 400 and "causal" in otra.json()
    sin_soporte = upme.post(url, {"fecha": "2026-04-10", "motivo": "Baja", "causal": "baja_dimar"}, format="json")
    assert sin_soporte.status_code == 400 and "soporte" in sin_soporte.json()
    r = upme.post(
        url,
        {
            "fecha": "2026-04-10",
            "causal": "comunicacion_autoridad",
            "motivo": "Uso indebido informado por Dimar",
            "soporte": "Dimar, oficio 29201 del 3 de abril de 2026",
            "transcrita": True,
        },
        format="json",
    )
    assert r.status_code == 200
    cuerpo = r.json()
    assert cuerpo["estado"] == "cancelado" and cuerpo["causal_cancelacion"] == "comunicacion_autoridad"
    assert cuerpo["soporte_cancelacion"] == "Dimar, oficio 29201 del 3 de abril de 2026"


@pytest.mark.django_db
@pytest.mark.parametrize("tipo", ["acuicultora", "armada"])
def test_r18_the_designated_seller_of_the_armada_or_an_acuicultora_is_a_mayorista(upme, tipo):
    DistribuidorFactory(
        nit="800234567",
        razon_social="EDS Marítima El Faro",
        tipo="estacion_maritima",
        habilitacion_numero="MME-1",
        habilitacion_fecha=dt.date(2026, 1, 1),
        habilitacion_vigente_hasta=dt.date(2027, 1, 1),
    )
    DistribuidorFactory(nit="830112233", razon_social="Tercero de frontera", tipo="tercero")
    cuerpo = {"tipo": tipo, "nombre": "Beneficiario", "identificacion": "900555444"}
    if tipo == "acuicultora":
        cuerpo["permiso_cultivo_vigente_hasta"] = "2028-06-30"
    for nit in ("800234567", "830112233"):
        r = upme.post("/api/v1/beneficiarios/", {**cuerpo, "distribuidor_nit": nit}, format="json")
        assert r.status_code == 400 and "debe ser un distribuidor mayorista" in r.json()["distribuidor_nit"][0]
    r = upme.post("/api/v1/beneficiarios/", {**cuerpo, "distribuidor_nit": "900456123"}, format="json")
    assert r.status_code == 201
