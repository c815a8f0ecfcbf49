"""Pages of the supply plans (F-07) and of the large consumers (F-06): each step for the role that
does it, the deadlines in business days, the confirmation of the legal acts, htmx forms that
re-render only themselves on error, and nothing saved from bad input."""

import datetime as dt
from decimal import Decimal

import pytest
from django.urls import reverse

from core.comun.fechas import fecha_larga
from core.identidad.roles import Rol
from core.models import RegistroAuditoria
from core.tests.segundo_factor import con_codigo
from core.vencimientos.calendario import add_business_days, today
from fronteras.models import GranConsumidor, InformeAnualPlan, PlanAbastecimiento, TipoAlertaFronteras
from fronteras.services import planes as sp
from fronteras.services.grandes_consumidores import gran_consumidor_create
from fronteras.services.municipios import municipio_create
from fronteras.tests.factories import notificar_con_renuncia, previo, texto
from fronteras.views.comun import plazo_texto

Estado = PlanAbastecimiento.Estado
D = dt.date
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def cucuta(analista):
    return municipio_create(
        actor=analista, codigo_dane="54001", nombre="Cúcuta", departamento="Norte de Santander", poblacion=120_000
    )


def hace(dias_habiles: int) -> dt.date:
    return add_business_days(today(), -dias_habiles)


@pytest.fixture
def plan(ecopetrol, cucuta):
    return sp.plan_presentar(
        actor=ecopetrol,
        departamento="Norte de Santander",
        fecha_presentacion=hace(12),
        descripcion="Plan: Cúcuta desde la planta de Barrancabermeja, por carretera.",
    )


@pytest.fixture
def aprobado(plan, minminas):
    return sp.plan_aprobar(
        actor=minminas,
        plan=plan,
        fecha=hace(8),
        resolucion="40123",
        transcrita=True,
        soporte="Resolución 40123 en papel",
    )


@pytest.fixture
def ejecutoriado(aprobado, minminas):
    """Final two business days ago (its act recorded before the procedure: test_procedimiento.py tests it)."""
    return sp.plan_ejecutoria(actor=minminas, plan=previo(aprobado, hace(2)), fecha=hace(2))


def url(nombre, plan=None):
    return reverse(f"fronteras:{nombre}", args=[plan.id] if plan else [])


# --- The deadline text ---------------------------------------------------------------------------


def test_deadline_text_counts_business_days_and_skips_holidays():
    # 8 December 2026 (Inmaculada Concepción) is a holiday, weekends do not count.
    assert plazo_texto(D(2026, 12, 14), D(2026, 12, 4)) == "vence el 14 de diciembre de 2026 (faltan 5 días hábiles)"
    assert plazo_texto(D(2026, 12, 7), D(2026, 12, 4)) == "vence el 7 de diciembre de 2026 (falta 1 día hábil)"
    assert plazo_texto(D(2026, 12, 4), D(2026, 12, 4)) == "vence hoy, 4 de diciembre de 2026"
    assert plazo_texto(D(2026, 12, 4), D(2026, 12, 9)) == "venció el 4 de diciembre de 2026 (hace 2 días hábiles)"


# --- Who sees what -------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("rol", [Rol.ECOPETROL, Rol.MINMINAS, Rol.UPME_ANALISTA, Rol.AUDITOR])
def test_plan_list_and_detail_open_to_plan_readers(entrar, plan, rol):
    cliente = entrar(rol)
    lista = cliente.get(url("planes"))
    assert lista.status_code == 200 and "Plan de Norte de Santander" in texto(lista)
    # Presented 12 business days ago: MinMinas's 10 ran out (2 business days ago on a business day; on a
    # weekend or a holiday, the business days counted since then are fewer: plazo_texto's own test above).
    assert plazo_texto(plan.vence_evaluacion, today()).startswith(f"venció el {fecha_larga(plan.vence_evaluacion)}")
    assert plazo_texto(plan.vence_evaluacion, today()) in texto(lista)
    detalle = cliente.get(url("plan", plan))
    assert detalle.status_code == 200
    pagina = texto(detalle)
    assert "Evaluación del MinMinas (10 días hábiles desde la presentación)" in pagina
    assert "Ecopetrol presentó el plan" in pagina and "Barrancabermeja" in pagina
    assert "plan.presentar" not in pagina and "presentado</" not in pagina


