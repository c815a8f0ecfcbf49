"""Server-rendered pages of beneficiaries: the searchable list and one beneficiary's balance, timeline and ledger."""

from decimal import Decimal

import pytest
from django.db import transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.identidad.roles import Rol
from cupos.models import Movimiento
from cupos.services.cupos import cupo_grant
from cupos.tests.factories import AcuicultoraFactory, NaveFactory, ResolucionFactory


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
    cupo_grant(
        actor=analista, resolucion=ResolucionFactory(anio=2026), beneficiario=nave, galones_anuales=Decimal("1200")
    )
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
