"""What every server-rendered page shares: access errors as 403/404 pages, paging that keeps the
filters, htmx fragments, and a service's field errors placed next to their form fields."""

import binascii
import json
from base64 import urlsafe_b64decode, urlsafe_b64encode
from functools import cached_property, wraps
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Q
from django.shortcuts import render
from django.urls import reverse

from core.comun.errors import ApplicationError, DatosInvalidos, NoEncontrado, PermisoDenegado
from core.registro import etiqueta_error

POR_PAGINA = 25
TOPE_CONTEO = 10_000


class PaginadorConTope(Paginator):
    """A Paginator that counts at most `tope` rows (`SELECT COUNT(*) FROM (… LIMIT tope + 1)`): a list
    over millions of rows costs the same as one of ten thousand. Past the cap `mas_de` is True, the
    caption says «más de 10.000» and the last page is the one holding the tope-th row (filters narrow
    the rest)."""

    def __init__(self, *args, tope: int = TOPE_CONTEO, **kwargs):
        super().__init__(*args, **kwargs)
        self.tope = tope
        self.mas_de = False

    @cached_property
    def count(self) -> int:
        contados = self.object_list[: self.tope + 1].count()
        self.mas_de = contados > self.tope
        return min(contados, self.tope)


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


def paginar(request, objetos, *, parametro: str = "page", por_pagina: int = POR_PAGINA, tope: int | None = None):
    """A page of `objetos`; `pagina.consulta` is the query string of the other filters. With `tope`
    the count stops there (PaginadorConTope: `pagina.paginator.mas_de`)."""
    paginador = Paginator(objetos, por_pagina) if tope is None else PaginadorConTope(objetos, por_pagina, tope=tope)
    pagina = paginador.get_page(request.GET.get(parametro))
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


def secciones(request, actual: str, entradas) -> list[dict]:
    """A section's own navigation (a nav landmark on each page): the (label, URL name, roles) entries
    the user may open; an entry without roles is open to everyone."""
    return [
        {"etiqueta": etiqueta, "url": reverse(nombre), "actual": nombre == actual}
        for etiqueta, nombre, roles in entradas
        if not roles or puede(request.user, roles)
    ]


def intentar(form, servicio, **datos) -> tuple[object | None, ApplicationError | None]:
    """`servicio(**datos)` → (its result, None); its DatosInvalidos next to the form's fields → (None, None);
    another refusal → (None, the refusal), for the page to show as it wants; 403 and 404 propagate to
    pagina_protegida."""
    try:
        return servicio(**datos), None
    except DatosInvalidos as exc:
        errores_al_formulario(form, exc)
    except ApplicationError as exc:
        if exc.status_code in (403, 404):
            raise
        return None, exc
    return None, None


class _Ensayo(Exception):
    """Raised to roll back a dry run."""


def ensayar(funcion):
    """The dry run of a legal act before its confirmation page: `funcion()` in a transaction that is
    always rolled back (nothing it wrote or queued survives); its answer. What it raises propagates,
    so a refusal shows at once instead of after the confirmation."""
    resultado = None
    try:
        with transaction.atomic():
            resultado = funcion()
            raise _Ensayo
    except _Ensayo:
        pass
    return resultado


def ejecutar(form, servicio, **datos):
    """A page's act on a validated form: `servicio(**datos)` → its result, or None with the field errors
    next to their fields and a refusal as the form's own error ("Etiqueta: detalle")."""
    hecho, rechazo = intentar(form, servicio, **datos)
    if rechazo is not None:
        form.add_error(None, f"{etiqueta_error(rechazo.codigo)}: {rechazo.detalle}")
    return hecho


def ejecutar_formulario(form, servicio) -> tuple[object | None, str]:
    """A page's act: `servicio(**form.cleaned_data)` when the form is valid → (its result, "").
    A field error goes next to its field (None, ""); a domain refusal comes back as (None, its detail)
    for the page to show where it wants."""
    if not form.is_valid():
        return None, ""
    hecho, rechazo = intentar(form, servicio, **form.cleaned_data)
    return hecho, rechazo.detalle if rechazo is not None else ""


def confirmacion(request, plantilla: str, titulo: str, efectos: list[str], accion: str, volver: str, contexto: dict):
    """A legal act's confirmation page (a child of base_confirmar.html): exactly what will happen, and the
    form's data posted again to `accion` with `confirmado=1`; `volver` leaves without doing it."""
    contexto = {**contexto, "titulo": titulo, "efectos": efectos, "accion": accion, "volver": volver}
    return render(request, plantilla, contexto)