@pytest.mark.django_db
@pytest.mark.parametrize("rol", [Rol.DISTRIBUIDOR, Rol.CAPITANIA_OFICIAL, Rol.BENEFICIARIO])
def test_plan_pages_refuse_other_roles(entrar, plan, rol):
    cliente = entrar(rol)
    assert cliente.get(url("planes")).status_code == 403
    assert cliente.get(url("plan", plan)).status_code == 403
    assert cliente.get(url("plan-nuevo")).status_code == 403
    assert cliente.post(url("plan-aprobar", plan), {"fecha": today(), "resolucion": "1"}).status_code == 403
    assert PlanAbastecimiento.objects.get().estado == Estado.PRESENTADO


@pytest.mark.django_db
def test_unknown_plan_is_404(entrar):
    cliente = entrar(Rol.MINMINAS)
    assert cliente.get(reverse("fronteras:plan", args=[999])).status_code == 404
    assert cliente.get(reverse("fronteras:plan-aprobar", args=[999])).status_code == 404


@pytest.mark.django_db
def test_each_step_page_only_for_its_role(entrar, plan):
    ecopetrol = entrar(Rol.ECOPETROL)
    # Ecopetrol cannot evaluate; MinMinas cannot present or adjust.
    assert ecopetrol.get(url("plan-ajustes", plan)).status_code == 403
    assert ecopetrol.get(url("plan-aprobar", plan)).status_code == 403
    minminas = entrar(Rol.MINMINAS)
    assert minminas.get(url("plan-nuevo")).status_code == 403
    assert minminas.get(url("plan-ajustes", plan)).status_code == 200
    assert minminas.get(url("plan-aprobar", plan)).status_code == 200
    # A step that does not apply in the plan's state says why (409), never a 500.
    r = minminas.get(url("plan-ejecutoria", plan))
    assert r.status_code == 409 and "Este paso no está disponible" in texto(r)


@pytest.mark.django_db
def test_empty_list_and_filters(entrar, cucuta):
    cliente = entrar(Rol.ECOPETROL)
    r = cliente.get(url("planes"))
    assert r.status_code == 200 and "Aún no hay planes de abastecimiento" in texto(r)
    assert "Presentar un plan" in texto(r)
    r = cliente.get(url("planes"), {"q": "Guajira", "estado": "aprobado"})
    assert "No hay planes de abastecimiento con esos filtros" in texto(r)
    assert "Presentar un plan" not in texto(entrar(Rol.MINMINAS).get(url("planes")))


@pytest.mark.django_db
def test_menu_entry_for_ecopetrol_and_minminas(entrar):
    for rol in (Rol.ECOPETROL, Rol.MINMINAS):
        pagina = texto(entrar(rol).get(reverse("fronteras:municipios")))
        assert f'href="{url("planes")}"' in pagina


# --- Ecopetrol presents ------------------------------------------------------------------------


@pytest.mark.django_db
def test_ecopetrol_presents_a_plan(entrar, cucuta):
    cliente = entrar(Rol.ECOPETROL)
    assert cliente.get(url("plan-nuevo")).status_code == 200
    r = cliente.post(
        url("plan-nuevo"),
        {
            "departamento": "Norte de Santander",
            "fecha_presentacion": today(),
            "descripcion": "Origen: Barrancabermeja. Ruta: carretera.",
        },
    )
    plan = PlanAbastecimiento.objects.get()
    assert r.status_code == 302 and r["Location"] == url("plan", plan)
    assert plan.estado == Estado.PRESENTADO and plan.presentado_por == cliente.usuario
    assert RegistroAuditoria.objects.filter(accion="plan.presentar", objeto_id=str(plan.pk)).exists()
    pagina = texto(cliente.get(r["Location"]))
    assert (
        f"Se presentó el plan de abastecimiento de Norte de Santander. La evaluación del MinMinas vence el "
        f"{fecha_larga(plan.vence_evaluacion)} (faltan 10 días hábiles)." in pagina
    )


