"""Border deadline checks (F-05, F-07, R-25): the day before, the day, and the day after each deadline;
one alert per subject, resolved when its cause disappears."""

import datetime as dt
from decimal import Decimal

import pytest

from core.comun.errors import DatosInvalidos
from core.identidad.roles import Rol
from core.models import Alerta
from core.vencimientos.plazos import revisar_plazos
from fronteras.models import Asignacion, Municipio, PlanAbastecimiento, TipoAlertaFronteras
from fronteras.services import planes as sp
from fronteras.tests.factories import aprobar_transcrita, ejecutoria_previa

D = dt.date
T = TipoAlertaFronteras
Estado = PlanAbastecimiento.Estado


def alertas(tipo):
    return list(Alerta.objects.filter(tipo=tipo).order_by("referencia").values_list("referencia", flat=True))


def abiertas(tipo):
    return list(
        Alerta.objects.filter(tipo=tipo, resuelta__isnull=True)
        .order_by("referencia")
        .values_list("referencia", flat=True)
    )


@pytest.fixture
def hoy(monkeypatch):
    def _hoy(fecha: dt.date):
        monkeypatch.setattr(sp, "today", lambda: fecha)
        monkeypatch.setattr("core.vencimientos.calendario.today", lambda: fecha)  # the acts' dates (DOMAIN §8)

    return _hoy


def presentar(ecopetrol, fecha, departamento="Norte de Santander"):
    return sp.plan_presentar(actor=ecopetrol, departamento=departamento, fecha_presentacion=fecha, descripcion="Plan 1")


def ref(vence, plan):
    return f"{vence:%Y-%m-%d}:plan-{plan.pk}"


def vence_y_alerta_a_ecopetrol(tipo, vence, plan):
    """The day before the deadline and the day itself no alert; the day after one, Ecopetrol's."""
    revisar_plazos(fecha=vence - dt.timedelta(days=1))
    revisar_plazos(fecha=vence)
    assert alertas(tipo) == []
    revisar_plazos(fecha=vence + dt.timedelta(days=1))
    assert alertas(tipo) == [ref(vence, plan)]
    assert Alerta.objects.get(tipo=tipo).rol_responsable == Rol.ECOPETROL


# --- F-05 -------------------------------------------------------------------------------------


def municipio(codigo, nombre):
    return Municipio.objects.create(
        codigo_dane=codigo, nombre=nombre, departamento="Norte de Santander", poblacion=50_000
    )


def asignacion(mun, anio_inicio, combustible="acpm"):
    return Asignacion.objects.create(
        municipio=mun,
        combustible=combustible,
        anio_inicio=anio_inicio,
        indicador_per_capita=Decimal("0.5"),
        factor_gnv=Decimal(1),
        factor_flujo=Decimal(1),
        poblacion=mun.poblacion,
        volumen_municipal=Decimal(25000),
        vigencia_inicio=D(anio_inicio, 1, 1),
        vigencia_fin=D(anio_inicio + 1, 12, 31),
    )


@pytest.mark.django_db
def test_border_assignment_after_31_march_per_municipality():
    cucuta, tibu, ocana = municipio("54001", "Cúcuta"), municipio("54810", "Tibú"), municipio("54498", "Ocaña")
    asignacion(tibu, 2025)  # 2025–2026 covers 2026
    asignacion(ocana, 2024)  # 2024–2025 does not
    revisar_plazos(fecha=D(2026, 3, 31))
    assert alertas(T.ASIGNACION_FRONTERA_VENCIDA) == []
    revisar_plazos(fecha=D(2026, 4, 1))
    assert alertas(T.ASIGNACION_FRONTERA_VENCIDA) == ["2026:54001", "2026:54498"]
    alerta = Alerta.objects.get(referencia="2026:54001")
    assert (alerta.vence, alerta.rol_responsable) == (D(2026, 3, 31), Rol.UPME_ANALISTA)
    revisar_plazos(fecha=D(2026, 4, 2))
    assert Alerta.objects.filter(tipo=T.ASIGNACION_FRONTERA_VENCIDA).count() == 2
    asignacion(cucuta, 2026, combustible="gasolina")  # any fuel, any state
    revisar_plazos(fecha=D(2026, 4, 3))
    assert abiertas(T.ASIGNACION_FRONTERA_VENCIDA) == ["2026:54498"]
    revisar_plazos(fecha=D(2027, 4, 1))  # the 2026 assignments of Cúcuta cover 2027; Tibú's ended
    assert abiertas(T.ASIGNACION_FRONTERA_VENCIDA) == ["2026:54498", "2027:54498", "2027:54810"]


# --- F-07: evaluation and adjustments ---------------------------------------------------------


