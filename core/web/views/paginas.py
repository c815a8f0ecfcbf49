"""Server-rendered pages of the platform: login, the home page per role, registries, audit, decisions."""

import functools
import re

import markdown
from django import forms
from django.apps import apps
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpResponsePermanentRedirect, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.utils.safestring import mark_safe
from django.utils.text import slugify
from django.views.decorators.http import require_GET
from markdown.extensions.toc import TocExtension

from core import registro, selectors
from core.comun.errors import PermisoDenegado
from core.identidad import segundo_factor
from core.identidad.access import require_role
from core.identidad.roles import Rol
from core.models import Capitania, Distribuidor
from core.plataforma import salud as comprobaciones
from core.templatetags.auditoria import accion_legible
from core.vencimientos.calendario import today
from core.web.views import segundo_factor as vistas_segundo_factor
from core.web.views.comun import paginar, paginar_cursor


class FormularioIngreso(AuthenticationForm):
    error_messages = {
        "invalid_login": "Usuario o contraseña incorrectos. Recuerde que la contraseña distingue mayúsculas.",
        "inactive": "Esta cuenta está inactiva. Comuníquese con el administrador del portal.",
    }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].label = "Usuario"
        self.fields["password"].label = "Contraseña"
        self.fields["username"].widget.attrs.update({"autocomplete": "username"})
        self.fields["password"].widget.attrs.update({"autocomplete": "current-password"})

    def confirm_login_allowed(self, user):
        super().confirm_login_allowed(user)
        if user.rol == Rol.INTEGRACION:
            raise forms.ValidationError(
                "Esta es una cuenta de integración: el sistema de su entidad usa la API con un token y no "
                "ingresa a las páginas del portal.",
                code="integracion",
            )


@method_decorator(vistas_segundo_factor.sin_segundo_factor, name="dispatch")
class IngresoView(auth_views.LoginView):
    """The password. Whoever signs or decides acts then types the code (core.web.views.segundo_factor)
    before the session opens; everyone else is in."""

    template_name = "registration/login.html"
    authentication_form = FormularioIngreso
    redirect_authenticated_user = True

    def form_valid(self, form):
        usuario = form.get_user()
        if not segundo_factor.requiere(usuario):
            return super().form_valid(form)
        vistas_segundo_factor.pendiente_guardar(self.request, usuario, self.get_redirect_url())
        return redirect("segundo-factor")


INICIO_POR_ROL = {
    Rol.UPME_ANALISTA: "Analista UPME",
    Rol.CAPITANIA_OFICIAL: "Oficial de Capitanía",
    Rol.DIMAR: "Dimar",
    Rol.DISTRIBUIDOR: "Distribuidor",
    Rol.BENEFICIARIO: "Beneficiario",
    Rol.AUDITOR: "Auditor",
    Rol.MINMINAS: "MinMinas",
    Rol.ECOPETROL: "Ecopetrol",
    Rol.ADMINISTRADOR: "Administrador",
    Rol.AGENTE_MARITIMO: "Agente marítimo",
    Rol.USUARIO_CARGA: "Importador o exportador",
    Rol.CONFERENCIA: "Conferencia marítima",
}


@login_required
@require_GET
def inicio(request):
    user = request.user
    rol = Rol.ADMINISTRADOR if user.es_administrador and not user.rol else user.rol
    contexto = {
        "rol": rol,
        "rol_nombre": INICIO_POR_ROL.get(rol, "Usuario"),
        "capitanias": Capitania.objects.count(),
        "distribuidores": Distribuidor.objects.count(),
    }
    return render(request, f"inicio/{rol or 'sin_rol'}.html", contexto)


@login_required
@require_GET
def capitanias(request):
    q = request.GET.get("q", "").strip()
    pagina = paginar(request, selectors.capitania_list(q=q))
    plantilla = "core/_capitanias_tabla.html" if request.htmx else "core/capitanias.html"
    return render(request, plantilla, {"pagina": pagina, "q": q})


@login_required
@require_GET
def distribuidores(request):
    q = request.GET.get("q", "").strip()
    tipo = request.GET.get("tipo", "")
    pagina = paginar(request, selectors.distribuidor_list(q=q, tipo=tipo))
    plantilla = "core/_distribuidores_tabla.html" if request.htmx else "core/distribuidores.html"
    contexto = {"pagina": pagina, "q": q, "tipo": tipo, "tipos": Distribuidor.Tipo.choices, "hoy": today()}
    return render(request, plantilla, contexto)


