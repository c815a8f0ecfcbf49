"""The resolution's PDF and its bulk firmeza as jobs (issue 14 §2): stored, marked out of date,
never built in a request, rendered in parts with the same rows, firmeza in batches with its notices."""

import io
import re
from decimal import Decimal

import pytest
from django.urls import reverse
from pypdf import PdfReader

from core.tests.segundo_factor import con_codigo
from cupos import pdf
from cupos.models import Cupo, DocumentoResolucion, FirmezaMasiva
from cupos.selectors.resoluciones import resolucion_huella
from cupos.services import documentos, firmezas
from cupos.services.cupos import cupo_declare_firm, cupo_grant
from cupos.tests.conftest import D
from cupos.tests.factories import NaveFactory, ResolucionFactory, cancelar_en_firme


def _resolucion_con_cupos(analista, numero: str, naves: int, nombre: str, galones: str):
    """A 2026 resolution granting `naves` vessels, named `nombre 000`, `nombre 001`…, the same gallons each."""
    resolucion = ResolucionFactory(anio=2026, numero=numero, fecha_expedicion=D(2026, 2, 20))
    for i in range(naves):
        cupo_grant(
            actor=analista,
            resolucion=resolucion,
            beneficiario=NaveFactory(nombre=f"{nombre} {i:03d}"),
            galones_anuales=Decimal(galones),
        )
    return resolucion


@pytest.fixture
def resolucion(hoy, analista):
    return _resolucion_con_cupos(analista, "000300", 7, "Nave", "12000")


def _texto(contenido: bytes) -> list[str]:
    return [pagina.extract_text() for pagina in PdfReader(io.BytesIO(contenido)).pages]


def _pedir(cliente, resolucion, capturar):
    with capturar(execute=True):  # after the commit the job is queued; Celery is eager here
        return cliente.post(reverse("cupos:resolucion-documento", args=[resolucion.id]))


@pytest.mark.django_db
def test_the_job_stores_the_document_and_the_page_links_to_it(
    entrar, resolucion, media, django_capture_on_commit_callbacks
):
    cliente = entrar()
    r = _pedir(cliente, resolucion, django_capture_on_commit_callbacks)
    assert r.status_code == 302
    documento = DocumentoResolucion.objects.get(resolucion=resolucion)
    assert documento.estado == DocumentoResolucion.Estado.LISTO and documento.progreso == 100
    assert documento.cupos == 7 and documento.paginas >= 1
    resolucion.refresh_from_db()  # granting its cupos made the draft resolution expedida
    assert documento.huella == resolucion_huella(resolucion)
    assert (media / documento.archivo.name).read_bytes().startswith(b"%PDF")
    html = cliente.get(reverse("cupos:resolucion", args=[resolucion.id])).content.decode()
    assert reverse("cupos:resolucion-pdf", args=[resolucion.id]) in html
    assert "Ver la resolución en PDF" in html and "Generar el PDF" not in html and "cambió después" not in html
    r = cliente.get(reverse("cupos:resolucion-pdf", args=[resolucion.id]))
    paginas = _texto(b"".join(r.streaming_content))
    assert "RESOLUCIÓN No. 000300" in paginas[0] and "Nave 006" in "".join(paginas)


@pytest.mark.django_db
def test_a_change_marks_the_document_out_of_date_and_offers_to_rebuild(
    entrar, resolucion, analista, media, django_capture_on_commit_callbacks
):
    cliente = entrar()
    _pedir(cliente, resolucion, django_capture_on_commit_callbacks)
    huellas = {resolucion_huella(resolucion)}
    cupo = resolucion.cupos.order_by("id").first()
    cambios = [
        lambda: cupo_grant(
            actor=analista, resolucion=resolucion, beneficiario=NaveFactory(), galones_anuales=Decimal("100")
        ),
        lambda: cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=D(2026, 3, 2)),
        lambda: cancelar_en_firme(
            actor=analista,
            cupo=cupo,
            fecha=D(2026, 4, 1),
            motivo="Matrícula cancelada",
            causal="baja_dimar",
            soporte="Novedades de Dimar de abril de 2026",
        ),
        lambda: Cupo.objects.filter(pk=cupo.pk).update(galones_anuales=Decimal("13000")),
        lambda: (
            Cupo.objects.get(pk=cupo.pk)
            .beneficiario.__class__.objects.filter(pk=cupo.beneficiario_id)
            .update(nombre="Nave renombrada")
        ),
    ]
    for cambio in cambios:
        cambio()
        huella = resolucion_huella(resolucion)
        assert huella not in huellas, cambio
        huellas.add(huella)
        html = cliente.get(reverse("cupos:resolucion", args=[resolucion.id])).content.decode()
        assert "La resolución cambió después de generar este PDF" in html
        assert "Volver a generar el PDF" in html
    _pedir(cliente, resolucion, django_capture_on_commit_callbacks)
    html = cliente.get(reverse("cupos:resolucion", args=[resolucion.id])).content.decode()
    assert "cambió después" not in html and DocumentoResolucion.objects.filter(resolucion=resolucion).count() == 2