@pytest.mark.django_db
def test_evaluation_overdue_after_ten_business_days_over_semana_santa(cliente, ecopetrol, minminas):
    plan = presentar(ecopetrol, D(2026, 3, 27))  # due 14 April 2026
    revisar_plazos(fecha=D(2026, 4, 13))
    revisar_plazos(fecha=D(2026, 4, 14))
    assert alertas(T.PLAN_EVALUACION_VENCIDA) == []
    revisar_plazos(fecha=D(2026, 4, 15))
    assert alertas(T.PLAN_EVALUACION_VENCIDA) == [ref(D(2026, 4, 14), plan)]
    alerta = Alerta.objects.get(tipo=T.PLAN_EVALUACION_VENCIDA)
    assert (alerta.vence, alerta.rol_responsable) == (D(2026, 4, 14), Rol.MINMINAS)
    vistas = cliente(Rol.MINMINAS).get(f"/api/v1/alertas/?tipo={T.PLAN_EVALUACION_VENCIDA}").json()
    assert vistas["count"] == 1
    assert cliente(Rol.ECOPETROL).get(f"/api/v1/alertas/?tipo={T.PLAN_EVALUACION_VENCIDA}").json()["count"] == 0
    revisar_plazos(fecha=D(2026, 4, 16))
    assert Alerta.objects.filter(tipo=T.PLAN_EVALUACION_VENCIDA).count() == 1
    aprobar_transcrita(actor=minminas, plan=plan, fecha=D(2026, 4, 16), resolucion="RES-1")
    assert abiertas(T.PLAN_EVALUACION_VENCIDA) == []  # resolved as MinMinas decides


@pytest.mark.django_db
def test_evaluation_alert_resolved_by_the_check_when_the_cause_disappears(ecopetrol):
    plan = presentar(ecopetrol, D(2026, 3, 27))
    revisar_plazos(fecha=D(2026, 4, 15))
    PlanAbastecimiento.objects.filter(pk=plan.pk).update(estado=Estado.AJUSTES, vence_ajustes=D(2026, 4, 30))
    revisar_plazos(fecha=D(2026, 4, 16))
    assert (
        alertas(T.PLAN_EVALUACION_VENCIDA) == [ref(D(2026, 4, 14), plan)] and abiertas(T.PLAN_EVALUACION_VENCIDA) == []
    )


@pytest.mark.django_db
def test_adjustments_overdue_then_resubmitted_plan_can_be_late_again(ecopetrol, minminas):
    plan = presentar(ecopetrol, D(2026, 11, 6))
    plan = sp.plan_solicitar_ajustes(
        actor=minminas, plan=plan, fecha=D(2026, 11, 13), detalle="Rutas", plazo_dias_habiles=5
    )
    assert plan.vence_ajustes == D(2026, 11, 23)
    vence_y_alerta_a_ecopetrol(T.PLAN_AJUSTES_VENCIDOS, D(2026, 11, 23), plan)
    plan = sp.plan_ajustar(actor=ecopetrol, plan=plan, fecha=D(2026, 11, 25), descripcion="Plan 1 ajustado")
    assert abiertas(T.PLAN_AJUSTES_VENCIDOS) == []
    assert plan.vence_evaluacion == D(2026, 12, 10)  # 8 December (Inmaculada) does not count
    revisar_plazos(fecha=D(2026, 12, 10))
    assert alertas(T.PLAN_EVALUACION_VENCIDA) == []
    revisar_plazos(fecha=D(2026, 12, 11))
    assert alertas(T.PLAN_EVALUACION_VENCIDA) == [ref(D(2026, 12, 10), plan)]


# --- F-07: DIAN notice and yearly report ------------------------------------------------------


@pytest.mark.django_db
def test_dian_notice_overdue_after_christmas(hoy, ecopetrol, minminas):
    hoy(D(2026, 12, 31))
    plan = presentar(ecopetrol, D(2026, 12, 1))
    plan = aprobar_transcrita(actor=minminas, plan=plan, fecha=D(2026, 12, 9), resolucion="RES-9")
    plan = ejecutoria_previa(actor=minminas, plan=plan, fecha=D(2026, 12, 23))
    assert plan.vence_aviso_dian == D(2026, 12, 29)
    vence_y_alerta_a_ecopetrol(T.PLAN_AVISO_DIAN_VENCIDO, D(2026, 12, 29), plan)
    sp.plan_aviso_dian(actor=ecopetrol, plan=plan, fecha=D(2026, 12, 30))
    assert abiertas(T.PLAN_AVISO_DIAN_VENCIDO) == []
    revisar_plazos(fecha=D(2026, 12, 31))
    assert len(alertas(T.PLAN_AVISO_DIAN_VENCIDO)) == 1


