"""The decree's own reading of exonerations (issue 25): C-06 (documents before a grant, ground (d),
the signer and the delegation of art. 16, the petition terms of Ley 1437 arts. 14 and 17) and C-07
(the shipment notice before loading, both ports)."""

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from core.models import Alerta
from core.vencimientos.plazos import revisar_plazos
from reserva.models import Exoneracion, Ruta, TipoAlertaReserva
from reserva.pdf import sello_html
from reserva.tests.factories import EN_PAPEL, EXONERACION, FIRMA, PNG, documentos_completos, en_firme

pytestmark = pytest.mark.django_db


def _radicar(importador, **cambios):
    r = importador.post(
        "/api/v1/reserva/exoneraciones/", {**EXONERACION, "usuario_nit": "900555123", **cambios}, format="json"
    )
    assert r.status_code == 201, r.content
    return r.json()


def _decidir(dimar, exoneracion, **cambios):
    cuerpo = {
        "decision": "concedida",
        "fecha": "2026-03-10",
        "motivo": "Sin capacidad nacional.",
        "embarcar_antes_de": "2026-04-15",
        "firma": FIRMA,
        **cambios,
    }
    return dimar.post(f"/api/v1/reserva/exoneraciones/{exoneracion}/decidir/", cuerpo, format="json")


def _subir(importador, exoneracion, tipo):
    archivo = SimpleUploadedFile(f"{tipo}.png", PNG, content_type="image/png")
    r = importador.post(
        f"/api/v1/reserva/exoneraciones/{exoneracion}/documentos/",
        {"tipo": tipo, "archivo": archivo},
        format="multipart",
    )
    assert r.status_code == 201, r.content


def test_c06_no_se_concede_mientras_falte_un_documento_del_fundamento(registros, importador, dimar):
    radicada = _radicar(importador)
    assert radicada["documentos_requeridos"] == ["licencia", "licencia", "respuestas_armadores"]
    r = _decidir(dimar, radicada["id"])
    assert r.status_code == 409 and r.json()["codigo"] == "exoneracion_incompleta"
    # Art. 15: two authenticated copies of the licence; one is not enough.
    _subir(importador, radicada["id"], "licencia")
    _subir(importador, radicada["id"], "respuestas_armadores")
    detalle = importador.get(f"/api/v1/reserva/exoneraciones/{radicada['id']}/").json()
    assert detalle["documentos_faltantes"] == ["licencia"]
    assert _decidir(dimar, radicada["id"]).json()["codigo"] == "exoneracion_incompleta"
    _subir(importador, radicada["id"], "licencia")
    r = _decidir(dimar, radicada["id"])
    assert r.status_code == 200 and r.json()["estado"] == "concedida" and r.json()["documentos_faltantes"] == []


def test_c06_literal_d_cafe_verde_a_solicitud_del_comprador(registros, importador):
    Ruta.objects.create(codigo="R-03", nombre="Caribe – Europa", operacion="exportacion")
    cafe = {"fundamento": "d", "ruta": "R-03", "mercancia": "cafe_verde", "solicitante": "comprador"}
    r = importador.post(
        "/api/v1/reserva/exoneraciones/", {**EXONERACION, "usuario_nit": "900555123", **cafe}, format="json"
    )
    assert r.status_code == 409 and r.json()["codigo"] == "falta_concepto_federacion"
    radicada = _radicar(importador, **cafe, concepto_federacion=True)
    assert radicada["solicitante"] == "comprador"
    assert {"condiciones_comprador", "concepto_federacion"} <= set(radicada["documentos_requeridos"])
    malas = [
        {**cafe, "mercancia": "cafe_procesado", "concepto_federacion": True},  # (d) is green coffee only
        {**cafe, "ruta": "R-07", "concepto_federacion": True},  # an export route
        {"fundamento": "a", "solicitante": "comprador"},  # only (d) may be asked by the buyer
    ]
    for cambios in malas:
        cuerpo = {**EXONERACION, "usuario_nit": "900555123", **cambios}
        assert importador.post("/api/v1/reserva/exoneraciones/", cuerpo, format="json").status_code == 400


