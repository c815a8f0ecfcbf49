"""The other duties through the API: semiannual reports (C-09), offers (C-10), yearly contracts
(C-11), surcharges (C-12)."""

import pytest

from core.identidad.roles import Rol
from reserva.models import ContratoAnual, Recargo

pytestmark = pytest.mark.django_db


def _contrato(**cambios):
    return {
        "usuario_nit": "900555123",
        "anio": 2026,
        "producto": "Trigo a granel",
        "toneladas_anio": "120000",
        "puerto_origen": "Nueva Orleans",
        "puerto_destino": "Barranquilla",
        "toneladas_embarque": "30000",
        "periodicidad": "trimestral",
        "primer_embarque": "2026-06-01",
        "fecha_presentacion": "2026-04-10",
        **cambios,
    }


def _recargo(**cambios):
    return {
        "conferencia": "CONF-CARIBE",
        "concepto": "Recargo por combustible",
        "portuario": False,
        "fecha_presentacion": "2026-03-02",
        "justificacion": "Alza del combustible.",
        **cambios,
    }


def test_c11_contrato_presentado_con_30_dias_de_antelacion(registros, importador):
    r = importador.post("/api/v1/reserva/contratos-anuales/", _contrato(), format="json")
    assert r.status_code == 201, r.content


def test_c11_presentacion_tardia_es_409(registros, importador):
    r = importador.post("/api/v1/reserva/contratos-anuales/", _contrato(fecha_presentacion="2026-05-15"), format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "presentacion_tardia"
    assert not ContratoAnual.objects.exists()


def test_c11_toneladas_por_embarque_mayores_que_las_del_anio_es_400(registros, importador):
    r = importador.post("/api/v1/reserva/contratos-anuales/", _contrato(toneladas_embarque="200000"), format="json")
    assert r.status_code == 400 and "toneladas_embarque" in r.json()


def test_c11_autorizacion_y_registro_en_30_dias(registros, importador, dimar):
    contrato = importador.post("/api/v1/reserva/contratos-anuales/", _contrato(), format="json").json()["id"]
    r = importador.post(
        f"/api/v1/reserva/contratos-anuales/{contrato}/registro/",
        {"fecha": "2026-04-20", "contratos": "CF-1"},
        format="json",
    )
    assert r.status_code == 409 and r.json()["codigo"] == "contrato_no_autorizado"
    r = dimar.post(f"/api/v1/reserva/contratos-anuales/{contrato}/autorizar/", {"fecha": "2026-04-15"}, format="json")
    assert r.status_code == 200 and r.json()["vence_registro"] == "2026-05-29"
    r = importador.post(
        f"/api/v1/reserva/contratos-anuales/{contrato}/registro/",
        {"fecha": "2026-04-20", "contratos": "CF-1 con Naviera Colombiana"},
        format="json",
    )
    assert r.status_code == 200 and r.json()["fecha_registro"] == "2026-04-20"


def test_c09_informe_semestral_en_agosto_y_extemporaneo(registros, importador):
    cargas = [
        {
            "toneladas": "500",
            "clase": "regimen_especial",
            "puerto_origen": "Shanghái",
            "puerto_destino": "Buenaventura",
            "flete_tonelada_usd": "45.10",
            "naviera": "Cosco",
            "nave": "Cosco Star",
            "bandera": "CN",
        }
    ]
    r = importador.post(
        "/api/v1/reserva/informes-semestrales/",
        {"usuario_nit": "900555123", "semestre": "2026-1", "fecha_presentacion": "2026-08-20", "cargas": cargas},
        format="json",
    )
    assert r.status_code == 201 and r.json()["extemporaneo"] is False
    r = importador.post(
        "/api/v1/reserva/informes-semestrales/",
        # 28 February 2026 was a Saturday: the deadline moved to Monday 2 March (Ley 4 de 1913, art. 62).
        {"usuario_nit": "900555123", "semestre": "2025-2", "fecha_presentacion": "2026-03-03", "cargas": cargas},
        format="json",
    )
    assert r.status_code == 201 and r.json()["extemporaneo"] is True
    r = importador.post(
        "/api/v1/reserva/informes-semestrales/",
        {"usuario_nit": "900555123", "semestre": "2026-1", "fecha_presentacion": "2026-08-21", "cargas": cargas},
        format="json",
    )
    assert r.status_code == 409 and r.json()["codigo"] == "informe_duplicado"


def test_c09_semestre_mal_escrito_o_no_terminado_es_400(registros, importador):
    r = importador.post(
        "/api/v1/reserva/informes-semestrales/",
        {"usuario_nit": "900555123", "semestre": "2026-3", "fecha_presentacion": "2026-08-20", "cargas": []},
        format="json",
    )
    assert r.status_code == 400 and "semestre" in r.json()
    r = importador.post(
        "/api/v1/reserva/informes-semestrales/",
        {"usuario_nit": "900555123", "semestre": "2026-1", "fecha_presentacion": "2026-06-15", "cargas": []},
        format="json",
    )
    assert r.status_code == 400 and "fecha_presentacion" in r.json()


def test_c12_recargo_15_y_30_dias_habiles(registros, cliente, dimar):
    conferencia = cliente(Rol.CONFERENCIA)
    r = conferencia.post("/api/v1/reserva/recargos/", _recargo(), format="json")
    assert r.status_code == 201 and r.json()["vence_decision"] == "2026-03-24"
    portuario = _recargo(concepto="Congestión portuaria", portuario=True, justificacion="Congestión en el puerto.")
    r = conferencia.post("/api/v1/reserva/recargos/", portuario, format="json")
    assert r.status_code == 201 and r.json()["vence_decision"] == "2026-04-16"
    decidir = f"/api/v1/reserva/recargos/{r.json()['id']}/decidir/"
    autorizar = {"decision": "autorizado", "fecha": "2026-04-10", "motivo": "Justificado."}
    r = dimar.post(decidir, autorizar, format="json")
    assert r.status_code == 200 and r.json()["estado"] == "autorizado"
    r = dimar.post(decidir, {"decision": "negado", "fecha": "2026-04-11", "motivo": "Otra vez."}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "recargo_decidido"


def test_c12_otra_conferencia_recibe_404(registros, cliente):
    conferencia = cliente(Rol.CONFERENCIA)
    r = conferencia.post(
        "/api/v1/reserva/recargos/", _recargo(conferencia="OTRA", concepto="X", justificacion="Y"), format="json"
    )
    assert r.status_code == 404 and not Recargo.objects.exists()


def test_c10_ofertas_comparadas_y_calificadas_por_dimar(registros, importador, dimar):
    solicitud = {
        "usuario_nit": "900555123",
        "ruta": "R-07",
        "mercancia": "regimen_especial",
        "descripcion": "Maquinaria Plan Vallejo",
        "fecha_solicitud": "2026-02-02",
    }
    r = importador.post("/api/v1/reserva/solicitudes-ofertas/", solicitud, format="json")
    assert r.status_code == 201
    solicitud = r.json()["id"]
    oferta = {
        "armador": "Naviera Colombiana S.A.",
        "nacional": True,
        "flete_usd": "42000",
        "fecha_zarpe": "2026-03-01",
        "arribo_estimado": "2026-03-12",
        "demoras_usd": "9000",
        "tiempos_libres": "72 h",
        "operacion_portuaria": "Descargue en muelle público",
        "caracteristicas_nave": "Multipropósito",
    }
    url = f"/api/v1/reserva/solicitudes-ofertas/{solicitud}/ofertas/"
    assert importador.post(url, oferta, format="json").status_code == 201
    assert (
        importador.post(
            url, {**oferta, "armador": "Foreign Lines", "nacional": False, "flete_usd": "39000"}, format="json"
        ).status_code
        == 201
    )
    calificar = f"/api/v1/reserva/solicitudes-ofertas/{solicitud}/calificar/"
    mejores = {"calificacion": "iguales_o_mejores", "motivo": "Menor plazo de arribo.", "fecha": "2026-03-15"}
    r = dimar.post(calificar, mejores, format="json")
    assert r.status_code == 200 and len(r.json()["ofertas"]) == 2
    peores = {"calificacion": "peores", "motivo": "Otra vez.", "fecha": "2026-03-16"}
    r = dimar.post(calificar, peores, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "oferta_calificada"


def test_c10_solo_sistemas_especiales_carbon_y_petroleo(registros, importador):
    r = importador.post(
        "/api/v1/reserva/solicitudes-ofertas/",
        {
            "usuario_nit": "900555123",
            "ruta": "R-07",
            "mercancia": "ordinaria",
            "descripcion": "X",
            "fecha_solicitud": "2026-02-02",
        },
        format="json",
    )
    assert r.status_code == 400 and "mercancia" in r.json()
