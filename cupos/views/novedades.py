"""Pages for Dimar's novelties (R-24) and for UPME's decision on inactive cupos (R-12)."""

import datetime as dt

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render

from core.access import require_role
from core.errors import ApplicationError, DatosInvalidos, PermisoDenegado
from core.models import Alerta
from core.roles import Rol
from cupos.models import AltaDimar, NovedadDimar
from cupos.novedades_archivo import COLUMNAS, ArchivoInvalido, leer_novedades
from cupos.services.novedades import alta_negar, novedades_register
from cupos.services.resoluciones import cupo_inactividad_decidir


def _prohibido(request, exc):
    messages.error(request, exc.detalle)
    return render(request, "core/prohibido.html", status=403)


def _errores(request, exc):
    errores = getattr(exc, "errores", None) or {"": [getattr(exc, "detalle", str(exc))]}
    for campo, mensajes in errores.items():
        for mensaje in mensajes:
            messages.error(request, f"{campo}: {mensaje}" if campo else mensaje)


@login_required
def novedades(request):
    try:
        require_role(request.user, Rol.DIMAR, Rol.UPME_ANALISTA, Rol.AUDITOR)
    except PermisoDenegado as exc:
        return _prohibido(request, exc)
    if request.method == "POST":
        try:
            require_role(request.user, Rol.DIMAR)
            periodo = dt.date.fromisoformat(request.POST.get("periodo", "") + "-01")
            archivo = request.FILES.get("archivo")
            if archivo is None:
                raise DatosInvalidos({"archivo": "Adjunte el archivo de novedades."})
            altas, bajas = leer_novedades(archivo)
            archivo.seek(0)
            novedad = novedades_register(actor=request.user, periodo=periodo, altas=altas, bajas=bajas, archivo=archivo)
            messages.success(request, f"Novedades de {periodo:%Y-%m} registradas: {novedad.altas.count()} altas, "
                                      f"{novedad.bajas.count()} bajas.")
            return redirect("novedades-dimar")
        except ValueError:
            messages.error(request, "Indique el periodo como AAAA-MM.")
        except ArchivoInvalido as exc:
            _errores(request, exc)
        except (ApplicationError, PermisoDenegado) as exc:
            _errores(request, exc)
    pagina = Paginator(NovedadDimar.objects.prefetch_related("altas", "bajas").order_by("-periodo", "-id"), 20).get_page(
        request.GET.get("page"))
    pendientes = AltaDimar.objects.filter(decision=AltaDimar.Decision.PENDIENTE).select_related("beneficiario", "novedad")
    return render(request, "cupos/novedades.html", {
        "pagina": pagina, "pendientes": pendientes, "columnas": COLUMNAS,
        "puede_cargar": request.user.es_administrador or request.user.rol == Rol.DIMAR,
    })


@login_required
def alta_decidir(request, alta_id):
    alta = get_object_or_404(AltaDimar, pk=alta_id)
    if request.method == "POST":
        try:
            alta_negar(actor=request.user, alta=alta, motivo=request.POST.get("motivo", ""))
            messages.success(request, f"Se registró la decisión sobre {alta.beneficiario}.")
        except PermisoDenegado as exc:
            return _prohibido(request, exc)
        except ApplicationError as exc:
            _errores(request, exc)
    return redirect("novedades-dimar")


@login_required
def inactivos(request):
    try:
        require_role(request.user, Rol.UPME_ANALISTA, Rol.AUDITOR)
    except PermisoDenegado as exc:
        return _prohibido(request, exc)
    alertas = (
        Alerta.objects.filter(tipo=Alerta.Tipo.CUPO_INACTIVO, resuelta__isnull=True)
        .select_related("beneficiario", "cupo__resolucion").order_by("vence", "id")
    )
    pagina = Paginator(alertas, 25).get_page(request.GET.get("page"))
    return render(request, "cupos/inactivos.html", {"pagina": pagina, "puede_decidir": request.user.rol == Rol.UPME_ANALISTA or request.user.es_administrador})


@login_required
def inactivo_decidir(request, alerta_id):
    """R-12: UPME may cancel with a reason, or record a justified cause. The portal never cancels alone."""
    alerta = get_object_or_404(Alerta, pk=alerta_id, tipo=Alerta.Tipo.CUPO_INACTIVO)
    if request.method != "POST":
        return redirect("cupos-inactivos")
    try:
        fecha_texto = request.POST.get("fecha", "")
        cupo_inactividad_decidir(
            actor=request.user, alerta=alerta, accion=request.POST.get("accion", ""),
            motivo=request.POST.get("motivo", ""), fecha=dt.date.fromisoformat(fecha_texto) if fecha_texto else None,
        )
        messages.success(request, f"Decisión registrada sobre el cupo de {alerta.beneficiario}.")
    except ValueError:
        messages.error(request, "Indique la fecha de cancelación (AAAA-MM-DD).")
    except PermisoDenegado as exc:
        return _prohibido(request, exc)
    except ApplicationError as exc:
        _errores(request, exc)
    return redirect("cupos-inactivos")
