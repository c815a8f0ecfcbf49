"""Server-rendered pages of the platform: login, the home page per role, registries, audit."""

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from core import selectors
from core.access import require_role
from core.calendario import today
from core.errors import PermisoDenegado
from core.models import Capitania, Distribuidor
from core.roles import Rol
from core.views.comun import paginar


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


class IngresoView(auth_views.LoginView):
    template_name = "registration/login.html"
    authentication_form = FormularioIngreso
    redirect_authenticated_user = True


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
    pagina = paginar(request, selectors.auditoria_list(**filtros), por_pagina=50)
    return render(request, "core/auditoria.html", {"pagina": pagina, "filtros": filtros})


def salud(request):
    """Liveness for the load balancer and docker-compose healthchecks."""
    return HttpResponse("ok", content_type="text/plain")
