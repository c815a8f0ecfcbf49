"""The officer's screen: find the vessel, issue the certificate, the day's zarpes and the inspector's report.

Dates follow DOMAIN.md's worked example: cupo firm on 2026-03-17, 24,000 gal/year, capacity
3,000 gal → 967.74 available in March.
"""

import uuid
from decimal import Decimal

import pytest
from django.db import transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.identidad.roles import Rol
from core.models import RegistroAuditoria
from core.tests.factories import CapitaniaFactory
from cupos.selectors import saldos as cupo_selectors
from cupos.tests.factories import AcuicultoraFactory, NaveFactory
from zarpes.models import Certificado, Inspeccion, Zarpe
from zarpes.tests.factories import nave_con_cupo
from zarpes.tests.paginas import HOY, URL, D, expedir, fijar_hoy, html, pedir

# --- The officer's screen ---


@pytest.mark.django_db
def test_officer_page_has_search_and_todays_list(entrar, hoy):
    r = entrar().get(URL)
    assert r.status_code == 200
    cuerpo = html(r)
    assert "Matrícula o nombre de la nave" in cuerpo
    assert "Zarpes de hoy en Capitanía de Puerto de Cartagena" in cuerpo
    assert 'aria-current="page"' in cuerpo  # the menu marks "Zarpes"


@pytest.mark.django_db
def test_search_returns_only_vessels_matching_matricula_or_name(entrar, dona_lucia):
    NaveFactory(nombre="Doña Lucía II", matricula="MC-01-0002")
    NaveFactory(nombre="Estrella", matricula="MC-05-9999")
    AcuicultoraFactory(nombre="Doña Lucía Acuícola S.A.S.")
    cliente = entrar()

    r = cliente.get(reverse("zarpes:naves"), {"q": "lucía"}, HTTP_HX_REQUEST="true")
    cuerpo = html(r)
    assert r.status_code == 200
    assert "MC-05-0777" in cuerpo and "MC-01-0002" in cuerpo
    assert "Acuícola" not in cuerpo and "Estrella" not in cuerpo
    assert "2 naves encontradas." in cuerpo
    assert f'hx-get="{reverse("zarpes:nave", args=[dona_lucia.id])}"' in cuerpo

    por_matricula = html(cliente.get(reverse("zarpes:naves"), {"q": "05-0777"}, HTTP_HX_REQUEST="true"))
    assert "Doña Lucía" in por_matricula and "1 nave encontrada." in por_matricula

    # Without JavaScript the same search is the full page.
    r = cliente.get(URL, {"q": "MC-05-0777"})
    assert r.status_code == 200 and "Doña Lucía" in html(r)


@pytest.mark.django_db
def test_selecting_the_vessel_shows_data_balance_window_and_last_certificate(entrar, dona_lucia, oficial):
    cliente = entrar(oficial)
    r = cliente.get(reverse("zarpes:nave", args=[dona_lucia.id]), HTTP_HX_REQUEST="true")
    cuerpo = html(r)
    assert r.status_code == 200
    assert "Doña Lucía" in cuerpo and "3.000,00" in cuerpo  # capacity
    assert "967,74" in cuerpo  # available on 2026-03-20 (worked example)
    assert "del 17 de marzo de 2026 al 31 de mayo de 2026 (3 meses)" in cuerpo
    assert "es su primer zarpe" in cuerpo
    assert 'max="2026-03-20"' in cuerpo and 'value="2026-03-20"' in cuerpo

    primero = pedir(oficial, dona_lucia, HOY, 100)
    cuerpo = html(cliente.get(URL, {"nave": dona_lucia.id}))
    numero = primero.certificado.numero
    assert f'name="certificado_anterior" value="{numero}"' in cuerpo
    assert "867,74" in cuerpo


@pytest.mark.django_db
def test_officer_issues_a_certificate_from_the_page(entrar, dona_lucia):
    cliente = entrar()
    r = expedir(cliente, dona_lucia, "800")
    zarpe = Zarpe.objects.get()
    assert r.status_code == 302 and r["Location"] == f"{URL}?zarpe={zarpe.id}"
    certificado = Certificado.objects.get(zarpe=zarpe)
    assert certificado.galones_autorizados == Decimal("800.00")

    cuerpo = html(cliente.get(r["Location"]))
    assert "Certificado expedido" in cuerpo
    assert certificado.numero in cuerpo
    assert "167,74" in cuerpo  # disponible después
    assert zarpe.mensaje_para_el_capitan in cuerpo
    assert reverse("zarpes:certificado-pdf", args=[certificado.numero]) in cuerpo
    assert reverse("zarpes:verificar", args=[certificado.codigo_verificacion]) in cuerpo
    assert "Imprimir certificado (PDF)" in cuerpo and "Ver verificación" in cuerpo