def errores_a_mensajes(request, exc) -> None:
    """A service's refusal (field → messages, or one detail) as error messages above the page."""
    errores = getattr(exc, "errores", None) or {"": [getattr(exc, "detalle", str(exc))]}
    for campo, mensajes in errores.items():
        for mensaje in mensajes:
            messages.error(request, f"{campo}: {mensaje}" if campo else mensaje)


class PaginaCursor:
    """A page of a keyset («cursor») pagination: `siguiente` / `anterior` are the cursors of the
    next and previous pages (None at the ends), `consulta` the query string of the other filters."""

    def __init__(self, objetos: list, *, siguiente: str | None, anterior: str | None, consulta: str, total=None):
        self.object_list = objetos
        self.siguiente = siguiente
        self.anterior = anterior
        self.consulta = consulta
        self.total = total

    def __iter__(self):
        return iter(self.object_list)

    def __len__(self):
        return len(self.object_list)

    @property
    def varias(self) -> bool:
        return bool(self.siguiente or self.anterior)


def _cursor_codificar(obj, orden: tuple[str, ...]) -> str:
    valores = []
    for campo in orden:
        valor = getattr(obj, campo.lstrip("-"))
        valores.append(valor.isoformat() if hasattr(valor, "isoformat") else str(valor) if valor is not None else None)
    return urlsafe_b64encode(json.dumps(valores, separators=(",", ":")).encode()).decode().rstrip("=")


def _cursor_leer(texto: str, modelo, orden: tuple[str, ...]) -> list | None:
    """The cursor's values as the fields' Python values; None when it is not a cursor of this order."""
    try:
        valores = json.loads(urlsafe_b64decode(texto + "=" * (-len(texto) % 4)))
        if not isinstance(valores, list) or len(valores) != len(orden):
            return None
        return [modelo._meta.get_field(c.lstrip("-")).to_python(v) for c, v in zip(orden, valores, strict=True)]
    except (ValueError, TypeError, ValidationError, binascii.Error):
        return None


def _cursor_filtro(orden: tuple[str, ...], valores: list, *, hacia_atras: bool) -> Q:
    """Rows strictly after the cursor in `orden` (strictly before it when hacia_atras)."""
    condicion = Q()
    for i, campo in enumerate(orden):
        nombre = campo.lstrip("-")
        descendente = campo.startswith("-") != hacia_atras
        paso = Q(**{f"{nombre}__{'lt' if descendente else 'gt'}": valores[i]})
        for previo, valor in zip(orden[:i], valores[:i], strict=True):
            paso &= Q(**{previo.lstrip("-"): valor})
        condicion |= paso
    return condicion


def paginar_cursor(request, objetos, *, orden: tuple[str, ...], por_pagina: int = POR_PAGINA, contar=False):
    """Keyset pagination of `objetos` by `orden` (the last field unique, e.g. ("-fecha", "-id")): each
    page costs the same at any depth (no OFFSET, no COUNT unless `contar`). ?despues=<cursor> is
    the page after a row, ?antes=<cursor> the page before one; a malformed cursor shows the first page."""
    modelo = objetos.model
    otros = [(k, v) for k, v in request.GET.items() if k not in ("despues", "antes", "page")]
    consulta = urlencode(otros) + ("&" if otros else "")
    total = objetos.count() if contar else None
    atras = request.GET.get("antes")
    cursor = _cursor_leer(atras, modelo, orden) if atras else None
    if cursor is not None:
        invertido = tuple(c[1:] if c.startswith("-") else f"-{c}" for c in orden)
        filas = list(
            objetos.filter(_cursor_filtro(orden, cursor, hacia_atras=True)).order_by(*invertido)[: por_pagina + 1]
        )
        hay_antes = len(filas) > por_pagina
        filas = filas[:por_pagina][::-1]
        if filas:  # nothing before the cursor: the first page instead
            return PaginaCursor(
                filas,
                siguiente=_cursor_codificar(filas[-1], orden),
                anterior=_cursor_codificar(filas[0], orden) if hay_antes else None,
                consulta=consulta,
                total=total,
            )
    adelante = request.GET.get("despues")
    cursor = _cursor_leer(adelante, modelo, orden) if adelante else None
    if cursor is not None:
        objetos = objetos.filter(_cursor_filtro(orden, cursor, hacia_atras=False))
    filas = list(objetos.order_by(*orden)[: por_pagina + 1])
    hay_despues = len(filas) > por_pagina
    filas = filas[:por_pagina]
    return PaginaCursor(
        filas,
        siguiente=_cursor_codificar(filas[-1], orden) if hay_despues else None,
        anterior=_cursor_codificar(filas[0], orden) if filas and cursor is not None else None,
        consulta=consulta,
        total=total,
    )
