"""Applications and their documents (R-03, R-04): the pages."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import include, path

import config.urls
from core.identidad.roles import Rol
from core.vencimientos.calendario import today
from cupos.models import Beneficiario, DocumentoSolicitud, Solicitud
from cupos.selectors.solicitudes import solicitud_faltantes
from cupos.tests.factories import (
    PDF,
    AcuicultoraFactory,
    NaveFactory,
    archivos_en,
    extranjera,
    pdf,
    radicar,
)


@pytest.fixture(autouse=True)
def _sin_solicitudes_previas(monkeypatch):
    """These tests radicate and count applications: their beneficiaries come with none (cupos.tests.factories)."""
    monkeypatch.setattr("cupos.tests.factories.APROBADAS", ())

# The site's routes plus these pages, whether or not config/urls.py includes them yet.
urlpatterns = list(config.urls.urlpatterns)
if not any(getattr(p, "namespace", None) == "cupos" for p in urlpatterns):
    urlpatterns.insert(0, path("", include("cupos.urls")))

pytestmark = [pytest.mark.django_db, pytest.mark.urls(__name__), pytest.mark.usefixtures("media")]


def hoy() -> dt.date:
    return today()


def test_list_page_filters_paginates_and_shows_an_empty_state(entrar, analista, django_assert_max_num_queries):
    web = entrar()
    r = web.get("/solicitudes/")
    assert r.status_code == 200 and "Aún no hay solicitudes radicadas" in r.content.decode()
    for _ in range(30):
        radicar(analista, NaveFactory())
    tarde = radicar(
        analista, AcuicultoraFactory(nombre="Camarones del Pacífico"), fecha_limite=hoy() - dt.timedelta(days=2)
    )
    with django_assert_max_num_queries(10):
        r = web.get("/solicitudes/")
    html = r.content.decode()
    assert r.status_code == 200 and "Página 1 de 2" in html
    r = web.get(
        "/solicitudes/", {"tipo": "acuicultora", "extemporanea": "si", "anio": tarde.anio, "estado": "radicada"}
    )
    html = r.content.decode()
    assert "Camarones del Pacífico" in html and html.count('data-etiqueta="Año"') == 1 and "Extemporánea" in html
    r = web.get("/solicitudes/", {"anio": "2009", "tipo": "armada"})
    assert "No hay solicitudes con esos filtros" in r.content.decode()
    r = web.get("/solicitudes/", {"anio": "abc", "tipo": "acuicultora", "page": "x"})
    html = r.content.decode()
    assert r.status_code == 200 and "Ingrese un número entero" in html and html.count('data-etiqueta="Año"') == 1


def test_new_application_page_searches_and_radicates(entrar):
    web = entrar()
    AcuicultoraFactory(nombre="Tilapias del Huila S.A.S.", identificacion="901555666")
    r = web.get("/solicitudes/nueva/", {"q": "tilapias"})
    html = r.content.decode()
    assert r.status_code == 200 and "Tilapias del Huila S.A.S." in html and 'type="radio"' in html
    beneficiario = Beneficiario.objects.get(identificacion="901555666")
    r = web.post(
        "/solicitudes/nueva/",
        {
            "q": "tilapias",
            "beneficiario": beneficiario.pk,
            "anio": hoy().year,
            "galones_solicitados": "12000,50",
            "fecha_radicacion": hoy().isoformat(),
            "fecha_limite": "",
        },
    )
    solicitud = Solicitud.objects.get(beneficiario=beneficiario)
    assert r.status_code == 302 and r["Location"] == f"/solicitudes/{solicitud.pk}/"
    assert solicitud.galones_solicitados == Decimal("12000.50")


def test_new_application_page_shows_errors_in_spanish(entrar):
    web = entrar()
    r = web.post("/solicitudes/nueva/", {"anio": "", "galones_solicitados": "12,000.5", "fecha_radicacion": "ayer"})
    html = r.content.decode()
    assert r.status_code == 400
    for mensaje in ("Busque y seleccione el beneficiario.", "Indique el año", "por ejemplo 6.000,50", "AAAA-MM-DD"):
        assert mensaje in html
    assert 'aria-invalid="true"' in html and not Solicitud.objects.exists()
    nave = NaveFactory()
    radicar(web.usuario, nave)
    r = web.post(
        "/solicitudes/nueva/",
        {
            "beneficiario": nave.pk,
            "anio": hoy().year + 1,
            "galones_solicitados": "100",
            "fecha_radicacion": hoy().isoformat(),
        },
    )
    assert r.status_code == 400 and "ya tiene una solicitud radicada" in r.content.decode()


def test_detail_page_shows_the_checklist_with_upload_forms(entrar, analista):
    solicitud = radicar(analista, extranjera(), fecha_limite=hoy() - dt.timedelta(days=1))
    r = entrar().get(f"/solicitudes/{solicitud.pk}/")
    html = r.content.decode()
    assert r.status_code == 200 and f"Solicitud de cupo {solicitud.anio}: " in html
    assert html.count('accept=".pdf,.png,.jpg,.jpeg"') == 4
    assert 'name="fecha_expedicion"' in html and "0 de 4" in html
    assert "Información extemporánea" in html and "Registrar causa justificada" in html
    assert "Pasar a revisión" in html and "Rechazar" in html and ">Aprobar<" not in html


def test_a_document_reported_by_reference_over_the_api_counts_and_the_page_says_so(entrar, analista):
    """API.md «Applications»: a document an agency reports by its reference counts for R-03; the page names the
    reference, offers no download (there is no file) and still lets the applicant upload the file."""
    solicitud = radicar(
        analista, extranjera(),
        documentos=[{"tipo": "constancia_ica", "referencia": "AUNAP-2026-0042"}],
    )
    r = entrar().get(f"/solicitudes/{solicitud.pk}/")
    html = r.content.decode()
    assert r.status_code == 200 and "1 de 4" in html
    assert "informado por su referencia «AUNAP-2026-0042», sin archivo en el portal" in html
    assert "solicitud-documento-archivo" not in html and "/documentos/constancia_ica/archivo/" not in html
    assert html.count('accept=".pdf,.png,.jpg,.jpeg"') == 4


def test_upload_through_the_page_and_download_through_the_access_check(entrar, analista, crear_usuario, client, media):
    propia = AcuicultoraFactory()
    solicitud = radicar(analista, propia)
    web = entrar(Rol.BENEFICIARIO, beneficiario=propia)
    url = f"/solicitudes/{solicitud.pk}/documentos/permiso_cultivo/"
    r = web.post(url, {"archivo": SimpleUploadedFile("falso.pdf", b"hola")})
    assert r.status_code == 400 and "no corresponde a un archivo PDF" in r.content.decode()
    assert archivos_en(media) == []
    r = web.post(url, {"archivo": pdf("permiso.pdf")})
    assert r.status_code == 302
    r = web.get(f"{url}archivo/")
    assert r.status_code == 200 and b"".join(r.streaming_content) == PDF
    assert r["Content-Disposition"].startswith("attachment") and r["Content-Type"] == "application/pdf"
    assert "/media/" not in web.get(f"/solicitudes/{solicitud.pk}/").content.decode()

    client.force_login(crear_usuario(Rol.BENEFICIARIO))  # another beneficiary
    assert client.get(f"{url}archivo/").status_code == 404
    assert client.post(url, {"archivo": pdf()}).status_code == 404
    assert DocumentoSolicitud.objects.get(solicitud=solicitud).nombre_original == "permiso.pdf"


def test_beneficiary_user_cannot_see_another_application(entrar, analista):
    ajena = radicar(analista, AcuicultoraFactory(nombre="Ajena S.A.S."))
    web = entrar(Rol.BENEFICIARIO)
    propia = radicar(analista, web.usuario.beneficiario)
    r = web.get(f"/solicitudes/{ajena.pk}/")
    assert r.status_code == 404 and "No existe esa solicitud" in r.content.decode()
    assert web.get(f"/solicitudes/{propia.pk}/").status_code == 200
    html = web.get("/solicitudes/").content.decode()
    assert "Ajena S.A.S." not in html and str(web.usuario.beneficiario.nombre) in html
    assert web.post(f"/solicitudes/{propia.pk}/estado/", {"estado": "en_revision"}).status_code == 403


def test_roles_without_access_get_the_403_page(entrar):
    web = entrar(Rol.CAPITANIA_OFICIAL)
    for url in ("/solicitudes/", "/solicitudes/nueva/"):
        r = web.get(url)
        assert r.status_code == 403 and "Sin permiso" in r.content.decode()
    r = entrar(Rol.AUDITOR).get("/solicitudes/nueva/")
    assert r.status_code == 403


def test_state_and_cause_through_the_page(entrar, analista):
    solicitud = radicar(analista, AcuicultoraFactory(), fecha_limite=hoy() - dt.timedelta(days=1))
    web = entrar()
    base = f"/solicitudes/{solicitud.pk}"
    r = web.post(f"{base}/estado/", {"estado": "aprobada"})
    assert r.status_code == 409 and "no puede pasar a «Aprobada»" in r.content.decode()
    assert web.post(f"{base}/estado/", {"estado": "en_revision"}).status_code == 302
    r = web.post(f"{base}/estado/", {"estado": "aprobada"})
    assert r.status_code == 409 and "faltan requisitos:" in r.content.decode()
    r = web.post(f"{base}/causa-justificada/", {"causa": ""})
    assert r.status_code == 400 and "Describa la causa justificada." in r.content.decode()
    assert web.post(f"{base}/causa-justificada/", {"causa": "Paro armado en la región."}).status_code == 302
    r = web.post(f"{base}/estado/", {"estado": "rechazada"})
    assert r.status_code == 400 and "Indique el motivo del rechazo." in r.content.decode()
    assert web.get(f"{base}/estado/").status_code == 302  # a GET never reaches a 405
    solicitud.refresh_from_db()
    assert solicitud.estado == "en_revision" and solicitud.causa_justificada == "Paro armado en la región."


def test_beneficiary_user_radicates_its_own_application_through_the_page(entrar):
    web = entrar(Rol.BENEFICIARIO, beneficiario=extranjera())
    r = web.get("/solicitudes/nueva/")
    html = r.content.decode()
    assert r.status_code == 200 and 'name="fecha_limite"' not in html and "¿La nave es atunera?" in html
    otro = AcuicultoraFactory()
    r = web.post(
        "/solicitudes/nueva/",
        {
            "beneficiario": otro.pk,
            "anio": hoy().year,
            "galones_solicitados": "800",
            "atunera": "no",
            "fecha_radicacion": "2001-01-01",
            "fecha_limite": "2001-01-01",
        },
    )
    solicitud = Solicitud.objects.get()
    assert r.status_code == 302 and solicitud.beneficiario == web.usuario.beneficiario
    assert (solicitud.fecha_radicacion, solicitud.fecha_limite, solicitud.creada_por) == (hoy(), None, web.usuario)
    assert [r.codigo for r in solicitud_faltantes(solicitud)] == [
        "camara_comercio",
        "constancia_ica",
        "garantia_bancaria",
    ]


def test_approving_an_application_asks_for_confirmation_first(entrar, analista):
    """Issue 26, defect 8: approval decides the application for good («ya no admite cambios»): the first
    POST shows what will happen and changes nothing; the confirmation approves it."""
    from cupos.tests.test_solicitudes_services import cargar_todos

    solicitud = radicar(analista, AcuicultoraFactory(nombre="Camarones del Golfo"))
    cargar_todos(analista, solicitud)
    web = entrar()
    base = f"/solicitudes/{solicitud.pk}"
    assert web.post(f"{base}/estado/", {"estado": "en_revision"}).status_code == 302
    r = web.post(f"{base}/estado/", {"estado": "aprobada", "observaciones": "Completa."})
    html = r.content.decode()
    assert r.status_code == 200 and "Aprobar la solicitud de Camarones del Golfo" in html
    assert "ya no admite cambios" in html and "Confirmar la aprobación" in html
    assert 'name="confirmado" value="1"' in html and 'name="estado" value="aprobada"' in html
    solicitud.refresh_from_db()
    assert solicitud.estado == "en_revision"
    r = web.post(f"{base}/estado/", {"estado": "aprobada", "observaciones": "Completa.", "confirmado": "1"})
    assert r.status_code == 302
    solicitud.refresh_from_db()
    assert solicitud.estado == "aprobada"


@pytest.mark.django_db
def test_p06_the_analyst_asks_to_complete_and_the_applicant_extends_its_term_once(entrar):
    """P-06 in the browser: the request (what the checklist lacks) and, once, the applicant's extension."""
    from core.vencimientos import calendario
    from cupos.models import Solicitud
    from cupos.tests.factories import AcuicultoraFactory, radicar

    analista = entrar()
    solicitud = radicar(analista.usuario, AcuicultoraFactory(), fecha_radicacion=calendario.today())
    pagina = analista.get(f"/solicitudes/{solicitud.pk}/").content.decode()
    assert "Requerir que la complete" in pagina and "Norma: P-06" in pagina
    r = analista.post(f"/solicitudes/{solicitud.pk}/requerir/", {"requerimiento": ""}, follow=True)
    assert "Se requirió completar la solicitud a más tardar el" in r.content.decode()
    solicitud.refresh_from_db()
    assert solicitud.requerida_el == calendario.today() and "Permiso de cultivo" in solicitud.requerimiento
    dueno = entrar(Rol.BENEFICIARIO, beneficiario=solicitud.beneficiario)
    r = dueno.post(f"/solicitudes/{solicitud.pk}/prorrogar/", follow=True)
    assert "Plazo para completar prorrogado hasta el" in r.content.decode()
    r = dueno.post(f"/solicitudes/{solicitud.pk}/prorrogar/")
    assert r.status_code == 409 and "ya se prorrogó una vez" in r.content.decode()
    assert Solicitud.objects.get(pk=solicitud.pk).prorrogada
