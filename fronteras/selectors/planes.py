"""Reads of Ecopetrol's supply plans (F-07)."""

from django.db.models import Q

from core.models import RegistroAuditoria
from fronteras.models import InformeAnualPlan, PlanAbastecimiento
from fronteras.selectors.municipios import clave_departamento


def plan_list(*, departamento: str = "", estado: str = "", q: str = ""):
    qs = (PlanAbastecimiento.objects.select_related("acto").prefetch_related("acto__interesados")
          .order_by("departamento", "-fecha_presentacion", "-id"))
    if departamento:
        qs = qs.filter(departamento__iexact=departamento)
    if estado:
        qs = qs.filter(estado=estado)
    if q:
        qs = qs.filter(Q(departamento__icontains=q) | Q(resolucion__icontains=q) | Q(descripcion__icontains=q))
    return qs


def plan_departamentos() -> list[str]:
    """The departments that have presented a plan, for the list's filter."""
    return list(PlanAbastecimiento.objects.order_by("departamento").values_list("departamento", flat=True).distinct())


def plan_informes(plan: PlanAbastecimiento):
    """The plan's yearly reports, oldest first."""
    return plan.informes.order_by("anio")


def plan_historia(plan: PlanAbastecimiento):
    """The plan's audit trail, oldest first: every act on it and on its yearly reports."""
    informes = [str(pk) for pk in InformeAnualPlan.objects.filter(plan=plan).values_list("pk", flat=True)]
    return (
        RegistroAuditoria.objects.filter(
            Q(objeto_tipo=PlanAbastecimiento._meta.label_lower, objeto_id=str(plan.pk))
            | Q(objeto_tipo=InformeAnualPlan._meta.label_lower, objeto_id__in=informes)
        )
        .select_related("actor")
        .order_by("fecha", "id")
    )


def _planes_aprobados(departamento: str):
    """The department's plans that have been approved, its name compared without accents or case (as F-01's
    special regimes): «Guainía» and «GUAINIA» are one department."""
    clave = clave_departamento(departamento or "")
    aprobados = PlanAbastecimiento.objects.filter(fecha_aprobacion__isnull=False)
    ids = [pk for pk, nombre in aprobados.values_list("pk", "departamento") if clave_departamento(nombre) == clave]
    return aprobados.filter(pk__in=ids)


def plan_visto_bueno_vigente(*, departamento: str, fecha) -> PlanAbastecimiento | None:
    """F-07: the department's plan whose approval is final (ejecutoriada) and whose visto bueno is in force on
    `fecha`: approved, final by that day, visto_bueno_desde ≤ fecha ≤ visto_bueno_hasta. None when there is none.
    A plan whose visto bueno expired (`vencido`) still answers for the days it was in force; a modification under
    evaluation keeps the visto bueno of its approval (docs/decisiones.md)."""
    return (
        _planes_aprobados(departamento)
        .filter(fecha_ejecutoria__lte=fecha, visto_bueno_desde__lte=fecha, visto_bueno_hasta__gte=fecha)
        .order_by("-visto_bueno_desde", "-id")
        .first()
    )


def plan_sin_visto_bueno_motivo(*, departamento: str, fecha) -> str:
    """Why the department has no visto bueno on `fecha`, in words for the person delivering."""
    planes = _planes_aprobados(departamento)
    if not planes.exists():
        return "el Ministerio de Minas y Energía no ha aprobado el plan de abastecimiento de Ecopetrol"
    if planes.filter(visto_bueno_desde__lte=fecha, visto_bueno_hasta__gte=fecha).filter(
        Q(fecha_ejecutoria__isnull=True) | Q(fecha_ejecutoria__gt=fecha)
    ).exists():
        return "la resolución que aprobó el plan de abastecimiento aún no estaba en firme (ejecutoriada) ese día"
    if planes.filter(visto_bueno_hasta__lt=fecha).exists():
        return "el visto bueno del plan de abastecimiento ya había vencido ese día"
    return "el visto bueno del plan de abastecimiento no regía ese día"
