"""Issue 24: Dimar's denial of an exoneration is a signed act, like the seal. Its PDF (decision and
reasons) is signed by the Director General, or by the Secretary General under a recorded delegation
(art. 16); its code verifies on reserva's public page and API; only the applicant and Dimar download it."""

import datetime as dt
import io

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from pypdf import PdfReader

from core.firma.validacion import validar_pdf
from core.identidad.roles import Rol
from core.models import DocumentoFirmado
from reserva.models import Delegacion, Exoneracion
from reserva.tests.factories import ExoneracionFactory

pytestmark = pytest.mark.django_db

MOTIVO = "Los armadores nacionales ofrecieron capacidad suficiente en la ruta."


def _radicar(importador):
    cuerpo = {
        "usuario_nit": "900555123",
        "fundamento": "a",
        "ruta": "R-07",
        "clase": "general",
        "mercancia": "ordinaria",
        "toneladas": "800",
        "puerto_origen": "Houston",
        "puerto_destino": "Cartagena",
        "licencia": "LI-2026-0001",
        "fecha_radicacion": "2026-03-02",  # the denials below are dated 10 March: never before the filing (C-06)
    }
    r = importador.post("/api/v1/reserva/exoneraciones/", cuerpo, format="json")
    assert r.status_code == 201, r.content
    return r.json()["id"]


def _negar(dimar, exoneracion, **cambios):
    cuerpo = {"decision": "negada", "fecha": "2026-03-10", "motivo": MOTIVO, **cambios}
    r = dimar.post(f"/api/v1/reserva/exoneraciones/{exoneracion}/decidir/", cuerpo, format="json")
    assert r.status_code == 200, r.content
    return Exoneracion.objects.get(pk=exoneracion)


def _texto(pdf: bytes) -> str:
    return " ".join(" ".join(pagina.extract_text().split()) for pagina in PdfReader(io.BytesIO(pdf)).pages)


def test_la_negacion_firmada_por_delegacion_valida_nombra_al_firmante_y_se_verifica(
    registros, importador, dimar, entrar, tmp_path
):
    Delegacion.objects.create(
        acto="Resolución 0456 de 2 de enero de 2026",
        vigente_desde=dt.date(2026, 1, 2),
        nombre_delegado="Secretaria General de prueba",
    )
    exoneracion = _negar(
        dimar,
        _radicar(importador),
        firma={"cargo": "secretario_general", "acto_delegacion": "Resolución 0456 de 2 de enero de 2026"},
    )
    assert exoneracion.codigo_verificacion and exoneracion.firma_cargo == "secretario_general"

    c = entrar(Rol.USUARIO_CARGA)  # the applicant (NIT 900555123)
    pagina = c.get(f"/reserva/exoneraciones/{exoneracion.pk}/").content.decode()
    assert f"/reserva/exoneraciones/{exoneracion.pk}/negacion.pdf" in pagina
    r = c.get(f"/reserva/exoneraciones/{exoneracion.pk}/negacion.pdf")
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
    v = validar_pdf(r.content)
    assert v.valida and v.cargo == "Secretario General" and v.firmante == "Secretaria General de prueba", v.problemas
    texto = _texto(r.content)
    assert "Niégase la exoneración" in texto and "capacidad suficiente" in texto
    assert "por delegación conferida mediante Resolución 0456 de 2 de enero de 2026" in texto
    assert exoneracion.codigo_verificacion in texto
    assert c.get(f"/reserva/exoneraciones/{exoneracion.pk}/sello.pdf").status_code == 404  # a denial has no seal
    # Signed once: a second download is the same file.
    assert c.get(f"/reserva/exoneraciones/{exoneracion.pk}/negacion.pdf").content == r.content
    assert DocumentoFirmado.objects.filter(tipo="negacion_exoneracion").count() == 1

    # The visible stamp names the delegation, and the downloaded file validates offline (pyHanko's CLI
    # with the chain the portal publishes).
    from core.tests.test_firma import _flujos, cli_valida

    pagina = PdfReader(io.BytesIO(r.content)).pages[0]
    sello_visible = _flujos(pagina["/Annots"][0].get_object()["/AP"]["/N"].get_object())
    assert "Por delegación: Resolución 0456 de 2 de enero de 2026".encode("cp1252") in sello_visible
    resultado = cli_valida(tmp_path, r.content)
    assert resultado.returncode == 0 and "judged VALID" in resultado.stdout, resultado.stdout + resultado.stderr

    # One byte changed: no longer valid, for the portal nor for the CLI.
    datos = bytearray(r.content)
    posicion = bytes(datos).index(b"/Contents <") - 100
    datos[posicion] = ord("A") if datos[posicion] != ord("A") else ord("B")
    assert validar_pdf(bytes(datos)).valida is False
    resultado = cli_valida(tmp_path, bytes(datos))
    assert resultado.returncode != 0 or "judged VALID" not in resultado.stdout, resultado.stdout

    # The public verification (page and API) answers for the denial's code too.
    publico = Client()
    respuesta = publico.get(f"/api/v1/reserva/verificar/{exoneracion.codigo_verificacion}/").json()
    assert respuesta["estado"] == "negada" and respuesta["embarcar_antes_de"] is None
    assert respuesta["firma"]["valida"] is True and respuesta["firma"]["cargo"] == "Secretario General"
    assert respuesta["firma"]["delegacion"].startswith("Resolución 0456 de 2 de enero de 2026")
    html = publico.get(f"/reserva/verificar/{exoneracion.codigo_verificacion}/").content.decode()
    assert "exoneración negada" in html and "Esta carga no está exonerada" in html
    assert "Firmado por delegación: Resolución 0456 de 2 de enero de 2026" in html
    assert "Exoneración válida" not in html


