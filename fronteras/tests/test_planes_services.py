"""F-07: Ecopetrol's supply plans through the services: business-day deadlines around holidays,
the pipeline, roles, and the visto bueno's single automatic renewal."""

import datetime as dt

import pytest

from core.comun.errors import ApplicationError, DatosInvalidos
from core.identidad.roles import Rol
from core.models import RegistroAuditoria
from fronteras.models import PlanAbastecimiento
from fronteras.services import planes as sp
from fronteras.tests.factories import D, aprobar_transcrita, ejecutoria_previa, presentar

Estado = PlanAbastecimiento.Estado


Estado = PlanAbastecimiento.Estado


@pytest.fixture
def hoy(monkeypatch):
    """hoy(fecha): pretend today is `fecha` for the plan services (operations dated after today are refused)."""

    def _hoy(fecha: dt.date):
        monkeypatch.setattr(sp, "today", lambda: fecha)

    return _hoy


def aprobado(ecopetrol, minminas, *, presentado=D(2024, 5, 20), aprobacion=D(2024, 6, 3), **kwargs):
    plan = presentar(ecopetrol, fecha=presentado, **kwargs)
    return aprobar_transcrita(actor=minminas, plan=plan, fecha=aprobacion, resolucion="RES-40123")


# --- F-07 business-day deadlines around holidays (Ley 4 de 1913, art. 62) ---------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("presentado", "vence"),
    [
        (D(2026, 3, 27), D(2026, 4, 14)),  # Semana Santa: Thursday 2 and Friday 3 April 2026 are holidays
        (D(2026, 3, 13), D(2026, 3, 30)),  # San José moved to Monday 23 March 2026
        (D(2026, 3, 20), D(2026, 4, 8)),  # Friday before San José's Monday, and then Semana Santa
        (D(2026, 8, 14), D(2026, 8, 31)),  # Friday before La Asunción, Monday 17 August 2026
        (D(2026, 4, 3), D(2026, 4, 17)),  # presented on Viernes Santo: counting starts on Monday 6 April
    ],
)
def test_ten_business_days_to_evaluate(ecopetrol, presentado, vence):
    assert presentar(ecopetrol, fecha=presentado).vence_evaluacion == vence


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("ejecutoria", "vence"),
    [
        (D(2026, 12, 23), D(2026, 12, 29)),  # Thu 24 counts, Christmas (Friday 25) does not: Mon 28, Tue 29
        (D(2026, 1, 9), D(2026, 1, 15)),  # Friday before Reyes Magos, Monday 12 January 2026
        (D(2026, 4, 1), D(2026, 4, 8)),  # Wednesday before Semana Santa
    ],
)
def test_three_business_days_to_inform_dian(hoy, ecopetrol, minminas, ejecutoria, vence):
    hoy(D(2026, 12, 31))
    plan = aprobado(ecopetrol, minminas, presentado=D(2025, 12, 1), aprobacion=D(2025, 12, 15))
    plan = ejecutoria_previa(actor=minminas, plan=plan, fecha=ejecutoria)
    assert (plan.fecha_ejecutoria, plan.vence_aviso_dian) == (ejecutoria, vence)


@pytest.mark.django_db
def test_adjustment_deadline_in_business_days_over_semana_santa(ecopetrol, minminas):
    plan = presentar(ecopetrol, fecha=D(2026, 3, 27))
    plan = sp.plan_solicitar_ajustes(
        actor=minminas, plan=plan, fecha=D(2026, 3, 31), detalle="Rutas", plazo_dias_habiles=3
    )
    assert plan.vence_ajustes == D(2026, 4, 7)  # Wed 1, (Thu 2, Fri 3 holidays), Mon 6, Tue 7


# --- The visto bueno ----------------------------------------------------------------------------


@pytest.mark.django_db
def test_visto_bueno_from_29_february_runs_by_the_calendar(ecopetrol, minminas):
    plan = aprobado(ecopetrol, minminas, presentado=D(2024, 2, 20), aprobacion=D(2024, 2, 29))
    assert (plan.visto_bueno_desde, plan.visto_bueno_hasta) == (D(2024, 2, 29), D(2026, 2, 28))
    assert plan.huella_aprobada == sp.huella(plan.descripcion) and len(plan.huella_aprobada) == 64