@pytest.mark.django_db
def test_bad_plan_saves_nothing_and_htmx_gets_only_the_form(entrar, cucuta):
    cliente = entrar(Rol.ECOPETROL)
    manana = today() + dt.timedelta(days=1)
    r = cliente.post(
        url("plan-nuevo"), {"departamento": "Antioquia", "fecha_presentacion": "abc", "descripcion": ""}, **HTMX
    )
    assert r.status_code == 400
    pagina = texto(r)
    assert "<html" not in pagina and "<form" in pagina and 'hx-target="#paso"' in pagina
    assert "Elija un departamento con municipios de zona de frontera." in pagina
    assert "Escriba una fecha válida (AAAA-MM-DD)." in pagina and "Escriba el plan" in pagina
    # The service's refusal (a future date) lands next to its field, in words.
    r = cliente.post(
        url("plan-nuevo"), {"departamento": "Norte de Santander", "fecha_presentacion": manana, "descripcion": "x"}
    )
    assert r.status_code == 400 and f"La fecha {fecha_larga(manana)} es posterior a hoy." in texto(r)
    assert "<html" in texto(r)  # without htmx, the whole page
    assert not PlanAbastecimiento.objects.exists()


@pytest.mark.django_db
def test_second_plan_for_the_department_is_refused_with_its_reason(entrar, plan):
    r = entrar(Rol.ECOPETROL).post(
        url("plan-nuevo"),
        {"departamento": "Norte de Santander", "fecha_presentacion": today(), "descripcion": "Otro"},
        **HTMX,
    )
    assert r.status_code == 409 and "ya tiene un plan de abastecimiento presentado" in texto(r)
    assert PlanAbastecimiento.objects.count() == 1


# --- MinMinas asks for adjustments, Ecopetrol adjusts --------------------------------------------


@pytest.mark.django_db
def test_minminas_asks_for_adjustments_and_ecopetrol_adjusts(entrar, plan):
    minminas = entrar(Rol.MINMINAS)
    r = minminas.post(
        url("plan-ajustes", plan),
        {"fecha": today(), "detalle": "Indique la ruta alterna.", "plazo_dias_habiles": "5"},
        **HTMX,
    )
    assert r.status_code == 200 and r["HX-Redirect"] == url("plan", plan)
    plan.refresh_from_db()
    assert plan.estado == Estado.AJUSTES and plan.vence_ajustes == add_business_days(today(), 5)
    pagina = texto(minminas.get(url("plan", plan)))
    assert f"el plazo vence el {fecha_larga(plan.vence_ajustes)} (faltan 5 días hábiles)" in pagina
    assert "Ajustes que pidió el MinMinas" in pagina and "El MinMinas solicitó ajustes" in pagina

    ecopetrol = entrar(Rol.ECOPETROL)
    formulario = texto(ecopetrol.get(url("plan-ajustar", plan)))
    assert "Indique la ruta alterna." in formulario and "Barrancabermeja" in formulario  # the text to adjust
    r = ecopetrol.post(url("plan-ajustar", plan), {"fecha": today(), "descripcion": "Plan con ruta alterna."})
    assert r.status_code == 302
    plan.refresh_from_db()
    assert plan.estado == Estado.PRESENTADO and plan.descripcion == "Plan con ruta alterna."
    assert plan.vence_evaluacion == add_business_days(today(), 10)
    historia = texto(ecopetrol.get(url("plan", plan)))
    assert "Ecopetrol presentó el plan ajustado" in historia and "Texto de esa versión del plan" in historia