@pytest.mark.django_db
def test_htmx_issue_returns_result_and_refreshes_todays_list(entrar, dona_lucia):
    cliente = entrar()
    r = expedir(cliente, dona_lucia, "5000,5", htmx=True)
    cuerpo = html(r)
    zarpe = Zarpe.objects.get()
    assert r.status_code == 200
    assert r["HX-Push-Url"] == f"{URL}?zarpe={zarpe.id}"
    # min(5000.50, capacity 3000, available 967.74): limited by the cupo
    assert zarpe.galones_autorizados == Decimal("967.74") and zarpe.limitado_por == "cupo"
    assert "limitado por el saldo disponible del cupo" in cuerpo
    assert zarpe.certificado.numero in cuerpo
    assert 'id="zarpes-del-dia"' in cuerpo and 'hx-swap-oob="true"' in cuerpo
    assert f'id="zarpe-{zarpe.id}"' in cuerpo


@pytest.mark.django_db
def test_limited_by_capacity_is_explained(entrar, monkeypatch):
    fijar_hoy(monkeypatch, D(2026, 5, 10))  # Mar–May window: 967.74 + 2000 + 2000 available
    nave, _ = nave_con_cupo()
    cliente = entrar()
    cuerpo = html(cliente.get(expedir(cliente, nave, "4000", fecha=D(2026, 5, 10))["Location"]))
    assert "limitado por la capacidad máxima de combustible de la nave" in cuerpo
    assert Zarpe.objects.get().galones_autorizados == Decimal("3000.00")


@pytest.mark.django_db
def test_denial_is_shown_with_the_message_for_the_captain(entrar, hoy):
    sin_cupo = NaveFactory(nombre="Sin Cupo", matricula="MC-05-0404")
    cliente = entrar()
    r = expedir(cliente, sin_cupo, "300", htmx=True)
    cuerpo = html(r)
    zarpe = Zarpe.objects.get()
    assert (zarpe.estado, zarpe.motivo) == ("negado", "sin_cupo_vigente")
    assert not Certificado.objects.exists()
    assert "Zarpe negado: no se expide certificado" in cuerpo
    assert "Sin cupo vigente" in cuerpo
    assert "combustible gravado" in cuerpo
    # Today's list shows the denial with its reason.
    lista = html(cliente.get(URL))
    assert "MC-05-0404" in lista and "Motivo: Sin cupo vigente" in lista


@pytest.mark.django_db
def test_denial_without_balance_worked_example(entrar, dona_lucia, oficial):
    z1 = pedir(oficial, dona_lucia, HOY, 967.74)
    cliente = entrar(oficial)
    r = expedir(cliente, dona_lucia, "100", anterior=z1.certificado.numero)
    cuerpo = html(cliente.get(r["Location"]))
    assert "Motivo: Sin saldo disponible" in cuerpo
    assert "no tiene saldo disponible" in cuerpo


@pytest.mark.django_db
def test_non_numeric_gallons_shows_spanish_error_and_writes_nothing(entrar, dona_lucia):
    cliente = entrar()
    auditoria_antes = RegistroAuditoria.objects.count()
    for valor in ("ochocientos", "1,500.00", "-5", ""):
        r = expedir(cliente, dona_lucia, valor)
        cuerpo = html(r)
        assert r.status_code == 400, valor
        assert "No se registró nada" in cuerpo
        assert 'aria-invalid="true"' in cuerpo
        assert "Doña Lucía" in cuerpo  # the panel is still there, with the typed data
    assert "por ejemplo 6.000,50" in cuerpo or "Indique los galones solicitados" in cuerpo
    assert not Zarpe.objects.exists() and not Certificado.objects.exists()
    assert RegistroAuditoria.objects.count() == auditoria_antes


@pytest.mark.django_db
def test_zero_gallons_and_future_date_are_refused_by_the_service(entrar, dona_lucia):
    cliente = entrar()
    r = expedir(cliente, dona_lucia, "0", htmx=True)
    assert r.status_code == 400
    assert "Los galones solicitados deben ser mayores que cero." in html(r)
    r = expedir(cliente, dona_lucia, "10", fecha=D(2026, 3, 21))
    assert r.status_code == 400
    assert "posterior a hoy" in html(r)
    assert not Zarpe.objects.exists()