def test_c06_la_concesion_registra_quien_firma_y_la_delegacion(registros, importador, dimar):
    exoneracion = _radicar(importador)["id"]
    documentos_completos(exoneracion)
    assert _decidir(dimar, exoneracion, firma=None).status_code == 400
    secretario = {"cargo": "secretario_general"}
    r = _decidir(dimar, exoneracion, firma=secretario)
    assert r.status_code == 400 and "firma" in r.json()
    r = _decidir(dimar, exoneracion, firma={**secretario, "acto_delegacion": "Resolución 0042 de 2026"})
    assert r.status_code == 409 and r.json()["codigo"] == "delegacion_no_vigente"
    delegacion = {
        "acto": "Resolución 0042 de 2026",
        "nombre_delegado": "María Fernanda Ríos",
        "vigente_desde": "2026-03-11",
    }
    assert importador.post("/api/v1/reserva/delegaciones/", delegacion, format="json").status_code == 403
    assert dimar.post("/api/v1/reserva/delegaciones/", delegacion, format="json").status_code == 201
    # In force from the 11th: a decision of the 10th is not covered.
    r = _decidir(dimar, exoneracion, firma={**secretario, "acto_delegacion": "Resolución 0042 de 2026"})
    assert r.status_code == 409 and r.json()["codigo"] == "delegacion_no_vigente"
    r = _decidir(
        dimar, exoneracion, fecha="2026-03-12", firma={**secretario, "acto_delegacion": "Resolución 0042 de 2026"}
    )
    assert r.status_code == 200, r.content
    assert r.json()["firma"] == {
        "cargo": "secretario_general",
        "nombre": "María Fernanda Ríos",
        "acto_delegacion": "Resolución 0042 de 2026",
    }
    # Art. 17: the decision links the stamped copy, which prints who signed and under which act.
    assert r.json()["sello_pdf"] == f"/reserva/exoneraciones/{exoneracion}/sello.pdf"
    html = sello_html(Exoneracion.objects.get(pk=exoneracion))
    assert "María Fernanda Ríos" in html and "Secretario General" in html
    assert "por delegación conferida mediante Resolución 0042 de 2026" in html


def test_c06_el_director_general_firma_sin_delegacion(registros, importador, dimar):
    exoneracion = _radicar(importador)["id"]
    documentos_completos(exoneracion)
    assert _decidir(dimar, exoneracion).status_code == 200
    html = sello_html(Exoneracion.objects.get(pk=exoneracion))
    assert "Director General de prueba" in html and "por delegación" not in html


def test_el_sello_nombra_a_la_empresa_exonerada_con_su_nit(registros, importador, dimar):
    """Issue 26, defect 13: the seal said «de NIT 900555123» without the company's name."""
    from reserva.models import UsuarioCarga

    UsuarioCarga.objects.update_or_create(nit="900555123", defaults={"razon_social": "Acerías del Caribe S.A.S."})
    exoneracion = _radicar(importador)["id"]
    documentos_completos(exoneracion)
    assert _decidir(dimar, exoneracion).status_code == 200
    html = sello_html(Exoneracion.objects.get(pk=exoneracion))
    assert "de Acerías del Caribe S.A.S. (NIT 900555123), en la ruta" in html