@pytest.mark.django_db
def test_no_request_ever_builds_the_pdf(entrar, resolucion, media, monkeypatch, django_capture_on_commit_callbacks):
    def prohibido(*args, **kwargs):
        raise AssertionError("a request built the PDF")

    monkeypatch.setattr(pdf, "resolucion_pdf_por_partes", prohibido)
    monkeypatch.setattr("weasyprint.HTML", prohibido)
    cliente = entrar()
    assert cliente.get(reverse("cupos:resolucion", args=[resolucion.id])).status_code == 200
    # None yet (issue 26): following the link asks for it (queued after the commit, never built in the
    # request) and waits for it, polling, instead of landing on «aún no se ha generado».
    with django_capture_on_commit_callbacks(execute=False) as colas:
        r = cliente.get(reverse("cupos:resolucion-pdf", args=[resolucion.id]))
    html = r.content.decode()
    assert r.status_code == 200 and len(colas) == 1
    assert 'hx-trigger="every 2s"' in html and "aún no se ha generado" not in html
    with django_capture_on_commit_callbacks(execute=False) as colas:
        r = cliente.post(reverse("cupos:resolucion-documento", args=[resolucion.id]), HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and len(colas) == 0  # the one on its way, not a second
    assert "Avance de la generación del PDF" in r.content.decode() and 'hx-trigger="every 2s"' in r.content.decode()
    documento = DocumentoResolucion.objects.get(resolucion=resolucion)
    assert documento.estado == DocumentoResolucion.Estado.EN_ESPERA
    # Asking again while it waits queues nothing new.
    with django_capture_on_commit_callbacks(execute=False) as colas:
        cliente.post(reverse("cupos:resolucion-documento", args=[resolucion.id]))
    assert DocumentoResolucion.objects.filter(resolucion=resolucion).count() == 1
    estado = cliente.get(reverse("cupos:resolucion-documento-estado", args=[resolucion.id])).content.decode()
    assert "Avance de la generación del PDF" in estado


@pytest.mark.django_db
@pytest.mark.parametrize("procesos", [1, 2], ids=["here", "two-worker-processes"])
def test_parts_merge_into_the_same_act_with_every_row_once(hoy, analista, procesos):
    resolucion = _resolucion_con_cupos(analista, "000301", 23, "Barco", "1200")
    destino = io.BytesIO()
    avances = []
    paginas = pdf.resolucion_pdf_por_partes(
        resolucion,
        destino,
        filas_por_parte=5,
        avance=lambda hechas, total: avances.append((hechas, total)),
        procesos=procesos,
    )
    assert avances == [(5, 23), (10, 23), (15, 23), (20, 23), (23, 23)]  # five renders
    textos = _texto(destino.getvalue())
    assert len(textos) == paginas >= 5
    todo = "\n".join(textos)
    assert sorted(re.findall(r"Barco \d{3}", todo)) == [f"Barco {i:03d}" for i in range(23)]  # each row once
    numeros = [int(n) for n in re.findall(r"^(\d+) Barco", todo, flags=re.M)]
    assert numeros == list(range(1, 24))  # numbered across parts
    for i, texto in enumerate(textos, start=1):  # the footer counts the merged pages
        assert f"Resolución UPME No. 000301 de 2026 — Página {i} de {paginas}" in texto
    assert todo.count("CONSIDERANDO") == 1 and todo.count("COMUNÍQUESE Y CÚMPLASE") == 1
    assert todo.count("Total (23 beneficiarios)") == 1 and "27.600,00" in todo and todo.count("No. Beneficiario") == 5
    # One render of the whole act shows the same rows.
    una = re.findall(r"Barco \d{3}", "\n".join(_texto(pdf.resolucion_documento(resolucion).write_pdf())))
    assert sorted(una) == sorted(re.findall(r"Barco \d{3}", todo))


@pytest.mark.django_db
def test_an_empty_resolution_is_one_part(hoy):
    resolucion = ResolucionFactory(anio=2026, numero="000302", fecha_expedicion=D(2026, 2, 20))
    destino = io.BytesIO()
    assert pdf.resolucion_pdf_por_partes(resolucion, destino) >= 1
    assert "Esta resolución no tiene cupos otorgados." in "".join(_texto(destino.getvalue()))


@pytest.mark.django_db
def test_the_confirmation_only_counts(entrar, resolucion, monkeypatch):
    def prohibido(*args, **kwargs):
        raise AssertionError("the confirmation touched a cupo")

    monkeypatch.setattr(firmezas, "_firmar_todo", prohibido)
    r = entrar().post(reverse("cupos:resolucion-firmeza", args=[resolucion.id]), {"fecha_firmeza": "2026-03-02"})
    assert r.status_code == 200
    assert (
        "7 cupos de la resolución 000300 de 2026 quedarán en firme el 2 de marzo de 2026 y se comunicará a Dimar, "
        "en un solo acto" in r.content.decode()
    )
    assert not FirmezaMasiva.objects.exists()


@pytest.mark.django_db
def test_the_page_shows_the_firmeza_in_progress(entrar, resolucion, django_capture_on_commit_callbacks):
    cliente = entrar()
    with django_capture_on_commit_callbacks(execute=False):
        r = cliente.post(
            reverse("cupos:resolucion-firmeza", args=[resolucion.id]),
            con_codigo(cliente, {"fecha_firmeza": "2026-03-02", "confirmado": "1"}),
        )
    assert r.status_code == 302
    html = cliente.get(reverse("cupos:resolucion", args=[resolucion.id])).content.decode()
    assert "Avance de la firmeza de 7 cupos" in html
    assert "Declarar firmeza de todos" not in html  # no second act while one runs
    firmezas.firmeza_masiva_process(trabajo_id=FirmezaMasiva.objects.get().id)
    estado = cliente.get(reverse("cupos:resolucion-firmeza-estado", args=[resolucion.id])).content.decode()
    assert "Se declaró la firmeza de 7 cupos" in estado and "every 1s" not in estado


@pytest.mark.django_db
def test_a_failed_build_says_so(resolucion, analista, monkeypatch, media, django_capture_on_commit_callbacks):
    def roto(*args, **kwargs):
        raise RuntimeError("pango")

    monkeypatch.setattr(pdf, "resolucion_pdf_por_partes", roto)
    with django_capture_on_commit_callbacks(execute=True):
        documento = documentos.resolucion_documento_request(actor=analista, resolucion=resolucion)
    documento.refresh_from_db()
    assert documento.estado == DocumentoResolucion.Estado.FALLIDO and "error interno" in documento.mensaje


@pytest.mark.django_db
def test_the_sweeper_builds_a_document_whose_queuing_failed(resolucion, analista, media):
    from core.segundo_plano.trabajos import recuperar_trabajos

    documento = DocumentoResolucion.objects.create(
        resolucion=resolucion, huella=resolucion_huella(resolucion), solicitado_por=analista, latido=None
    )
    resultado = next(r for r in recuperar_trabajos() if r.nombre == documentos.TRABAJO)
    assert resultado.reencolados == [documento.id]
    documento.refresh_from_db()
    assert documento.estado == DocumentoResolucion.Estado.LISTO  # eager Celery: built by the re-queued task


def test_a_worker_process_that_fails_a_part_fails_the_render(tmp_path):
    """The parts go to child processes; one that cannot write its part makes the build fail (the job
    then marks the document failed), and its processes are closed."""
    (tmp_path / "parte-1.pdf").mkdir()  # the second part cannot be written there
    trabajos = [(f"<p>Parte {i}</p>", str(tmp_path / f"parte-{i}.pdf"), 1) for i in range(3)]
    with pytest.raises(RuntimeError, match="falló"):
        list(pdf._renderizar(trabajos, 2))
    assert (tmp_path / "parte-0.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.django_db
def test_an_issued_resolution_is_signed_once_on_the_merged_file_with_upmes_seal(
    entrar, resolucion, media, django_capture_on_commit_callbacks, client
):
    from core.firma.validacion import validar_pdf
    from core.models import DocumentoFirmado

    cliente = entrar()
    _pedir(cliente, resolucion, django_capture_on_commit_callbacks)
    documento = DocumentoResolucion.objects.get(resolucion=resolucion)
    contenido = (media / documento.archivo.name).read_bytes()

    v = validar_pdf(contenido)
    assert v.valida and v.firmante == "Unidad de Planeación Minero Energética" and v.nivel == "B-B", v.problemas
    assert "firmado digitalmente" in documento.mensaje
    firmado = DocumentoFirmado.objects.get(tipo="resolucion")
    assert (
        firmado.archivo.name == documento.archivo.name
        and firmado.sha256 == __import__("hashlib").sha256(contenido).hexdigest()
    )
    # A citizen who uploads the file learns it is the portal's, unchanged.
    from django.core.files.uploadedfile import SimpleUploadedFile

    pagina = client.post("/firma/verificar/", {"documento": SimpleUploadedFile("r.pdf", contenido)})
    assert "Es un documento expedido por el portal" in pagina.content.decode()


def test_the_resolution_states_its_recursos_before_whom_and_within_what_term(resolucion):
    """DOMAIN P-02 (Ley 1437, art. 67): the act's text names the recurso, who decides it and its term."""
    from cupos.pdf import resolucion_pdf

    texto = " ".join(_texto(resolucion_pdf(resolucion))).replace("\n", " ")
    assert "Notificación y recursos" in texto
    assert "recurso de reposición ante el Director General de la UPME" in texto
    assert "dentro de los 10 días hábiles siguientes a la notificación" in texto
