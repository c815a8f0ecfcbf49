"""Exonerations through the API (C-06, C-07): filing, decision once, deadlines, notices, scope."""

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from core.identidad.roles import Rol
from core.models import Alerta, MensajeSaliente, RegistroAuditoria
from reserva.models import AvisoCapitania, Exoneracion, TipoAlertaReserva
from reserva.tests.factories import EN_PAPEL, EXONERACION, FIRMA, documentos_completos, en_firme

pytestmark = pytest.mark.django_db
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32


def _cuerpo(**cambios):
    return {**EXONERACION, "usuario_nit": "900555123", "puerto_origen": "Barranquilla", **cambios}


def _radicar(importador, **cambios):
    r = importador.post("/api/v1/reserva/exoneraciones/", _cuerpo(**cambios), format="json")
    assert r.status_code == 201, r.content
    return r.json()["id"]


def _decidir(dimar, exoneracion, **cambios):
    """Dimar decides; a grant comes with the file complete (art. 15) and its signer (art. 16)."""
    cuerpo = {
        "decision": "concedida",
        "fecha": "2026-03-10",
        "motivo": "Sin capacidad nacional.",
        "embarcar_antes_de": "2026-04-15",
        "firma": FIRMA,
        **cambios,
    }
    expediente = Exoneracion.objects.filter(pk=exoneracion).first()
    if cuerpo["decision"] == "concedida" and expediente is not None and not expediente.documentos.exists():
        documentos_completos(expediente)
    return dimar.post(f"/api/v1/reserva/exoneraciones/{exoneracion}/decidir/", cuerpo, format="json")


def test_c06_radicacion(registros, importador):
    r = importador.post("/api/v1/reserva/exoneraciones/", _cuerpo(), format="json")
    assert r.status_code == 201 and r.json()["estado"] == "radicada" and r.json()["id"]
    assert RegistroAuditoria.objects.filter(accion="reserva.exoneracion.radicar").exists()


