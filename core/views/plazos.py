"""Pages of deadlines: the alerts a user is responsible for, and the calendar of what is due."""

import calendar as cal
import datetime as dt

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import render
from django.views.decorators.http import require_GET

from core import registro
from core.access import alertas_visibles
from core.calendario import holiday_name, today
from core.fechas import MESES
from core.models import Alerta
from core.numeros import entero


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


@login_required
@require_GET
def calendario(request):
    hoy = today()
    anio = entero(request.GET.get("anio", hoy.year))
    anio = anio if anio is not None and 2002 <= anio <= 2100 else hoy.year
    meses = []
    for mes in range(1, 13):
        festivos = [
            {"fecha": dt.date(anio, mes, d), "nombre": holiday_name(dt.date(anio, mes, d))}
            for d in range(1, cal.monthrange(anio, mes)[1] + 1)
            if holiday_name(dt.date(anio, mes, d))
        ]
        meses.append({"nombre": MESES[mes - 1], "numero": mes, "vencimientos": registro.vencimientos(anio, mes),
                      "festivos": festivos, "actual": anio == hoy.year and mes == hoy.month})
    proximos = [v for m in meses for v in m["vencimientos"] if v["fecha"] >= hoy][:6]
    return render(request, "core/calendario.html", {"anio": anio, "meses": meses, "proximos": proximos, "hoy": hoy})
