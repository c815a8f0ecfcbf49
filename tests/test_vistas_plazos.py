"""Pages of deadlines: alerts with a menu badge, the calendar, Dimar's upload, inactive cupos."""

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from core.comun.fechas import fecha_larga
from core.identidad.roles import Rol
from core.models import Alerta, Distribuidor
from core.tests.factories import CapitaniaFactory, DistribuidorFactory
from core.tests.segundo_factor import con_codigo
from core.vencimientos import calendario
from core.vencimientos.plazos import revisar_plazos
from cupos.models import AltaDimar, BajaDimar, Cupo, NovedadDimar
from zarpes.tests.factories import nave_con_cupo

D = dt.date


@pytest.mark.django_db
def test_alerts_page_and_badge_in_the_scope_of_a_wholesaler(client, crear_usuario):
    Distribuidor.objects.all().delete()
    propio = DistribuidorFactory(nit="900456123", razon_social="Petromar S.A.S.")
    DistribuidorFactory(nit="860002400", razon_social="Combustibles del Caribe S.A.S.")
    revisar_plazos(fecha=D(2026, 1, 17))
    client.force_login(crear_usuario(Rol.DISTRIBUIDOR, distribuidor=propio))
    html = client.get(reverse("alertas")).content.decode()
    assert "Reporte mensual del distribuidor vencido</a>" in html
    assert 'class="insignia" aria-label="1 sin ver"' in html
    grupo = client.get(reverse("alertas"), {"tipo": "reporte_distribuidor_vencido"}).content.decode()
    assert "Petromar S.A.S." in grupo and "Combustibles del Caribe" not in grupo


@pytest.mark.django_db
def test_calendar_shows_the_computed_deadlines(client, crear_usuario):
    client.force_login(crear_usuario(Rol.UPME_ANALISTA))
    html = client.get(reverse("calendario") + "?anio=2026").content.decode()
    assert "8 de enero de 2026" in html  # Dimar: 5th business day of January 2026
    assert "16 de enero de 2026" in html  # reports: 10th business day
    assert "28 de febrero de 2026" in html


