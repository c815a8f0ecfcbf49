"""Server-rendered pages of cupos: beneficiaries, timeline, dashboard, resolutions, actions."""

import datetime as dt
from decimal import Decimal

import pytest
from django.db import transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.roles import Rol
from cupos.models import Cupo, Movimiento
from cupos.services import libro
from cupos.services.cupos import cupo_declare_firm, cupo_grant
from cupos.tests.factories import AcuicultoraFactory, NaveFactory, ResolucionFactory

D = dt.date
HOY = D(2026, 6, 15)
MODULOS_CON_HOY = (
    "cupos.views.beneficiarios",
    "cupos.views.tablero",
    "cupos.forms",
    "cupos.services.cupos",
)


def fijar_hoy(monkeypatch, fecha):
    for modulo in MODULOS_CON_HOY:
        monkeypatch.setattr(f"{modulo}.today", lambda fecha=fecha: fecha)


@pytest.fixture
def hoy(monkeypatch):
    fijar_hoy(monkeypatch, HOY)
    return HOY


@pytest.fixture
def analista(crear_usuario):
    return crear_usuario(Rol.UPME_ANALISTA)


@pytest.fixture
def entrar(client, crear_usuario):
    """entrar(rol or user) → the Django test client logged in as that user."""

    def _entrar(quien=Rol.UPME_ANALISTA, **campos):
        usuario = crear_usuario(quien, **campos) if isinstance(quien, str) else quien
        client.force_login(usuario)
        client.usuario = usuario
        return client

    return _entrar


def descontar(actor, nave, fecha, galones):
    with transaction.atomic():
        cupo = libro.cupo_lock_vigente(beneficiario_id=nave.id, fecha=fecha)
        return libro.movimiento_descuento(actor=actor, cupo=cupo, fecha=fecha, galones=Decimal(galones),
                                          referencia=f"certificado:CP05-{fecha:%m%d}")


@pytest.fixture
def dona_lucia(hoy, analista):
    """DOMAIN.md's worked example: firm on 2026-03-17, 800 gal taken on 2026-03-20."""
    nave = NaveFactory(nombre="Doña Lucía", matricula="MC-05-0777", trb=Decimal("120"))
    resolucion = ResolucionFactory(anio=2026, numero="000123", fecha_expedicion=D(2026, 2, 24))
    cupo = cupo_grant(actor=analista, resolucion=resolucion, beneficiario=nave, galones_anuales=Decimal("24000"))
    cupo = cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=D(2026, 3, 17))
    descontar(analista, nave, D(2026, 3, 20), "800")
    return cupo


# --- Beneficiaries list ---


@pytest.mark.django_db
def test_list_shows_beneficiaries_with_their_latest_cupo(entrar, dona_lucia):
    AcuicultoraFactory(nombre="Camarones del Caribe S.A.S.")
    r = entrar().get(reverse("cupos:beneficiarios"))
    assert r.status_code == 200
    html = r.content.decode()
    assert "Doña Lucía" in html and "Camarones del Caribe" in html
    assert "En firme" in html and "Sin cupo" in html
    assert '<th scope="col">Nombre</th>' in html and "<caption" in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("filtros", "ve_nave", "ve_acuicola"),
    [
        ({"q": "lucía"}, True, False),
        ({"q": "MC-05-0777"}, True, False),
        ({"tipo": "acuicultora"}, False, True),
        ({"trb_banda": "60_300"}, True, False),
        ({"trb_banda": "mayor_300"}, False, False),
        ({"capitania": "CP05"}, True, False),
        ({"estado_cupo": "en_firme"}, True, False),
        ({"estado_cupo": "sin_cupo"}, False, True),
    ],
)
def test_list_filters(entrar, dona_lucia, filtros, ve_nave, ve_acuicola):
    AcuicultoraFactory(nombre="Camarones del Caribe S.A.S.")
    html = entrar().get(reverse("cupos:beneficiarios"), filtros).content.decode()
    assert ("Doña Lucía" in html) is ve_nave
    assert ("Camarones del Caribe" in html) is ve_acuicola


@pytest.mark.django_db
def test_list_empty_state(entrar):
    html = entrar().get(reverse("cupos:beneficiarios"), {"q": "no-existe"}).content.decode()
    assert "No hay beneficiarios que coincidan con «no-existe»" in html


@pytest.mark.django_db
def test_htmx_search_returns_only_the_table_and_announces_the_count(entrar, dona_lucia):
    r = entrar().get(reverse("cupos:beneficiarios"), {"q": "Lucía"}, HTTP_HX_REQUEST="true")
    html = r.content.decode()
    assert r.status_code == 200 and "<html" not in html
    assert 'hx-swap-oob="innerHTML"' in html and "1 beneficiario encontrado" in html
    assert "HX-Request" in r["Vary"]