@pytest.mark.django_db
def test_dian_notice_alert_resolved_by_the_check(ecopetrol, minminas):
    plan = presentar(ecopetrol, D(2026, 1, 2))
    plan = aprobar_transcrita(actor=minminas, plan=plan, fecha=D(2026, 1, 6), resolucion="RES-9")
    plan = ejecutoria_previa(actor=minminas, plan=plan, fecha=D(2026, 1, 9))  # Friday before Reyes (Mon 12)
    revisar_plazos(fecha=D(2026, 1, 15))
    assert alertas(T.PLAN_AVISO_DIAN_VENCIDO) == []
    revisar_plazos(fecha=D(2026, 1, 16))
    assert abiertas(T.PLAN_AVISO_DIAN_VENCIDO) == [ref(D(2026, 1, 15), plan)]
    PlanAbastecimiento.objects.filter(pk=plan.pk).update(aviso_dian=D(2026, 1, 16))
    revisar_plazos(fecha=D(2026, 1, 17))
    assert abiertas(T.PLAN_AVISO_DIAN_VENCIDO) == []


@pytest.mark.django_db
def test_f07_yearly_report_due_on_the_date_minminas_set_moved_to_the_next_business_day(ecopetrol, minminas):
    assert D(2027, 1, 31).weekday() == 6  # a Sunday: the 2026 report is due on Monday 1 February 2027
    plan = presentar(ecopetrol, D(2026, 3, 27))
    plan = aprobar_transcrita(actor=minminas, plan=plan, fecha=D(2026, 4, 10), resolucion="RES-1",
                              informe_anual_vence=D(2027, 1, 31))
    revisar_plazos(fecha=D(2027, 1, 31))
    revisar_plazos(fecha=D(2027, 2, 1))
    assert alertas(T.PLAN_INFORME_ANUAL_VENCIDO) == []
    revisar_plazos(fecha=D(2027, 2, 2))
    assert alertas(T.PLAN_INFORME_ANUAL_VENCIDO) == [f"2026:plan-{plan.pk}"]
    alerta = Alerta.objects.get(tipo=T.PLAN_INFORME_ANUAL_VENCIDO)
    assert (alerta.vence, alerta.rol_responsable) == (D(2027, 2, 1), Rol.ECOPETROL)
    # Reported on paper on 2 February and recorded later: the check sees it and resolves the alert.
    PlanAbastecimiento.objects.get(pk=plan.pk).informes.create(anio=2026, presentado=D(2027, 2, 2))
    revisar_plazos(fecha=D(2027, 2, 3))
    assert abiertas(T.PLAN_INFORME_ANUAL_VENCIDO) == []
    revisar_plazos(fecha=D(2028, 1, 31))  # a Monday: the 2027 report is due that day
    assert alertas(T.PLAN_INFORME_ANUAL_VENCIDO) == [f"2026:plan-{plan.pk}"]
    revisar_plazos(fecha=D(2028, 2, 1))
    assert abiertas(T.PLAN_INFORME_ANUAL_VENCIDO) == [f"2027:plan-{plan.pk}"]


@pytest.mark.django_db
def test_yearly_report_recorded_through_the_service_resolves_at_once(ecopetrol, minminas):
    plan = aprobar_transcrita(actor=minminas, plan=presentar(ecopetrol, D(2025, 3, 3)), fecha=D(2025, 3, 10),
                              resolucion="R", informe_anual_vence=D(2026, 1, 31))
    revisar_plazos(fecha=D(2026, 2, 3))  # 31 January 2026 is a Saturday: due Monday 2 February
    assert abiertas(T.PLAN_INFORME_ANUAL_VENCIDO) == [f"2025:plan-{plan.pk}"]
    sp.plan_informe_anual(actor=ecopetrol, plan=plan, anio=2025, presentado=D(2026, 2, 3), resumen="Resultados 2025")
    assert abiertas(T.PLAN_INFORME_ANUAL_VENCIDO) == []


