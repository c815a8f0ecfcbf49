"""Surcharges of conferences (C-12) and the capitanías' notices."""

from functools import partial

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.comun.fechas import fecha_larga
from core.identidad.access import require_role
from core.identidad.segundo_factor import exige_codigo_fresco
from core.vencimientos.calendario import today
from core.web.views.comun import ejecutar, pagina_protegida, paginar, puede
from reserva import access
from reserva.forms import RecargoComplementoForm, RecargoDecisionForm, RecargoForm, ResultadoControlForm
from reserva.models import ResultadoControl
from reserva.selectors import arribos as selectors_arribos
from reserva.selectors import deberes as selectors
from reserva.services import controles
from reserva.services import recargos as services
from reserva.views.comun import confirmar_decision, lista_con_alta, secciones


@pagina_protegida
@require_http_methods(["GET", "POST"])
def lista(request):
    def presentado(recargo):
        messages.success(
            request, f"Recargo presentado. Dimar resuelve a más tardar el {fecha_larga(recargo.vence_decision)}."
        )
        return redirect("reserva:recargos")

    return lista_con_alta(
        request,
        "recargos",
        lectores=access.LECTORES_RECARGOS,
        creadores=access.CONFERENCIAS,
        formulario=RecargoForm,
        alta=partial(services.recargo_file, actor=request.user, conferencia=request.user.conferencia or ""),
        tras_alta=presentado,
        filas=selectors.recargo_list(user=request.user),
        contexto={
            "hoy": today(),
            "form_decision": RecargoDecisionForm() if puede(request.user, access.DIMAR) else None,
            "form_complemento": RecargoComplementoForm() if puede(request.user, access.CONFERENCIAS) else None,
        },
    )


@pagina_protegida
@exige_codigo_fresco("confirmar")
@require_POST
def decidir(request, recargo_id):
    """Two steps, as every legal act: the first POST shows what will be decided, the second decides."""
    require_role(request.user, *access.DIMAR)
    recargo = access.recargo_access(request.user, recargo_id)
    form = RecargoDecisionForm(request.POST)
    if form.is_valid():
        if not form.cleaned_data["confirmar"]:
            contexto = {"r": recargo, "secciones": secciones(request, "reserva:recargos")}
            return confirmar_decision(request, "reserva/recargo_confirmar.html", form, contexto)
        datos = {k: v for k, v in form.cleaned_data.items() if k != "confirmar"}
        if ejecutar(form, services.recargo_decide, actor=request.user, recargo=recargo, **datos):
            completar = datos["decision"] == "completar"
            messages.success(request, "Se pidió completar el recargo." if completar else "Recargo resuelto.")
            return redirect("reserva:recargos")
    errores = "; ".join(e for lista in form.errors.values() for e in lista)
    messages.error(request, f"No se resolvió el recargo: {errores}")
    return redirect("reserva:recargos")


@pagina_protegida
@require_GET
def negacion(request, recargo_id):
    """Issue 24: Dimar's denial of a surcharge, with its reasons, as a signed PDF."""
    from core.firma import documentos
    from reserva import pdf

    require_role(request.user, *access.LECTORES_RECARGOS)
    recargo = access.recargo_access(request.user, recargo_id)
    if recargo.estado != recargo.Estado.NEGADO:
        raise Http404("Solo un recargo negado tiene decisión de negación.")
    respuesta = HttpResponse(
        documentos.contenido(pdf.recargo_negacion_firmada(recargo)), content_type="application/pdf"
    )
    respuesta["Content-Disposition"] = f'inline; filename="recargo-negado-{recargo.pk}.pdf"'
    return respuesta


@pagina_protegida
@require_POST
def completar(request, recargo_id):
    """C-12: the conference completes a filing Dimar found incomplete; the term starts that day."""
    require_role(request.user, *access.CONFERENCIAS)
    recargo = access.recargo_access(request.user, recargo_id)
    form = RecargoComplementoForm(request.POST)
    if form.is_valid() and ejecutar(
        form, services.recargo_complete, actor=request.user, recargo=recargo, **form.cleaned_data
    ):
        recargo.refresh_from_db()
        messages.success(
            request, f"Recargo completado. Dimar resuelve a más tardar el {fecha_larga(recargo.vence_decision)}."
        )
    else:
        errores = "; ".join(e for lista in form.errors.values() for e in lista)
        messages.error(request, f"No se completó el recargo: {errores}")
    return redirect("reserva:recargos")


@pagina_protegida
@require_GET
def avisos(request):
    """The capitanía's notices; on a possible breach (C-05) it records the outcome of its investigation."""
    require_role(request.user, *access.LECTORES_AVISOS)
    pagina = paginar(request, selectors_arribos.avisos_list(user=request.user))
    claves = {(a.control_id, a.capitania_id) for a in pagina if a.control_id}
    resultados = {
        (r.control_id, r.capitania_id): r
        for r in ResultadoControl.objects.filter(control_id__in={c for c, _ in claves}).select_related("capitania")
    }
    for aviso in pagina:
        aviso.resultado = resultados.get((aviso.control_id, aviso.capitania_id))
    return render(
        request,
        "reserva/avisos.html",
        {
            "pagina": pagina,
            "form_resultado": ResultadoControlForm() if access.es_capitania(request.user) else None,
            "secciones": secciones(request, "reserva:avisos"),
        },
    )


@pagina_protegida
@require_POST
def resultado(request, control_id):
    """C-05: the capitanía's outcome of a possible breach: archived, or a fine in minimum wages."""
    require_role(request.user, *access.RESULTADOS_CONTROL)
    control = access.control_capitania_access(request.user, control_id)
    form = ResultadoControlForm(request.POST)
    if form.is_valid() and ejecutar(
        form, controles.control_outcome_record, actor=request.user, control=control, **form.cleaned_data
    ):
        messages.success(request, "Resultado de la investigación registrado.")
    else:
        errores = "; ".join(e for lista in form.errors.values() for e in lista)
        messages.error(request, f"No se registró el resultado: {errores}")
    return redirect("reserva:avisos")
