"""Pages of deadlines: the alerts a user is responsible for, and the calendar of what is due."""

import calendar as cal
import datetime as dt
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.humanize.templatetags.humanize import intcomma
from django.shortcuts import redirect, render
from django.template.defaultfilters import pluralize
from django.views.decorators.http import require_GET, require_http_methods

from core import registro
from core.comun.fechas import MESES
from core.comun.numeros import entero
from core.identidad.access import alertas_visibles
from core.models import AlertaVista
from core.vencimientos.alertas import alertas_grupos, alertas_marcar_vistas
from core.vencimientos.calendario import holiday_name, last_day_of_month, today
from core.web.forms import periodo_de_texto
from core.web.views.comun import pagina_protegida, paginar

ESTADOS = {"abiertas": "Abiertas", "resueltas": "Resueltas", "todas": "Todas"}


def _filtros_alertas(request):
    """tipo, estado and month (AAAA-MM) of the alerts page; anything else is ignored."""
    datos = request.GET if request.method == "GET" else request.POST
    tipo = datos.get("tipo", "")
    tipo = tipo if tipo in dict(_tipos()) else ""
    estado = datos.get("estado", "abiertas")
    estado = estado if estado in ESTADOS else "abiertas"
    mes = periodo_de_texto(datos.get("mes"))
    qs = alertas_visibles(request.user)
    if tipo:
        qs = qs.filter(tipo=tipo)
    if estado == "abiertas":
        qs = qs.filter(resuelta__isnull=True)
    elif estado == "resueltas":
        qs = qs.filter(resuelta__isnull=False)
    if mes:
        qs = qs.filter(vence__gte=mes, vence__lte=last_day_of_month(mes.year, mes.month))
    return qs, {"tipo": tipo, "estado": estado, "mes": mes}


def _tipos() -> list[tuple[str, str]]:
    return sorted(((t, registro.etiqueta_alerta(t)) for t in registro.tipos_alerta()), key=lambda x: x[1])


@pagina_protegida
@require_http_methods(["GET", "POST"])
def alertas(request):
    """Alerts grouped by type and month of their deadline, with a drill-down list of one group.

    Thousands of alerts of one kind (a national run of the checks) are one row here; the list of a
    group links each alert to its subject. "Marcar como vistas" clears a group from the menu badge.
    """
    qs, filtros = _filtros_alertas(request)
    if request.method == "POST":
        marcadas = alertas_marcar_vistas(usuario=request.user, alertas=qs)
        messages.success(
            request,
            f"{intcomma(marcadas)} alerta{pluralize(marcadas)} marcada{pluralize(marcadas)}"
            f" como vista{pluralize(marcadas)}.",
        )
        return redirect(f"{request.path}?{request.POST.get('volver', '')}")
    contexto = {**filtros, "tipos": _tipos(), "estados": ESTADOS, "consulta": request.GET.urlencode()}
    if filtros["tipo"]:
        pagina = paginar(request, qs.order_by("resuelta", "vence", "-id"))
        vistas = set(
            AlertaVista.objects.filter(usuario=request.user, alerta__in=[a.id for a in pagina]).values_list(
                "alerta_id", flat=True
            )
        )
        for alerta in pagina:
            alerta.etiqueta = registro.etiqueta_alerta(alerta.tipo)
            alerta.enlace = registro.enlace_alerta(alerta)
            alerta.vista = alerta.id in vistas
            alerta.accion = None if alerta.resuelta else registro.accion_alerta(alerta)
        contexto |= {"pagina": pagina, "etiqueta_tipo": registro.etiqueta_alerta(filtros["tipo"])}
        return render(request, "core/alertas_grupo.html", contexto)
    grupos = alertas_grupos(qs, request.user)
    for grupo in grupos:
        grupo["etiqueta"] = registro.etiqueta_alerta(grupo["tipo"])
        grupo["consulta"] = urlencode(
            {"tipo": grupo["tipo"], "mes": f"{grupo['mes']:%Y-%m}", "estado": filtros["estado"]}
        )
    contexto |= {
        "grupos": grupos,
        "total": sum(g["total"] for g in grupos),
        "sin_ver": sum(g["sin_ver"] for g in grupos),
    }
    return render(request, "core/alertas.html", contexto)


@login_required
@require_GET
def calendario(request):
    hoy = today()
    anio = entero(request.GET.get("anio", hoy.year))
    anio = anio if anio is not None and 2002 <= anio <= 2100 else hoy.year
    meses = []
    del_anio = registro.vencimientos_del_anio(anio)
    for mes in range(1, 13):
        festivos = [
            {"fecha": dt.date(anio, mes, d), "nombre": holiday_name(dt.date(anio, mes, d))}
            for d in range(1, cal.monthrange(anio, mes)[1] + 1)
            if holiday_name(dt.date(anio, mes, d))
        ]
        meses.append(
            {
                "nombre": MESES[mes - 1],
                "numero": mes,
                "vencimientos": del_anio[mes],
                "festivos": festivos,
                "actual": anio == hoy.year and mes == hoy.month,
            }
        )
    proximos = [v for m in meses for v in m["vencimientos"] if v["fecha"] >= hoy][:6]
    return render(request, "core/calendario.html", {"anio": anio, "meses": meses, "proximos": proximos, "hoy": hoy})