@pytest.mark.django_db
def test_bad_adjustment_request_saves_nothing(entrar, plan):
    r = entrar(Rol.MINMINAS).post(
        url("plan-ajustes", plan), {"fecha": today(), "detalle": "", "plazo_dias_habiles": "0"}, **HTMX
    )
    assert r.status_code == 400
    assert "Indique qué debe ajustar Ecopetrol." in texto(r) and "al menos un día hábil" in texto(r)
    plan.refresh_from_db()
    assert plan.estado == Estado.PRESENTADO
    assert not RegistroAuditoria.objects.filter(accion="plan.solicitar_ajustes").exists()


# --- Legal acts: approval and ejecutoria ask first ----------------------------------------------


@pytest.mark.django_db
def test_approval_with_a_wrong_code_approves_nothing(entrar, plan):
    from core.identidad.segundo_factor import CAMPO

    cliente = entrar(Rol.MINMINAS)
    datos = {"fecha": today(), "resolucion": "40123", "confirmado": "1", CAMPO: "999999x"}
    r = cliente.post(url("plan-aprobar", plan), datos, HTTP_HX_REQUEST="true")
    assert r.status_code == 400
    assert "Esto es lo que va a pasar" in texto(r) and "código de verificación" in texto(r)
    plan.refresh_from_db()
    assert plan.estado == Estado.PRESENTADO


@pytest.mark.django_db
def test_approval_asks_first_then_approves(entrar, plan):
    cliente = entrar(Rol.MINMINAS)
    fecha = today()
    r = cliente.post(url("plan-aprobar", plan), {"fecha": fecha, "resolucion": "40123"})
    assert r.status_code == 200
    pagina = texto(r)
    hasta = sp.fin_visto_bueno(fecha)
    assert "Esto es lo que va a pasar" in pagina and "Confirmar la aprobación" in pagina
    assert (
        f"El MinMinas aprobará el plan de abastecimiento de Norte de Santander con la resolución 40123 del "
        f"{fecha_larga(fecha)}."
    ) in pagina
    assert f"rige del {fecha_larga(fecha)} al {fecha_larga(hasta)} (dos años)" in pagina
    # "Corregir los datos" goes back to the form with what was typed.
    corregir = r.context["corregir"]
    assert 'value="40123"' in texto(cliente.get(url("plan-aprobar", plan) + "?" + corregir))
    plan.refresh_from_db()
    assert plan.estado == Estado.PRESENTADO  # nothing changed yet
    assert not RegistroAuditoria.objects.filter(accion="plan.aprobar").exists()

    r = cliente.post(
        url("plan-aprobar", plan), con_codigo(cliente, {"fecha": fecha, "resolucion": "40123", "confirmado": "1"})
    )
    assert r.status_code == 302
    plan.refresh_from_db()
    assert plan.estado == Estado.APROBADO and plan.resolucion == "40123" and plan.visto_bueno_hasta == hasta
    assert RegistroAuditoria.objects.filter(accion="plan.aprobar", objeto_id=str(plan.pk)).count() == 1


@pytest.mark.django_db
def test_approval_refusal_shows_before_confirmation(entrar, plan):
    antes = plan.fecha_presentacion - dt.timedelta(days=1)
    r = entrar(Rol.MINMINAS).post(url("plan-aprobar", plan), {"fecha": antes, "resolucion": "40123"}, **HTMX)
    assert r.status_code == 400 and "Esto es lo que va a pasar" not in texto(r)
    assert f"no puede ser anterior a la presentación del plan ({fecha_larga(plan.fecha_presentacion)})" in texto(r)
    r = entrar(Rol.MINMINAS).post(url("plan-aprobar", plan), {"fecha": today(), "resolucion": " "}, **HTMX)
    assert r.status_code == 400 and "Indique el número de la resolución." in texto(r)
    plan.refresh_from_db()
    assert plan.estado == Estado.PRESENTADO