def test_c06_completar_suspende_el_termino_hasta_que_llegan_los_documentos(registros, importador, dimar):
    exoneracion = _radicar(importador, fecha_radicacion="2026-03-02")["id"]
    antes = Exoneracion.objects.get(pk=exoneracion).vence_decision
    r = _decidir(dimar, exoneracion, decision="completar", fecha="2026-03-05", motivo="Faltan las licencias.")
    assert r.status_code == 200 and r.json()["estado"] == "completar"
    # One month, moved to the next business day (5 April 2026 is a Sunday; Ley 4 de 1913 art. 62).
    assert r.json()["vence_completar"] == "2026-04-06"
    # The term is stopped: no decision alert while the documents are awaited.
    revisar_plazos(fecha=dt.date(2026, 3, 30))
    assert not Alerta.objects.filter(tipo=TipoAlertaReserva.EXONERACION_DECISION_VENCIDA).exists()
    for tipo in ("licencia", "licencia", "respuestas_armadores"):
        _subir(importador, exoneracion, tipo)
    despues = Exoneracion.objects.get(pk=exoneracion)
    assert despues.estado == "radicada" and despues.vence_decision > antes


def test_c06_sin_completar_en_un_mes_queda_desistida(registros, importador, dimar):
    exoneracion = _radicar(importador, fecha_radicacion="2026-03-02")["id"]
    _decidir(dimar, exoneracion, decision="completar", fecha="2026-03-05", motivo="Faltan las licencias.")
    revisar_plazos(fecha=dt.date(2026, 4, 6))
    assert Exoneracion.objects.get(pk=exoneracion).estado == "completar"
    revisar_plazos(fecha=dt.date(2026, 4, 7))
    assert Exoneracion.objects.get(pk=exoneracion).estado == "desistida"
    assert Alerta.objects.filter(tipo=TipoAlertaReserva.EXONERACION_DESISTIDA).exists()
    r = _decidir(dimar, exoneracion)
    assert r.status_code == 409 and r.json()["codigo"] == "exoneracion_decidida"


def test_c06_una_solicitud_en_aclaracion_sigue_en_los_plazos_de_dimar(registros, importador, dimar):
    exoneracion = _radicar(importador, fecha_radicacion="2026-03-02")["id"]
    _decidir(dimar, exoneracion, decision="aclaracion", fecha="2026-03-05", motivo="Aclare el lapso.")
    revisar_plazos(fecha=dt.date(2026, 4, 30))
    assert Alerta.objects.filter(
        tipo=TipoAlertaReserva.EXONERACION_DECISION_VENCIDA, referencia=f"exoneracion-{exoneracion}"
    ).exists()