@pytest.mark.django_db
def test_list_paginates_by_25(entrar):
    NaveFactory.create_batch(27)
    r = entrar().get(reverse("cupos:beneficiarios"))
    assert len(r.context["pagina"].object_list) == 25
    assert "Página 1 de 2" in r.content.decode()


def _crear_con_cupos(analista, n):
    resolucion = ResolucionFactory(anio=2026)
    for nave in NaveFactory.create_batch(n):
        cupo_grant(actor=analista, resolucion=resolucion, beneficiario=nave, galones_anuales=Decimal("12000"))


@pytest.mark.django_db
def test_list_query_count_does_not_grow_with_rows(entrar, analista, django_assert_max_num_queries):
    cliente = entrar(analista)
    _crear_con_cupos(analista, 3)
    with CaptureQueriesContext(transaction.get_connection()) as pocos:
        assert cliente.get(reverse("cupos:beneficiarios")).status_code == 200
    _crear_con_cupos(analista, 22)
    with django_assert_max_num_queries(len(pocos)):
        assert cliente.get(reverse("cupos:beneficiarios")).status_code == 200
    with django_assert_max_num_queries(8):
        cliente.get(reverse("cupos:beneficiarios"), {"estado_cupo": "expedido", "trb_banda": "60_300"})


@pytest.mark.django_db
def test_dimar_gets_403_on_the_list(entrar):
    r = entrar(Rol.DIMAR).get(reverse("cupos:beneficiarios"))
    assert r.status_code == 403
    assert "Sin permiso" in r.content.decode()


@pytest.mark.django_db
def test_anonymous_is_sent_to_login(client):
    r = client.get(reverse("cupos:beneficiarios"))
    assert r.status_code == 302 and reverse("login") in r["Location"]


# --- Beneficiary page ---


@pytest.mark.django_db
def test_beneficiary_user_sees_only_its_own(entrar, dona_lucia):
    otra = NaveFactory(nombre="La Otra")
    cliente = entrar(Rol.BENEFICIARIO, beneficiario=dona_lucia.beneficiario)
    assert cliente.get(reverse("cupos:beneficiario", args=[dona_lucia.beneficiario_id])).status_code == 200
    assert cliente.get(reverse("cupos:beneficiario", args=[otra.id])).status_code == 404
    html = cliente.get(reverse("cupos:beneficiarios")).content.decode()
    assert "Doña Lucía" in html and "La Otra" not in html


@pytest.mark.django_db
def test_detail_shows_balance_timeline_chart_and_ledger(entrar, dona_lucia):
    r = entrar().get(reverse("cupos:beneficiario", args=[dona_lucia.beneficiario_id]))
    assert r.status_code == 200
    html = r.content.decode()
    # Balance on 2026-06-15: window Jun–Aug, June's cuota, nothing consumed yet.
    assert "Saldo al 15 de junio de 2026" in html
    assert r.context["saldo"].disponible == Decimal("2000.00")
    # Windows are marked, with the proportional first month and May's expiry.
    assert "Ventana 1: del 17 de marzo de 2026 al 31 de mayo de 2026" in html
    assert "Cupo de la resolución 000123 de 2026" in html and "2.026" not in html
    assert "Ventana 2: del 1 de junio de 2026 al 31 de agosto de 2026" in html
    ventanas = r.context["ventanas"]
    assert [len(v["filas"]) for v in ventanas] == [3, 1]
    assert ventanas[0]["filas"][0]["derecho"] == Decimal("967.74")
    assert ventanas[0]["filas"][2]["vencido"] == Decimal("4167.74")
    assert "967,74" in html and "4.167,74" in html
    assert 'id="datos-linea-de-tiempo"' in html and "js/linea_de_tiempo.js" in html
    assert r.context["grafico"]["derecho"][0] == 967.74
    # The ledger, newest first.
    assert "certificado:CP05-0320" in html
    assert r.context["movimientos"].object_list[0].tipo == Movimiento.Tipo.DESCUENTO
    # Actions are for the analyst.
    assert reverse("cupos:cupo-cancelar", args=[dona_lucia.id]) in html


@pytest.mark.django_db
def test_detail_without_a_cupo_in_force_says_so(entrar, analista, hoy):
    nave = NaveFactory(nombre="Sin Firmeza")
    cupo_grant(actor=analista, resolucion=ResolucionFactory(anio=2026), beneficiario=nave, galones_anuales=Decimal("1200"))
    r = entrar(analista).get(reverse("cupos:beneficiario", args=[nave.id]))
    html = r.content.decode()
    assert r.status_code == 200
    assert "Sin cupo vigente hoy." in html and "aún no está en firme" in html
    assert "no tiene ventanas ni consumo" in html


