"""What every server-rendered page shares: access errors as 403/404 pages, paging that keeps the
filters, htmx fragments, and a service's field errors placed next to their form fields."""

from functools import wraps
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import render

from core.errors import ApplicationError, DatosInvalidos, NoEncontrado, PermisoDenegado

POR_PAGINA = 25


def pagina_protegida(vista):
    """Login required; a domain refusal becomes a Spanish page that says why, never a 500.

    PermisoDenegado → 403, NoEncontrado (outside the scope) → 404, any other ApplicationError → its
    status (409…), each with the service's detail; an htmx swap gets only the notice fragment.
    """

    @wraps(vista)
    def envoltura(request, *args, **kwargs):
        try:
            return vista(request, *args, **kwargs)
        except PermisoDenegado as exc:
            if parcial_htmx(request):
                return _aviso(request, exc, status=403)
            messages.error(request, exc.detalle)
            return render(request, "core/prohibido.html", status=403)
        except NoEncontrado as exc:
            return _aviso(request, exc, status=404, plantilla="core/no_encontrado.html")
        except ApplicationError as exc:
            return _aviso(request, exc, status=exc.status_code)

    return login_required(envoltura)


def _aviso(request, exc: ApplicationError, *, status: int, plantilla: str = "core/aviso.html"):
    if parcial_htmx(request):
        plantilla = "core/_aviso.html"
    return render(request, plantilla, {"detalle": exc.detalle}, status=status)


def puede(user, roles) -> bool:
    """Whether require_role(user, *roles) would pass: only to show or hide controls."""
    return user.is_authenticated and (user.es_administrador or user.tiene_rol(*roles))


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


def errores_a_mensajes(request, exc) -> None:
    """A service's refusal (field → messages, or one detail) as error messages above the page."""
    errores = getattr(exc, "errores", None) or {"": [getattr(exc, "detalle", str(exc))]}
    for campo, mensajes in errores.items():
        for mensaje in mensajes:
            messages.error(request, f"{campo}: {mensaje}" if campo else mensaje)
