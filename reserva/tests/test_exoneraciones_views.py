"""Pages of the cargo reservation: the agent's arrivals, the exoneration file and Dimar's decision
with its confirmation step, compliance pages, the stamp PDF and its public verification."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from core.identidad.roles import Rol
from core.tests.segundo_factor import con_codigo
from reserva.models import Arribo, Conocimiento, Exoneracion
from reserva.tests.factories import (
    ConocimientoFactory,
    ExoneracionFactory,
    RecargoFactory,
    arribo_formulario,
    documentos_completos,
    exoneracion_formulario,
)

pytestmark = pytest.mark.django_db


def test_el_agente_notifica_un_arribo_y_ve_sus_dos_plazos(registros, entrar):
    c = entrar(Rol.AGENTE_MARITIMO)
    r = c.post("/reserva/arribos/", arribo_formulario(registros["extranjera"]))
    arribo = Arribo.objects.get()
    assert r.status_code == 302 and r["Location"] == f"/reserva/arribos/{arribo.pk}/"
    pagina = c.get("/reserva/arribos/").content.decode()
    assert "8 de abril de 2026" in pagina and "15 de abril de 2026" in pagina


def test_el_agente_registra_conocimientos_y_ve_los_errores_c02(registros, entrar):
    c = entrar(Rol.AGENTE_MARITIMO)
    c.post("/reserva/arribos/", arribo_formulario(registros["extranjera"]))
    arribo = Arribo.objects.get()
    bill = {
        "numero": "BL-1",
        "usuario_nit": "900555123",
        "usuario_nombre": "Importadora",
        "mercancia": "carbon",
        "embalaje": "embalada",
        "puerto_cargue": "Houston",
        "pais_cargue": "XX",
        "puerto_descargue": "Cartagena",
        "pais_descargue": "CO",
        "toneladas": "10,5",
        "flete_usd": "100",
    }
    pagina = c.get(f"/reserva/arribos/{arribo.pk}/").content.decode()
    assert "Mercancía" in pagina and "Embalaje" in pagina and "País de cargue" in pagina
    r = c.post(f"/reserva/arribos/{arribo.pk}/conocimientos/", bill)
    assert r.status_code == 400 and "ISO 3166" in r.content.decode()
    r = c.post(f"/reserva/arribos/{arribo.pk}/conocimientos/", {**bill, "pais_cargue": "US"})
    assert r.status_code == 302 and Conocimiento.objects.get().toneladas == Decimal("10.5")
    assert Conocimiento.objects.get().clase == "general"  # C-02: bagged coal is general cargo
    csv = SimpleUploadedFile(
        "c.csv",
        b"numero,usuario_nit,usuario_nombre,mercancia,embalaje,puerto_cargue,pais_cargue,puerto_descargue,"
        b"pais_descargue,toneladas,flete_usd\n"
        b"BL-1,900555123,I,ordinaria,contenedor,Houston,US,Cartagena,CO,1,1\n",
    )
    r = c.post(f"/reserva/arribos/{arribo.pk}/conocimientos/archivo/", {"archivo": csv})
    assert r.status_code == 400 and "ya está registrado" in r.content.decode()


def test_otro_agente_no_ve_el_arribo(registros, entrar):
    from reserva.tests.factories import ArriboFactory

    arribo = ArriboFactory(agencia=registros["otra_agencia"])
    assert entrar(Rol.AGENTE_MARITIMO).get(f"/reserva/arribos/{arribo.pk}/").status_code == 404


def test_el_importador_radica_y_carga_documentos(registros, entrar):
    c = entrar(Rol.USUARIO_CARGA)
    r = c.post("/reserva/exoneraciones/", exoneracion_formulario(licencia="LI-1"))
    exoneracion = Exoneracion.objects.get()
    assert r.status_code == 302 and exoneracion.usuario_nit == "900555123"
    png = SimpleUploadedFile("licencia.png", b"\x89PNG\r\n\x1a\n" + b"0" * 20)
    r = c.post(f"/reserva/exoneraciones/{exoneracion.pk}/documentos/", {"tipo": "licencia", "archivo": png})
    assert r.status_code == 302
    pagina = c.get(f"/reserva/exoneraciones/{exoneracion.pk}/").content.decode()
    assert "licencia.png" in pagina and "Falta" in pagina
    documento = exoneracion.documentos.get()
    assert c.get(f"/reserva/exoneraciones/{exoneracion.pk}/documentos/{documento.pk}/").status_code == 200


def test_cafe_sin_concepto_se_explica_en_el_formulario(registros, entrar):
    c = entrar(Rol.USUARIO_CARGA)
    cafe = exoneracion_formulario(
        mercancia="cafe_verde", toneladas="8", puerto_origen="Santa Marta", puerto_destino="Hamburgo", licencia="LI-1"
    )
    r = c.post("/reserva/exoneraciones/", cafe)
    assert r.status_code == 400 and "Federación" in r.content.decode()


def test_dimar_decide_con_un_paso_de_confirmacion(registros, entrar):
    exoneracion = ExoneracionFactory(ruta=registros["ruta"])
    documentos_completos(exoneracion)
    c = entrar(Rol.DIMAR)
    datos = {
        "decision": "concedida",
        "fecha": "2026-03-10",
        "motivo": "Sin capacidad nacional.",
        "embarcar_antes_de": "2026-04-15",
        "firma_cargo": "director_general",
        "firma_nombre": "Director General de prueba",
    }
    decidir = f"/reserva/exoneraciones/{exoneracion.pk}/decidir/"
    r = c.post(decidir, datos)
    assert r.status_code == 200 and "Confirmar" in r.content.decode()
    assert Exoneracion.objects.get().estado == "radicada"
    r = c.post(decidir, con_codigo(c, {**datos, "confirmar": "True"}))
    assert r.status_code == 302 and Exoneracion.objects.get().estado == "concedida"
    r = c.post(decidir, con_codigo(c, {**datos, "confirmar": "True"}))
    assert r.status_code == 400 and "ya fue decidida" in r.content.decode()


def test_issue45_la_pagina_de_dimar_no_repite_ids_cada_etiqueta_apunta_a_su_campo(registros, entrar):
    """Issue 45, defect 15: the delay notice's labels pointed at the decision form's `id_fecha` and `id_motivo`."""
    import re
    from collections import Counter

    exoneracion = ExoneracionFactory(ruta=registros["ruta"])
    pagina = entrar(Rol.DIMAR).get(f"/reserva/exoneraciones/{exoneracion.pk}/").content.decode()
    assert "Motivo de la demora" in pagina  # both forms are on the page
    repetidos = [i for i, n in Counter(re.findall(r'\sid="([^"]+)"', pagina)).items() if n > 1]
    assert repetidos == []
    assert 'for="id_demora_motivo"' in pagina and 'id="id_demora_motivo"' in pagina


def test_sello_pdf_y_verificacion_publica(registros, client, entrar):
    exoneracion = ExoneracionFactory(
        ruta=registros["ruta"],
        estado="concedida",
        fecha_decision=dt.date(2026, 3, 10),
        embarcar_antes_de=dt.date(2026, 4, 15),
        codigo_verificacion="RC-ABCDEFGHJK",
        firma_cargo="director_general",
        firma_nombre="Director General de prueba",
    )
    c = entrar(Rol.USUARIO_CARGA)
    r = c.get(f"/reserva/exoneraciones/{exoneracion.pk}/sello.pdf")
    assert r.status_code == 200 and r.content.startswith(b"%PDF")
    c.logout()
    r = client.get("/reserva/verificar/RC-ABCDEFGHJK/")
    assert r.status_code == 200 and "deben ser embarcadas antes de 15 de abril de 2026" in r.content.decode()
    assert client.get("/reserva/verificar/RC-NOEXISTE/").status_code == 404


def test_pagina_de_cumplimiento_con_barra_de_avance(registros, entrar):
    ConocimientoFactory(arribo__ruta=registros["ruta"], arribo__nave=registros["colombiana"], toneladas=100)
    ConocimientoFactory(arribo__ruta=registros["ruta"], arribo__nave=registros["extranjera"], toneladas=300)
    pagina = entrar(Rol.USUARIO_CARGA).get("/reserva/cumplimiento/?anio=2026").content.decode()
    assert "<progress" in pagina and 'value="50"' in pagina


def test_pagina_nacional_para_dimar(registros, entrar):
    ConocimientoFactory(arribo__ruta=registros["ruta"], arribo__nave=registros["colombiana"])
    r = entrar(Rol.DIMAR).get("/reserva/nacional/?anio=2026&orden=usuario")
    assert r.status_code == 200 and "Importadora del Caribe" in r.content.decode()


def test_un_importador_no_ve_la_pagina_nacional(entrar):
    assert entrar(Rol.USUARIO_CARGA).get("/reserva/nacional/").status_code == 403


def test_recargos_y_avisos(registros, entrar):
    c = entrar(Rol.CONFERENCIA)
    r = c.post("/reserva/recargos/", {"concepto": "BAF", "fecha_presentacion": "2026-03-02", "justificacion": "Alza"})
    assert r.status_code == 302
    assert "24 de marzo de 2026" in c.get("/reserva/recargos/").content.decode()
    assert entrar(Rol.CAPITANIA_OFICIAL).get("/reserva/avisos/").status_code == 200


@pytest.mark.parametrize("rol", [Rol.AGENTE_MARITIMO, Rol.USUARIO_CARGA, Rol.CONFERENCIA])
def test_inicio_de_los_nuevos_roles(entrar, rol):
    r = entrar(rol).get("/")
    assert r.status_code == 200 and "/reserva/" in r.content.decode()


def test_htmx_devuelve_solo_la_tabla(registros, entrar):
    ExoneracionFactory(ruta=registros["ruta"])
    c = entrar(Rol.DIMAR)
    r = c.get("/reserva/exoneraciones/?estado=radicada", HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and "<h1>" not in r.content.decode() and "caption-exoneraciones" in r.content.decode()
    r = c.get("/reserva/nacional/?orden=ruta", HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and "<h1>" not in r.content.decode()


def test_la_lista_de_exoneraciones_no_crece_en_consultas(registros, entrar, django_assert_max_num_queries):
    c = entrar(Rol.DIMAR)
    for _ in range(5):
        ExoneracionFactory(ruta=registros["ruta"])
    with django_assert_max_num_queries(12):
        assert c.get("/reserva/exoneraciones/").status_code == 200
    for _ in range(10):
        ExoneracionFactory(ruta=registros["ruta"])
    with django_assert_max_num_queries(12):
        assert c.get("/reserva/exoneraciones/").status_code == 200


def test_la_lista_de_arribos_no_crece_en_consultas(registros, entrar, django_assert_max_num_queries):
    from reserva.tests.factories import ArriboFactory

    c = entrar(Rol.AGENTE_MARITIMO)
    for _ in range(3):
        ConocimientoFactory(arribo=ArriboFactory(agencia=registros["agencia"], ruta=registros["ruta"]))
    with django_assert_max_num_queries(14) as antes:
        assert c.get("/reserva/arribos/").status_code == 200
    for _ in range(10):
        ConocimientoFactory(arribo=ArriboFactory(agencia=registros["agencia"], ruta=registros["ruta"]))
    with django_assert_max_num_queries(len(antes.captured_queries)):
        assert c.get("/reserva/arribos/").status_code == 200


def test_c12_dimar_resuelve_un_recargo_con_confirmacion(registros, entrar):
    from reserva.models import Recargo

    recargo = RecargoFactory()
    c = entrar(Rol.DIMAR)
    datos = {"decision": "negado", "fecha": "2026-03-20", "motivo": "No justificado."}
    r = c.post(f"/reserva/recargos/{recargo.pk}/decidir/", datos)
    assert r.status_code == 200 and "Confirmar" in r.content.decode()
    assert Recargo.objects.get().estado == "presentado"
    r = c.post(f"/reserva/recargos/{recargo.pk}/decidir/", {**datos, "confirmar": "True", "codigo_verificacion": "1"})
    assert r.status_code == 400 and Recargo.objects.get().estado == "presentado"  # issue 24: a wrong code
    c.usuario.totpdevice_set.update(throttling_failure_count=0)
    r = c.post(f"/reserva/recargos/{recargo.pk}/decidir/", con_codigo(c, {**datos, "confirmar": "True"}))
    assert r.status_code == 302 and Recargo.objects.get().estado == "negado"


def test_c06_el_sello_lo_firma_digitalmente_el_director_o_el_secretario_por_delegacion(registros, client, entrar):
    """Art. 16: the seal is signed by the Director General, or by the Secretary General under a recorded
    express delegation; the public verification and its API re-validate the signed file and name both."""
    from core.firma.validacion import validar_pdf
    from reserva.models import Delegacion

    delegacion = Delegacion.objects.create(
        acto="Resolución 0456 de 2 de enero de 2026",
        vigente_desde=dt.date(2026, 1, 2),
        nombre_delegado="Secretaria General de prueba",
    )
    directo = ExoneracionFactory(
        ruta=registros["ruta"],
        estado="concedida",
        fecha_decision=dt.date(2026, 3, 10),
        embarcar_antes_de=dt.date(2026, 4, 15),
        codigo_verificacion="RC-DIRECTOR01",
        firma_cargo="director_general",
        firma_nombre="Director General de prueba",
    )
    delegado = ExoneracionFactory(
        ruta=registros["ruta"],
        estado="concedida",
        fecha_decision=dt.date(2026, 3, 11),
        embarcar_antes_de=dt.date(2026, 4, 15),
        codigo_verificacion="RC-DELEGADO01",
        firma_cargo="secretario_general",
        firma_nombre="Secretaria General de prueba",
        delegacion=delegacion,
    )
    c = entrar(Rol.USUARIO_CARGA)
    v = validar_pdf(c.get(f"/reserva/exoneraciones/{directo.pk}/sello.pdf").content)
    assert v.valida and v.cargo == "Director General Marítimo", v.problemas
    v = validar_pdf(c.get(f"/reserva/exoneraciones/{delegado.pk}/sello.pdf").content)
    assert v.valida and v.cargo == "Secretario General", v.problemas

    firma = client.get("/api/v1/reserva/verificar/RC-DELEGADO01/").json()["firma"]
    assert firma["valida"] is True and firma["cargo"] == "Secretario General"
    assert firma["delegacion"].startswith("Resolución 0456 de 2 de enero de 2026")
    pagina = client.get("/reserva/verificar/RC-DELEGADO01/").content.decode()
    assert "Firmado por delegación: Resolución 0456 de 2 de enero de 2026" in pagina
    assert client.get("/api/v1/reserva/verificar/RC-DIRECTOR01/").json()["firma"].get("delegacion") is None


def test_dimar_decision_with_a_wrong_code_shows_the_confirmation_again_and_decides_nothing(entrar):
    from core.identidad.segundo_factor import CAMPO, ETIQUETA

    exoneracion = ExoneracionFactory()
    c = entrar(Rol.DIMAR)
    datos = {"decision": "negada", "fecha": "2026-03-10", "motivo": "Hay capacidad nacional."}
    decidir = f"/reserva/exoneraciones/{exoneracion.pk}/decidir/"
    assert ETIQUETA in c.post(decidir, datos).content.decode()
    r = c.post(decidir, {**datos, "confirmar": "True", CAMPO: "000000x"})
    assert r.status_code == 400 and "código de verificación" in r.content.decode()
    assert "Confirmar" in r.content.decode()
    assert Exoneracion.objects.get().estado == exoneracion.estado


def test_un_embarque_antes_de_la_firmeza_se_explica_en_la_pagina_y_lleva_al_acto(registros, entrar, crear_usuario):
    """DOMAIN §8: a grant not yet firm is no crash on the page, but the 409's Spanish reason; the file links to its
    act, where the petitioner sees where the procedure stands."""
    from core.vencimientos import calendario
    from reserva.services import exoneraciones as servicios
    from reserva.tests.factories import FIRMA

    hoy = calendario.today()
    exoneracion = ExoneracionFactory(ruta=registros["ruta"])
    documentos_completos(exoneracion)
    exoneracion = servicios.exoneracion_decide(
        actor=crear_usuario(Rol.DIMAR), exoneracion=exoneracion, decision="concedida", fecha=hoy,
        motivo="Sin capacidad nacional.", embarcar_antes_de=hoy + dt.timedelta(days=20), firma=FIRMA,
    )
    c = entrar(Rol.USUARIO_CARGA)
    pagina = c.get(f"/reserva/exoneraciones/{exoneracion.pk}/").content.decode()
    assert f'href="/actos/{exoneracion.acto_id}/"' in pagina and "Pendiente de notificación" in pagina
    r = c.post(
        f"/reserva/exoneraciones/{exoneracion.pk}/embarque/",
        {"fecha_embarque": hoy.isoformat(), "nave": "Atlantic Star", "bandera": "PA", "puerto_cargue": "Houston",
         "puerto_descargue": "Cartagena", "fecha_arribo_estimada": hoy.isoformat()},
    )
    assert r.status_code == 400 and "aún no ha sido notificado" in r.content.decode()
    assert not exoneracion.embarques.exists()
    assert "reposición ante el Director General Marítimo" in c.get(f"/actos/{exoneracion.acto_id}/").content.decode()
