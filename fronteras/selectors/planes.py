"""Reads of Ecopetrol's supply plans (F-07)."""

from django.db.models import Q

from core.models import RegistroAuditoria
from fronteras.models import InformeAnualPlan, PlanAbastecimiento


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
