"""Annual resolutions (R-05): list, detail with the bulk firmeza (R-06, a job), and the stored PDF (a job)."""

from django.contrib import messages
from django.http import FileResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from core.access import require_role
from core.errors import ApplicationError, DatosInvalidos, NoEncontrado, PermisoDenegado
from core.views.comun import errores_al_formulario, pagina_protegida, paginar, puede
from cupos import pdf
from cupos.access import ANALISTAS, ESCRITORES, resolucion_access
from cupos.forms import FirmezaForm
from cupos.models import Cupo
from cupos.selectors import resoluciones as selectors
from cupos.services import documentos, firmezas


@pagina_protegida
@require_GET
def lista(request):
    # The roles resolucion_access lets in: the list shows what the detail would.
    require_role(request.user, *ANALISTAS)
    pagina = paginar(request, selectors.resolucion_list_con_totales())
    for r in pagina:
        r.fecha_texto = pdf.fecha_larga(r.fecha_expedicion)
        r.extemporanea = selectors.resolucion_extemporanea(r)
    return render(request, "cupos/resoluciones.html", {"pagina": pagina})


POR_PAGINA_CUPOS = 50


def _contexto_documento(resolucion) -> dict:
    """The stored PDF: the latest ready one, whether it still shows the resolution as it is, and the
    build in progress (the page polls it)."""
    documento = selectors.documento_ultimo(resolucion=resolucion)
    en_curso = selectors.documento_en_curso(resolucion=resolucion)
    desactualizado = documento is not None and documento.huella != selectors.resolucion_huella(resolucion)
    fallido = resolucion.documentos.order_by("-id").first()
    return {
        "resolucion": resolucion,
        "documento": documento,
        "documento_en_curso": en_curso,
        "documento_desactualizado": desactualizado,
        "documento_fallido": fallido if fallido is not None and fallido.estado == "fallido" else None,
    }


def _contexto_firmeza(resolucion) -> dict:
    trabajo = selectors.firmeza_masiva_ultima(resolucion=resolucion)
    return {
        "resolucion": resolucion,
        "firmeza": trabajo,
        "firmeza_en_curso": trabajo is not None and trabajo.estado in selectors.FIRMEZA_EN_CURSO,
    }


def _contexto_detalle(request, resolucion, form=None) -> dict:
    """The resolution's summary over all its cupos, and one page of them (50, searchable): a national
    resolution holds 10,000 cupos."""
    resumen = selectors.resolucion_resumen(resolucion=resolucion)
    q = request.GET.get("q", "").strip()
    pagina = paginar(request, selectors.resolucion_cupos(resolucion=resolucion, q=q), por_pagina=POR_PAGINA_CUPOS)
    por_estado = resumen["por_estado"]
    contexto = {
        "resolucion": resolucion,
        "fecha_texto": pdf.fecha_larga(resolucion.fecha_expedicion),
        "extemporanea": selectors.resolucion_extemporanea(resolucion),
        "cupos": pagina,
        "pagina": pagina,
        "q": q,
        "total_cupos": resumen["total"],
        "total_anual": resumen["total_anual"],
        "total_mensual": resumen["total_mensual"],
        "por_estado": [(etiqueta, por_estado[valor]) for valor, etiqueta in Cupo.Estado.choices],
        "pendientes": por_estado[Cupo.Estado.EXPEDIDO],
        **_contexto_documento(resolucion),
        **_contexto_firmeza(resolucion),
    }
    if (
        puede(request.user, ESCRITORES)
        and not contexto["firmeza_en_curso"]
        and (contexto["pendientes"] or form is not None)
    ):
        contexto["form_firmeza"] = form or FirmezaForm()
    return contexto


@pagina_protegida
@require_GET
def detalle(request, resolucion_id):
    resolucion = resolucion_access(request.user, resolucion_id)
    return render(request, "cupos/resolucion_detalle.html", _contexto_detalle(request, resolucion))


