"""Requests PostgreSQL could not even compare (a NUL character), and requests it could not answer
(the database unavailable: 503 with Retry-After, never a 500)."""

import contextlib
import logging
import time
from pathlib import Path

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, InterfaceError, InternalError, OperationalError, connections
from django.http import HttpResponse, HttpResponseBadRequest, JsonResponse
from django.template import loader
from kombu.exceptions import OperationalError as KombuOperationalError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from core.comun.errors import ErrorCore
from core.identidad.roles import Rol

logger = logging.getLogger(__name__)


DETALLE_NUL = "La solicitud contiene un carácter nulo (%00), que no es válido en ningún dato del portal."
URLENCODED = "application/x-www-form-urlencoded"
MULTIPART = "multipart/form-data"


def _formulario_pequeno(request) -> bool:
    """A form body small enough to parse here: url-encoded, or multipart without a large upload."""
    if request.content_type == URLENCODED:
        return True
    try:
        largo = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return False
    return request.content_type == MULTIPART and largo <= settings.DATA_UPLOAD_MAX_MEMORY_SIZE


def _formulario_de_pagina(request) -> bool:
    """A page's form body. Under /api/ the body is DRF's to read: read here first, a form sent to a
    JSON-only view would reach it as an empty body (a 400 "required" for every field) instead of the
    415 it is; the API's serializers refuse NUL in what they take."""
    return not request.path.startswith("/api/") and _formulario_pequeno(request)


def _con_nulo(datos) -> bool:
    return any("\x00" in k or "\x00" in v for k, vs in datos.lists() for v in vs)


class CaracterNuloMiddleware:
    """400 for a NUL in the path, a query parameter or a form field, before any view passes it to a query.

    PostgreSQL text cannot hold NUL, so a lookup with one fails in the driver (a 500). Forms and
    serializers already refuse NUL in the fields they validate; this covers what a view reads
    straight from the request (a certificate number, a verification code, a search term, a
    filter). A form body is parsed here rather than a little later by the CSRF middleware: the
    same work, once. A multipart body above DATA_UPLOAD_MAX_MEMORY_SIZE (an upload) is left
    alone, so the upload views can still refuse an oversized file before reading it; their
    fields go through forms, which refuse NUL. JSON goes through the API's serializers, which
    refuse NUL too.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path or _con_nulo(request.GET) or (
            request.method == "POST" and _formulario_de_pagina(request) and _con_nulo(request.POST)
        ):
            if request.path.startswith("/api/"):
                return JsonResponse({"codigo": ErrorCore.CARACTER_NULO, "detalle": DETALLE_NUL}, status=400)
            return HttpResponseBadRequest(DETALLE_NUL, content_type="text/plain; charset=utf-8")
        return self.get_response(request)


# OperationalError: the server is down, restarting, unreachable, or dropped the connection mid-query
# (also a deadlock or a cancelled statement: transient too). InterfaceError: a connection already
# closed. Each is worth retrying in a moment; none is the request's fault nor a bug of the portal.
ERRORES_BD = (OperationalError, InterfaceError)
# A write sent to a server that is (now) a standby: during a failover (Patroni, README «Despliegue») the old
# primary restarts read-only, and a connection may reach it before the balancer has marked it down. PostgreSQL
# refuses the write with SQLSTATE 25006 (read_only_sql_transaction), which Django raises as an InternalError:
# transient as well, nothing written, worth retrying once the new primary answers.
SOLO_LECTURA = "25006"


def base_no_disponible(exc: BaseException | None) -> bool:
    """The database cannot take this request now (down, unreachable, or a standby refusing a write)."""
    if isinstance(exc, ERRORES_BD):
        return True
    causa = getattr(exc, "__cause__", None)
    return isinstance(exc, InternalError) and getattr(causa, "sqlstate", None) == SOLO_LECTURA
DETALLE_NO_DISPONIBLE = (
    "El portal no puede consultar su base de datos en este momento. Nada quedó a medio guardar: "
    "intente de nuevo en unos segundos."
)


# The broker or the Redis cache unreachable where a request needs it (a job that must be queued now, a
# rate-limit counter): transient as well. Queuing a long job never fails a request (core.segundo_plano.trabajos keeps
# it for the sweeper); these are the errors that still escape a view.
ERRORES_COLA = (KombuOperationalError, RedisConnectionError, RedisTimeoutError)
DETALLE_COLA_NO_DISPONIBLE = (
    "El portal no puede usar su cola de trabajos en este momento. Nada quedó a medio guardar: "
    "intente de nuevo en unos segundos."
)


def reintentar_tras() -> int:
    return int(getattr(settings, "BD_REINTENTAR_TRAS_SEGUNDOS", 10))


def no_disponible(request, detalle: str = DETALLE_NO_DISPONIBLE) -> HttpResponse:
    """503 with Retry-After: JSON {"codigo", "detalle"} under /api/, otherwise a Spanish page that
    needs no database (rendered without context processors: no user, no menu)."""
    if request.path.startswith("/api/"):
        respuesta = JsonResponse(
            {"codigo": ErrorCore.SERVICIO_NO_DISPONIBLE.value, "detalle": detalle}, status=503
        )
    else:
        html = loader.get_template("503.html").render({"detalle": detalle, "segundos": reintentar_tras()})
        respuesta = HttpResponse(html, status=503)
    respuesta["Retry-After"] = str(reintentar_tras())
    respuesta["Cache-Control"] = "no-store"
    return respuesta


class BaseDeDatosNoDisponibleMiddleware:
    """A view (or DRF) that meets an unavailable database answers 503, not a 500 page.

    Errors raised outside a view (another middleware, the session saved on the way out) reach
    handler500 (core.web.views.errores.error_servidor), which answers the same. The connection heals by
    itself: Django discards a broken connection at the end of the request and CONN_HEALTH_CHECKS
    checks a reused one before the next.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if base_no_disponible(exception):
            logger.warning("Base de datos no disponible en %s %s: %s", request.method, request.path,
                           str(exception).strip()[:300])
            conexion = connections[DEFAULT_DB_ALIAS]
            if not isinstance(exception, ERRORES_BD) and not conexion.in_atomic_block:
                conexion.close()  # a standby refused the write: the next request reconnects (to the new primary)
            return no_disponible(request)
        from core.firma.servicio import FirmaNoDisponible

        if isinstance(exception, FirmaNoDisponible):
            return no_disponible(request, exception.detalle)
        if isinstance(exception, ERRORES_COLA):
            logger.warning("Cola o caché no disponible en %s %s: %s", request.method, request.path,
                           str(exception).strip()[:300])
            return no_disponible(request, DETALLE_COLA_NO_DISPONIBLE)
        return None