def test_sin_firma_la_negacion_la_firma_el_director_general_y_otro_nit_recibe_404(
    registros, importador, dimar, entrar, crear_usuario
):
    exoneracion = _negar(dimar, _radicar(importador))
    assert exoneracion.firma_cargo == "director_general" and exoneracion.delegacion is None
    # Issue 45: the signer is a person or the position, never the login of the Dimar user who decided.
    usuario = get_user_model().objects.get(rol=Rol.DIMAR)
    assert not usuario.get_full_name() and exoneracion.firma_nombre == "Director General Marítimo"
    assert usuario.username not in exoneracion.firma_nombre

    c = entrar(Rol.DIMAR)
    v = validar_pdf(c.get(f"/reserva/exoneraciones/{exoneracion.pk}/negacion.pdf").content)
    assert v.valida and v.cargo == "Director General Marítimo", v.problemas
    firma = Client().get(f"/api/v1/reserva/verificar/{exoneracion.codigo_verificacion}/").json()["firma"]
    assert firma["valida"] is True and firma.get("delegacion") is None

    c = entrar(crear_usuario(Rol.USUARIO_CARGA, nit="900111222"))  # another importer
    assert c.get(f"/reserva/exoneraciones/{exoneracion.pk}/negacion.pdf").status_code == 404


def _migracion_de_codigos():
    import importlib

    from django.apps import apps

    modulo = importlib.import_module("reserva.migrations.0007_datos_codigo_verificacion_decididas")
    modulo.codigos_para_decididas(apps, None)