@pagina_protegida
@require_POST
def firmeza(request, resolucion_id):
    """R-06: every still-issued cupo of the resolution becomes firm on the date given (a job)."""
    resolucion = resolucion_access(request.user, resolucion_id)
    require_role(request.user, *ESCRITORES)
    form = FirmezaForm(request.POST)
    if not form.is_valid():
        return render(
            request, "cupos/resolucion_detalle.html", _contexto_detalle(request, resolucion, form), status=400
        )
    fecha, comunicacion = form.cleaned_data["fecha_firmeza"], form.cleaned_data["fecha_comunicacion"]
    try:
        firmezas.firmeza_masiva_check(resolucion=resolucion, fecha_firmeza=fecha, fecha_comunicacion=comunicacion)
    except DatosInvalidos as exc:
        errores_al_formulario(form, exc)
        return render(
            request, "cupos/resolucion_detalle.html", _contexto_detalle(request, resolucion, form), status=400
        )
    pendientes = selectors.resolucion_expedidos_count(resolucion=resolucion)
    if not pendientes:
        messages.info(request, "No había cupos expedidos pendientes de firmeza en esta resolución.")
        return redirect("cupos:resolucion", resolucion_id=resolucion.id)
    if request.POST.get("confirmado") != "1":
        # A legal act: say exactly what will happen before doing it (a count, not a rehearsal).
        efecto = firmezas.firmeza_masiva_efecto(resolucion=resolucion, fecha_firmeza=fecha, pendientes=pendientes)
        return render(request, "cupos/resolucion_confirmar.html", {
            "resolucion": resolucion, "form": form, "efectos": [efecto],
            "titulo": f"Declarar la firmeza de la resolución {resolucion.numero}",
        })
    try:
        firmezas.firmeza_masiva_request(
            actor=request.user, resolucion=resolucion, fecha_firmeza=fecha, fecha_comunicacion=comunicacion
        )
    except DatosInvalidos as exc:
        errores_al_formulario(form, exc)
        return render(
            request, "cupos/resolucion_detalle.html", _contexto_detalle(request, resolucion, form), status=400
        )
    except (PermisoDenegado, NoEncontrado):
        raise
    except ApplicationError as exc:
        messages.error(request, f"No se pudo declarar la firmeza: {exc.detalle}")
    return redirect(f"{reverse('cupos:resolucion', args=[resolucion.id])}#titulo-firmeza")


@pagina_protegida
@require_GET
def firmeza_estado(request, resolucion_id):
    """The bulk firmeza's progress (polled by the page while it runs)."""
    resolucion = resolucion_access(request.user, resolucion_id)
    return render(request, "cupos/_firmeza_masiva.html", _contexto_firmeza(resolucion))


@pagina_protegida
@require_POST
def documento_generar(request, resolucion_id):
    """Queue the build of the PDF; the page then shows its progress. The request never builds it."""
    resolucion = resolucion_access(request.user, resolucion_id)
    documentos.resolucion_documento_request(actor=request.user, resolucion=resolucion)
    if request.htmx:
        return render(request, "cupos/_documento_resolucion.html", _contexto_documento(resolucion))
    return redirect(f"{reverse('cupos:resolucion', args=[resolucion.id])}#documento")


@pagina_protegida
@require_GET
def documento_estado(request, resolucion_id):
    resolucion = resolucion_access(request.user, resolucion_id)
    return render(request, "cupos/_documento_resolucion.html", _contexto_documento(resolucion))


@pagina_protegida
@require_GET
def documento_pdf(request, resolucion_id):
    """The stored PDF (the latest built). With none built yet, back to the page, which offers it."""
    resolucion = resolucion_access(request.user, resolucion_id)
    documento = selectors.documento_ultimo(resolucion=resolucion)
    if documento is None:
        messages.info(request, "El documento PDF de esta resolución aún no se ha generado: pídalo en esta página.")
        return redirect(f"{reverse('cupos:resolucion', args=[resolucion.id])}#documento")
    respuesta = FileResponse(documento.archivo.open("rb"), content_type="application/pdf")
    respuesta["Content-Disposition"] = f'inline; filename="{pdf.nombre_archivo(resolucion)}"'
    return respuesta