@pytest.mark.django_db
def test_htmx_confirmation_replaces_only_the_form(entrar, aprobado, minminas):
    cliente = entrar(Rol.MINMINAS)
    # DOMAIN §8 (P-04): not yet notified to Ecopetrol, the approval cannot be final: the refusal, in Spanish, in
    # the form, before any confirmation.
    r = cliente.post(url("plan-ejecutoria", aprobado), {"fecha": today()}, **HTMX)
    assert r.status_code == 409 and "<html" not in texto(r) and "Esto es lo que va a pasar" not in texto(r)
    assert "Ecopetrol S.A. aún no ha sido notificado del acto" in texto(r)
    notificar_con_renuncia(minminas, aprobado.acto_id, aprobado.fecha_aprobacion)
    r = cliente.post(url("plan-ejecutoria", aprobado), {"fecha": today()}, **HTMX)
    assert r.status_code == 200 and "<html" not in texto(r)
    vence = add_business_days(today(), 3)
    assert (
        f"La resolución 40123 que aprobó el plan de abastecimiento de Norte de Santander quedará ejecutoriada el "
        f"{fecha_larga(today())}."
    ) in texto(r)
    assert f"el plazo vence el {fecha_larga(vence)}" in texto(r)
    aprobado.refresh_from_db()
    assert aprobado.fecha_ejecutoria is None
    r = cliente.post(url("plan-ejecutoria", aprobado), {"fecha": today(), "confirmado": "1"}, **HTMX)
    assert r["HX-Redirect"] == url("plan", aprobado)
    aprobado.refresh_from_db()
    assert aprobado.fecha_ejecutoria == today() and aprobado.vence_aviso_dian == vence
    pagina = texto(cliente.get(url("plan", aprobado)))
    assert "Aviso a la DIAN (3 días hábiles desde la ejecutoria)" in pagina
    assert f"vence el {fecha_larga(vence)} (faltan 3 días hábiles)" in pagina


@pytest.mark.django_db
def test_confirmed_ejecutoria_with_bad_date_saves_nothing(entrar, aprobado):
    r = entrar(Rol.MINMINAS).post(
        url("plan-ejecutoria", aprobado), {"fecha": today() + dt.timedelta(days=3), "confirmado": "1"}
    )
    assert r.status_code == 400 and "es posterior a hoy" in texto(r)
    aprobado.refresh_from_db()
    assert aprobado.fecha_ejecutoria is None


# --- Ecopetrol: DIAN notice and yearly report ---------------------------------------------------


@pytest.mark.django_db
def test_ecopetrol_records_dian_notice_and_yearly_report(entrar, ejecutoriado):
    cliente = entrar(Rol.ECOPETROL)
    pagina = texto(cliente.get(url("plan", ejecutoriado)))
    assert "Registrar el aviso a la DIAN" in pagina and "Registrar el informe anual" in pagina
    assert "Confirmar" not in pagina and "Registrar la ejecutoria" not in pagina  # not Ecopetrol's steps
    r = cliente.post(url("plan-aviso-dian", ejecutoriado), {"fecha": today()})
    assert r.status_code == 302
    ejecutoriado.refresh_from_db()
    assert ejecutoriado.aviso_dian == today()
    assert entrar(Rol.ECOPETROL).get(url("plan-aviso-dian", ejecutoriado)).status_code == 409  # done once

    anio = ejecutoriado.visto_bueno_desde.year
    r = cliente.post(
        url("plan-informe", ejecutoriado),
        {"anio": str(anio), "presentado": today(), "resumen": "Abastecimiento sin interrupciones."},
    )
    assert r.status_code == 302
    assert InformeAnualPlan.objects.get(plan=ejecutoriado).anio == anio
    pagina = texto(cliente.get(url("plan", ejecutoriado)))
    assert "Abastecimiento sin interrupciones." in pagina and "Ecopetrol presentó el informe anual" in pagina
    assert "Ecopetrol informó a la DIAN" in pagina
    # The same year twice: refused with its reason, nothing saved.
    r = cliente.post(url("plan-informe", ejecutoriado), {"anio": str(anio), "presentado": today()}, **HTMX)
    assert r.status_code == 409 and f"Ya se presentó el informe de {anio} de este plan." in texto(r)
    assert InformeAnualPlan.objects.count() == 1


