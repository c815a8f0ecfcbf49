"""Every act has its PDF, stating its recursos, signed (API.md `GET actos/{id}/pdf/`, DOMAIN P-02): a cancellation,
a refused application and the decisions on recursos get the portal's own signed PDF; a resolution of cupos answers
its own document (202 while its job builds it); a transcribed paper act answers a record of its transcription."""

import datetime as dt
import io
from decimal import Decimal

import pytest
from pypdf import PdfReader

from core.actos import services
from core.actos.models import Acto
from core.firma.validacion import validar_pdf
from core.identidad.roles import Rol
from core.models import DocumentoFirmado
from core.vencimientos.calendario import today
from cupos.models import DocumentoResolucion
from cupos.services.cupos import cupo_cancel, cupo_grant
from cupos.services.solicitudes import solicitud_cambiar_estado
from cupos.tests.factories import ResolucionFactory, radicar

pytestmark = pytest.mark.django_db

UPME_REPOSICION = "recurso de reposición ante el Director General de la UPME, dentro de los 10 días hábiles"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


def _texto(contenido: bytes) -> str:
    texto = " ".join(pagina.extract_text() for pagina in PdfReader(io.BytesIO(contenido)).pages)
    return " ".join(texto.split())


def _pdf(cliente, acto_id) -> bytes:
    r = cliente.get(f"/api/v1/actos/{acto_id}/pdf/")
    assert r.status_code == 200, r.content[:300]
    assert r["Content-Type"] == "application/pdf"
    return r.content


def _firmado(contenido: bytes) -> None:
    v = validar_pdf(contenido)
    assert v.firmado and v.valida, v.problemas


def _cupo(analista, nave):
    resolucion = ResolucionFactory(anio=today().year, fecha_expedicion=dt.date(today().year, 1, 20))
    return cupo_grant(actor=analista, resolucion=resolucion, beneficiario=nave, galones_anuales=Decimal("24000"))


@pytest.fixture
def cancelacion(cliente):
    analista, beneficiario = cliente(Rol.UPME_ANALISTA), cliente(Rol.BENEFICIARIO)
    cupo = _cupo(analista.usuario, beneficiario.usuario.beneficiario)
    cupo = cupo_cancel(actor=analista.usuario, cupo=cupo, fecha=today(), causal="comunicacion_autoridad",
                       soporte="Dimar, oficio 2026-77", motivo="Uso indebido informado por Dimar")
    return {"analista": analista, "beneficiario": beneficiario, "acto": cupo.cancelacion_interesado.acto,
            "interesado": cupo.cancelacion_interesado}


def test_a_cancellation_answers_its_signed_pdf_naming_the_act_and_its_recursos(cancelacion):
    acto = cancelacion["acto"]
    contenido = _pdf(cancelacion["beneficiario"], acto.pk)

    texto = _texto(contenido)
    assert "CANCELACIÓN DE CUPO" in texto and "Unidad de Planeación Minero Energética" in texto
    assert UPME_REPOSICION in texto
    assert cancelacion["interesado"].nombre in texto
    _firmado(contenido)
    # Kept once: the second request answers the very same stored file.
    assert DocumentoFirmado.objects.filter(tipo="acto", referencia=str(acto.pk)).count() == 1
    assert _pdf(cancelacion["analista"], acto.pk) == contenido


def test_someone_out_of_scope_gets_404(cancelacion, cliente):
    otro = cliente(Rol.BENEFICIARIO)
    assert otro.get(f"/api/v1/actos/{cancelacion['acto'].pk}/pdf/").status_code == 404
    assert cliente(Rol.CAPITANIA_OFICIAL).get(f"/api/v1/actos/{cancelacion['acto'].pk}/pdf/").status_code == 404


def test_a_refused_application_states_reposicion(cliente):
    analista, beneficiario = cliente(Rol.UPME_ANALISTA), cliente(Rol.BENEFICIARIO)
    solicitud = radicar(analista.usuario, beneficiario.usuario.beneficiario)
    solicitud = solicitud_cambiar_estado(actor=analista.usuario, solicitud=solicitud, estado="rechazada",
                                         observaciones="Falta la licencia de pesca.")
    contenido = _pdf(beneficiario, solicitud.acto_id)

    texto = _texto(contenido)
    assert "RECHAZO DE SOLICITUD DE CUPO" in texto and UPME_REPOSICION in texto
    _firmado(contenido)


