"""F-07: Ecopetrol's supply plan per department and MinMinas's visto bueno.

The decree regulating art. 1 of Ley 681 de 2001 (normas/002), art. 3: MinMinas evaluates the plan
within 10 days and may set a deadline for adjustments; it approves by resolution, granting the
visto bueno for 2 years, renewed automatically at most once if the plan is unchanged; Ecopetrol
informs DIAN within 3 days of the approval becoming final (parágrafo) and reports yearly. Days are
business days (Ley 4 de 1913, art. 62).

Pipeline (STYLE.md habit 6):

    presentado ──solicitar_ajustes──▶ ajustes_solicitados ──ajustar──▶ presentado
    presentado ──aprobar──▶ aprobado ──ajustar (modification, art. 3 inc. 4)──▶ presentado
    aprobado ──(end of the visto bueno)──▶ aprobado, renewed once │ vencido
"""

import datetime as dt
import hashlib
import logging

from django.db import connection, transaction
from django.db.models import Q

from core.auditoria.audit import audit_record, snapshot
from core.comun.errors import ApplicationError, DatosInvalidos, no_futura
from core.comun.fechas import fecha_larga
from core.identidad.access import require_role
from core.vencimientos.alertas import alertas_resolve_por_referencia
from core.vencimientos.calendario import add_business_days, today
from fronteras import access
from fronteras.errors import ErrorFronteras
from fronteras.models import InformeAnualPlan, PlanAbastecimiento, TipoAlertaFronteras
from fronteras.selectors.planes import plan_sin_visto_bueno_motivo, plan_visto_bueno_vigente
from fronteras.services.procedimiento import exigir_ejecutoria, fecha_del_acto, plan_acto_expedir

logger = logging.getLogger(__name__)

Estado = PlanAbastecimiento.Estado
T = TipoAlertaFronteras
# Art. 3 and its parágrafo: the plan's deadlines and the visto bueno's validity.
DIAS_HABILES_EVALUACION = 10
DIAS_HABILES_AVISO_DIAN = 3
ANIOS_VISTO_BUENO = 2
RENOVACIONES_AUTOMATICAS = 1  # "se renovará automáticamente hasta por una vez"

ABIERTOS = (Estado.PRESENTADO, Estado.AJUSTES, Estado.APROBADO)


def huella(descripcion: str) -> str:
    """SHA-256 of the plan's text: what tells an unchanged plan from a modified one."""
    return hashlib.sha256(descripcion.encode("utf-8")).hexdigest()


def sumar_anios(fecha: dt.date, anios: int) -> dt.date:
    """The same calendar day `anios` later; 29 February falls on 1 March (years run by the calendar)."""
    try:
        return fecha.replace(year=fecha.year + anios)
    except ValueError:
        return dt.date(fecha.year + anios, 3, 1)


def fin_visto_bueno(desde: dt.date) -> dt.date:
    """Last day of a 2-year visto bueno that starts on `desde`."""
    return sumar_anios(desde, ANIOS_VISTO_BUENO) - dt.timedelta(days=1)


def referencia(vence: dt.date, plan_id: int) -> str:
    """Alert reference of a plan's deadline: "<deadline>:plan-<id>" (a resubmission gets a new one)."""
    return f"{vence:%Y-%m-%d}:plan-{plan_id}"


def _no_anterior(fecha: dt.date, limite: dt.date | None, que: str, campo: str = "fecha") -> None:
    if limite is not None and fecha < limite:
        raise DatosInvalidos({campo: f"La fecha no puede ser anterior a {que} ({fecha_larga(limite)})."})


def _texto(valor: str, campo: str) -> str:
    valor = (valor or "").strip()
    if not valor:
        raise DatosInvalidos({campo: "Este campo es obligatorio."})
    return valor


def _bloquear(plan: PlanAbastecimiento) -> PlanAbastecimiento:
    return PlanAbastecimiento.objects.select_for_update().get(pk=plan.pk)


def _exigir_estado(plan: PlanAbastecimiento, permitidos: tuple, accion: str) -> None:
    if plan.estado not in permitidos:
        raise ApplicationError(
            ErrorFronteras.TRANSICION_INVALIDA,
            f"No se puede {accion} un plan en estado «{plan.get_estado_display()}».",
        )