def test_c06_cafe_sin_concepto_de_la_federacion_es_409(registros, importador):
    r = importador.post("/api/v1/reserva/exoneraciones/", _cuerpo(mercancia="cafe_verde"), format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "falta_concepto_federacion"
    assert not Exoneracion.objects.exists()
    r = importador.post(
        "/api/v1/reserva/exoneraciones/", _cuerpo(mercancia="cafe_verde", concepto_federacion=True), format="json"
    )
    assert r.status_code == 201


def test_c06_granel_por_el_literal_c_sin_corredor_es_400(registros, importador):
    r = importador.post("/api/v1/reserva/exoneraciones/", _cuerpo(fundamento="c", clase="granel"), format="json")
    assert r.status_code == 400 and "corredor_nit" in r.json()
    r = importador.post(
        "/api/v1/reserva/exoneraciones/",
        _cuerpo(fundamento="c", clase="granel", corredor_nit="900777888"),
        format="json",
    )
    assert r.status_code == 201


def test_c06_otro_importador_recibe_404(registros, importador, cliente, dimar):
    assert (
        importador.post("/api/v1/reserva/exoneraciones/", _cuerpo(usuario_nit="900111222"), format="json").status_code
        == 404
    )
    exoneracion = _radicar(importador)
    otro = cliente(Rol.USUARIO_CARGA, nit="900111222")
    assert otro.get(f"/api/v1/reserva/exoneraciones/{exoneracion}/").status_code == 404
    assert otro.get("/api/v1/reserva/exoneraciones/").json()["count"] == 0
    assert dimar.get(f"/api/v1/reserva/exoneraciones/{exoneracion}/").status_code == 200


def test_c06_concesion_con_plazo_y_aviso_a_las_capitanias_de_ambos_puertos(registros, importador, dimar):
    exoneracion = _radicar(importador)
    r = _decidir(dimar, exoneracion)
    assert r.status_code == 200 and r.json()["estado"] == "concedida"
    assert r.json()["embarcar_antes_de"] == "2026-04-15" and r.json()["codigo_verificacion"]
    avisadas = set(
        AvisoCapitania.objects.filter(exoneracion_id=exoneracion).values_list("capitania__codigo", flat=True)
    )
    assert avisadas == {"CP03", "CP05"}
    assert set(
        MensajeSaliente.objects.filter(tipo="reserva.exoneracion_concedida").values_list("clave", flat=True)
    ) == {f"reserva-exoneracion-{exoneracion}-CP03", f"reserva-exoneracion-{exoneracion}-CP05"}
    assert Alerta.objects.filter(tipo=TipoAlertaReserva.EXONERACION_CONCEDIDA, rol_responsable=Rol.DIMAR).count() == 2


def test_c06_una_decision_sobre_un_expediente_decidido_es_409(registros, importador, dimar):
    exoneracion = _radicar(importador)
    assert _decidir(dimar, exoneracion).status_code == 200
    r = _decidir(dimar, exoneracion, decision="negada")
    assert r.status_code == 409 and r.json()["codigo"] == "exoneracion_decidida"
    assert Exoneracion.objects.get(pk=exoneracion).estado == "concedida"


def test_c06_aclaracion_y_luego_negacion(registros, importador, dimar):
    exoneracion = _radicar(importador)
    r = _decidir(dimar, exoneracion, decision="aclaracion", motivo="Aporte las respuestas de los armadores.")
    assert r.status_code == 200 and r.json()["estado"] == "aclaracion"
    r = _decidir(dimar, exoneracion, decision="negada", motivo="Hay capacidad nacional.")
    assert r.status_code == 200 and r.json()["estado"] == "negada" and r.json()["embarcar_antes_de"] is None
    assert Exoneracion.objects.get(pk=exoneracion).decisiones.count() == 2


def test_c06_bajo_el_literal_c_un_plazo_de_mas_de_30_dias_es_400(registros, importador, dimar):
    exoneracion = _radicar(importador, fundamento="c")
    # 30 business days after 2026-03-10 is 2026-04-24 (Holy week and 23 March are holidays).
    r = _decidir(dimar, exoneracion, embarcar_antes_de="2026-05-29")
    assert r.status_code == 400 and "embarcar_antes_de" in r.json()
    assert Exoneracion.objects.get(pk=exoneracion).estado == "radicada"
    assert _decidir(dimar, exoneracion, embarcar_antes_de="2026-04-24").status_code == 200


def test_c06_concesion_sin_plazo_de_embarque_es_400(registros, importador, dimar):
    exoneracion = _radicar(importador)
    r = _decidir(dimar, exoneracion, embarcar_antes_de=None)
    assert r.status_code == 400 and "embarcar_antes_de" in r.json()


def test_c06_solo_dimar_decide(registros, importador):
    exoneracion = _radicar(importador)
    assert _decidir(importador, exoneracion).status_code == 403


def test_c06_documentos_por_contenido(registros, importador, dimar):
    exoneracion = _radicar(importador)
    url = f"/api/v1/reserva/exoneraciones/{exoneracion}/documentos/"
    ok = importador.post(url, {"tipo": "licencia", "archivo": SimpleUploadedFile("l.png", PNG)}, format="multipart")
    assert ok.status_code == 201
    falso = importador.post(url, {"tipo": "licencia", "archivo": SimpleUploadedFile("l.pdf", PNG)}, format="multipart")
    assert falso.status_code == 400 and "archivo" in falso.json()
    ajeno = importador.post(
        url, {"tipo": "uso_fuerzas_armadas", "archivo": SimpleUploadedFile("l.png", PNG)}, format="multipart"
    )
    assert ajeno.status_code == 400 and "tipo" in ajeno.json()


def test_c07_embarque_a_tiempo_y_en_el_puerto_autorizado(registros, importador, dimar):
    exoneracion = _radicar(importador)
    en_firme(dimar, _decidir(dimar, exoneracion, **EN_PAPEL).json()["acto"], "2026-03-10")
    r = importador.post(
        f"/api/v1/reserva/exoneraciones/{exoneracion}/embarque/",
        {
            "fecha_embarque": "2026-04-10",
            "nave": "Atlantic Star",
            "bandera": "PA",
            "fecha_arribo_estimada": "2026-05-15",
            "puerto_cargue": "Barranquilla",
            "puerto_descargue": "Cartagena",
        },
        format="json",
    )
    assert r.status_code == 200 and r.json()["infraccion"] is False


def test_c07_embarque_tardio_o_en_otro_puerto_es_infraccion(registros, importador, dimar):
    exoneracion = _radicar(importador)
    en_firme(dimar, _decidir(dimar, exoneracion, **EN_PAPEL).json()["acto"], "2026-03-10")
    url = f"/api/v1/reserva/exoneraciones/{exoneracion}/embarque/"
    tarde = importador.post(
        url,
        {
            "fecha_embarque": "2026-04-20",
            "nave": "Atlantic Star",
            "bandera": "PA",
            "fecha_arribo_estimada": "2026-05-15",
            "puerto_cargue": "Barranquilla",
            "puerto_descargue": "Cartagena",
        },
        format="json",
    )
    assert tarde.status_code == 200 and tarde.json()["infraccion"] is True and "fecha límite" in tarde.json()["motivo"]
    otro = importador.post(
        url,
        {
            "fecha_embarque": "2026-04-10",
            "nave": "Atlantic Star",
            "bandera": "PA",
            "fecha_arribo_estimada": "2026-05-15",
            "puerto_cargue": "Barranquilla",
            "puerto_descargue": "Buenaventura",
        },
        format="json",
    )
    assert otro.json()["infraccion"] is True and "distinto del autorizado" in otro.json()["motivo"]
    assert AvisoCapitania.objects.filter(tipo="infraccion_embarque").count() == 4


def test_c07_sin_exoneracion_concedida_no_hay_embarque(registros, importador):
    exoneracion = _radicar(importador)
    r = importador.post(
        f"/api/v1/reserva/exoneraciones/{exoneracion}/embarque/",
        {
            "fecha_embarque": "2026-04-10",
            "nave": "Atlantic Star",
            "bandera": "PA",
            "fecha_arribo_estimada": "2026-05-15",
            "puerto_cargue": "Barranquilla",
            "puerto_descargue": "Cartagena",
        },
        format="json",
    )
    assert r.status_code == 409 and r.json()["codigo"] == "exoneracion_no_concedida"


def test_c06_la_capitania_ve_los_avisos_de_su_puerto(registros, importador, dimar, cliente):
    exoneracion = _radicar(importador, puerto_origen="Houston")
    _decidir(dimar, exoneracion)
    cartagena = cliente(Rol.CAPITANIA_OFICIAL, capitania=registros["cartagena"])
    barranquilla = cliente(Rol.CAPITANIA_OFICIAL, capitania=registros["barranquilla"])
    assert cartagena.get("/api/v1/reserva/avisos/").json()["count"] == 1
    assert barranquilla.get("/api/v1/reserva/avisos/").json()["count"] == 0
    assert cartagena.get(f"/api/v1/reserva/exoneraciones/{exoneracion}/").status_code == 200
    assert barranquilla.get(f"/api/v1/reserva/exoneraciones/{exoneracion}/").status_code == 404


def test_c06_verificacion_publica_del_sello(registros, importador, dimar, api):
    exoneracion = _radicar(importador)
    codigo = _decidir(dimar, exoneracion).json()["codigo_verificacion"]
    r = api.get(f"/api/v1/reserva/verificar/{codigo}/")
    assert r.status_code == 200 and r.json()["embarcar_antes_de"] == "2026-04-15"
    assert api.get("/api/v1/reserva/verificar/RC-NOEXISTE/").status_code == 404


def test_c06_las_toneladas_exoneradas_no_se_exceden(registros, importador, dimar, agente):
    exoneracion = _radicar(importador, toneladas="100")
    _decidir(dimar, exoneracion)
    arribo = agente.post(
        "/api/v1/reserva/arribos/",
        {
            "agencia_nit": "800123456",
            "nave": registros["extranjera"].id,
            "ruta": "R-07",
            "puerto": "Cartagena",
            "fecha_arribo": "2026-04-01",
            "operacion": "importacion",
            "clase": "general",
            "toneladas_declaradas": "150",
        },
        format="json",
    ).json()["id"]
    bill = {
        "arribo": arribo,
        "numero": "E-1",
        "usuario_nit": "900555123",
        "usuario_nombre": "Importadora",
        "mercancia": "ordinaria",
        "embalaje": "contenedor",
        "puerto_cargue": "Barranquilla",
        "pais_cargue": "CO",
        "puerto_descargue": "Cartagena",
        "pais_descargue": "CO",
        "toneladas": "150",
        "flete_usd": "1",
        "exoneracion": exoneracion,
    }
    r = agente.post("/api/v1/reserva/conocimientos/", bill, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "excede_exoneracion"
    ajena = agente.post(
        "/api/v1/reserva/conocimientos/", {**bill, "usuario_nit": "900111222", "toneladas": "50"}, format="json"
    )
    assert ajena.status_code == 400 and "exoneracion" in ajena.json()


def test_c06_fecha_de_decision_futura_es_400(registros, importador, dimar):
    exoneracion = _radicar(importador)
    futura = (dt.date.today() + dt.timedelta(days=2)).isoformat()
    r = _decidir(dimar, exoneracion, fecha=futura, embarcar_antes_de=futura)
    assert r.status_code == 400 and "fecha" in r.json()
