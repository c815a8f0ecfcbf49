"""Server-rendered pages of the year's resolutions: list, detail, bulk firmeza (R-06), PDF."""

from decimal import Decimal

import pytest
from django.urls import reverse

from core.identidad.roles import Rol
from core.identidad.segundo_factor import ETIQUETA
from core.tests.segundo_factor import con_codigo
from cupos.models import Cupo, FirmezaMasiva
from cupos.services.cupos import cupo_grant
from cupos.tests.conftest import D
from cupos.tests.factories import NaveFactory, ResolucionFactory


@pytest.fixture
def resolucion_con_expedidos(hoy, analista):
    resolucion = ResolucionFactory(anio=2026, numero="000200", fecha_expedicion=D(2026, 2, 20))
    for nombre in ("Alfa", "Beta"):
        cupo_grant(
            actor=analista,
            resolucion=resolucion,
            beneficiario=NaveFactory(nombre=nombre),
            galones_anuales=Decimal("6000"),
        )
    return resolucion


@pytest.mark.django_db
def test_resolution_list_and_detail(entrar, resolucion_con_expedidos):
    cliente = entrar()
    html = cliente.get(reverse("cupos:resoluciones")).content.decode()
    assert "No. 000200" in html and "20 de febrero de 2026" in html
    r = cliente.get(reverse("cupos:resolucion", args=[resolucion_con_expedidos.id]))
    html = r.content.decode()
    assert r.status_code == 200
    assert "Alfa" in html and "Beta" in html and "12.000,00" in html
    # Issue 45: who signs, as the seal on the document says it (the office's electronic seal).
    assert "Firma: Director General UPME, con el sello electrónico de la UPME." in html
    assert "Declarar firmeza de todos los cupos expedidos" in html
    # No PDF built yet: the page offers to build it (a job) instead of linking to nothing.
    assert "aún no se ha generado" in html and "Generar el PDF" in html
    assert reverse("cupos:resolucion-documento", args=[resolucion_con_expedidos.id]) in html
    assert reverse("cupos:resolucion-pdf", args=[resolucion_con_expedidos.id]) not in html
    assert 'name="csrfmiddlewaretoken"' in html


@pytest.mark.django_db
def test_resolution_list_empty_state(entrar):
    assert "Aún no se ha expedido ninguna resolución" in entrar().get(reverse("cupos:resoluciones")).content.decode()


@pytest.mark.django_db
def test_bulk_firmeza_works_and_says_so(entrar, resolucion_con_expedidos, django_capture_on_commit_callbacks):
    url = reverse("cupos:resolucion-firmeza", args=[resolucion_con_expedidos.id])
    cliente = entrar()
    # A legal act asks first, saying exactly what will happen, and changes nothing until confirmed.
    r = cliente.post(url, {"fecha_firmeza": "2026-03-02"})
    assert r.status_code == 200
    assert "2 cupos de la resolución" in r.content.decode()
    assert "quedarán en firme el 2 de marzo de 2026 y se comunicará a Dimar" in r.content.decode()
    assert not resolucion_con_expedidos.cupos.exclude(estado=Cupo.Estado.EXPEDIDO).exists()
    with django_capture_on_commit_callbacks(execute=True):  # the job runs in-process (eager Celery)
        r = cliente.post(url, con_codigo(cliente, {"fecha_firmeza": "2026-03-02", "confirmado": "1"}))
    r = cliente.get(r["Location"])
    assert r.status_code == 200
    assert "Se declaró la firmeza de 2 cupos desde el 2 de marzo de 2026" in r.content.decode()
    estados = set(resolucion_con_expedidos.cupos.values_list("estado", flat=True))
    assert estados == {Cupo.Estado.EN_FIRME}
    # Nothing left to firm: the form is gone.
    assert "Declarar firmeza de todos" not in r.content.decode()


@pytest.mark.django_db
def test_bulk_firmeza_errors_are_spanish_and_change_nothing(entrar, resolucion_con_expedidos):
    cliente = entrar()
    url = reverse("cupos:resolucion-firmeza", args=[resolucion_con_expedidos.id])
    r = cliente.post(url, {"fecha_firmeza": "2026-02-01"})
    assert r.status_code == 400
    assert "no puede ser anterior a la expedición" in r.content.decode()
    r = cliente.post(url, {"fecha_firmeza": ""})
    assert r.status_code == 400 and "Indique la fecha de firmeza." in r.content.decode()
    assert not resolucion_con_expedidos.cupos.exclude(estado=Cupo.Estado.EXPEDIDO).exists()


