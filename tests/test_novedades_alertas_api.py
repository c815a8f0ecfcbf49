"""API of Dimar's novelties and of alerts (API.md "Dimar novelties, alerts and jobs")."""

import datetime as dt

import pytest

from core.identidad.roles import Rol
from core.models import Alerta
from core.tests.factories import CapitaniaFactory, DistribuidorFactory
from core.vencimientos.plazos import revisar_plazos
from cupos.models import TipoAlertaCupos
from cupos.tests.factories import ALTA_NOVEDAD
from zarpes.tests.factories import nave_con_cupo

D = dt.date


@pytest.mark.django_db
def test_dimar_reports_altas_and_bajas(cliente):
    CapitaniaFactory(codigo="CP05")
    nave, cupo = nave_con_cupo(firmeza=D(2026, 3, 2))
    dimar = cliente(Rol.DIMAR)
    r = dimar.post(
        "/api/v1/novedades-dimar/",
        {
            "periodo": "2026-06",
            "altas": [ALTA_NOVEDAD],
            "bajas": [{"matricula": nave.matricula, "fecha": "2026-06-10", "motivo": "Matrícula cancelada"}],
        },
        format="json",
    )
    assert r.status_code == 201, r.json()
    assert r.json()["altas_creadas"] == 1 and r.json()["bajas_registradas"] == 1 and "id" in r.json()
    # Dimar reports, UPME cancels: the cupo stays until UPME's own act, which the alert asks for.
    cupo.refresh_from_db()
    assert cupo.estado == "en_firme" and cupo.fecha_fin is None
    alerta = Alerta.objects.get(tipo=TipoAlertaCupos.BAJA_DIMAR_POR_DECIDIR)
    assert alerta.referencia == f"2026-06:{nave.matricula}" and alerta.cupo_id == cupo.id
    r = cliente(Rol.UPME_ANALISTA).post(
        f"/api/v1/cupos/{cupo.id}/cancelar/", {"fecha": "2026-06-10", "motivo": "Baja de Dimar", "causal": "baja_dimar",
         "soporte": "Resolución UPME 0612 del 10 de junio de 2026", "transcrita": True}, format="json"
    )
    assert r.status_code == 200 and r.json()["estado"] == "cancelado"
    cupo.refresh_from_db()
    assert cupo.fecha_fin is None  # P-05: in force until the cancellation is firm (cupos/tests/test_procedimiento)
    alerta.refresh_from_db()
    assert alerta.resuelta is not None
    r = cliente(Rol.UPME_ANALISTA).get("/api/v1/beneficiarios/?matricula=MC-05-7777")
    assert r.json()["count"] == 1


@pytest.mark.django_db
def test_bad_novelty_is_400_and_writes_nothing(cliente):
    dimar = cliente(Rol.DIMAR)
    r = dimar.post(
        "/api/v1/novedades-dimar/",
        {"periodo": "2026-06", "altas": [{**ALTA_NOVEDAD, "capitania": "XX"}], "bajas": []},
        format="json",
    )
    assert r.status_code == 400
    r = dimar.post("/api/v1/novedades-dimar/", {"periodo": "junio", "altas": [], "bajas": []}, format="json")
    assert r.status_code == 400 and "periodo" in r.json()
    assert (
        cliente(Rol.UPME_ANALISTA).post("/api/v1/novedades-dimar/", {"periodo": "2026-06"}, format="json").status_code
        == 403
    )


@pytest.mark.django_db
def test_alerts_are_listed_by_type_in_the_callers_scope(cliente):
    propio = DistribuidorFactory(nit="900456123")
    DistribuidorFactory(nit="860002400")
    revisar_plazos(fecha=D(2026, 1, 17))
    upme = cliente(Rol.UPME_ANALISTA).get("/api/v1/alertas/?tipo=reporte_distribuidor_vencido").json()
    assert {a["referencia"] for a in upme["results"]} == {"2025-12:900456123", "2025-12:860002400"}
    assert set(upme["results"][0]) >= {"id", "tipo", "referencia", "vence", "creada"}
    assert upme["results"][0]["vence"] == "2026-01-16"
    mayorista = cliente(Rol.DISTRIBUIDOR, distribuidor=propio).get("/api/v1/alertas/").json()
    assert [a["referencia"] for a in mayorista["results"]] == ["2025-12:900456123"]
    dimar = cliente(Rol.DIMAR).get("/api/v1/alertas/").json()
    assert {a["tipo"] for a in dimar["results"]} <= {"novedades_dimar_vencidas"}
    assert Alerta.objects.filter(tipo="novedades_dimar_vencidas").exists()
