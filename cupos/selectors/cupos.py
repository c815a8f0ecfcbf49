"""Reads of cupos: the one in force, its terms, the accumulation rule that applies (R-06 to R-12), lists."""

import datetime as dt
from decimal import Decimal

from django.db.models import Q, QuerySet

from core.selectors import filtrar
from cupos import calculo
from cupos.errors import SinCupoVigente
from cupos.models import Beneficiario, Cupo, ReglaAcumulacion


def cupo_terminos(cupo: Cupo) -> calculo.Terminos:
    """The terms entitlements follow from. The end is prorated only when a successor started (R-09)."""
    if cupo.fecha_inicio is None:
        raise SinCupoVigente("El cupo aún no está en firme.")
    sucedido = cupo.fecha_fin is not None and (
        cupo.fecha_cancelacion is None or cupo.fecha_fin < cupo.fecha_cancelacion - dt.timedelta(days=1)
    )
    return calculo.Terminos(
        cuota_mensual=cupo.cuota_mensual,
        fecha_inicio=cupo.fecha_inicio,
        meses_ventana=cupo.meses_ventana,
        fecha_fin=cupo.fecha_fin,
        prorratear_fin=sucedido,
    )


def cupo_vigente(*, beneficiario_id: int, fecha: dt.date) -> Cupo | None:
    """The cupo in force for a beneficiary on a date (R-06, R-09, R-12): one index probe."""
    return (
        Cupo.objects.vigentes_en(fecha)
        .filter(beneficiario_id=beneficiario_id)
        .select_related("resolucion")
        .order_by("-fecha_inicio")
        .first()
    )


def abiertos_desde(fecha) -> Q:
    """Cupos not ended before `fecha` (a date or an expression): issued ones, and firm ones with no
    end or ending on or after it (also those awaiting their communication to Dimar)."""
    return Q(estado=Cupo.Estado.EXPEDIDO) | Q(estado=Cupo.Estado.EN_FIRME) & (
        Q(fecha_fin__isnull=True) | Q(fecha_fin__gte=fecha)
    )


def regla_aplicable(*, beneficiario: Beneficiario, fecha: dt.date) -> ReglaAcumulacion | None:
    """R-10: the accumulation rule in force on `fecha` for this kind of beneficiary and TRB."""
    if beneficiario.tipo == Beneficiario.Tipo.ACUICULTORA:
        clase = ReglaAcumulacion.Clase.ACUICULTORA
    elif beneficiario.tipo == Beneficiario.Tipo.ARMADA:
        clase = ReglaAcumulacion.Clase.ARMADA
    else:
        clase = ReglaAcumulacion.Clase.NAVE
    qs = ReglaAcumulacion.objects.filter(clase=clase, vigente_desde__lte=fecha).filter(
        Q(vigente_hasta__isnull=True) | Q(vigente_hasta__gte=fecha)
    )
    if clase == ReglaAcumulacion.Clase.NAVE:
        trb = beneficiario.trb or Decimal(0)
        qs = qs.filter(
            Q(trb_min__isnull=True) | Q(trb_min__lt=trb) | Q(trb_min=trb, trb_min_incluido=True),
            Q(trb_max__isnull=True) | Q(trb_max__gt=trb) | Q(trb_max=trb, trb_max_incluido=True),
        )
        bandera = (
            ReglaAcumulacion.Bandera.NACIONAL
            if beneficiario.tipo == Beneficiario.Tipo.NAVE_NACIONAL
            else ReglaAcumulacion.Bandera.EXTRANJERA
        )
        qs = qs.filter(bandera__in=[ReglaAcumulacion.Bandera.TODAS, bandera])
    return qs.order_by("-vigente_desde").first()


def regla_list() -> QuerySet[ReglaAcumulacion]:
    """R-10: every accumulation rule, the one in force first for each class."""
    return ReglaAcumulacion.objects.order_by("-vigente_desde", "clase", "trb_min")


def cupo_list(*, anio: int | None = None, estado: str = "", beneficiario_id: int | None = None) -> QuerySet[Cupo]:
    qs = filtrar(
        Cupo.objects.select_related("resolucion", "beneficiario", "cancelacion_interesado"),
        resolucion__anio=anio, estado=estado, beneficiario_id=beneficiario_id,
    )
    return qs.order_by("-resolucion__anio", "beneficiario__nombre", "id")