@pytest.mark.django_db
def test_bulk_firmeza_needs_a_writer_and_csrf(entrar, resolucion_con_expedidos):
    url = reverse("cupos:resolucion-firmeza", args=[resolucion_con_expedidos.id])
    assert entrar(Rol.AUDITOR).post(url, {"fecha_firmeza": "2026-03-02"}).status_code == 403
    from django.test import Client

    estricto = Client(enforce_csrf_checks=True)
    estricto.force_login(entrar().usuario)
    assert estricto.post(url, {"fecha_firmeza": "2026-03-02"}).status_code == 403
    assert not resolucion_con_expedidos.cupos.exclude(estado=Cupo.Estado.EXPEDIDO).exists()


@pytest.mark.django_db
def test_resolution_pages_are_not_for_other_roles(entrar, resolucion_con_expedidos):
    cliente = entrar(Rol.CAPITANIA_OFICIAL)
    assert cliente.get(reverse("cupos:resoluciones")).status_code == 403
    assert cliente.get(reverse("cupos:resolucion", args=[resolucion_con_expedidos.id])).status_code == 403
    assert cliente.get(reverse("cupos:resolucion-pdf", args=[resolucion_con_expedidos.id])).status_code == 403
    assert cliente.post(reverse("cupos:resolucion-documento", args=[resolucion_con_expedidos.id])).status_code == 403


@pytest.mark.django_db
def test_resolution_pdf_is_a_real_pdf(entrar, dona_lucia, media, django_capture_on_commit_callbacks):
    cliente = entrar()
    with django_capture_on_commit_callbacks(execute=True):
        cliente.post(reverse("cupos:resolucion-documento", args=[dona_lucia.resolucion_id]))
    r = cliente.get(reverse("cupos:resolucion-pdf", args=[dona_lucia.resolucion_id]))
    assert r.status_code == 200
    assert r["Content-Type"] == "application/pdf"
    assert r["Content-Disposition"] == 'inline; filename="resolucion-upme-000123-2026.pdf"'
    contenido = b"".join(r.streaming_content)  # the stored file, streamed
    assert contenido.startswith(b"%PDF") and len(contenido) > 1000


@pytest.mark.django_db
def test_resolution_detail_pages_its_cupos_and_searches_them(entrar, analista, monkeypatch):
    """A national resolution holds 10,000 cupos: the page shows 50 at a time with the totals of all of
    them, and finds a beneficiary by name, matrícula or identification."""
    from cupos.views import resoluciones as vistas

    monkeypatch.setattr(vistas, "POR_PAGINA_CUPOS", 2)
    resolucion = ResolucionFactory(anio=2026, numero="000201", fecha_expedicion=D(2026, 2, 20))
    for nombre in ("Alfa", "Beta", "Gamma", "Delta", "Eta"):
        cupo_grant(
            actor=analista,
            resolucion=resolucion,
            beneficiario=NaveFactory(nombre=f"MN {nombre}"),
            galones_anuales=Decimal("1000"),
        )
    cliente = entrar()
    url = reverse("cupos:resolucion", args=[resolucion.id])
    html = cliente.get(url).content.decode()
    assert "MN Alfa" in html and "MN Beta" in html and "MN Delta" not in html  # by name: Alfa, Beta | Delta, Eta | …
    assert "Total de la resolución (5)" in html and "5.000,00" in html
    assert "Página 1 de 3" in html and "page=2" in html
    html = cliente.get(url, {"page": 2}).content.decode()
    assert "MN Delta" in html and "MN Eta" in html and "MN Alfa" not in html and "MN Gamma" not in html
    html = cliente.get(url, {"q": "gamm"}).content.decode()
    assert "MN Gamma" in html and "MN Alfa" not in html and "Total de la resolución (5)" in html
    html = cliente.get(url, {"q": "nadie"}).content.decode()
    assert "Ningún cupo de esta resolución coincide con «nadie»" in html


@pytest.mark.django_db
def test_bulk_firmeza_without_the_code_starts_no_job(entrar, resolucion_con_expedidos):
    cliente = entrar()
    url = reverse("cupos:resolucion-firmeza", args=[resolucion_con_expedidos.id])
    r = cliente.post(url, {"fecha_firmeza": "2026-03-02", "confirmado": "1"})
    assert r.status_code == 400 and ETIQUETA in r.content.decode()
    assert not FirmezaMasiva.objects.exists()