@pytest.mark.django_db
def test_yearly_report_bad_year_saves_nothing(entrar, ejecutoriado):
    r = entrar(Rol.ECOPETROL).post(url("plan-informe", ejecutoriado), {"anio": "1999", "presentado": today()}, **HTMX)
    assert r.status_code == 400 and "Escriba un año entre 2000 y 2100." in texto(r)
    assert not InformeAnualPlan.objects.exists()


@pytest.mark.django_db
def test_minminas_cannot_record_the_dian_notice(entrar, ejecutoriado):
    assert entrar(Rol.MINMINAS).post(url("plan-aviso-dian", ejecutoriado), {"fecha": today()}).status_code == 403
    ejecutoriado.refresh_from_db()
    assert ejecutoriado.aviso_dian is None


# --- Large consumers (F-06) -------------------------------------------------------------------


def datos_gc(**cambios) -> dict:
    return {
        "nit": "900345678",
        "nombre": "Carbones del Norte S.A.S.",
        "municipio": "54001",
        "combustible": "acpm",
        "volumen_mensual": "45000",
        "fuente": "Resolución UPME 000142 de 2026",
        "metodologia": "",
        "vigente_desde": "2026-04-01",
        "vigente_hasta": "",
        **cambios,
    }


@pytest.mark.django_db
def test_analyst_registers_and_edits_a_large_consumer(entrar, cucuta):
    cliente = entrar(Rol.UPME_ANALISTA)
    r = cliente.get(reverse("fronteras:grandes-consumidores"))
    assert r.status_code == 200 and "Aún no hay grandes consumidores registrados" in texto(r)
    assert cliente.get(reverse("fronteras:gran-consumidor-nuevo")).status_code == 200
    r = cliente.post(reverse("fronteras:gran-consumidor-nuevo"), datos_gc())
    gc = GranConsumidor.objects.get()
    assert r.status_code == 302 and r["Location"] == reverse("fronteras:gran-consumidor", args=[gc.id])
    pagina = texto(cliente.get(r["Location"]))
    assert (
        "Se registró Carbones del Norte S.A.S. con 45.000,00 galones al mes de ACPM, desde el 1 de abril de 2026."
        in pagina
    )
    r = cliente.post(
        reverse("fronteras:gran-consumidor-editar", args=[gc.id]), datos_gc(volumen_mensual="50000,5", nit="111")
    )
    assert r.status_code == 302
    gc.refresh_from_db()
    assert gc.volumen_mensual == Decimal("50000.50") and gc.nit == "900345678"  # the NIT does not change
    registro = RegistroAuditoria.objects.get(accion="gran_consumidor.modificar")
    assert registro.antes["volumen_mensual"] == "45000.00"
    lista = texto(cliente.get(reverse("fronteras:grandes-consumidores"), {"q": "carbones"}))
    assert "50.000,50" in lista and "1 de abril de 2026" in lista
    assert "No hay grandes consumidores con esos filtros" in texto(
        cliente.get(reverse("fronteras:grandes-consumidores"), {"q": "nadie"})
    )