def test_la_migracion_da_codigo_a_las_decididas_sin_el_y_leer_el_pdf_no_escribe(registros, entrar):
    """Denials decided before they were signed acts had no code; their PDF used to give one on its first
    GET (an UPDATE during a read). Migration 0007 gives it once; the GET then only reads the exoneration."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    antigua = ExoneracionFactory(
        ruta=registros["ruta"], estado="negada", fecha_decision=dt.date(2026, 3, 10), motivo_decision=MOTIVO
    )
    otra = ExoneracionFactory(
        ruta=registros["ruta"], estado="negada", fecha_decision=dt.date(2026, 3, 11), motivo_decision=MOTIVO
    )
    con_codigo = ExoneracionFactory(
        ruta=registros["ruta"], estado="negada", fecha_decision=dt.date(2026, 3, 9), codigo_verificacion="RC-YATENIA01"
    )
    en_tramite = ExoneracionFactory(ruta=registros["ruta"])
    assert antigua.codigo_verificacion is None

    _migracion_de_codigos()

    codigos = dict(Exoneracion.objects.values_list("pk", "codigo_verificacion"))
    assert codigos[con_codigo.pk] == "RC-YATENIA01" and codigos[en_tramite.pk] is None
    assert codigos[antigua.pk].startswith("RC-") and codigos[otra.pk].startswith("RC-")
    assert codigos[antigua.pk] != codigos[otra.pk]
    assert not Exoneracion.objects.filter(estado__in=("concedida", "negada"), codigo_verificacion=None).exists()
    _migracion_de_codigos()  # run again (a re-applied migration): nothing changes
    assert dict(Exoneracion.objects.values_list("pk", "codigo_verificacion")) == codigos

    c = entrar(Rol.USUARIO_CARGA)
    with CaptureQueriesContext(connection) as consultas:
        r = c.get(f"/reserva/exoneraciones/{antigua.pk}/negacion.pdf")
    assert r.status_code == 200 and validar_pdf(r.content).valida
    escrituras = [q["sql"] for q in consultas if q["sql"].lstrip().upper().startswith(("UPDATE", "DELETE"))]
    escrituras += [q["sql"] for q in consultas if 'reserva_exoneracion"' in q["sql"] and "SELECT" not in q["sql"]]
    assert not escrituras, escrituras
    codigo = Exoneracion.objects.get(pk=antigua.pk).codigo_verificacion
    assert codigo == codigos[antigua.pk] and codigo in _texto(r.content)
    assert Client().get(f"/api/v1/reserva/verificar/{codigo}/").json()["estado"] == "negada"
    with CaptureQueriesContext(connection) as consultas:  # the signed copy is kept: the next GET only reads
        assert c.get(f"/reserva/exoneraciones/{antigua.pk}/negacion.pdf").content == r.content
    assert all(q["sql"].lstrip().upper().startswith(("SELECT", "SAVEPOINT", "RELEASE")) for q in consultas), [
        q["sql"] for q in consultas
    ]


def test_una_concedida_no_tiene_negacion(registros, entrar):
    c = entrar(Rol.USUARIO_CARGA)
    concedida = ExoneracionFactory(
        ruta=registros["ruta"],
        estado="concedida",
        fecha_decision=dt.date(2026, 3, 10),
        embarcar_antes_de=dt.date(2026, 4, 15),
        codigo_verificacion="RC-CONCEDIDA1",
        firma_cargo="director_general",
        firma_nombre="Director General de prueba",
    )
    assert c.get(f"/reserva/exoneraciones/{concedida.pk}/negacion.pdf").status_code == 404
    assert Client().get("/api/v1/reserva/verificar/RC-CONCEDIDA1/").json()["estado"] == "concedida"


def test_el_contrato_anual_negado_tiene_su_decision_firmada_por_el_director_general(
    registros, importador, dimar, entrar, crear_usuario
):
    """Art. 21: a yearly contract denied with reasons is a signed act too; it has no code of its own,
    so the portal's upload box recognises it."""
    cuerpo = {
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
    }
    contrato = importador.post("/api/v1/reserva/contratos-anuales/", cuerpo, format="json").json()["id"]
    motivo = "La periodicidad declarada no corresponde a un suministro regular y continuo."
    r = dimar.post(
        f"/api/v1/reserva/contratos-anuales/{contrato}/negar/", {"fecha": "2026-04-20", "motivo": motivo}, format="json"
    )
    assert r.status_code == 200, r.content

    c = entrar(Rol.USUARIO_CARGA)
    assert f"/reserva/contratos/{contrato}/negacion.pdf" in c.get("/reserva/contratos/").content.decode()
    pdf = c.get(f"/reserva/contratos/{contrato}/negacion.pdf")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    v = validar_pdf(pdf.content)
    assert v.valida and v.cargo == "Director General Marítimo", v.problemas
    texto = _texto(pdf.content)
    assert "Niégase la solicitud de transporte por período anual" in texto and "suministro regular" in texto

    from django.core.files.uploadedfile import SimpleUploadedFile

    html = Client().post("/firma/verificar/", {"documento": SimpleUploadedFile("n.pdf", pdf.content)}).content
    assert "Es un documento expedido por el portal" in html.decode()
    datos = bytearray(pdf.content)
    posicion = bytes(datos).index(b"/Contents <") - 100
    datos[posicion] = ord("A") if datos[posicion] != ord("A") else ord("B")
    assert validar_pdf(bytes(datos)).valida is False

    otro = entrar(crear_usuario(Rol.USUARIO_CARGA, nit="900111222"))
    assert otro.get(f"/reserva/contratos/{contrato}/negacion.pdf").status_code == 404