@pytest.mark.django_db
def test_wrong_previous_certificate_is_refused_next_to_its_field(entrar, dona_lucia, oficial):
    pedir(oficial, dona_lucia, HOY, 100)
    r = expedir(entrar(oficial), dona_lucia, "100", anterior="CP05-2025-000999")
    cuerpo = html(r)
    assert r.status_code == 409
    assert "no es el último expedido a la nave" in cuerpo
    assert 'id="id_certificado_anterior_error"' in cuerpo
    assert Zarpe.objects.count() == 1


@pytest.mark.django_db
def test_second_post_of_the_same_form_issues_nothing_new(entrar, dona_lucia):
    cliente = entrar()
    token = uuid.uuid4()
    primero = expedir(cliente, dona_lucia, "800", token=token)
    segundo = expedir(cliente, dona_lucia, "800", token=token)
    assert Zarpe.objects.count() == 1 and Certificado.objects.count() == 1
    assert segundo["Location"] == primero["Location"]
    assert "No se expidió otro certificado" in html(cliente.get(segundo["Location"]))
    r = expedir(cliente, dona_lucia, "800", token=token, htmx=True)
    assert "No se expidió otro certificado" in html(r)
    assert Certificado.objects.count() == 1


@pytest.mark.django_db
def test_other_capitania_officer_cannot_see_the_zarpe(entrar, dona_lucia, oficial, crear_usuario):
    zarpe = pedir(oficial, dona_lucia, HOY, 100)
    otro = crear_usuario(Rol.CAPITANIA_OFICIAL, capitania=CapitaniaFactory(codigo="CP01", nombre="Barranquilla"))
    cliente = entrar(otro)
    r = cliente.get(URL, {"zarpe": zarpe.id})
    assert r.status_code == 404
    assert "No existe ese zarpe." in html(r)
    assert zarpe.certificado.numero not in html(cliente.get(URL, {"dia": HOY.isoformat()}))
    datos = {f"inspeccion-{zarpe.id}-fecha": HOY.isoformat(), f"inspeccion-{zarpe.id}-galones_verificados": "50"}
    assert cliente.post(reverse("zarpes:inspeccion", args=[zarpe.id]), datos).status_code == 404
    assert not Inspeccion.objects.exists()


@pytest.mark.django_db
def test_inspector_report_refunds_the_difference(entrar, dona_lucia, oficial, monkeypatch):
    z1 = pedir(oficial, dona_lucia, HOY, 800)
    fijar_hoy(monkeypatch, D(2026, 4, 3))
    cliente = entrar(oficial)
    cuerpo = html(cliente.get(URL, {"dia": HOY.isoformat()}))
    assert f'action="{reverse("zarpes:inspeccion", args=[z1.id])}"' in cuerpo

    campos = {f"inspeccion-{z1.id}-fecha": "2026-04-03", f"inspeccion-{z1.id}-galones_verificados": "700"}
    # Issue 26, defect 8: first what will happen, in the row; nothing is recorded yet.
    r = cliente.post(reverse("zarpes:inspeccion", args=[z1.id]), campos, HTTP_HX_REQUEST="true")
    cuerpo = html(r)
    assert r.status_code == 200 and cuerpo.lstrip().startswith(f'<tr id="zarpe-{z1.id}"')
    assert "Se reintegran 100,00 galones al saldo del cupo de Doña Lucía." in cuerpo
    assert "Confirmar el informe" in cuerpo and 'name="confirmado" value="1"' in cuerpo
    assert not Inspeccion.objects.exists()
    r = cliente.post(reverse("zarpes:inspeccion", args=[z1.id]), campos)  # without htmx: a confirmation page
    assert r.status_code == 200 and "Esto es lo que va a pasar" in html(r) and not Inspeccion.objects.exists()
    campos["confirmado"] = "1"
    r = cliente.post(reverse("zarpes:inspeccion", args=[z1.id]), campos, HTTP_HX_REQUEST="true")
    cuerpo = html(r)
    assert r.status_code == 200
    assert cuerpo.lstrip().startswith(f'<tr id="zarpe-{z1.id}"')
    assert "Se reintegraron 100,00 galones" in cuerpo
    assert Inspeccion.objects.get(zarpe=z1).reintegro == Decimal("100.00")
    # 967.74 + 2,000 − 800 + 100 refunded
    saldo = cupo_selectors.beneficiario_saldo(beneficiario_id=dona_lucia.id, fecha=D(2026, 4, 3))
    assert saldo.disponible == Decimal("2267.74")
    # A replayed report is refused by the service (inspeccion_registrada), shown in Spanish.
    r = cliente.post(reverse("zarpes:inspeccion", args=[z1.id]), campos, HTTP_HX_REQUEST="true")
    assert r.status_code == 409
    assert "Este zarpe ya tiene el informe del inspector." in html(r)
    r = cliente.post(reverse("zarpes:inspeccion", args=[z1.id]), campos, follow=True)
    assert "Este zarpe ya tiene el informe del inspector." in html(r)
    assert Inspeccion.objects.count() == 1