@pytest.mark.django_db
def test_bad_large_consumer_saves_nothing(entrar, cucuta, analista):
    cliente = entrar(Rol.UPME_ANALISTA)
    r = cliente.post(
        reverse("fronteras:gran-consumidor-nuevo"),
        datos_gc(nit="90.034", volumen_mensual="1,000.00", fuente="", vigente_hasta="2026-01-01"),
        **HTMX,
    )
    assert r.status_code == 400 and "<html" not in texto(r) and 'hx-target="#formulario"' in texto(r)
    pagina = texto(r)
    assert "Escriba el NIT solo con números" in pagina and "por ejemplo 6.000,50" in pagina
    assert "Indique el acto de la UPME" in pagina and "La vigencia no puede terminar antes de empezar." in pagina
    gran_consumidor_create(
        actor=analista,
        nit="900345678",
        nombre="Otro",
        municipio="54001",
        combustible="acpm",
        volumen_mensual=Decimal("10"),
        fuente="Res. 1",
        vigente_desde=D(2026, 1, 1),
    )
    r = cliente.post(reverse("fronteras:gran-consumidor-nuevo"), datos_gc(), **HTMX)
    assert r.status_code == 409 and "El gran consumidor NIT 900345678 ya tiene un volumen de ACPM" in texto(r)
    assert GranConsumidor.objects.count() == 1


@pytest.mark.django_db
def test_large_consumer_pages_by_role(entrar, cucuta, analista):
    gc = gran_consumidor_create(
        actor=analista,
        nit="900345678",
        nombre="Carbones",
        municipio="54001",
        combustible="acpm",
        volumen_mensual=Decimal("10"),
        fuente="Res. 1",
        vigente_desde=D(2026, 1, 1),
    )
    minminas = entrar(Rol.MINMINAS)
    assert minminas.get(reverse("fronteras:grandes-consumidores")).status_code == 200
    assert minminas.get(reverse("fronteras:gran-consumidor", args=[gc.id])).status_code == 200
    assert minminas.get(reverse("fronteras:gran-consumidor-nuevo")).status_code == 403
    assert (
        minminas.post(reverse("fronteras:gran-consumidor-editar", args=[gc.id]), datos_gc(nombre="X")).status_code
        == 403
    )
    assert entrar(Rol.CAPITANIA_OFICIAL).get(reverse("fronteras:grandes-consumidores")).status_code == 403
    assert entrar(Rol.UPME_ANALISTA).get(reverse("fronteras:gran-consumidor", args=[999])).status_code == 404
    gc.refresh_from_db()
    assert gc.nombre == "Carbones"


# --- make run: SQLite, DEBUG, eager tasks -------------------------------------------------------

GUION_SQLITE = r"""
import json
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.conf import settings
from django.test import Client
from core.vencimientos.calendario import today
from core.models import Usuario
from fronteras.models import PlanAbastecimiento
from fronteras.services.municipios import municipio_create
assert settings.DATABASES["default"]["ENGINE"].endswith("sqlite3") and settings.DEBUG
analista = Usuario.objects.create_user(username="a", password="x", rol="upme_analista")
municipio_create(actor=analista, codigo_dane="54001", nombre="Cúcuta", departamento="Norte de Santander",
                 poblacion=120000)
from core.tests.segundo_factor import con_codigo, verificar_sesion
def como(username, rol):
    cliente = Client()
    usuario = Usuario.objects.create_user(username=username, password="x", rol=rol)
    cliente.force_login(usuario)
    verificar_sesion(cliente, usuario)  # issue 24: MinMinas logs in with the second factor
    return cliente
ecopetrol, minminas = como("e", "ecopetrol"), como("m", "minminas")
presentado = ecopetrol.post("/fronteras/planes/nuevo/", {"departamento": "Norte de Santander",
                            "fecha_presentacion": today().isoformat(), "descripcion": "Plan"})
plan = PlanAbastecimiento.objects.get()
aprobar = f"/fronteras/planes/{plan.id}/aprobar/"
confirmar = minminas.post(aprobar, {"fecha": today().isoformat(), "resolucion": "40123"})
aprobado = minminas.post(aprobar, con_codigo(minminas, {"fecha": today().isoformat(), "resolucion": "40123",
                                                        "confirmado": "1"}))
plan.refresh_from_db()
print("RESULTADO " + json.dumps({"presentado": presentado.status_code, "confirmar": confirmar.status_code,
                                 "aprobado": aprobado.status_code, "estado": plan.estado}))
"""


