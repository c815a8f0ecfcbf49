"""What every page of cupos shares: access errors as 403/404 pages, paging, form errors."""

from functools import wraps

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import render

from core.errors import DatosInvalidos, NoEncontrado, PermisoDenegado

POR_PAGINA = 25


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
    """Whether require_role(user, *roles) would pass: used only to show or hide controls."""
    return user.is_authenticated and (user.es_administrador or user.rol in roles)


def paginar(request, queryset, por_pagina: int = POR_PAGINA):
    return Paginator(queryset, por_pagina).get_page(request.GET.get("page"))


def parcial_htmx(request) -> bool:
    """An htmx swap wants only the fragment; a history restore wants the whole page."""
    return bool(request.htmx) and not request.htmx.history_restore_request


def errores_al_formulario(form: forms.Form, exc: DatosInvalidos) -> None:
    """A service's field → messages map onto the form, so each message sits next to its field."""
    for campo, mensajes in exc.errores.items():
        destino = campo if campo in form.fields else None
        for mensaje in mensajes:
            form.add_error(destino, mensaje)


class CampoFecha(forms.DateField):
    """An ISO date typed in the browser's date picker, with Spanish errors."""

    def __init__(self, **kwargs):
        kwargs.setdefault("input_formats", ["%Y-%m-%d"])
        kwargs.setdefault("widget", forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
        errores = {"required": "Indique la fecha.", "invalid": "Escriba una fecha válida (AAAA-MM-DD)."}
        errores.update(kwargs.pop("error_messages", {}))
        super().__init__(error_messages=errores, **kwargs)
