"""What every server-rendered page shares: access errors as 403/404 pages, paging that keeps the
filters, htmx fragments, and a service's field errors placed next to their form fields."""

from functools import wraps
from urllib.parse import urlencode

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
    """Whether require_role(user, *roles) would pass: only to show or hide controls."""
    return user.is_authenticated and (user.es_administrador or user.rol in roles)


def paginar(request, objetos, *, parametro: str = "page", por_pagina: int = POR_PAGINA):
    """A page of `objetos`; `pagina.consulta` is the query string of the other filters."""
    pagina = Paginator(objetos, por_pagina).get_page(request.GET.get(parametro))
    pagina.parametro = parametro
    otros = [(k, v) for k, v in request.GET.items() if k != parametro]
    pagina.consulta = urlencode(otros) + ("&" if otros else "")
    return pagina


def parcial_htmx(request) -> bool:
    """An htmx swap wants only the fragment; a history restore wants the whole page."""
    return bool(request.htmx) and not request.htmx.history_restore_request


def errores_al_formulario(form: forms.Form, exc: DatosInvalidos) -> None:
    """A service's field → messages map onto the form, so each message sits next to its field."""
    for campo, mensajes in exc.errores.items():
        visible = campo in form.fields and not form.fields[campo].widget.is_hidden
        destino = campo if visible else None
        for mensaje in mensajes:
            form.add_error(destino, mensaje)
