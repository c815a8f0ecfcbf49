"""The UPME analyst's dashboard: the year's resolution and its deadline (R-05), cupos by state,
and gallons granted vs consumed per month (R-07 to R-11)."""

import datetime as dt
from decimal import Decimal

from django.db.models import Count, Q, Sum
from django.db.models.functions import TruncMonth
from django.shortcuts import render
from django.views.decorators.http import require_GET

from core.access import require_role
from core.calendario import today
from core.galones import CERO
from core.roles import Rol
from cupos import calculo, selectors
from cupos.models import Cupo, Movimiento, Resolucion
from cupos.pdf import MESES, fecha_larga, mes_corto
from cupos.services.resoluciones import resolucion_extemporanea
from cupos.views.comun import pagina_protegida

LECTORES_TABLERO = (Rol.UPME_ANALISTA, Rol.AUDITOR)


def _anio(valor: str, defecto: int) -> int:
    try:
        anio = int(valor)
    except (TypeError, ValueError):
        return defecto
    return anio if 2002 <= anio <= 2100 else defecto


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
        terminos = selectors.cupo_terminos(cupo)
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


@pagina_protegida
@require_GET
def tablero(request):
    require_role(request.user, *LECTORES_TABLERO)
    hoy = today()
    anio = _anio(request.GET.get("anio"), hoy.year)
    resoluciones = list(
        Resolucion.objects.filter(anio=anio).annotate(n_cupos=Count("cupos")).order_by("fecha_expedicion", "id")
    )
    for r in resoluciones:
        r.fecha_texto = fecha_larga(r.fecha_expedicion)
        r.extemporanea = resolucion_extemporanea(r)
    conteo = dict(
        Cupo.objects.filter(resolucion__anio=anio).values_list("estado").annotate(n=Count("id")).order_by()
    )
    otorgado, consumido = otorgado_por_mes(anio), consumido_por_mes(anio)
    mes_actual = calculo.month_index(hoy)
    meses = []
    for mes in range(1, 13):
        inicio = dt.date(anio, mes, 1)
        meses.append({
            "nombre": MESES[mes - 1].capitalize(),
            "corto": mes_corto(inicio),
            "proyectado": calculo.month_index(inicio) > mes_actual,
            "otorgado": otorgado[mes],
            "consumido": consumido[mes],
            "diferencia": otorgado[mes] - consumido[mes],
        })
    anios = set(Resolucion.objects.order_by().values_list("anio", flat=True).distinct()) | {hoy.year, anio}
    contexto = {
        "anio": anio,
        "anios": sorted(anios, reverse=True),
        "hoy_texto": fecha_larga(hoy),
        "resoluciones": resoluciones,
        "plazo": plazo_resolucion(anio=anio, resoluciones=resoluciones, hoy=hoy),
        "por_estado": [(valor, etiqueta, conteo.get(valor, 0)) for valor, etiqueta in Cupo.Estado.choices],
        "total_cupos": sum(conteo.values()),
        "meses": meses,
        "total_otorgado": sum((m["otorgado"] for m in meses), CERO),
        "total_consumido": sum((m["consumido"] for m in meses), CERO),
        "grafico": {
            "etiquetas": [m["corto"] for m in meses],
            "otorgado": [float(m["otorgado"]) for m in meses],
            "consumido": [float(m["consumido"]) for m in meses],
        },
    }
    contexto["total_diferencia"] = contexto["total_otorgado"] - contexto["total_consumido"]
    return render(request, "cupos/tablero.html", contexto)