def test_c06_aviso_de_demora_antes_de_vencer_el_termino(registros, importador, dimar):
    exoneracion = _radicar(importador, fecha_radicacion="2026-03-02")["id"]
    vence = Exoneracion.objects.get(pk=exoneracion).vence_decision
    url = f"/api/v1/reserva/exoneraciones/{exoneracion}/demora/"
    lejos = {"fecha": "2026-03-10", "motivo": "Se consultó a las navieras.", "nueva_fecha": "2026-06-30"}
    assert dimar.post(url, lejos, format="json").status_code == 400  # more than twice the term
    r = dimar.post(url, {**lejos, "nueva_fecha": "2026-04-10"}, format="json")
    assert r.status_code == 200 and r.json()["vence_decision"] == "2026-04-10"
    assert r.json()["aviso_demora_motivo"] == "Se consultó a las navieras."
    tarde = {"fecha": (vence + dt.timedelta(days=40)).isoformat(), "motivo": "x", "nueva_fecha": "2026-05-29"}
    r = dimar.post(url, tarde, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "demora_fuera_de_termino"


def _concedida(importador, dimar):
    exoneracion = _radicar(importador, puerto_origen="Houston", puerto_destino="Cartagena")["id"]
    documentos_completos(exoneracion)
    r = _decidir(dimar, exoneracion, **EN_PAPEL)
    assert r.status_code == 200
    en_firme(dimar, r.json()["acto"], "2026-03-10")  # DOMAIN §8: used once firm
    return exoneracion


def test_c07_el_aviso_de_embarque_va_antes_del_cargue(registros, importador, dimar):
    exoneracion = _concedida(importador, dimar)
    url = f"/api/v1/reserva/exoneraciones/{exoneracion}/embarque/"
    cuerpo = {
        "fecha_embarque": "2026-04-01",
        "nave": "Atlantic Star",
        "bandera": "PA",
        "fecha_arribo_estimada": "2026-05-15",
        "puerto_cargue": "Houston",
        "puerto_descargue": "Cartagena",
        "fecha_aviso": "2026-03-30",
    }
    r = importador.post(url, cuerpo, format="json")
    assert r.status_code == 200 and (r.json()["infraccion"], r.json()["aviso_tardio"]) == (False, False)
    r = importador.post(url, {**cuerpo, "fecha_aviso": "2026-04-02"}, format="json")
    assert (r.json()["infraccion"], r.json()["aviso_tardio"]) == (False, True) and "extemporáneo" in r.json()["motivo"]


def test_c07_un_cambio_de_puerto_en_cualquier_extremo_es_infraccion(registros, importador, dimar):
    exoneracion = _concedida(importador, dimar)
    url = f"/api/v1/reserva/exoneraciones/{exoneracion}/embarque/"
    cuerpo = {
        "fecha_embarque": "2026-04-01",
        "nave": "Atlantic Star",
        "bandera": "PA",
        "fecha_arribo_estimada": "2026-05-15",
        "puerto_cargue": "Houston",
        "puerto_descargue": "Cartagena",
        "fecha_aviso": "2026-03-30",
    }
    # The loading port changed (the old check only looked at one Colombian port).
    r = importador.post(url, {**cuerpo, "puerto_cargue": "Nueva Orleans"}, format="json")
    assert r.json()["infraccion"] is True and "cargue" in r.json()["motivo"]
    r = importador.post(url, {**cuerpo, "puerto_descargue": "Barranquilla"}, format="json")
    assert r.json()["infraccion"] is True and "descargue" in r.json()["motivo"]
    r = importador.post(url, {**cuerpo, "fecha_embarque": "2026-04-20", "fecha_aviso": "2026-04-01"}, format="json")
    assert r.json()["infraccion"] is True and "fecha límite" in r.json()["motivo"]


@pytest.mark.parametrize("falta", ["bandera", "fecha_arribo_estimada"])
def test_c07_aviso_de_embarque_sin_bandera_o_arribo_estimado_es_400_en_la_api_y_en_la_pagina(
    registros, importador, dimar, entrar, falta
):
    """Art. 18: the notice carries the date, ship and flag, the ports and the expected arrival, all
    required; a complete one stores the flag and the expected arrival."""
    from core.identidad.roles import Rol
    from reserva.models import Embarque

    exoneracion = _concedida(importador, dimar)
    cuerpo = {
        "fecha_embarque": "2026-04-01",
        "nave": "Atlantic Star",
        "bandera": "pa",
        "fecha_arribo_estimada": "2026-04-12",
        "puerto_cargue": "Houston",
        "puerto_descargue": "Cartagena",
        "fecha_aviso": "2026-03-30",
    }
    url = f"/api/v1/reserva/exoneraciones/{exoneracion}/embarque/"
    r = importador.post(url, {k: v for k, v in cuerpo.items() if k != falta}, format="json")
    assert r.status_code == 400 and falta in r.json()
    pagina = entrar(Rol.USUARIO_CARGA).post(
        f"/reserva/exoneraciones/{exoneracion}/embarque/", {k: v for k, v in cuerpo.items() if k != falta}
    )
    mensaje = {"bandera": "Indique la bandera de la nave", "fecha_arribo_estimada": "Indique la fecha aproximada"}
    assert pagina.status_code == 400 and mensaje[falta] in pagina.content.decode()
    assert not Embarque.objects.exists()
    assert importador.post(url, cuerpo, format="json").status_code == 200
    embarque = Embarque.objects.get()
    assert (embarque.bandera, embarque.fecha_arribo_estimada) == ("PA", dt.date(2026, 4, 12))
