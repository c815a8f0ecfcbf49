"""The wholesaler's monthly reports (R-20): upload, list, and the processing page with its progress."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from core.comun.errors import PermisoDenegado
from core.comun.fechas import mes_largo
from core.identidad.access import require_role
from core.web.views.comun import intentar, pagina_protegida, paginar
from distribuidores.access import LECTORES, es_distribuidor, puede_cargar_reporte, reporte_access
from distribuidores.forms import ReporteForm
from distribuidores.models import ReporteMensual
from distribuidores.plazos import fecha_limite_periodo
from distribuidores.selectors import reportes as selectors

EN_CURSO = (ReporteMensual.Estado.RECIBIDO, ReporteMensual.Estado.PROCESANDO)
PLANTILLAS = {
    "csv": "/api/v1/reportes-mensuales/plantilla.csv",
    "xlsx": "/api/v1/reportes-mensuales/plantilla.xlsx",
}


def _subir(request, form):
    """Call the ingestion service (distribuidores.services.reportes.ingesta); imported here, on use."""
    try:
        from distribuidores.services.reportes.ingesta import reporte_upload
    except ImportError:
        form.add_error(None, "La carga de reportes mensuales aún no está disponible en el portal. Intente más tarde.")
        return None
    reporte, rechazo = intentar(
        form,
        reporte_upload,
        actor=request.user,
        distribuidor_nit=request.user.distribuidor.nit,
        periodo=form.cleaned_data["periodo"],
        archivo=form.cleaned_data["archivo"],
    )
    if rechazo is not None:
        form.add_error(None, rechazo.detalle)
    return reporte


@pagina_protegida
@require_http_methods(["GET", "POST"])
def lista(request):
    require_role(request.user, *LECTORES)
    puede_cargar = puede_cargar_reporte(request.user)
    form = ReporteForm() if puede_cargar else None
    if request.method == "POST":
        if not puede_cargar:
            raise PermisoDenegado("Solo un distribuidor carga su reporte mensual.")
        form = ReporteForm(request.POST, request.FILES)
        if form.is_valid() and form.exigir_confirmacion(
            selectors.reporte_vigente(user=request.user, periodo=form.cleaned_data["periodo"])
        ):
            reporte = _subir(request, form)
            if reporte is not None:
                messages.success(request, f"Se recibió el reporte de {mes_largo(reporte.periodo)}. Se está procesando.")
                return redirect("distribuidores:reporte", reporte_id=reporte.id)
    pagina = paginar(request, selectors.reporte_recientes(user=request.user))
    contexto = {
        "form": form,
        "pagina": pagina,
        "plantillas": PLANTILLAS,
        "ver_distribuidor": not es_distribuidor(request.user),
    }
    estado = 400 if form is not None and form.errors else 200
    return render(request, "distribuidores/reportes.html", contexto, status=estado)


def _contexto_estado(request, reporte) -> dict:
    en_curso = reporte.estado in EN_CURSO
    contexto = {"reporte": reporte, "en_curso": en_curso}
    if not en_curso:
        contexto["errores"] = paginar(
            request, selectors.reporte_errores(reporte=reporte), parametro="errores", por_pagina=50
        )
        contexto["discrepancias"] = paginar(
            request,
            selectors.reporte_discrepancias(reporte=reporte, con_beneficiario=True),
            parametro="discrepancias",
            por_pagina=50,
        )
    return contexto


@pagina_protegida
@require_GET
def detalle(request, reporte_id):
    reporte = reporte_access(request.user, reporte_id)
    contexto = _contexto_estado(request, reporte)
    contexto.update(
        plantillas=PLANTILLAS,
        fecha_limite=reporte.fecha_limite or fecha_limite_periodo(reporte.periodo),
        ver_distribuidor=not es_distribuidor(request.user),
    )
    return render(request, "distribuidores/reporte_detalle.html", contexto)


@pagina_protegida
@require_GET
def estado(request, reporte_id):
    """The progress fragment htmx polls every second while the report is received or processing."""
    reporte = reporte_access(request.user, reporte_id)
    return render(request, "distribuidores/_reporte_estado.html", _contexto_estado(request, reporte))