def _en_evaluacion(actor, plan: PlanAbastecimiento, fecha: dt.date, accion: str) -> PlanAbastecimiento:
    """MinMinas decides on a plan under evaluation: its role, the plan locked and `presentado`, and a
    date neither after today nor before the presentation."""
    require_role(actor, *access.PLANES_EVALUA)
    plan = _bloquear(plan)
    _exigir_estado(plan, (Estado.PRESENTADO,), accion)
    no_futura(fecha, today())
    _no_anterior(fecha, plan.fecha_presentacion, "la presentación del plan")
    return plan


def _guardar(plan: PlanAbastecimiento, *, actor, accion: str, antes: dict | None,
             resuelve: tuple | None = None) -> PlanAbastecimiento:
    """Save with its audit row; `resuelve` = (alert type, deadline, detail): the act answers that alert."""
    plan.save()
    audit_record(actor=actor, accion=accion, obj=plan, antes=antes)
    if resuelve is not None and resuelve[1] is not None:
        tipo, vence, detalle = resuelve
        alertas_resolve_por_referencia(tipo=tipo, referencia=referencia(vence, plan.pk), detalle=detalle)
    return plan


@transaction.atomic
def plan_presentar(*, actor, departamento: str, fecha_presentacion: dt.date, descripcion: str) -> PlanAbastecimiento:
    """Art. 3: Ecopetrol presents one plan per border department; MinMinas has 10 business days."""
    require_role(actor, *access.PLANES_PRESENTA)
    departamento = _texto(departamento, "departamento")
    descripcion = _texto(descripcion, "descripcion")
    no_futura(fecha_presentacion, today(), "fecha_presentacion")
    # One plan per department: two presentations at once must not both pass the check below.
    # SQLite (make run) has no advisory locks, and needs none: it runs one write transaction at a time.
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_advisory_xact_lock(hashtext(%s))", [f"plan-abastecimiento:{departamento.lower()}"]
            )
    en_curso = PlanAbastecimiento.objects.filter(departamento__iexact=departamento, estado__in=ABIERTOS).first()
    if en_curso is not None:
        raise ApplicationError(
            ErrorFronteras.PLAN_EN_CURSO,
            f"{departamento} ya tiene un plan de abastecimiento {en_curso.get_estado_display().lower()} "
            f"(n.º {en_curso.pk}); las modificaciones se presentan como ajuste de ese plan.",
            extra={"plan": en_curso.pk},
        )
    plan = PlanAbastecimiento.objects.create(
        departamento=departamento,
        fecha_presentacion=fecha_presentacion,
        descripcion=descripcion,
        estado=Estado.PRESENTADO,
        vence_evaluacion=add_business_days(fecha_presentacion, DIAS_HABILES_EVALUACION),
        presentado_por=actor,
    )
    audit_record(actor=actor, accion="plan.presentar", obj=plan)
    return plan


@transaction.atomic
def plan_solicitar_ajustes(
    *, actor, plan: PlanAbastecimiento, fecha: dt.date, detalle: str, plazo_dias_habiles: int
) -> PlanAbastecimiento:
    """Art. 3: while evaluating, MinMinas may set Ecopetrol a deadline for adjustments."""
    plan = _en_evaluacion(actor, plan, fecha, "solicitar ajustes a")
    detalle = _texto(detalle, "detalle")
    if plazo_dias_habiles < 1:
        raise DatosInvalidos({"plazo_dias_habiles": "El plazo debe ser de al menos un día hábil."})
    antes = snapshot(plan)
    vence_evaluacion = plan.vence_evaluacion
    plan.estado, plan.ajustes_detalle = Estado.AJUSTES, detalle
    plan.vence_ajustes = add_business_days(fecha, plazo_dias_habiles)
    return _guardar(plan, actor=actor, accion="plan.solicitar_ajustes", antes=antes,
                    resuelve=(T.PLAN_EVALUACION_VENCIDA, vence_evaluacion,
                              f"MinMinas solicitó ajustes el {fecha_larga(fecha)}."))