@pytest.mark.django_db
def test_inspector_report_above_authorized_is_a_spanish_error(entrar, dona_lucia, oficial):
    z1 = pedir(oficial, dona_lucia, HOY, 800)
    campos = {f"inspeccion-{z1.id}-fecha": HOY.isoformat(), f"inspeccion-{z1.id}-galones_verificados": "900"}
    r = entrar(oficial).post(reverse("zarpes:inspeccion", args=[z1.id]), campos)
    assert r.status_code == 400
    assert "deben estar entre 0 y los 800,00 autorizados" in html(r)
    assert not Inspeccion.objects.exists()


@pytest.mark.django_db
def test_todays_list_query_count_is_bounded(entrar, oficial, hoy, django_assert_max_num_queries):
    cliente = entrar(oficial)
    naves = [nave_con_cupo()[0] for _ in range(12)]
    pedir(oficial, naves[0], HOY, 10)
    with CaptureQueriesContext(transaction.get_connection()) as pocos:
        assert cliente.get(URL).status_code == 200
    for nave in naves[1:]:
        pedir(oficial, nave, HOY, 10)
    pedir(oficial, NaveFactory(), HOY, 10)  # denied
    with django_assert_max_num_queries(len(pocos)):
        r = cliente.get(URL)
    assert html(r).count('class="formulario-inspeccion"') == 12


# --- Who may not ---


@pytest.mark.django_db
def test_only_officers_issue_and_search(entrar, dona_lucia):
    cliente = entrar(Rol.DIMAR)
    assert expedir(cliente, dona_lucia, "100").status_code == 403
    assert cliente.get(reverse("zarpes:naves"), {"q": "Lucía"}, HTTP_HX_REQUEST="true").status_code == 403
    assert not Zarpe.objects.exists()


@pytest.mark.django_db
def test_administrator_without_capitania_cannot_issue(entrar, dona_lucia):
    cliente = entrar(Rol.ADMINISTRADOR)
    r = expedir(cliente, dona_lucia, "100")
    assert r.status_code == 403
    assert "capitanía asignada" in html(r)
    assert not Zarpe.objects.exists()
    assert cliente.get(URL).status_code == 200  # the list of every zarpe


@pytest.mark.django_db
def test_a_non_vessel_cannot_be_selected(entrar, hoy):
    acuicultora = AcuicultoraFactory()
    r = entrar().get(reverse("zarpes:nave", args=[acuicultora.id]), HTTP_HX_REQUEST="true")
    assert r.status_code == 404
    assert "No existe una nave con ese id." in html(r)


@pytest.mark.django_db
def test_ids_past_999_are_printed_without_thousands_separator(entrar, hoy):
    """es-CO groups with a dot: an id printed as "123.456" would break links, form values and htmx targets."""
    from django.db import connection

    nave, _ = nave_con_cupo(id=123456, nombre="Doña Lucía", matricula="MC-05-0777")
    with connection.cursor() as c:
        c.execute("ALTER TABLE zarpes_zarpe ALTER COLUMN id RESTART WITH 1234567")
    cliente = entrar()
    busqueda = html(cliente.get(reverse("zarpes:naves"), {"q": "lucía"}, HTTP_HX_REQUEST="true"))
    assert f"{URL}?nave=123456" in busqueda and "123.456" not in busqueda
    cuerpo = html(expedir(cliente, nave, "10", htmx=True))
    assert 'id="zarpe-1234567"' in cuerpo and 'hx-target="#zarpe-1234567"' in cuerpo and "1.234.567" not in cuerpo


@pytest.mark.django_db
def test_r01_officer_page_warns_and_refuses_a_foreign_vessel_with_an_expired_permit(entrar, hoy):
    nave, _ = nave_con_cupo(tipo="nave_extranjera", bandera="PA", empresa_nit="900123456",
                            permiso_vigente_hasta=D(2026, 3, 19))  # HOY is 20 March
    cliente = entrar()
    panel = html(cliente.get(reverse("zarpes:nave", args=[nave.id]), HTTP_HX_REQUEST="true"))
    assert "Permiso de operación vencido." in panel and "venció el 19 de marzo de 2026" in panel
    r = expedir(cliente, nave, "100", htmx=True)
    assert r.status_code == 409
    assert "venció el 19 de marzo de 2026" in html(r)
    assert not Zarpe.objects.exists() and not Certificado.objects.exists()