@pytest.mark.django_db
def test_renewed_once_when_unchanged_then_expires(hoy, ecopetrol, minminas):
    plan = aprobado(ecopetrol, minminas)
    assert plan.visto_bueno_hasta == D(2026, 6, 2)
    plan = sp.plan_renovar_si_corresponde(plan=plan, fecha=D(2026, 6, 2))  # its last day: nothing yet
    assert (plan.estado, plan.renovado, plan.visto_bueno_hasta) == (Estado.APROBADO, False, D(2026, 6, 2))
    plan = sp.plan_renovar_si_corresponde(plan=plan, fecha=D(2026, 6, 3))
    assert (plan.estado, plan.renovado, plan.visto_bueno_hasta) == (Estado.APROBADO, True, D(2028, 6, 2))
    assert plan.visto_bueno_desde == D(2024, 6, 3)
    renovacion = RegistroAuditoria.objects.get(accion="plan.visto_bueno_renovado")
    assert renovacion.actor is None and renovacion.actor_nombre == "sistema"
    assert renovacion.antes["visto_bueno_hasta"] == "2026-06-02"
    plan = sp.plan_renovar_si_corresponde(plan=plan, fecha=D(2026, 6, 4))  # running again changes nothing
    assert plan.visto_bueno_hasta == D(2028, 6, 2)

    hoy(D(2028, 6, 5))
    plan = sp.plan_renovar_si_corresponde(plan=plan, fecha=D(2028, 6, 2))
    assert plan.estado == Estado.APROBADO
    plan = sp.plan_renovar_si_corresponde(plan=plan, fecha=D(2028, 6, 3))  # renewed once already
    assert (plan.estado, plan.visto_bueno_hasta) == (Estado.VENCIDO, D(2028, 6, 2))
    assert (
        RegistroAuditoria.objects.get(accion="plan.visto_bueno_vencido")
        .despues["motivo"]
        .startswith("el visto bueno ya")
    )


@pytest.mark.django_db
def test_expires_when_the_plan_was_modified(ecopetrol, minminas):
    plan = aprobado(ecopetrol, minminas)
    plan = sp.plan_ajustar(actor=ecopetrol, plan=plan, fecha=D(2026, 5, 4), descripcion="Plan 2: nueva ruta por Tibú")
    assert plan.estado == Estado.PRESENTADO and plan.vence_evaluacion == D(2026, 5, 19)  # 18 May: Ascensión
    plan = sp.plan_renovar_si_corresponde(plan=plan, fecha=D(2026, 6, 3))
    assert (plan.estado, plan.renovado) == (Estado.VENCIDO, False)
    assert "modificado" in RegistroAuditoria.objects.get(accion="plan.visto_bueno_vencido").despues["motivo"]


@pytest.mark.django_db
def test_expires_when_modified_behind_the_services_back(ecopetrol, minminas):
    plan = aprobado(ecopetrol, minminas)
    PlanAbastecimiento.objects.filter(pk=plan.pk).update(descripcion="Texto cambiado")
    assert sp.plan_renovar_si_corresponde(plan=plan, fecha=D(2026, 6, 3)).estado == Estado.VENCIDO


@pytest.mark.django_db
def test_a_far_date_renews_and_expires_in_one_pass(hoy, ecopetrol, minminas):
    hoy(D(2030, 1, 1))
    plan = sp.plan_renovar_si_corresponde(plan=aprobado(ecopetrol, minminas), fecha=D(2029, 1, 1))
    assert (plan.estado, plan.renovado, plan.visto_bueno_hasta) == (Estado.VENCIDO, True, D(2028, 6, 2))


@pytest.mark.django_db
def test_approved_modification_grants_a_new_visto_bueno(ecopetrol, minminas):
    plan = aprobado(ecopetrol, minminas)
    plan = ejecutoria_previa(actor=minminas, plan=plan, fecha=D(2024, 6, 14))
    plan = sp.plan_aviso_dian(actor=ecopetrol, plan=plan, fecha=D(2024, 6, 18))
    plan = sp.plan_renovar_si_corresponde(plan=plan, fecha=D(2026, 6, 3))
    assert plan.renovado
    plan = sp.plan_ajustar(actor=ecopetrol, plan=plan, fecha=D(2026, 7, 1), descripcion="Plan 2")
    plan = aprobar_transcrita(actor=minminas, plan=plan, fecha=D(2026, 7, 10), resolucion="RES-2")
    assert (plan.visto_bueno_desde, plan.visto_bueno_hasta, plan.renovado) == (D(2026, 7, 10), D(2028, 7, 9), False)
    assert plan.huella_aprobada == sp.huella("Plan 2")
    # The modification's resolution has its own ejecutoria and DIAN notice (parágrafo: "y sus modificaciones").
    assert (plan.fecha_ejecutoria, plan.vence_aviso_dian, plan.aviso_dian) == (None, None, None)