@pytest.mark.django_db
def test_detail_of_a_beneficiary_without_cupos(entrar, hoy):
    acuicola = AcuicultoraFactory()
    html = entrar().get(reverse("cupos:beneficiario", args=[acuicola.id])).content.decode()
    assert "No se le ha otorgado ningún cupo." in html


@pytest.mark.django_db
def test_unknown_beneficiary_is_404(entrar):
    assert entrar().get(reverse("cupos:beneficiario", args=[999999])).status_code == 404


@pytest.mark.django_db
def test_readers_do_not_see_the_actions(entrar, dona_lucia):
    html = entrar(Rol.AUDITOR).get(reverse("cupos:beneficiario", args=[dona_lucia.beneficiario_id])).content.decode()
    assert "Cancelar el cupo" not in html


# --- Cupo actions ---


@pytest.mark.django_db
def test_cancel_with_empty_reason_shows_the_error_and_changes_nothing(entrar, dona_lucia):
    url = reverse("cupos:cupo-cancelar", args=[dona_lucia.id])
    r = entrar().post(url, {"cancelar-fecha": "2026-06-10", "cancelar-motivo": "  "})
    assert r.status_code == 400
    html = r.content.decode()
    assert "Indique el motivo de la cancelación." in html
    assert 'aria-invalid="true"' in html
    dona_lucia.refresh_from_db()
    assert dona_lucia.estado == Cupo.Estado.EN_FIRME and dona_lucia.fecha_cancelacion is None
    assert not Movimiento.objects.filter(cupo=dona_lucia, tipo=Movimiento.Tipo.CANCELACION).exists()


@pytest.mark.django_db
def test_cancel_with_a_future_date_shows_the_service_error(entrar, dona_lucia):
    url = reverse("cupos:cupo-cancelar", args=[dona_lucia.id])
    r = entrar().post(url, {"cancelar-fecha": "2026-07-01", "cancelar-motivo": "Baja de Dimar"})
    assert r.status_code == 400
    assert "posterior a hoy" in r.content.decode()
    dona_lucia.refresh_from_db()
    assert dona_lucia.estado == Cupo.Estado.EN_FIRME


@pytest.mark.django_db
def test_cancel_works_and_a_second_cancel_is_a_message_not_a_500(entrar, dona_lucia):
    cliente = entrar()
    url = reverse("cupos:cupo-cancelar", args=[dona_lucia.id])
    datos = {"cancelar-fecha": "2026-06-10", "cancelar-motivo": "Dimar informó la cancelación de la matrícula."}
    r = cliente.post(url, datos, follow=True)
    assert r.status_code == 200
    assert "quedó cancelado desde el 10 de junio de 2026" in r.content.decode()
    dona_lucia.refresh_from_db()
    assert dona_lucia.estado == Cupo.Estado.CANCELADO
    r = cliente.post(url, datos, follow=True)
    assert r.status_code == 200
    assert "no puede pasar a" in r.content.decode()


@pytest.mark.django_db
def test_only_writers_may_cancel(entrar, dona_lucia):
    url = reverse("cupos:cupo-cancelar", args=[dona_lucia.id])
    datos = {"cancelar-fecha": "2026-06-10", "cancelar-motivo": "x"}
    assert entrar(Rol.AUDITOR).post(url, datos).status_code == 403
    assert entrar(Rol.BENEFICIARIO, beneficiario=dona_lucia.beneficiario).post(url, datos).status_code == 403
    dona_lucia.refresh_from_db()
    assert dona_lucia.estado == Cupo.Estado.EN_FIRME


@pytest.mark.django_db
def test_record_justified_cause(entrar, dona_lucia):
    cliente = entrar()
    url = reverse("cupos:cupo-causa", args=[dona_lucia.id])
    r = cliente.post(url, {"causa-causa": ""})
    assert r.status_code == 400 and "Describa la causa justificada." in r.content.decode()
    r = cliente.post(url, {"causa-causa": "Nave en dique seco hasta julio."}, follow=True)
    assert "Se registró la causa justificada" in r.content.decode()
    dona_lucia.refresh_from_db()
    assert dona_lucia.causa_justificada_inactividad == "Nave en dique seco hasta julio."


@pytest.mark.django_db
def test_actions_need_post(entrar, dona_lucia):
    assert entrar().get(reverse("cupos:cupo-cancelar", args=[dona_lucia.id])).status_code == 405


# --- Dashboard ---


