"""Reads of the UPME analyst's dashboard: the year's resolutions and their deadline (R-05), cupos
by state, and gallons granted vs consumed per month (R-07 to R-11)."""

import datetime as dt
from dataclasses import replace
from decimal import Decimal
from types import SimpleNamespace

from django.core.cache import cache
from django.db import connection
from django.db.models import Count, Max, Q, Sum
from django.db.models.functions import TruncMonth

from core.comun.fechas import fecha_larga
from core.comun.galones import CERO
from core.models import RegistroAuditoria
from cupos import calculo
from cupos.models import Cupo, Movimiento, Resolucion
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

    Entitlements are not stored (they follow from each cupo's terms). A national year holds 20,000
    cupos but few distinct terms (bulk firmeza gives a whole resolution the same start), so the cupos
    are read as plain rows and grouped by their terms: a month where the group is in force for the
    whole month adds the group's Σ cuota; only a prorated month (R-08, R-09) rounds cupo by cupo,
    exactly as calculo.entitlement does.
    """
    primero, ultimo = dt.date(anio, 1, 1), dt.date(anio, 12, 31)
    filas = (
        Cupo.objects.vigentes_entre(primero, ultimo)
        .order_by()
        .values_list("cuota_mensual", "fecha_inicio", "fecha_fin", "meses_ventana", "fecha_cancelacion", "estado")
    )
    grupos: dict[tuple, list[Decimal]] = {}
    for cuota, inicio, fin, meses, cancelacion, estado in filas:
        grupos.setdefault((inicio, fin, meses, cancelacion, estado), []).append(cuota)
    por_terminos: dict[tuple, list[Decimal]] = {}
    for (inicio, fin, meses, cancelacion, estado), cuotas in grupos.items():
        # cupo_terminos reads only these fields: the group's terms, once (no model instance per cupo).
        t = cupo_terminos(
            SimpleNamespace(
                cuota_mensual=CERO,
                fecha_inicio=inicio,
                fecha_fin=fin,
                meses_ventana=meses,
                fecha_cancelacion=cancelacion,
                estado=estado,
            )
        )
        por_terminos.setdefault((t.fecha_inicio, t.fecha_fin, t.prorratear_fin, t.meses_ventana), []).extend(cuotas)
    totales = {mes: CERO for mes in range(1, 13)}
    for (inicio, fin, prorratear, meses), cuotas in por_terminos.items():
        if fin is not None and fin < inicio:
            continue  # cancelled before it ever started
        suma = sum(cuotas, CERO)
        for mes in range(1, 13):
            indice = anio * 12 + mes - 1
            if fin is not None and calculo.month_start(indice) > fin:
                break
            completo = calculo.Terminos(
                cuota_mensual=Decimal(1),
                fecha_inicio=inicio,
                meses_ventana=meses,
                fecha_fin=fin,
                prorratear_fin=prorratear,
            )
            fraccion = calculo.entitlement(completo, indice)
            if fraccion == Decimal(1):
                totales[mes] += suma
            elif fraccion:
                totales[mes] += sum(
                    (calculo.entitlement(replace(completo, cuota_mensual=c), indice) for c in cuotas), CERO
                )
    return totales


def serie_mensual(anio: int) -> tuple[dict[int, Decimal], dict[int, Decimal]]:
    """(granted, consumed) per month of the year, each kept in the cache by what it depends on.

    The two change at very different paces: a certificate is issued every second on a busy day (a new
    ledger row), a cupo changes a few times a year. One key for both (the latest ledger, cupo and
    audit ids) made every view after a certificate cold, ≈ 400 ms at national size (bench/pico.py).
    """
    return otorgado_del_anio(anio), consumido_del_anio(anio)


SERIE_SEGUNDOS = 600  # the bound on a write committed out of id order (see below)


def otorgado_del_anio(anio: int) -> dict[int, Decimal]:
    """Granted per month, kept while no cupo changes: the key carries the latest cupo id and the latest
    audit row on a cupo (every change to a cupo goes through a service that audits it on the cupo,
    `auditoria_tipo_id_idx` finds it in one index probe). A change committed out of id order (a lower
    id committing after a higher one was read) is seen at the latest after SERIE_SEGUNDOS."""
    cupos, auditoria = Cupo._meta.db_table, RegistroAuditoria._meta.db_table
    with connection.cursor() as cursor:  # one query, two index probes (PostgreSQL and SQLite alike)
        cursor.execute(
            f"SELECT (SELECT max(id) FROM {cupos}), (SELECT max(id) FROM {auditoria} WHERE objeto_tipo = %s)",
            [Cupo._meta.label_lower],
        )
        version = "-".join(str(x or 0) for x in cursor.fetchone())
    clave = f"cupos:tablero:otorgado:{anio}:{version}"
    otorgado = cache.get(clave)
    if otorgado is None:
        otorgado = otorgado_por_mes(anio)
        cache.set(clave, otorgado, timeout=SERIE_SEGUNDOS)
    return otorgado


def consumido_del_anio(anio: int) -> dict[int, Decimal]:
    """Consumed per month: the ledger is append-only, so the totals up to a ledger id are kept and each
    view adds only the rows after it (a range of the primary key: the certificates since the totals
    were taken, not the year's 470,000 rows). The totals are taken again every SERIE_SEGUNDOS: a row
    committed out of id order (below the kept id, after the totals were read) counts that late at most."""
    clave = f"cupos:tablero:consumido:{anio}"
    base = cache.get(clave)
    if base is None:
        hasta = Movimiento.objects.aggregate(m=Max("id"))["m"] or 0
        totales = consumido_por_mes(anio, hasta=hasta)
        cache.set(clave, (hasta, totales), timeout=SERIE_SEGUNDOS)
        return totales  # rows after `hasta` committed meanwhile: counted from the next view on
    hasta, totales = base
    despues = consumido_por_mes(anio, desde=hasta)
    return {mes: totales[mes] + despues[mes] for mes in totales}


def consumido_por_mes(anio: int, *, desde: int | None = None, hasta: int | None = None) -> dict[int, Decimal]:
    """Σ discounts − Σ refunds per month (R-11), in one aggregate query grouped by month; only the
    ledger rows with `desde` < id ≤ `hasta` when given."""
    filas = Movimiento.objects.filter(fecha__gte=dt.date(anio, 1, 1), fecha__lte=dt.date(anio, 12, 31))
    if desde is not None:
        filas = filas.filter(id__gt=desde)
    if hasta is not None:
        filas = filas.filter(id__lte=hasta)
    filas = (
        filas.filter(tipo__in=Movimiento.CONSUMO)
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