@transaction.atomic
def plan_ajustar(*, actor, plan: PlanAbastecimiento, fecha: dt.date, descripcion: str) -> PlanAbastecimiento:
    """Ecopetrol presents the adjusted plan, or modifies an approved one (art. 3 inc. 4): either way
    MinMinas evaluates it again within 10 business days. `fecha_presentacion` becomes the date of
    the version under evaluation; the audit trail keeps the earlier ones."""
    require_role(actor, *access.PLANES_PRESENTA)
    plan = _bloquear(plan)
    _exigir_estado(plan, (Estado.AJUSTES, Estado.APROBADO), "ajustar")
    no_futura(fecha, today())
    _no_anterior(
        fecha,
        max(d for d in (plan.fecha_presentacion, plan.fecha_aprobacion) if d),
        "la última presentación o aprobación del plan",
    )
    descripcion = _texto(descripcion, "descripcion")
    if plan.estado == Estado.APROBADO and huella(descripcion) == plan.huella_aprobada:
        raise ApplicationError(ErrorFronteras.PLAN_SIN_CAMBIOS, "El plan modificado es idéntico al aprobado.")
    antes = snapshot(plan)
    vence_ajustes = plan.vence_ajustes
    plan.estado, plan.descripcion, plan.fecha_presentacion = Estado.PRESENTADO, descripcion, fecha
    plan.vence_evaluacion = add_business_days(fecha, DIAS_HABILES_EVALUACION)
    plan.vence_ajustes = None
    return _guardar(plan, actor=actor, accion="plan.ajustar", antes=antes,
                    resuelve=(T.PLAN_AJUSTES_VENCIDOS, vence_ajustes,
                              f"Ecopetrol presentó el plan ajustado el {fecha_larga(fecha)}."))


@transaction.atomic
def plan_aprobar(
    *, actor, plan: PlanAbastecimiento, fecha: dt.date | None = None, resolucion: str,
    informe_anual_vence: dt.date | None = None, transcrita: bool = False, soporte: str = "",
) -> PlanAbastecimiento:
    """Art. 3: approval by resolution grants the visto bueno for 2 years from its date. Approving a
    modification grants a new visto bueno: new dates, new ejecutoria and DIAN notice, and its own
    single automatic renewal.

    F-07: «Ecopetrol S. A. deberá presentar anualmente … un informe» sets no date: MinMinas sets it in the
    approval (`informe_anual_vence`, the first report's due date; the next ones, the same day of each
    following year). Without it the portal invents none.

    DOMAIN §8: the approval is an act concerning Ecopetrol, dated the day it is issued (`fecha` is today or
    omitted), or a paper approval transcribed with its own past date and support (`transcrita`, `soporte`)."""
    fecha = fecha or today()
    plan = _en_evaluacion(actor, plan, fecha, "aprobar")
    resolucion = _texto(resolucion, "resolucion")
    fecha_del_acto(transcrita=transcrita, fecha=fecha, soporte=soporte, campo="fecha")
    if informe_anual_vence is not None and informe_anual_vence <= fecha:
        raise DatosInvalidos({"informe_anual_vence": "El primer informe anual vence después de la aprobación."})
    antes = snapshot(plan)
    plan.estado, plan.resolucion, plan.fecha_aprobacion = Estado.APROBADO, resolucion, fecha
    plan.informe_anual_vence = informe_anual_vence
    plan.visto_bueno_desde, plan.visto_bueno_hasta = fecha, fin_visto_bueno(fecha)
    plan.renovado, plan.huella_aprobada = False, huella(plan.descripcion)
    plan.fecha_ejecutoria = plan.vence_aviso_dian = plan.aviso_dian = None
    plan_acto_expedir(actor=actor, plan=plan, transcrita=transcrita, fecha=fecha, soporte=soporte)
    return _guardar(plan, actor=actor, accion="plan.aprobar", antes=antes,
                    resuelve=(T.PLAN_EVALUACION_VENCIDA, plan.vence_evaluacion,
                              f"MinMinas aprobó el plan el {fecha_larga(fecha)} ({resolucion})."))