def test_plan_pages_work_under_make_run_sqlite(tmp_path):
    """plan_presentar serializes a department's plans with a PostgreSQL advisory lock; on SQLite
    (make run) it must not call it."""
    from tests.make_run import en_make_run

    assert en_make_run(GUION_SQLITE, tmp_path) == {
        "presentado": 302,
        "confirmar": 200,
        "aprobado": 302,
        "estado": "aprobado",
    }


@pytest.mark.django_db
def test_plan_alert_links_to_its_plan(plan):
    from core.models import Alerta
    from fronteras.plazos import enlace_alerta

    referencia = sp.referencia(plan.vence_evaluacion, plan.pk)
    alerta = Alerta(tipo=TipoAlertaFronteras.PLAN_EVALUACION_VENCIDA, referencia=referencia)
    assert enlace_alerta(alerta) == ("Plan de abastecimiento de Norte de Santander", url("plan", plan))


def test_f07_the_approval_is_a_pdf_signed_by_minminas_with_the_plans_fingerprint(entrar, plan, aprobado):
    from core.firma.validacion import validar_pdf

    cliente = entrar(Rol.ECOPETROL)
    assert cliente.get(url("plan-aprobacion-pdf", plan)).status_code == 200
    assert "Aprobación firmada (PDF)" in cliente.get(url("plan", plan)).content.decode()
    r = cliente.get(url("plan-aprobacion-pdf", plan))
    v = validar_pdf(r.content)
    assert v.valida and (v.firmante, v.entidad) == ("Dirección de Hidrocarburos", "Ministerio de Minas y Energía")
    import io

    from pypdf import PdfReader

    texto = "".join(p.extract_text() for p in PdfReader(io.BytesIO(r.content)).pages)
    assert aprobado.huella_aprobada[:20] in texto.replace("\n", "") and "40123" in texto


def test_f07_a_plan_not_yet_approved_has_no_approval_pdf(entrar, plan):
    assert entrar(Rol.MINMINAS).get(url("plan-aprobacion-pdf", plan)).status_code == 404


@pytest.mark.django_db
def test_f07_the_approval_records_the_yearly_report_date_minminas_sets(entrar, plan):
    cliente = entrar(Rol.MINMINAS)
    fecha, informe = today(), today() + dt.timedelta(days=120)
    datos = {"fecha": fecha, "resolucion": "40123", "informe_anual_vence": informe}
    r = cliente.post(url("plan-aprobar", plan), datos)
    assert f"Ecopetrol presentará su informe anual el {fecha_larga(informe)}" in texto(r)
    assert cliente.post(url("plan-aprobar", plan), con_codigo(cliente, {**datos, "confirmado": "1"})).status_code == 302
    plan.refresh_from_db()
    assert plan.informe_anual_vence == informe


@pytest.mark.django_db
def test_issue45_los_ajustes_pedidos_conservan_sus_saltos_de_linea(entrar, plan):
    """What the MinMinas typed on several lines reads on several lines: on the plan, in its history and on
    Ecopetrol's adjustment form."""
    pedido = "1. Indique la ruta alterna.\n2. Precise los volúmenes por municipio."
    minminas = entrar(Rol.MINMINAS)
    minminas.post(url("plan-ajustes", plan), {"fecha": today(), "detalle": pedido, "plazo_dias_habiles": "5"}, **HTMX)
    pagina = texto(minminas.get(url("plan", plan)))
    assert "<p>1. Indique la ruta alterna.<br>2. Precise los volúmenes por municipio.</p>" in pagina  # the request
    assert "«1. Indique la ruta alterna.<br>2. Precise los volúmenes por municipio.»" in pagina  # its history
    formulario = texto(entrar(Rol.ECOPETROL).get(url("plan-ajustar", plan)))
    assert "1. Indique la ruta alterna.<br>2. Precise los volúmenes por municipio." in formulario