class SegundoFactorMiddleware:
    """A logged-in user who signs or decides acts reaches no page without the second factor
    (django_otp's OTPMiddleware says whether the session is verified): they are sent to type the code,
    or to enrol the app when they have none. The API (token auth, API.md) and the pages marked
    `sin_segundo_factor` (the steps themselves, logging out) are left alone."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        from django.shortcuts import redirect
        from django.urls import reverse
        from django.utils.http import urlencode

        from core.identidad import segundo_factor

        user = request.user
        if not user.is_authenticated or request.path.startswith(("/api/", settings.STATIC_URL)):
            return None
        if user.rol == Rol.INTEGRACION:  # an agency's system: the API only, never a page
            from django.contrib.auth import logout

            logout(request)
            return redirect(reverse("login"))
        if getattr(view_func, "sin_segundo_factor", False) or not segundo_factor.requiere(user):
            return None
        if user.is_verified():
            return None
        destino = "segundo-factor" if segundo_factor.dispositivo(user) else "segundo-factor-inscribir"
        return redirect(f"{reverse(destino)}?{urlencode({'next': request.get_full_path()})}")


_SCHEDSTAT = Path("/proc/thread-self/schedstat")


def _cpu_y_cola() -> tuple[float, float]:
    """This thread's seconds on a CPU and waiting in the kernel's run queue for one (Linux's schedstat;
    elsewhere only the CPU time)."""
    try:
        en_cpu, en_cola, _ = _SCHEDSTAT.read_text().split()
        return int(en_cpu) / 1e9, int(en_cola) / 1e9
    except (OSError, ValueError):
        return time.thread_time(), 0.0


class TiemposServidorMiddleware:
    """A Server-Timing header on every response, when settings.TIEMPOS_SERVIDOR (the bench's topology): the
    request's CPU time, its wait for a CPU (the run queue) and its time in the database, with the number of
    queries. A page that is slow under load then says whether it computed, queued for a core or waited for
    PostgreSQL; gunicorn's access log records the header (tests/topologia.py, bench/pico.py). Off in
    production: the timings describe the server to whoever asks."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        bd = [0.0, 0]

        def medir(execute, sql, params, many, context):
            inicio = time.perf_counter()
            try:
                return execute(sql, params, many, context)
            finally:
                bd[0] += time.perf_counter() - inicio
                bd[1] += 1

        cpu, cola = _cpu_y_cola()
        inicio = time.perf_counter()
        with contextlib.ExitStack() as pila:
            for alias in connections:
                pila.enter_context(connections[alias].execute_wrapper(medir))
            respuesta = self.get_response(request)
        total = time.perf_counter() - inicio
        cpu_fin, cola_fin = _cpu_y_cola()
        respuesta["Server-Timing"] = (
            f"total;dur={total * 1000:.1f}, cpu;dur={(cpu_fin - cpu) * 1000:.1f}, "
            f'cola;dur={(cola_fin - cola) * 1000:.1f}, bd;dur={bd[0] * 1000:.1f};desc="{bd[1]}"'
        )
        return respuesta


class MetodoNoPermitidoMiddleware:
    """Issue 45: a GET on an address that only takes a form's POST (`/zarpes/expedir/`, a decision's `decidir/`,
    reached from the history or a bookmark) answered Django's empty 405, which the browser showed as an English
    error page. A page request now gets a Spanish page that says what happened and links back; the API keeps its
    JSON 405 (DRF answers it before this)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        respuesta = self.get_response(request)
        if (
            respuesta.status_code == 405
            and request.method in ("GET", "HEAD")
            and not request.path.startswith("/api/")
            and not respuesta.get("Content-Type", "").startswith("application/json")
        ):
            permitidos = respuesta.get("Allow", "")
            contenido = loader.render_to_string("405.html", {"volver": _volver(request)}, request)
            nueva = HttpResponse(contenido, status=405)
            if permitidos:
                nueva["Allow"] = permitidos
            return nueva
        return respuesta


def _volver(request) -> str:
    """Where the Spanish 405 page sends the person: the page one level up (the form), or the home page."""
    partes = [p for p in request.path.split("/") if p]
    return "/" + "/".join(partes[:-1]) + "/" if len(partes) > 1 else "/"