def test_a_decision_on_reposicion_against_upme_states_it_and_that_no_recurso_proceeds(cancelacion):
    c = cancelacion
    recurso = services.recurso_presentar(
        actor=c["beneficiario"].usuario, acto_id=c["acto"].pk, interesado_id=c["interesado"].pk,
        tipo="reposicion", fecha=today(), motivos="La nave sigue operando: la baja fue un error de Dimar.",
    )
    decision = services.recurso_decidir(actor=c["analista"].usuario, recurso_id=recurso.pk, sentido="confirma",
                                        motivacion="Dimar confirmó la baja por oficio.")
    contenido = _pdf(c["beneficiario"], decision.pk)

    texto = _texto(contenido)
    assert "DECISIÓN SOBRE UN RECURSO" in texto
    assert "Resuelve el recurso de reposición" in texto and "cancelación de cupo" in texto
    assert "la baja fue un error de Dimar" in texto and "Dimar confirmó la baja por oficio." in texto
    assert "confirma el acto" in texto
    assert "Contra este acto no procede recurso alguno." in texto  # a reposición decided does not reopen it
    _firmado(contenido)


def test_a_decision_on_reposicion_against_a_capitania_act_states_the_apelacion(cliente):
    oficial, beneficiario = cliente(Rol.CAPITANIA_OFICIAL), cliente(Rol.BENEFICIARIO)
    persona = beneficiario.usuario.beneficiario
    acto = services.acto_expedir(
        actor=oficial.usuario, tipo="multa_prueba", referencia="1", autoridad="capitania", numero="CP05-7",
        interesados=[{"nombre": persona.nombre, "beneficiario_id": persona.pk, "referencia": "multa:1"}],
    )
    texto = _texto(_pdf(beneficiario, acto.pk))
    assert "reposición ante el Capitán de Puerto" in texto and "apelación ante el Director General Marítimo" in texto

    recurso = services.recurso_presentar(
        actor=beneficiario.usuario, acto_id=acto.pk, interesado_id=acto.interesados.get().pk, tipo="reposicion",
        fecha=today(), motivos="No hubo infracción.",
    )
    decision = services.recurso_decidir(actor=oficial.usuario, recurso_id=recurso.pk, sentido="confirma",
                                        motivacion="La infracción consta en el acta.")
    contenido = _pdf(beneficiario, decision.pk)

    texto = _texto(contenido)
    assert "Resuelve el recurso de reposición" in texto and "CP05-7" in texto
    assert "apelación ante el Director General Marítimo" in texto and "reposición ante" not in texto
    v = validar_pdf(contenido)
    assert v.valida and v.firmante == "Capitanía de Puerto de Cartagena", v.problemas


def test_a_transcribed_act_answers_a_record_of_its_transcription_unsigned(cliente):
    analista, beneficiario = cliente(Rol.UPME_ANALISTA), cliente(Rol.BENEFICIARIO)
    cupo = _cupo(analista.usuario, beneficiario.usuario.beneficiario)
    cupo = cupo_cancel(actor=analista.usuario, cupo=cupo, fecha=today(), causal="comunicacion_autoridad",
                       soporte="Oficio UPME 2026-123", motivo="Uso indebido", transcrita=True,
                       fecha_expedicion=today() - dt.timedelta(days=3))
    contenido = _pdf(beneficiario, cupo.cancelacion_interesado.acto_id)

    texto = _texto(contenido)
    assert "Transcripción de un acto en papel" in texto and "Oficio UPME 2026-123" in texto
    assert UPME_REPOSICION in texto
    assert not validar_pdf(contenido).firmado
    assert not DocumentoFirmado.objects.filter(tipo="acto").exists()


ESCANEO = b"%PDF-1.4\n% Resolucion 000045 de 2025 en papel\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n"


