"""Reads of the UPME analyst's dashboard: the year's resolutions and their deadline (R-05), cupos
by state, and gallons granted vs consumed per month (R-07 to R-11)."""

import datetime as dt
from decimal import Decimal

from django.db.models import Count, Q, Sum
from django.db.models.functions import TruncMonth

from core.galones import CERO
from cupos import calculo
from cupos.models import Cupo, Movimiento, Resolucion
from cupos.pdf import fecha_larga
from cupos.selectors.cupos import cupo_terminos


def resoluciones_del_anio(*, anio: int) -> list[Resolucion]:
    """The year's issued resolutions: a draft (still being allocated) does not meet R-05's deadline,
    one with cupos granted one by one (the API's POST cupos/) does."""
    return list(
        Resolucion.objects.filter(anio=anio)
        .annotate(n_cupos=Count("cupos"))
        .filter(Q(estado=Resolucion.Estado.EXPEDIDA) | Q(n_cupos__gt=0))
        .order_by("fecha_expedicion", "id")
    )


def cupos_por_estado(*, anio: int) -> dict[str, int]:
    """State → number of cupos granted in the year's resolutions."""
    return dict(Cupo.objects.filter(resolucion__anio=anio).values_list("estado").annotate(n=Count("id")).order_by())


def anios_con_resolucion() -> set[int]:
    return set(Resolucion.objects.order_by().values_list("anio", flat=True).distinct())


def plazo_resolucion(*, anio: int, resoluciones: list[Resolucion], hoy: dt.date) -> dict:
    """R-05: the year's resolution is due by 28 February (the 28th also in leap years)."""
    plazo = dt.date(anio, 2, 28)
    estado = {"plazo": fecha_larga(plazo), "dias": (plazo - hoy).days}
    if resoluciones:
        estado["clave"] = "expedida"
    elif hoy <= plazo:
        estado["clave"] = "por_vencer"
    else:
        estado["clave"] = "vencido"
        estado["dias"] = (hoy - plazo).days
    return estado


def otorgado_por_mes(anio: int) -> dict[int, Decimal]:
    """Σ monthly entitlements (R-07 to R-09) of every firm cupo in force in each month of the year.

    Entitlements are not stored (they follow from each cupo's terms), so they are computed here per
    cupo: one query and 12 small sums per cupo, a few milliseconds for a few hundred cupos.
    """
    primero, ultimo = dt.date(anio, 1, 1), dt.date(anio, 12, 31)
    cupos = (
        Cupo.objects.vigentes_entre(primero, ultimo)
        .only("cuota_mensual", "fecha_inicio", "fecha_fin", "meses_ventana", "fecha_cancelacion", "estado")
        .order_by()
    )
    totales = {mes: CERO for mes in range(1, 13)}
    for cupo in cupos:
        terminos = cupo_terminos(cupo)
        if terminos.fecha_fin is not None and terminos.fecha_fin < terminos.fecha_inicio:
            continue  # cancelled before it ever started
        for mes in range(1, 13):
            indice = anio * 12 + mes - 1
            if terminos.fecha_fin is not None and calculo.month_start(indice) > terminos.fecha_fin:
                break
            totales[mes] += calculo.entitlement(terminos, indice)
    return totales


def consumido_por_mes(anio: int) -> dict[int, Decimal]:
    """Σ discounts − Σ refunds per month (R-11), in one aggregate query grouped by month."""
    filas = (
        Movimiento.objects.filter(fecha__year=anio, tipo__in=Movimiento.CONSUMO)
        .annotate(mes=TruncMonth("fecha"))
        .values("mes")
        .annotate(
            descuentos=Sum("galones", filter=Q(tipo=Movimiento.Tipo.DESCUENTO)),
            reintegros=Sum("galones", filter=Q(tipo=Movimiento.Tipo.REINTEGRO)),
        )
        .order_by("mes")
    )
    totales = {mes: CERO for mes in range(1, 13)}
    for fila in filas:
        totales[fila["mes"].month] = (fila["descuentos"] or CERO) - (fila["reintegros"] or CERO)
    return totales