def test_el_recargo_negado_tiene_su_decision_firmada_y_otra_conferencia_recibe_404(registros, entrar, crear_usuario):
    """Art. 23: Dimar's denial of a surcharge, decided on its page with the second factor, is a signed act."""
    from core.tests.segundo_factor import con_codigo
    from reserva.tests.factories import RecargoFactory

    recargo = RecargoFactory()
    c = entrar(Rol.DIMAR)
    datos = {"decision": "negado", "fecha": "2026-03-20", "motivo": "El recargo no se justifica con costos reales."}
    r = c.post(f"/reserva/recargos/{recargo.pk}/decidir/", con_codigo(c, {**datos, "confirmar": "True"}))
    assert r.status_code == 302

    c = entrar(Rol.CONFERENCIA)  # the filing conference (CONF-CARIBE)
    assert f"/reserva/recargos/{recargo.pk}/negacion.pdf" in c.get("/reserva/recargos/").content.decode()
    pdf = c.get(f"/reserva/recargos/{recargo.pk}/negacion.pdf")
    assert pdf.status_code == 200
    v = validar_pdf(pdf.content)
    assert v.valida and v.cargo == "Director General Marítimo", v.problemas
    assert "Niégase el recargo" in _texto(pdf.content) and "costos reales" in _texto(pdf.content)
    datos = bytearray(pdf.content)
    posicion = bytes(datos).index(b"/Contents <") - 100
    datos[posicion] = ord("A") if datos[posicion] != ord("A") else ord("B")
    assert validar_pdf(bytes(datos)).valida is False

    from reserva.models import Conferencia

    Conferencia.objects.create(codigo="CONF-PACIFICO", nombre="Pacífico")
    otra = entrar(crear_usuario(Rol.CONFERENCIA, conferencia="CONF-PACIFICO"))
    assert otra.get(f"/reserva/recargos/{recargo.pk}/negacion.pdf").status_code == 404


def test_en_la_pagina_dimar_niega_confirmando_quien_firma_y_la_decision_queda_firmada(registros, entrar):
    from core.tests.segundo_factor import con_codigo

    exoneracion = ExoneracionFactory(ruta=registros["ruta"])
    c = entrar(Rol.DIMAR)
    datos = {"decision": "negada", "fecha": "2026-03-10", "motivo": MOTIVO}
    r = c.post(f"/reserva/exoneraciones/{exoneracion.pk}/decidir/", datos)
    assert r.status_code == 200 and "Firma la decisión" in r.content.decode()
    assert "Director General Marítimo" in r.content.decode()
    r = c.post(f"/reserva/exoneraciones/{exoneracion.pk}/decidir/", con_codigo(c, {**datos, "confirmar": "True"}))
    assert r.status_code == 302
    pagina = c.get(f"/reserva/exoneraciones/{exoneracion.pk}/").content.decode()
    assert "Decisión firmada de negación (PDF)" in pagina
    v = validar_pdf(c.get(f"/reserva/exoneraciones/{exoneracion.pk}/negacion.pdf").content)
    assert v.valida and v.cargo == "Director General Marítimo", v.problemas