def test_a_transcribed_act_answers_its_attached_scan(cliente):
    """API.md «Acts» / R-05: a transcribed act answers its attached scan. The authority's staff attach it
    (multipart); a beneficiary, another authority's staff, a non-PDF or an act the portal issued are refused."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    analista, beneficiario = cliente(Rol.UPME_ANALISTA), cliente(Rol.BENEFICIARIO)
    cupo = _cupo(analista.usuario, beneficiario.usuario.beneficiario)
    cupo = cupo_cancel(actor=analista.usuario, cupo=cupo, fecha=today(), causal="comunicacion_autoridad",
                       soporte="Oficio UPME 2026-124", motivo="Uso indebido", transcrita=True,
                       fecha_expedicion=today() - dt.timedelta(days=3))
    acto = cupo.cancelacion_interesado.acto_id
    url = f"/api/v1/actos/{acto}/escaneo/"
    assert analista.get(f"/api/v1/actos/{acto}/").json()["escaneo"] is False

    def subir(quien, nombre, contenido):
        return quien.post(url, {"archivo": SimpleUploadedFile(nombre, contenido)}, format="multipart")

    assert subir(beneficiario, "acto.pdf", ESCANEO).status_code == 403
    assert subir(cliente(Rol.DIMAR), "acto.pdf", ESCANEO).status_code == 404  # an UPME act: out of its scope
    r = subir(analista, "acto.png", b"\x89PNG\r\n\x1a\n0000")
    assert r.status_code == 400 and "PDF" in r.json()["archivo"][0]
    r = subir(analista, "acto.pdf", ESCANEO)
    assert r.status_code == 201 and r.json()["escaneo"] is True, r.content
    assert _pdf(beneficiario, acto) == ESCANEO  # the paper act itself, as attached

    issued = cupo_cancel(actor=analista.usuario, cupo=_cupo(analista.usuario, cliente(Rol.BENEFICIARIO).usuario
                                                              .beneficiario),
                         fecha=today(), causal="comunicacion_autoridad", soporte="Oficio", motivo="Uso indebido")
    r = analista.post(f"/api/v1/actos/{issued.cancelacion_interesado.acto_id}/escaneo/",
                      {"archivo": SimpleUploadedFile("acto.pdf", ESCANEO)}, format="multipart")
    assert r.status_code == 400 and "transcrito" in r.json()["archivo"][0]


def test_a_scan_whose_record_fails_leaves_no_file_behind(cliente, media, monkeypatch):
    from django.core.files.uploadedfile import SimpleUploadedFile

    analista, beneficiario = cliente(Rol.UPME_ANALISTA), cliente(Rol.BENEFICIARIO)
    cupo = cupo_cancel(actor=analista.usuario, cupo=_cupo(analista.usuario, beneficiario.usuario.beneficiario),
                       fecha=today(), causal="comunicacion_autoridad", soporte="Oficio UPME 2026-126",
                       motivo="Uso indebido", transcrita=True, fecha_expedicion=today() - dt.timedelta(days=2))
    acto = cupo.cancelacion_interesado.acto_id

    def falla(**_):
        raise RuntimeError("la auditoría no se pudo escribir")

    monkeypatch.setattr(services, "audit_record", falla)
    with pytest.raises(RuntimeError):
        services.escaneo_adjuntar(actor=analista.usuario, acto_id=acto,
                                  archivo=SimpleUploadedFile("acto.pdf", ESCANEO))
    assert not Acto.objects.get(pk=acto).escaneo
    assert not [p for p in media.rglob("*") if p.is_file()]


def test_the_act_page_attaches_the_scan_of_a_transcribed_act(cliente):
    """The same as the API, in the browser: the authority's staff see the form on the act's page, a non-PDF is
    refused next to the field with nothing saved, a PDF becomes the act's PDF; the person concerned sees no form
    and its POST is refused."""
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client
    from django.urls import reverse

    analista, beneficiario = cliente(Rol.UPME_ANALISTA), cliente(Rol.BENEFICIARIO)
    cupo = cupo_cancel(actor=analista.usuario, cupo=_cupo(analista.usuario, beneficiario.usuario.beneficiario),
                       fecha=today(), causal="comunicacion_autoridad", soporte="Oficio UPME 2026-125",
                       motivo="Uso indebido", transcrita=True, fecha_expedicion=today() - dt.timedelta(days=2))
    acto = Acto.objects.get(pk=cupo.cancelacion_interesado.acto_id)
    url = reverse("acto", args=[acto.pk])
    personal, persona = Client(), Client()
    personal.force_login(analista.usuario)
    persona.force_login(beneficiario.usuario)

    pagina = personal.get(url).content.decode()
    assert "Adjuntar el escaneo del acto" in pagina and "Aún no se ha adjuntado el escaneo" in pagina
    assert "Adjuntar el escaneo del acto" not in persona.get(url).content.decode()

    mala = personal.post(url, {"archivo": SimpleUploadedFile("acto.png", b"\x89PNG\r\n\x1a\n0000")})
    assert mala.status_code == 400 and "Cargue el escaneo del acto en PDF." in mala.content.decode()
    acto.refresh_from_db()
    assert not acto.escaneo

    ajena = persona.post(url, {"archivo": SimpleUploadedFile("acto.pdf", ESCANEO)})
    assert ajena.status_code == 302
    acto.refresh_from_db()
    assert not acto.escaneo

    r = personal.post(url, {"archivo": SimpleUploadedFile("acto.pdf", ESCANEO)}, follow=True)
    texto = r.content.decode()
    assert r.status_code == 200 and "Se adjuntó el escaneo del acto" in texto
    assert "El PDF del acto es el escaneo del acto en papel adjuntado." in texto
    assert "Reemplazar el escaneo del acto" in texto
    assert _pdf(beneficiario, acto.pk) == ESCANEO


def test_the_resolution_answers_202_while_its_document_is_built_then_its_signed_pdf(
    cliente, django_capture_on_commit_callbacks
):
    analista, beneficiario = cliente(Rol.UPME_ANALISTA), cliente(Rol.BENEFICIARIO)
    cupo = _cupo(analista.usuario, beneficiario.usuario.beneficiario)
    acto = Acto.objects.get(pk=cupo.resolucion.acto_id)

    with django_capture_on_commit_callbacks(execute=True):  # the job is queued on commit; Celery is eager here
        r = beneficiario.get(f"/api/v1/actos/{acto.pk}/pdf/")
    assert r.status_code == 202, r.content[:300]
    trabajo = r.json()["trabajo"]
    assert DocumentoResolucion.objects.get(resolucion=cupo.resolucion).estado == "listo"

    seguimiento = beneficiario.get(f"/api/v1/trabajos/{trabajo}/")
    assert seguimiento.status_code == 200 and seguimiento.json()["estado"] == "terminado"
    assert seguimiento.json()["resultado"]["recurso"] == f"/api/v1/actos/{acto.pk}/pdf/"
    contenido = _pdf(beneficiario, acto.pk)
    assert UPME_REPOSICION in _texto(contenido)  # P-02: which recurso, before whom, within what term
    _firmado(contenido)
    assert cliente(Rol.BENEFICIARIO).get(f"/api/v1/trabajos/{trabajo}/").status_code == 404


def test_the_act_pages_link_to_the_same_pdf(cancelacion, entrar):
    acto, interesado = cancelacion["acto"], cancelacion["interesado"]
    web = entrar(cancelacion["beneficiario"].usuario)
    for pagina in (f"/actos/{acto.pk}/", f"/actos/{acto.pk}/interesados/{interesado.pk}/"):
        r = web.get(pagina)
        assert r.status_code == 200 and f'href="/actos/{acto.pk}/pdf/"' in r.content.decode()
        assert "Descargar el acto (PDF)" in r.content.decode()
    r = web.get(f"/actos/{acto.pk}/pdf/")
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
    assert r.content == _pdf(cancelacion["beneficiario"], acto.pk)


# P-02 / issue 40 «Done when»: every kind of act's PDF states its recursos. The resolution of cupos (its own
# document) and the decision on a recurso are read above; every other kind registered is read here, with the
# authority its service issues it as, and a kind registered without a row below fails the test.
DIMAR_REPOSICION = "recurso de reposición ante el Director General Marítimo, dentro de los 10 días hábiles"
POR_CLASE = {
    "cancelacion_cupo": ("upme", [UPME_REPOSICION]),
    "rechazo_solicitud": ("upme", [UPME_REPOSICION]),
    "desistimiento_solicitud": ("upme", [UPME_REPOSICION]),  # P-06: only reposición
    "ejecucion_garantia": ("upme", [UPME_REPOSICION]),
    "asignacion_frontera": ("upme", [UPME_REPOSICION]),
    "aprobacion_plan_frontera": ("minminas", ["recurso de reposición ante la Dirección de Hidrocarburos"]),
    "reserva_exoneracion": ("dimar", [DIMAR_REPOSICION]),
    "reserva_desistimiento": ("dimar", [DIMAR_REPOSICION]),
    "reserva_contrato_anual": ("dimar", [DIMAR_REPOSICION]),
    "reserva_recargo": ("dimar", [DIMAR_REPOSICION]),
    "reserva_multa": ("capitania", ["reposición ante el Capitán de Puerto",
                                    "apelación ante el Director General Marítimo"]),
}
LEIDOS_ARRIBA = {"resolucion_cupos", "decision_recurso"}


def test_every_registered_kind_of_act_is_read_by_a_pdf_test():
    from core import registro

    assert set(registro._tipos_acto) == set(POR_CLASE) | LEIDOS_ARRIBA


@pytest.mark.parametrize("tipo", sorted(POR_CLASE))
def test_each_kind_of_acts_pdf_states_its_recursos(cliente, tipo):
    from core import registro

    autoridad, frases = POR_CLASE[tipo]
    rol = {"upme": Rol.UPME_ANALISTA, "minminas": Rol.MINMINAS, "dimar": Rol.DIMAR,
           "capitania": Rol.CAPITANIA_OFICIAL}[autoridad]
    personal, beneficiario = cliente(rol), cliente(Rol.BENEFICIARIO)
    persona = beneficiario.usuario.beneficiario
    acto = services.acto_expedir(
        actor=personal.usuario, tipo=tipo, referencia="pdf", autoridad=autoridad, numero="000777",
        interesados=[{"nombre": persona.nombre, "beneficiario_id": persona.pk, "referencia": "pdf:1"}],
    )
    contenido = _pdf(beneficiario, acto.pk)

    texto = _texto(contenido)
    assert registro.tipo_acto(tipo).etiqueta.upper() in texto.upper()
    for frase in frases:
        assert frase in texto, (tipo, texto[-600:])
    _firmado(contenido)