@pytest.mark.django_db
def test_dashboard_counts_granted_and_consumed_per_month(entrar, dona_lucia):
    r = entrar().get(reverse("cupos:tablero"))
    assert r.status_code == 200
    meses = r.context["meses"]
    assert meses[2]["otorgado"] == Decimal("967.74") and meses[2]["consumido"] == Decimal("800.00")
    assert meses[3]["otorgado"] == Decimal("2000.00") and meses[1]["otorgado"] == Decimal("0.00")
    assert meses[6]["proyectado"] and not meses[5]["proyectado"]
    html = r.content.decode()
    assert "Expedida" in html and "Resolución No. 000123" in html and "Dentro del plazo" in html
    assert dict((v, n) for v, _, n in r.context["por_estado"]) == {"expedido": 0, "en_firme": 1, "cancelado": 0}
    assert 'id="datos-tablero"' in html and "js/tablero.js" in html
    # Years are not numbers to group: never "2.026".
    assert "Tablero de cupos 2026" in html and '<option value="2026" selected>2026</option>' in html
    assert "2.026" not in html
    assert "<script>" not in html.replace('<script id="datos-tablero" type="application/json">', "")


@pytest.mark.django_db
def test_dashboard_queries_do_not_grow_with_cupos(entrar, analista, hoy, django_assert_max_num_queries):
    resolucion = ResolucionFactory(anio=2026)
    for nave in NaveFactory.create_batch(40):
        cupo = cupo_grant(actor=analista, resolucion=resolucion, beneficiario=nave, galones_anuales=Decimal("1200"))
        cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=D(2026, 3, 1))
    cliente = entrar(analista)
    with django_assert_max_num_queries(9):
        r = cliente.get(reverse("cupos:tablero"))
    assert r.context["meses"][2]["otorgado"] == Decimal("4000.00")  # 40 × 100.00


@pytest.mark.django_db
def test_dashboard_counts_down_to_28_february(entrar, monkeypatch):
    cliente = entrar()
    fijar_hoy(monkeypatch, D(2026, 2, 10))
    html = cliente.get(reverse("cupos:tablero")).content.decode()
    assert "Faltan 18 días" in html and "28 de febrero de 2026" in html
    fijar_hoy(monkeypatch, D(2026, 2, 28))
    assert "Vence hoy" in cliente.get(reverse("cupos:tablero")).content.decode()
    fijar_hoy(monkeypatch, D(2026, 3, 3))
    html = cliente.get(reverse("cupos:tablero")).content.decode()
    assert "Vencido" in html and "hace 3 días" in html


@pytest.mark.django_db
def test_dashboard_other_year_and_bad_year(entrar, dona_lucia):
    cliente = entrar()
    assert cliente.get(reverse("cupos:tablero"), {"anio": "2025"}).context["anio"] == 2025
    assert cliente.get(reverse("cupos:tablero"), {"anio": "abc"}).context["anio"] == 2026


@pytest.mark.django_db
def test_dashboard_is_linked_from_the_analyst_home_and_menu(entrar):
    html = entrar().get(reverse("inicio")).content.decode()
    assert html.count(f'href="{reverse("cupos:tablero")}"') >= 2  # menu and task card


@pytest.mark.django_db
@pytest.mark.parametrize(("rol", "estado"), [(Rol.AUDITOR, 200), (Rol.CAPITANIA_OFICIAL, 403), (Rol.DIMAR, 403)])
def test_dashboard_roles(entrar, hoy, rol, estado):
    assert entrar(rol).get(reverse("cupos:tablero")).status_code == estado


# --- Resolutions ---


@pytest.fixture
def resolucion_con_expedidos(hoy, analista):
    resolucion = ResolucionFactory(anio=2026, numero="000200", fecha_expedicion=D(2026, 2, 20))
    for nombre in ("Alfa", "Beta"):
        cupo_grant(actor=analista, resolucion=resolucion, beneficiario=NaveFactory(nombre=nombre),
                   galones_anuales=Decimal("6000"))
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
    assert "Declarar firmeza de todos los cupos expedidos" in html
    assert reverse("cupos:resolucion-pdf", args=[resolucion_con_expedidos.id]) in html
    assert 'name="csrfmiddlewaretoken"' in html


@pytest.mark.django_db
def test_resolution_list_empty_state(entrar):
    assert "Aún no se ha expedido ninguna resolución" in entrar().get(reverse("cupos:resoluciones")).content.decode()


@pytest.mark.django_db
def test_bulk_firmeza_works_and_says_so(entrar, resolucion_con_expedidos):
    url = reverse("cupos:resolucion-firmeza", args=[resolucion_con_expedidos.id])
    r = entrar().post(url, {"fecha_firmeza": "2026-03-02"}, follow=True)
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


@pytest.mark.django_db
def test_resolution_pdf_is_a_real_pdf(entrar, dona_lucia):
    r = entrar().get(reverse("cupos:resolucion-pdf", args=[dona_lucia.resolucion_id]))
    assert r.status_code == 200
    assert r["Content-Type"] == "application/pdf"
    assert r["Content-Disposition"] == 'inline; filename="resolucion-upme-000123-2026.pdf"'
    assert r.content.startswith(b"%PDF") and len(r.content) > 1000
