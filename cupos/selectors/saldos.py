"""Reads of the quota regime: the cupo in force, balances (R-11), timelines, lists."""

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Q, QuerySet, Sum

from core.errors import ApplicationError
from core.galones import CERO, round2
from cupos import calculo
from cupos.models import ESTADOS_CON_VIGENCIA, Beneficiario, Cupo, Movimiento, ReglaAcumulacion


class SinCupoVigente(ApplicationError):
    def __init__(self, detalle="El beneficiario no tiene un cupo vigente en esa fecha."):
        super().__init__("sin_cupo_vigente", detalle)


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


@dataclass(frozen=True)
class Saldo:
    fecha: dt.date
    cupo: Cupo
    ventana: calculo.Ventana
    asignado: Decimal
    consumido: Decimal

    @property
    def disponible(self) -> Decimal:
        return max(CERO, self.asignado - self.consumido)


def consumo_en(*, cupo_id: int, desde: dt.date, hasta: dt.date) -> Decimal:
    """Σ discounts − Σ refunds dated in [desde, hasta]: one range scan of (cupo, fecha)."""
    totales = Movimiento.objects.filter(cupo_id=cupo_id, fecha__gte=desde, fecha__lte=hasta).aggregate(
        descuentos=Sum("galones", filter=Q(tipo=Movimiento.Tipo.DESCUENTO)),
        reintegros=Sum("galones", filter=Q(tipo=Movimiento.Tipo.REINTEGRO)),
    )
    return round2((totales["descuentos"] or CERO) - (totales["reintegros"] or CERO))


def cupo_saldo(*, cupo: Cupo, fecha: dt.date, toda_la_ventana: bool = False) -> Saldo:
    """R-11: the balance of a cupo on a date, in O(one window).

    `toda_la_ventana` counts every movement of the window, also those dated after `fecha` (used
    when authorizing, so a late-entered paper record can never overdraw the window).
    """
    ventana, asignado = cupo_ventana(cupo=cupo, fecha=fecha)
    consumido = consumo_en(cupo_id=cupo.id, desde=ventana.inicio, hasta=ventana.fin if toda_la_ventana else fecha)
    return Saldo(fecha=fecha, cupo=cupo, ventana=ventana, asignado=asignado, consumido=consumido)


def cupo_ventana(*, cupo: Cupo, fecha: dt.date) -> tuple[calculo.Ventana, Decimal]:
    """The window holding `fecha` and its entitlements up to that month (no query: the cupo's terms)."""
    if cupo.estado not in ESTADOS_CON_VIGENCIA or cupo.fecha_inicio is None:
        raise SinCupoVigente("El cupo no está en firme.")
    terminos = cupo_terminos(cupo)
    if not terminos.vigente(fecha):
        raise SinCupoVigente(f"El cupo no está vigente el {fecha:%Y-%m-%d}.")
    ventana = calculo.window_for(terminos, fecha)
    return ventana, calculo.asignado_hasta(terminos, ventana, fecha)


def beneficiario_saldo(*, beneficiario_id: int, fecha: dt.date) -> Saldo:
    cupo = cupo_vigente(beneficiario_id=beneficiario_id, fecha=fecha)
    if cupo is None:
        raise SinCupoVigente()
    return cupo_saldo(cupo=cupo, fecha=fecha)


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
        qs = qs.filter(Q(trb_min__isnull=True) | Q(trb_min__lte=trb), Q(trb_max__isnull=True) | Q(trb_max__gte=trb))
    return qs.order_by("-vigente_desde").first()


# --- Timeline of a beneficiary's windows (the analyst's page) ---


@dataclass(frozen=True)
class MesLinea:
    mes: dt.date
    derecho: Decimal
    consumo: Decimal
    saldo: Decimal  # window balance at the end of the month
    inicio_ventana: bool
    vencido: Decimal  # leftovers lost when the window closes at this month's end


def cupo_linea_de_tiempo(*, cupo: Cupo, hasta: dt.date) -> list[MesLinea]:
    """Per month: entitlement, consumption and balance, with window boundaries and expiries."""
    if cupo.fecha_inicio is None or cupo.estado not in ESTADOS_CON_VIGENCIA:
        return []
    terminos = cupo_terminos(cupo)
    fin = hasta if terminos.fecha_fin is None else min(hasta, terminos.fecha_fin)
    if fin < terminos.fecha_inicio:
        return []
    por_mes: dict[int, Decimal] = {}
    for mov in Movimiento.objects.filter(
        cupo=cupo, tipo__in=Movimiento.CONSUMO, fecha__gte=terminos.fecha_inicio, fecha__lte=fin
    ).values("fecha", "tipo", "galones"):
        signo = 1 if mov["tipo"] == Movimiento.Tipo.DESCUENTO else -1
        idx = calculo.month_index(mov["fecha"])
        por_mes[idx] = por_mes.get(idx, CERO) + signo * mov["galones"]
    filas = []
    for ventana in calculo.windows_between(terminos, terminos.fecha_inicio, fin):
        acumulado = CERO
        ultimo = min(ventana.ultimo_mes, calculo.month_index(fin))
        for idx in range(ventana.primer_mes, ultimo + 1):
            derecho = calculo.entitlement(terminos, idx)
            consumo = por_mes.get(idx, CERO)
            acumulado += derecho - consumo
            cierra = idx == ventana.ultimo_mes and calculo.month_end(idx) <= hasta
            filas.append(
                MesLinea(
                    mes=calculo.month_start(idx), derecho=derecho, consumo=consumo,
                    saldo=max(CERO, acumulado), inicio_ventana=idx == ventana.primer_mes,
                    vencido=max(CERO, acumulado) if cierra else CERO,
                )
            )
    return filas


# --- Lists ---


def beneficiario_list(
    *, q: str = "", tipo: str = "", capitania: str = "", matricula: str = "", identificacion: str = "",
    trb_banda: str = "", estado_cupo: str = "",
) -> QuerySet[Beneficiario]:
    qs = Beneficiario.objects.select_related("capitania", "distribuidor")
    if q:
        qs = qs.filter(Q(nombre__icontains=q) | Q(matricula__icontains=q) | Q(identificacion__icontains=q))
    if tipo:
        qs = qs.filter(tipo=tipo)
    if capitania:
        qs = qs.filter(capitania__codigo=capitania)
    if matricula:
        qs = qs.filter(matricula=matricula)
    if identificacion:
        qs = qs.filter(identificacion=identificacion)
    bandas = {
        "menor_60": Q(trb__lt=60),
        "60_300": Q(trb__gte=60, trb__lte=300),
        "mayor_300": Q(trb__gt=300),
    }
    if trb_banda in bandas:
        qs = qs.filter(bandas[trb_banda])
    if estado_cupo == "sin_cupo":
        qs = qs.exclude(cupos__estado__in=[Cupo.Estado.EXPEDIDO, Cupo.Estado.EN_FIRME])
    elif estado_cupo in Cupo.Estado.values:
        qs = qs.filter(cupos__estado=estado_cupo).distinct()
    return qs.order_by("nombre", "id")


def cupo_list(*, anio: int | None = None, estado: str = "", beneficiario_id: int | None = None) -> QuerySet[Cupo]:
    qs = Cupo.objects.select_related("resolucion", "beneficiario")
    if anio:
        qs = qs.filter(resolucion__anio=anio)
    if estado:
        qs = qs.filter(estado=estado)
    if beneficiario_id:
        qs = qs.filter(beneficiario_id=beneficiario_id)
    return qs.order_by("-resolucion__anio", "beneficiario__nombre", "id")
