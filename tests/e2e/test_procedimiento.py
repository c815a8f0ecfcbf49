"""DOMAIN §8 in Chromium (issue 40, «Done when»): an analyst issues a resolution with the second factor; the
beneficiary opens the notification's signed link and «Mis actos» shows its term; it files a reposición; the analyst
decides it with the second factor; the beneficiary opens the decision's link; the daily job makes the cupo firm on
the day the procedure gives (the day after the decision's notification, P-04 (2))."""

import datetime as dt
import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from core.tests.segundo_factor import codigo
from tests.e2e.pasos import escribir_codigo

pytestmark = pytest.mark.e2e


@pytest.fixture
def borrador(live_server, crear_usuario):
    """A draft resolution of next year with one line for «Doña Lucía», who accepted electronic notification."""
    from core.vencimientos.calendario import today
    from cupos.models import Solicitud
    from cupos.services import asignacion
    from cupos.tests.factories import NaveFactory, ResolucionFactory

    analista = crear_usuario("analista1", "upme_analista")
    nave = NaveFactory(nombre="Doña Lucía", trb=Decimal("120"), correo="lucia@example.com",
                       acepta_notificacion_electronica=True)
    crear_usuario("lucia", "beneficiario", beneficiario=nave)
    anio = today().year + 1
    Solicitud.objects.create(beneficiario=nave, anio=anio, galones_solicitados=Decimal("24000"),
                             fecha_radicacion=today(), estado=Solicitud.Estado.APROBADA)
    resolucion = ResolucionFactory(anio=anio, numero="000046", procedimiento=True)
    asignacion.lineas_set(usuario=analista, resolucion=resolucion,
                          lineas=[{"beneficiario": nave.id, "galones_anuales": "24000"}])
    return analista, nave, resolucion


def _enlace(live_server, interesado) -> str:
    """The signed link the outbox sent (core.actos.notificacion), as the beneficiary would open it."""
    from core.models import MensajeSaliente

    mensaje = MensajeSaliente.objects.get(tipo="notificacion_acto", clave=f"notificacion:{interesado.pk}")
    ruta = re.search(r"/actos/notificacion/[^/\s]+/", mensaje.payload["texto"]).group(0)
    return live_server.url + ruta


def test_del_acto_expedido_al_cupo_en_firme_por_el_procedimiento(page, live_server, ingresar, borrador):
    from core.actos.models import Acto
    from core.actos.services import firmezas_aplicar
    from core.comun.fechas import fecha_larga
    from core.vencimientos.calendario import add_business_days, today
    from cupos.models import Cupo

    analista, _, resolucion = borrador
    hoy = today()

    # 1. The analyst issues the resolution: its act, dated today, signed with a fresh code.
    ingresar(page, analista.username)
    page.goto(f"{live_server.url}/resoluciones/{resolucion.id}/expedir/")
    escribir_codigo(page, codigo(analista))
    page.get_by_role("button", name="Confirmar la expedición").click()
    expect(page.get_by_role("heading", level=2, name="Estado: Expedida")).to_be_visible(timeout=60_000)
    cupo = Cupo.objects.get(resolucion=resolucion)
    assert cupo.estado == Cupo.Estado.EXPEDIDO and cupo.interesado.acto.fecha_expedicion == hoy

    # 2. The beneficiary opens the signed link: notified now; «Mis actos» shows the term.
    page.context.clear_cookies()
    page.goto(_enlace(live_server, cupo.interesado))
    expect(page.get_by_role("heading", level=1)).to_have_text("Notificación de un acto administrativo")
    expect(page.locator("main")).to_contain_text("reposición")
    page.get_by_role("button", name="Abrir el acto y darme por notificado").click()
    vence = add_business_days(hoy, 10)
    expect(page.get_by_role("status")).to_contain_text(f"puede presentar recursos hasta el {fecha_larga(vence)}")
    ingresar(page, "lucia")
    page.goto(f"{live_server.url}/actos/mios/")
    fila = page.get_by_role("row").filter(has_text="Resolución de cupos")
    expect(fila).to_contain_text(f"puede presentar recursos hasta el {fecha_larga(vence)}")

    # 3. It files a reposición, with its grounds: the act has no effect on it while pending.
    fila.get_by_role("link").first.click()
    page.get_by_label("Recurso", exact=True).select_option("reposicion")
    page.get_by_label("Motivos", exact=True).fill("El consumo del año anterior justifica 30.000 galones.")
    page.get_by_role("button", name="Presentar el recurso").click()
    expect(page.locator("main")).to_contain_text("En trámite: se decide a más tardar")
    assert Cupo.objects.get(pk=cupo.pk).estado == Cupo.Estado.EXPEDIDO

    # 4. The analyst decides it: confirms, motivated, with a fresh code; the decision is an act of its own.
    page.context.clear_cookies()
    ingresar(page, analista.username)
    page.goto(f"{live_server.url}/actos/{cupo.interesado.acto_id}/interesados/{cupo.interesado_id}/")
    page.get_by_role("link", name="Decidir").click()
    page.get_by_label("Decisión", exact=True).select_option("confirma")
    page.get_by_label("Motivación", exact=True).fill("El consumo acreditado no supera los 24.000 galones.")
    page.get_by_role("button", name="Revisar la decisión").click()
    escribir_codigo(page, codigo(analista))
    page.get_by_role("button", name="Expedir la decisión").click()
    expect(page.locator("main")).to_contain_text("Decidido")
    decision = Acto.objects.get(recurso_decidido__interesado=cupo.interesado)
    (persona,) = decision.interesados.all()

    # 5. The beneficiary opens the decision's link; firm the next day (P-04 (2)), when the daily job runs.
    page.context.clear_cookies()
    page.goto(_enlace(live_server, persona))
    page.get_by_role("button", name="Abrir el acto y darme por notificado").click()
    manana = hoy + dt.timedelta(days=1)
    ingresar(page, "lucia")
    page.goto(f"{live_server.url}/actos/mios/")
    expect(page.get_by_role("row").filter(has_text="Resolución de cupos")).to_contain_text(
        f"quedará en firme el {fecha_larga(manana)}"
    )
    assert firmezas_aplicar(hoy=hoy)["interesados"] == 0  # not yet its day
    firmezas_aplicar(hoy=manana)
    firme = Cupo.objects.get(pk=cupo.pk)
    assert firme.estado == Cupo.Estado.EN_FIRME and firme.fecha_firmeza == manana