@pytest.mark.django_db
def test_renewal_refuses_future_dates(ecopetrol, minminas):
    plan = aprobado(ecopetrol, minminas)
    with pytest.raises(DatosInvalidos):
        sp.plan_renovar_si_corresponde(plan=plan, fecha=D(2099, 1, 1))
    assert sp.planes_renovar_vencidos(fecha=D(2099, 1, 1)) == []
    plan.refresh_from_db()
    assert (plan.estado, plan.renovado) == (Estado.APROBADO, False)


# --- The pipeline -------------------------------------------------------------------------------


def codigo(funcion, **kwargs):
    with pytest.raises(ApplicationError) as exc:
        funcion(**kwargs)
    return exc.value.codigo


@pytest.mark.django_db
def test_transitions_outside_the_pipeline_are_refused(ecopetrol, minminas):
    plan = presentar(ecopetrol, fecha=D(2026, 3, 2))
    f = D(2026, 3, 10)
    assert codigo(sp.plan_ajustar, actor=ecopetrol, plan=plan, fecha=f, descripcion="x") == "transicion_invalida"
    assert codigo(sp.plan_ejecutoria, actor=minminas, plan=plan, fecha=f) == "transicion_invalida"
    assert (
        codigo(sp.plan_informe_anual, actor=ecopetrol, plan=plan, anio=2026, presentado=f, resumen="")
        == "transicion_invalida"
    )
    plan = sp.plan_solicitar_ajustes(actor=minminas, plan=plan, fecha=f, detalle="Rutas", plazo_dias_habiles=5)
    assert codigo(sp.plan_aprobar, actor=minminas, plan=plan, fecha=f, resolucion="R") == "transicion_invalida"
    assert (
        codigo(sp.plan_solicitar_ajustes, actor=minminas, plan=plan, fecha=f, detalle="x", plazo_dias_habiles=2)
        == "transicion_invalida"
    )
    plan = sp.plan_ajustar(actor=ecopetrol, plan=plan, fecha=D(2026, 3, 12), descripcion="v2")
    plan = aprobar_transcrita(actor=minminas, plan=plan, fecha=D(2026, 3, 16), resolucion="R-1")
    assert (
        codigo(sp.plan_aprobar, actor=minminas, plan=plan, fecha=D(2026, 3, 16), resolucion="R")
        == "transicion_invalida"
    )
    assert codigo(sp.plan_aviso_dian, actor=ecopetrol, plan=plan, fecha=D(2026, 3, 17)) == "transicion_invalida"
    assert (
        codigo(sp.plan_ajustar, actor=ecopetrol, plan=plan, fecha=D(2026, 3, 17), descripcion="v2")
        == "plan_sin_cambios"
    )
    plan = ejecutoria_previa(actor=minminas, plan=plan, fecha=D(2026, 3, 31))
    assert codigo(sp.plan_ejecutoria, actor=minminas, plan=plan, fecha=D(2026, 4, 1)) == "transicion_invalida"
    plan = sp.plan_aviso_dian(actor=ecopetrol, plan=plan, fecha=D(2026, 4, 6))
    assert codigo(sp.plan_aviso_dian, actor=ecopetrol, plan=plan, fecha=D(2026, 4, 7)) == "transicion_invalida"
    sp.plan_informe_anual(actor=ecopetrol, plan=plan, anio=2026, presentado=D(2026, 11, 2), resumen="")
    assert (
        codigo(sp.plan_informe_anual, actor=ecopetrol, plan=plan, anio=2026, presentado=D(2026, 11, 3), resumen="")
        == "informe_duplicado"
    )
    with pytest.raises(DatosInvalidos):
        sp.plan_informe_anual(actor=ecopetrol, plan=plan, anio=2025, presentado=D(2026, 11, 3), resumen="")


@pytest.mark.django_db
def test_services_check_roles(crear_usuario, ecopetrol):
    from core.comun.errors import PermisoDenegado

    with pytest.raises(PermisoDenegado):
        presentar(crear_usuario(Rol.MINMINAS))
    plan = presentar(ecopetrol)
    with pytest.raises(PermisoDenegado):
        sp.plan_aprobar(actor=ecopetrol, plan=plan, fecha=D(2026, 3, 30), resolucion="R")
    assert (
        aprobar_transcrita(actor=crear_usuario(Rol.ADMINISTRADOR), plan=plan, fecha=D(2026, 3, 30),
                           resolucion="R").estado
        == Estado.APROBADO
    )