@login_required
@require_GET
def auditoria(request):
    try:
        require_role(request.user, Rol.AUDITOR)
    except PermisoDenegado as exc:
        messages.error(request, exc.detalle)
        return render(request, "core/prohibido.html", status=403)
    filtros = {k: request.GET.get(k, "").strip() for k in ("objeto_tipo", "objeto_id", "accion", "actor")}
    pagina = paginar_cursor(request, selectors.auditoria_list(**filtros), orden=("-fecha", "-id"), por_pagina=50)
    return render(request, "core/auditoria.html", {"pagina": pagina, "filtros": filtros})


DECISIONES = settings.BASE_DIR / "docs" / "decisiones.md"
REGLA = re.compile(r"^\s*((?:R|F|C)-\d+)", re.IGNORECASE)


def _ancla(texto: str, separador: str) -> str:
    """A rule's entry is anchored by its id ("R-17: …" → "r-17"); other headings by their words."""
    regla = REGLA.match(texto)
    return regla.group(1).lower() if regla else slugify(texto).replace("-", separador)


CODIGO = re.compile(r"<code>(?:(\d{3}) )?([A-Za-z]+(?:[._][a-z0-9]+)+)</code>")


@functools.lru_cache(maxsize=1)
def _etiquetas_de_codigos() -> dict[str, str]:
    """Every code a page might name, with its Spanish label: error catalogues, alert types and the
    choices of every model field (beneficiary types, discrepancy codes…)."""
    etiquetas = {}
    for modelo in apps.get_models():
        for campo in modelo._meta.get_fields():
            for valor, etiqueta in getattr(campo, "flatchoices", None) or ():
                if isinstance(valor, str):
                    etiquetas.setdefault(valor, str(etiqueta))
    for catalogo in registro.catalogos_errores():
        etiquetas.update({valor: str(etiqueta) for valor, etiqueta in catalogo.choices})
    return etiquetas


def _codigo_legible(m: re.Match) -> str:
    """A code in docs/decisiones.md as a person reads it: its label (the code stays in the tooltip)."""
    estado, codigo = m.group(1), m.group(2)
    etiqueta = _etiquetas_de_codigos().get(codigo) or registro.etiqueta_alerta(codigo)
    if etiqueta == codigo:
        etiqueta = accion_legible(codigo) if "." in codigo else codigo.replace("_", " ")
    legible = f'«<span class="codigo" title="Código en la API: {codigo}">{etiqueta}</span>»'
    return f"<code>{estado}</code> {legible}" if estado else legible


@functools.lru_cache(maxsize=4)
def _decisiones_html(modificado: float) -> str:
    texto = DECISIONES.read_text(encoding="utf-8")
    html = markdown.markdown(texto, extensions=[TocExtension(slugify=_ancla, toc_depth="2-3")], output_format="html")
    return CODIGO.sub(_codigo_legible, html)


@require_GET
def decisiones(request):
    """The readings of the decrees the portal adopted where the text is ambiguous (public)."""
    html = _decisiones_html(DECISIONES.stat().st_mtime)
    # The HTML comes from the repository's own docs/decisiones.md, never from user input.
    return render(request, "core/decisiones.html", {"contenido": mark_safe(html)})


def favicon(request):
    """Browsers ask for /favicon.ico before reading the page's <link rel="icon">."""
    return HttpResponsePermanentRedirect(static("img/favicon.ico"))


def salud(request):
    """Health for the load balancer and docker-compose's HEALTHCHECK: each dependency's state as JSON;
    503 when the database is down, 200 (with "estado": "degradado") when only Redis is (core.plataforma.salud)."""
    cuerpo, status = comprobaciones.comprobar()
    respuesta = JsonResponse(cuerpo, status=status)
    respuesta["Cache-Control"] = "no-store"
    return respuesta


@require_GET
def ingreso_admin(request):
    """The admin's own login form would open a session on the password alone: every login goes through the
    portal's (with its second factor). A user already logged in whom the admin does not admit is told so,
    as the admin's form did, instead of being sent between the two logins."""
    if not request.user.is_authenticated:
        consulta = request.META.get("QUERY_STRING", "")
        return redirect(reverse("login") + (f"?{consulta}" if consulta else ""))
    if request.user.is_active and request.user.is_staff:
        return redirect(reverse("admin:index"))
    detalle = ("Su usuario no tiene acceso a la administración del portal (datos de respaldo). Si lo necesita, "
               "pídaselo a un administrador.")
    return render(request, "core/aviso.html", {"detalle": detalle})
