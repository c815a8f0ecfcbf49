"""What every page of border zones shares: access errors as 403/404 pages, paging, form errors,
Spanish number wording, periods and the section's own navigation."""

import datetime as dt
from decimal import Decimal
from functools import wraps
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils import formats, translation

from core.errors import DatosInvalidos, NoEncontrado, PermisoDenegado
from core.fechas import MESES
from core.roles import Rol
from fronteras import access

POR_PAGINA = 25

# Who reads the registry pages: fronteras.access.LECTORES, the same roles the API lets read them.
LECTORES = access.LECTORES
# Who reads the registries from the section's menu (a wholesaler reaches them from its deliveries).
LECTORES_REGISTRO = (Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.MINMINAS, Rol.ECOPETROL)
CERTIFICADORES_TRANSPORTE = (Rol.MINMINAS, Rol.UPME_ANALISTA)  # services.certificado_transporte_register
PRIORIZADORES = (*access.ANALISTAS, Rol.MINMINAS)  # services.prioridad_set


def pagina_protegida(vista):
    """Login required; PermisoDenegado → the 403 page, NoEncontrado → 404 (outside the scope)."""

    @wraps(vista)
    def envoltura(request, *args, **kwargs):
        try:
            return vista(request, *args, **kwargs)
        except PermisoDenegado as exc:
            messages.error(request, exc.detalle)
            return render(request, "core/prohibido.html", status=403)
        except NoEncontrado as exc:
            raise Http404(exc.detalle) from exc

    return login_required(envoltura)


def puede(user, roles) -> bool:
    """Whether require_role(user, *roles) would pass: only to show or hide controls."""
    return user.is_authenticated and (user.es_administrador or user.rol in roles)


def paginar(request, objetos, *, por_pagina: int = POR_PAGINA):
    pagina = Paginator(objetos, por_pagina).get_page(request.GET.get("page"))
    otros = [(k, v) for k, v in request.GET.items() if k != "page"]
    pagina.consulta = urlencode(otros) + ("&" if otros else "")
    return pagina


def parcial_htmx(request) -> bool:
    """An htmx swap wants only the fragment; a history restore wants the whole page."""
    return bool(request.htmx) and not request.htmx.history_restore_request


def errores_al_formulario(form: forms.Form, exc: DatosInvalidos) -> None:
    """A service's field → messages map onto the form, so each message sits next to its field."""
    for campo, mensajes in exc.errores.items():
        destino = campo if campo in form.fields and not form.fields[campo].widget.is_hidden else None
        for mensaje in mensajes:
            form.add_error(destino, mensaje)


def galones_texto(valor) -> str:
    """48.600,00 (es-CO), whatever language the request negotiated."""
    with translation.override("es-co"):
        return formats.number_format(Decimal(valor), 2, use_l10n=True, force_grouping=True)


def mes_largo(fecha: dt.date) -> str:
    """abril de 2026."""
    return f"{MESES[fecha.month - 1]} de {fecha.year}"


def periodo_de(valor: str | None) -> dt.date | None:
    """YYYY-MM → the first day of that month; None when it is not a valid period."""
    try:
        anio, mes = str(valor or "").strip().split("-")
        fecha = dt.date(int(anio), int(mes), 1)
    except (TypeError, ValueError):
        return None
    return fecha if 2000 <= fecha.year <= 2100 else None


def meses_entre(desde: dt.date, hasta: dt.date) -> list[dt.date]:
    """First days of every month from `desde` to `hasta`, newest first."""
    meses, actual = [], hasta.replace(day=1)
    while actual >= desde.replace(day=1):
        meses.append(actual)
        actual = (actual - dt.timedelta(days=1)).replace(day=1)
    return meses


SECCIONES = [
    ("Municipios", "fronteras-municipios", LECTORES_REGISTRO),
    ("Estaciones", "fronteras-estaciones", LECTORES_REGISTRO),
    ("Asignaciones", "fronteras-asignaciones", LECTORES_REGISTRO),
    ("Despachos", "fronteras-despachos", LECTORES),
    ("Consumo mensual", "fronteras-consumo", LECTORES),
    ("Cargar compras", "fronteras-compras-cargar", access.REGISTRO_COMPRAS),
    ("Transparencia", "fronteras-transparencia", ()),
]


def secciones(request, actual: str) -> list[dict]:
    """The section's own navigation (a nav landmark on each page), by role."""
    return [
        {"etiqueta": etiqueta, "url": reverse(nombre), "actual": nombre == actual}
        for etiqueta, nombre, roles in SECCIONES
        if not roles or puede(request.user, roles)
    ]
