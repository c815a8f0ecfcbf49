"""Pages of deadlines: the alerts a user is responsible for, and the calendar of what is due."""

import calendar as cal
import datetime as dt

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import render
from django.views.decorators.http import require_GET

from core.alertas import alertas_visibles
from core.calendario import holiday_name, last_day_of_month, nth_business_day, today
from core.fechas import MESES
from core.models import Alerta


@login_required
@require_GET
def alertas(request):
    tipo = request.GET.get("tipo", "")
    estado = request.GET.get("estado", "abiertas")
    qs = alertas_visibles(request.user)
    if tipo in Alerta.Tipo.values:
        qs = qs.filter(tipo=tipo)
    if estado == "abiertas":
        qs = qs.filter(resuelta__isnull=True)
    elif estado == "resueltas":
        qs = qs.filter(resuelta__isnull=False)
    pagina = Paginator(qs.order_by("resuelta", "-creada", "-id"), 25).get_page(request.GET.get("page"))
    return render(request, "core/alertas.html", {
        "pagina": pagina, "tipo": tipo, "estado": estado, "tipos": Alerta.Tipo.choices,
    })


def vencimientos_del_mes(anio: int, mes: int) -> list[dict]:
    """The deadlines of DOMAIN.md that fall in a month, computed on the calendar."""
    items = []
    if mes == 2:
        items.append({"fecha": dt.date(anio, 2, 28), "que": f"Resolución anual de cupos {anio} (R-05)", "quien": "UPME"})
    items.append({"fecha": nth_business_day(anio, mes, 5), "que": "Novedades mensuales de Dimar: altas y bajas (R-24)",
                  "quien": "Dimar"})
    anterior = dt.date(anio, mes, 1) - dt.timedelta(days=1)
    items.append({"fecha": nth_business_day(anio, mes, 10),
                  "que": f"Reporte de ventas exentas de {MESES[anterior.month - 1]} de {anterior.year} (R-20)",
                  "quien": "Distribuidores mayoristas"})
    items.append({"fecha": nth_business_day(anio, mes, 10),
                  "que": f"Declaración de galones adquiridos en {MESES[anterior.month - 1]} (R-21)",
                  "quien": "Beneficiarios (naves)"})
    items.append({"fecha": last_day_of_month(anio, mes), "que": "Decisión de cupos de las altas reportadas en el mes (R-24)",
                  "quien": "UPME"})
    if mes == 3:
        items.append({"fecha": dt.date(anio, 3, 31), "que": "Volúmenes máximos de zonas de frontera del primer año (F-05)",
                      "quien": "UPME"})
    return sorted(items, key=lambda x: x["fecha"])


@login_required
@require_GET
def calendario(request):
    hoy = today()
    try:
        anio = int(request.GET.get("anio", hoy.year))
        anio = anio if 2002 <= anio <= 2100 else hoy.year
    except ValueError:
        anio = hoy.year
    meses = []
    for mes in range(1, 13):
        festivos = [
            {"fecha": dt.date(anio, mes, d), "nombre": holiday_name(dt.date(anio, mes, d))}
            for d in range(1, cal.monthrange(anio, mes)[1] + 1)
            if holiday_name(dt.date(anio, mes, d))
        ]
        meses.append({"nombre": MESES[mes - 1], "numero": mes, "vencimientos": vencimientos_del_mes(anio, mes),
                      "festivos": festivos, "actual": anio == hoy.year and mes == hoy.month})
    proximos = [v for m in meses for v in m["vencimientos"] if v["fecha"] >= hoy][:6]
    return render(request, "core/calendario.html", {"anio": anio, "meses": meses, "proximos": proximos, "hoy": hoy})