@pytest.mark.django_db
def test_f07_the_yearly_report_date_is_minminas_not_the_decrees(ecopetrol, minminas):
    """The decree sets no date for Ecopetrol's yearly report: without MinMinas' date there is no deadline,
    and with it, its day governs (not 31 January)."""
    sin_fecha = aprobar_transcrita(actor=minminas, plan=presentar(ecopetrol, D(2026, 3, 27)), fecha=D(2026, 4, 10),
                                   resolucion="RES-1")
    assert sin_fecha.informe_anual_vence is None
    con_fecha = aprobar_transcrita(actor=minminas, plan=presentar(ecopetrol, D(2026, 3, 27), departamento="Arauca"),
                                   fecha=D(2026, 4, 10), resolucion="RES-2", informe_anual_vence=D(2027, 3, 31))
    revisar_plazos(fecha=D(2027, 2, 15))  # after 31 January: nothing is due yet
    assert alertas(T.PLAN_INFORME_ANUAL_VENCIDO) == []
    revisar_plazos(fecha=D(2027, 4, 1))
    assert alertas(T.PLAN_INFORME_ANUAL_VENCIDO) == [f"2026:plan-{con_fecha.pk}"]
    with pytest.raises(DatosInvalidos):
        aprobar_transcrita(actor=minminas, plan=presentar(ecopetrol, D(2026, 3, 27), departamento="Vichada"),
                           fecha=D(2026, 4, 10), resolucion="RES-3", informe_anual_vence=D(2026, 4, 10))


# --- F-07: the visto bueno's renewal and expiry -----------------------------------------------


def aprobado_2024(ecopetrol, minminas, departamento="Norte de Santander"):
    plan = presentar(ecopetrol, D(2024, 5, 20), departamento=departamento)
    # visto bueno until 2026-06-02
    return aprobar_transcrita(actor=minminas, plan=plan, fecha=D(2024, 6, 3), resolucion="RES-40123")


@pytest.mark.django_db
def test_daily_check_renews_once_then_expires_and_alerts(hoy, ecopetrol, minminas):
    plan = aprobado_2024(ecopetrol, minminas)
    revisar_plazos(fecha=D(2026, 6, 2))
    plan.refresh_from_db()
    assert (plan.renovado, plan.visto_bueno_hasta) == (False, D(2026, 6, 2))
    revisar_plazos(fecha=D(2026, 6, 3))
    plan.refresh_from_db()
    assert (plan.estado, plan.renovado, plan.visto_bueno_hasta) == (Estado.APROBADO, True, D(2028, 6, 2))
    assert alertas(T.PLAN_VISTO_BUENO_VENCIDO) == []
    revisar_plazos(fecha=D(2026, 6, 4))
    plan.refresh_from_db()
    assert plan.visto_bueno_hasta == D(2028, 6, 2)

    hoy(D(2028, 6, 10))
    revisar_plazos(fecha=D(2028, 6, 2))
    plan.refresh_from_db()
    assert plan.estado == Estado.APROBADO
    revisar_plazos(fecha=D(2028, 6, 3))
    plan.refresh_from_db()
    assert plan.estado == Estado.VENCIDO
    assert alertas(T.PLAN_VISTO_BUENO_VENCIDO) == [ref(D(2028, 6, 2), plan)]
    alerta = Alerta.objects.get(tipo=T.PLAN_VISTO_BUENO_VENCIDO)
    assert (alerta.vence, alerta.rol_responsable) == (D(2028, 6, 2), Rol.ECOPETROL)
    revisar_plazos(fecha=D(2028, 6, 4))
    assert len(alertas(T.PLAN_VISTO_BUENO_VENCIDO)) == 1

    # A new plan for the department, approved: the expiry alert is resolved.
    nuevo = presentar(ecopetrol, D(2028, 6, 5))
    aprobar_transcrita(actor=minminas, plan=nuevo, fecha=D(2028, 6, 9), resolucion="RES-2028")
    revisar_plazos(fecha=D(2028, 6, 10))
    assert abiertas(T.PLAN_VISTO_BUENO_VENCIDO) == []


@pytest.mark.django_db
def test_daily_check_expires_a_modified_plan(ecopetrol, minminas):
    plan = aprobado_2024(ecopetrol, minminas)
    sp.plan_ajustar(actor=ecopetrol, plan=plan, fecha=D(2026, 5, 25), descripcion="Plan 2: ruta por Tibú")
    revisar_plazos(fecha=D(2026, 6, 2))
    plan.refresh_from_db()
    assert plan.estado == Estado.PRESENTADO
    revisar_plazos(fecha=D(2026, 6, 3))
    plan.refresh_from_db()
    assert (plan.estado, plan.renovado) == (Estado.VENCIDO, False)
    assert alertas(T.PLAN_VISTO_BUENO_VENCIDO) == [ref(D(2026, 6, 2), plan)]
    assert abiertas(T.PLAN_EVALUACION_VENCIDA) == []  # no longer under evaluation


@pytest.mark.django_db
def test_a_check_for_a_future_date_renews_nothing(ecopetrol, minminas):
    plan = aprobado_2024(ecopetrol, minminas)
    revisar_plazos(fecha=D(2099, 1, 1))
    plan.refresh_from_db()
    assert (plan.estado, plan.renovado, plan.visto_bueno_hasta) == (Estado.APROBADO, False, D(2026, 6, 2))