@pytest.mark.django_db
def test_calendar_asks_the_year_at_once_whatever_its_deadlines(client, crear_usuario, monkeypatch):
    """issue 14 §1: the year's calendar made 63 queries (five a month for the cargo reservation);
    now the same few for the twelve months, and the same items as the month by month reads."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from core import registro
    from reserva import plazos as reserva_plazos
    from reserva.selectors import plazos as reserva_selectors
    from reserva.tests.factories import ArriboFactory

    client.force_login(crear_usuario(Rol.UPME_ANALISTA))
    url = reverse("calendario") + "?anio=2026"
    client.get(url)
    with CaptureQueriesContext(connection) as vacio:
        client.get(url)
    for mes in (1, 3, 6, 9, 11):
        ArriboFactory(fecha_arribo=D(2026, mes, 10))
    ArriboFactory(fecha_arribo=D(2026, 3, 11))
    with CaptureQueriesContext(connection) as lleno:
        html = client.get(url).content.decode()
    assert len(lleno) == len(vacio) <= 12, [q["sql"] for q in lleno]
    assert html.count("Sobordo de ") >= 6
    del_anio = registro.vencimientos_del_anio(2026)
    for mes in range(1, 13):
        assert del_anio[mes] == registro.vencimientos(2026, mes)
    # A busy month keeps its cap of LIMITE_CALENDARIO agents' reports of each kind.
    monkeypatch.setattr(reserva_selectors, "LIMITE_CALENDARIO", 1)
    marzo = [i for i in reserva_plazos.vencimientos_del_anio(2026)[3] if i["que"].startswith("Sobordo")]
    assert len(marzo) == 1


@pytest.mark.django_db
def test_dimar_uploads_novelties_as_csv(client, crear_usuario):
    CapitaniaFactory(codigo="CP05")
    nave, cupo = nave_con_cupo(firmeza=D(2026, 3, 2))
    client.force_login(crear_usuario(Rol.DIMAR))
    contenido = (
        "novedad;matricula;nombre;identificacion;bandera;trb;actividad;capacidad_combustible_gal;capitania;"
        "empresa_nit;fecha;motivo\n"
        "alta;MC-05-8888;Brisa del Mar;900888;CO;75,5;pesca;1.500,00;CP05;;;\n"
        f"baja;{nave.matricula};;;;;;;;;2026-06-10;Matrícula cancelada\n"
    ).encode("cp1252")
    r = client.post(
        reverse("cupos:novedades"), {"periodo": "2026-06", "archivo": SimpleUploadedFile("nov.csv", contenido)}
    )
    assert r.status_code == 302
    assert AltaDimar.objects.get().beneficiario.trb == 75.5
    # the baja is recorded and alerts UPME; the cupo is cancelled only by UPME's own act.
    assert BajaDimar.objects.get().beneficiario == nave
    assert Cupo.objects.get(pk=cupo.pk).estado == "en_firme"


@pytest.mark.django_db
def test_bad_novelty_file_changes_nothing(client, crear_usuario):
    client.force_login(crear_usuario(Rol.DIMAR))
    r = client.post(
        reverse("cupos:novedades"),
        {"periodo": "2026-06", "archivo": SimpleUploadedFile("n.csv", b"a,b\n1,2\n")},
        follow=True,
    )
    assert "Faltan las columnas" in r.content.decode()
    assert not NovedadDimar.objects.exists()


def alerta_de_cupo_inactivo() -> Alerta:
    """A cupo firm since 2 March 2026 with no sale by 1 July (and no wholesaler at all): its alert."""
    Distribuidor.objects.all().delete()
    nave_con_cupo(firmeza=D(2026, 3, 2))
    revisar_plazos(fecha=D(2026, 7, 1))
    return Alerta.objects.get(tipo="cupo_inactivo")


@pytest.mark.django_db
def test_upme_records_a_justified_cause_for_an_inactive_cupo(client, crear_usuario):
    alerta = alerta_de_cupo_inactivo()
    client.force_login(crear_usuario(Rol.UPME_ANALISTA))
    assert alerta.beneficiario.nombre in client.get(reverse("cupos:inactivos")).content.decode()
    r = client.post(reverse("cupos:inactivo-decidir", args=[alerta.id]), {"accion": "causa", "motivo": "Veda de pesca"})
    assert r.status_code == 302
    alerta.refresh_from_db()
    assert alerta.resuelta is not None and alerta.cupo.causa_justificada_inactividad == "Veda de pesca"


@pytest.mark.django_db
def test_inactive_cupo_cancel_needs_a_reason(client, crear_usuario):
    alerta = alerta_de_cupo_inactivo()
    client.force_login(crear_usuario(Rol.UPME_ANALISTA))
    r = client.post(
        reverse("cupos:inactivo-decidir", args=[alerta.id]),
        {"accion": "cancelar", "motivo": "", "fecha": "2026-07-02"},
        follow=True,
    )
    assert "Indique el motivo" in r.content.decode()
    assert Cupo.objects.get(pk=alerta.cupo_id).estado == "en_firme"


@pytest.mark.django_db
@pytest.mark.parametrize("rol", [Rol.DISTRIBUIDOR, Rol.CAPITANIA_OFICIAL])
def test_inactive_and_novelties_pages_are_not_for_everyone(client, crear_usuario, rol):
    client.force_login(crear_usuario(rol))
    assert client.get(reverse("cupos:inactivos")).status_code == 403
    assert client.get(reverse("cupos:novedades")).status_code == 403


@pytest.mark.django_db
def test_cancelling_an_inactive_cupo_closes_its_alert_in_the_same_transaction(client, crear_usuario):
    from core.models import RegistroAuditoria

    alerta = alerta_de_cupo_inactivo()
    client.force_login(crear_usuario(Rol.UPME_ANALISTA))
    datos = {
        "accion": "cancelar",
        "motivo": "Sin uso",
        "fecha": calendario.today().isoformat(),  # P-05: the act rules from its own day, never before
        "soporte": "Resolución UPME 000321 del 2 de julio de 2026",
    }
    r = client.post(reverse("cupos:inactivo-decidir", args=[alerta.id]), datos)
    # A legal act: first a page that says what will happen; nothing changes until it is confirmed.
    assert r.status_code == 200, r.content.decode()
    assert f"Se expide el acto que cancela el cupo de {alerta.beneficiario} desde el " \
        f"{fecha_larga(calendario.today())}" in r.content.decode()
    # Issue 26, defect 10: the effect is said without its rule, which stands apart as «Norma: R-12».
    from tests.crawler import hallazgos, leer

    html = r.content.decode()
    assert "(R-12)" not in html and 'galones exentos con él. <span class="norma">Norma: R-12</span>' in html
    assert hallazgos(leer(html).texto()) == []
    assert Cupo.objects.get(pk=alerta.cupo_id).estado == "en_firme"
    r = client.post(
        reverse("cupos:inactivo-decidir", args=[alerta.id]), con_codigo(client, {**datos, "confirmado": "1"})
    )
    assert r.status_code == 302
    alerta.refresh_from_db()
    assert Cupo.objects.get(pk=alerta.cupo_id).estado == "cancelado" and alerta.resuelta is not None
    assert RegistroAuditoria.objects.filter(accion="alerta.resolver", objeto_id=str(alerta.id)).exists()