@transaction.atomic
def plan_ejecutoria(*, actor, plan: PlanAbastecimiento, fecha: dt.date) -> PlanAbastecimiento:
    """Parágrafo of art. 3: once the approval is final, Ecopetrol has 3 business days to inform DIAN. Final never
    before the act (400) nor before the day P-04 gives (409 firmeza_anticipada, 409 recurso_en_tramite)."""
    require_role(actor, *access.PLANES_EVALUA)
    plan = _bloquear(plan)
    _exigir_estado(plan, (Estado.APROBADO,), "declarar en firme")
    if plan.fecha_ejecutoria is not None:
        raise ApplicationError(
            ErrorFronteras.TRANSICION_INVALIDA, "La resolución que aprobó el plan ya está ejecutoriada."
        )
    no_futura(fecha, today())
    _no_anterior(fecha, plan.fecha_aprobacion, "la aprobación del plan")
    exigir_ejecutoria(plan.acto, fecha)
    return ejecutoriar(actor=actor, plan=plan, fecha=fecha)


def ejecutoriar(*, actor, plan: PlanAbastecimiento, fecha: dt.date) -> PlanAbastecimiento:
    """The approval final on `fecha` (plan locked by the caller, the procedure satisfied): DIAN's 3 business days
    run from it. Shared by MinMinas' record and P-04's daily job (actor None)."""
    antes = snapshot(plan)
    plan.fecha_ejecutoria = fecha
    plan.vence_aviso_dian = add_business_days(fecha, DIAS_HABILES_AVISO_DIAN)
    return _guardar(plan, actor=actor, accion="plan.ejecutoria", antes=antes)


@transaction.atomic
def plan_aviso_dian(*, actor, plan: PlanAbastecimiento, fecha: dt.date) -> PlanAbastecimiento:
    """Parágrafo of art. 3: Ecopetrol records the day it informed DIAN of the plan (late notices count too)."""
    require_role(actor, *access.PLANES_PRESENTA)
    plan = _bloquear(plan)
    if plan.fecha_ejecutoria is None:
        raise ApplicationError(ErrorFronteras.TRANSICION_INVALIDA, "La aprobación del plan aún no está ejecutoriada.")
    if plan.aviso_dian is not None:
        raise ApplicationError(
            ErrorFronteras.TRANSICION_INVALIDA, f"El aviso a la DIAN ya se registró ({fecha_larga(plan.aviso_dian)})."
        )
    no_futura(fecha, today())
    _no_anterior(fecha, plan.fecha_aprobacion, "la aprobación del plan")
    antes = snapshot(plan)
    plan.aviso_dian = fecha
    return _guardar(plan, actor=actor, accion="plan.aviso_dian", antes=antes,
                    resuelve=(T.PLAN_AVISO_DIAN_VENCIDO, plan.vence_aviso_dian,
                              f"Ecopetrol informó a la DIAN el {fecha_larga(fecha)}."))


def referencia_informe(anio: int, plan_id: int) -> str:
    return f"{anio}:plan-{plan_id}"


@transaction.atomic
def plan_informe_anual(
    *, actor, plan: PlanAbastecimiento, anio: int, presentado: dt.date, resumen: str = ""
) -> InformeAnualPlan:
    """Art. 3: Ecopetrol's yearly report on a plan that has (or had) the visto bueno."""
    require_role(actor, *access.PLANES_PRESENTA)
    plan = _bloquear(plan)
    if plan.visto_bueno_desde is None:
        raise ApplicationError(
            ErrorFronteras.TRANSICION_INVALIDA, "El plan aún no tiene visto bueno: no hay informe anual que presentar."
        )
    no_futura(presentado, today(), "presentado")
    if anio < plan.visto_bueno_desde.year or anio > presentado.year:
        raise DatosInvalidos({"anio": f"El año debe estar entre {plan.visto_bueno_desde.year} y {presentado.year}."})
    if InformeAnualPlan.objects.filter(plan=plan, anio=anio).exists():
        raise ApplicationError(ErrorFronteras.INFORME_DUPLICADO, f"Ya se presentó el informe de {anio} de este plan.")
    informe = InformeAnualPlan.objects.create(
        plan=plan, anio=anio, presentado=presentado, resumen=(resumen or "").strip()
    )
    audit_record(actor=actor, accion="plan.informe_anual", obj=informe)
    alertas_resolve_por_referencia(
        tipo=T.PLAN_INFORME_ANUAL_VENCIDO,
        referencia=referencia_informe(anio, plan.pk),
        detalle=f"Ecopetrol presentó el informe de {anio} el {fecha_larga(presentado)}.",
    )
    return informe


