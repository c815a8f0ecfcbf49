"""Reads of Ecopetrol's supply plans (F-07)."""

from fronteras.models import PlanAbastecimiento


def plan_list(*, departamento: str = "", estado: str = ""):
    qs = PlanAbastecimiento.objects.order_by("departamento", "-fecha_presentacion", "-id")
    if departamento:
        qs = qs.filter(departamento__iexact=departamento)
    if estado:
        qs = qs.filter(estado=estado)
    return qs


def plan_informes(plan: PlanAbastecimiento):
    """The plan's yearly reports, oldest first."""
    return plan.informes.order_by("anio")