def _motivo_sin_renovacion(plan: PlanAbastecimiento) -> str | None:
    if plan.estado != Estado.APROBADO or huella(plan.descripcion) != plan.huella_aprobada:
        return "el plan fue modificado después de su aprobación"
    if plan.renovado:
        return "el visto bueno ya se renovó automáticamente una vez"
    return None


@transaction.atomic
def plan_renovar_si_corresponde(*, plan: PlanAbastecimiento, fecha: dt.date) -> PlanAbastecimiento:
    """Art. 3: when the visto bueno ends (fecha after visto_bueno_hasta), renew it automatically for
    2 more years if the plan is unchanged and was never renewed; otherwise the visto bueno expires.
    A system action (actor None). A modification still under evaluation is a changed plan: its
    visto bueno expires too, and Ecopetrol presents the plan again."""
    if fecha > today():
        raise DatosInvalidos({"fecha": "No se renuevan ni vencen vistos buenos en fechas posteriores a hoy."})
    plan = _bloquear(plan)
    while plan.estado != Estado.VENCIDO and plan.visto_bueno_hasta is not None and plan.visto_bueno_hasta < fecha:
        antes = snapshot(plan)
        motivo = _motivo_sin_renovacion(plan)
        if motivo is None:
            plan.visto_bueno_hasta = fin_visto_bueno(plan.visto_bueno_hasta + dt.timedelta(days=1))
            plan.renovado = True
            _guardar(plan, actor=None, accion="plan.visto_bueno_renovado", antes=antes)
            logger.info("Visto bueno del plan %s renovado hasta %s", plan.pk, plan.visto_bueno_hasta)
        else:
            plan.estado = Estado.VENCIDO
            plan.save()
            audit_record(
                actor=None,
                accion="plan.visto_bueno_vencido",
                obj=plan,
                antes=antes,
                despues={**snapshot(plan), "motivo": motivo},
            )
            logger.info("Visto bueno del plan %s vencido: %s", plan.pk, motivo)
    return plan


def planes_renovar_vencidos(*, fecha: dt.date) -> list[PlanAbastecimiento]:
    """The daily pass of art. 3's renewal over every visto bueno that ended before `fecha`.

    It changes data, so it runs only for today or past dates: a check re-run for a future date
    must not renew or expire anything."""
    if fecha > today():
        logger.info("planes_renovar_vencidos: %s es posterior a hoy; no se renueva ni vence nada", fecha)
        return []
    pendientes = PlanAbastecimiento.objects.filter(~Q(estado=Estado.VENCIDO), visto_bueno_hasta__lt=fecha).order_by(
        "pk"
    )
    return [plan_renovar_si_corresponde(plan=plan, fecha=fecha) for plan in pendientes]


def exigir_visto_bueno(*, municipio, fecha: dt.date) -> PlanAbastecimiento:
    """F-07: «the visto bueno gates distribution»: a delivery in a municipality needs its department's supply plan
    approved by MinMinas, the approval final (ejecutoriada) and the visto bueno in force on the delivery's date;
    otherwise 409 sin_visto_bueno."""
    plan = plan_visto_bueno_vigente(departamento=municipio.departamento, fecha=fecha)
    if plan is None:
        motivo = plan_sin_visto_bueno_motivo(departamento=municipio.departamento, fecha=fecha)
        raise ApplicationError(
            ErrorFronteras.SIN_VISTO_BUENO,
            f"No se puede registrar el despacho en {municipio.nombre} el {fecha_larga(fecha)}: {motivo} para "
            f"{municipio.departamento}. Sin el visto bueno en firme y vigente no se distribuye combustible en la "
            "zona de frontera.",
        )
    return plan
