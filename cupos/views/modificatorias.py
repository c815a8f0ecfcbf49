"""A modifying (or additional) resolution worked in the browser (issue 26): the analyst picks beneficiaries by
matrícula, name or from Dimar's pending altas, writes what changes for each (a new cupo, a change of gallons,
a revocation), writes the considerations, and issues it through the annual resolution's job, PDF and firmeza.

Reads come from cupos.selectors.modificatorias, writes from cupos.services.modificatorias.
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.comun.errors import ApplicationError, DatosInvalidos, NoEncontrado, PermisoDenegado
from core.identidad.access import require_role
from core.vencimientos.calendario import today
from core.web.views.comun import errores_al_formulario, pagina_protegida, paginar, parcial_htmx, puede
from cupos import pdf
from cupos.access import ESCRITORES, resolucion_access
from cupos.forms import LineaModificatoriaForm
from cupos.models import Beneficiario, LineaAsignacion, Resolucion
from cupos.selectors import modificatorias as selectors
from cupos.services import asignacion as servicios_asignacion
from cupos.services import modificatorias as servicios

POR_PAGINA_BUSQUEDA = 10
POR_PAGINA_LINEAS = 50
Accion = LineaAsignacion.Accion


def _puede_editar(request, resolucion) -> bool:
    return resolucion.estado == Resolucion.Estado.BORRADOR and puede(request.user, ESCRITORES)


def impedimento_expedir(resolucion) -> str:
    """Why «Expedir» cannot be pressed now ("" when it can): the button says it up front."""
    if not LineaAsignacion.objects.filter(resolucion=resolucion).exists():
        return (
            "No hay nada que expedir: agregue al menos una línea (un nuevo cupo, un cambio de galones o una "
            "revocación)."
        )
    return ""


def _textos_linea(linea) -> LineaAsignacion:
    """What a person reads for a line's codes."""
    linea.accion_texto = Accion(linea.accion).label
    if linea.accion == Accion.CAMBIO and linea.motivo_cambio:
        linea.accion_texto = LineaAsignacion.MotivoCambio(linea.motivo_cambio).label + " de galones"
    linea.causal_texto = linea.get_causal_display() if linea.causal else ""
    linea.desde_texto = pdf.fecha_larga(linea.fecha_desde) if linea.fecha_desde else ""
    return linea


def espacio(request, resolucion: Resolucion, *, form_considerandos_error: str = "", status: int = 200):
    """The page of a modifying resolution not yet issued (cupos:resolucion renders it)."""
    hoy = today()
    pagina = paginar(request, selectors.lineas(resolucion, hoy=hoy), parametro="lineas", por_pagina=POR_PAGINA_LINEAS)
    pagina.object_list = [_textos_linea(linea) for linea in pagina.object_list]
    q = request.GET.get("q", "").strip()
    contexto = {
        "resolucion": resolucion,
        "fecha_texto": pdf.fecha_larga(resolucion.fecha_expedicion),
        "lineas": pagina,
        "resumen": selectors.resumen(resolucion),
        "puede_editar": _puede_editar(request, resolucion),
        "impedimento": impedimento_expedir(resolucion),
        "altas": list(selectors.altas_por_decidir(resolucion=resolucion, hoy=hoy)[:20]),
        "q": q,
        "considerandos_error": form_considerandos_error,
        **_contexto_busqueda(request, resolucion, q, hoy),
    }
    for alta in contexto["altas"]:
        alta.periodo_texto = pdf.mes_largo(alta.novedad.periodo)
    respuesta = render(request, "cupos/modificatoria/espacio.html", contexto, status=status)
    patch_vary_headers(respuesta, ["HX-Request"])
    return respuesta


def _contexto_busqueda(request, resolucion, q, hoy) -> dict:
    resultados = paginar(
        request, selectors.beneficiarios_buscar(resolucion=resolucion, q=q, hoy=hoy), por_pagina=POR_PAGINA_BUSQUEDA
    )
    return {"resultados": resultados, "q": q}


@pagina_protegida
@require_GET
def buscar(request, resolucion_id):
    """The search box's results (htmx swaps them in; without JavaScript, the whole page with them)."""
    resolucion = resolucion_access(request.user, resolucion_id)
    if resolucion.tipo == Resolucion.Tipo.ANUAL:
        raise NoEncontrado("La búsqueda de beneficiarios es de las resoluciones modificatorias o adicionales.")
    q = request.GET.get("q", "").strip()
    if not parcial_htmx(request):
        return redirect(reverse("cupos:resolucion", args=[resolucion.id]) + f"?q={q}#buscar")
    contexto = {"resolucion": resolucion, "puede_editar": _puede_editar(request, resolucion)}
    contexto.update(_contexto_busqueda(request, resolucion, q, today()))
    respuesta = render(request, "cupos/modificatoria/_resultados.html", contexto)
    patch_vary_headers(respuesta, ["HX-Request"])
    return respuesta


def _inicial(linea: LineaAsignacion | None, accion_sugerida: str) -> dict:
    if linea is None:
        return {"accion": accion_sugerida}
    return {
        "accion": linea.accion if linea.accion != Accion.ASIGNACION else Accion.ALTA,
        "galones_anuales": linea.galones_anuales,
        "motivo_cambio": linea.motivo_cambio,
        "fecha_desde": linea.fecha_desde,
        "causal": linea.causal,
        "soporte": linea.soporte,
        "motivo": linea.motivo,
    }


@pagina_protegida
@require_http_methods(["GET", "POST"])
def linea(request, resolucion_id, beneficiario_id):
    """GET: the form of one beneficiary's line, with its cupo in force and consumption; POST: save it."""
    resolucion = resolucion_access(request.user, resolucion_id)
    require_role(request.user, *ESCRITORES)
    if resolucion.tipo == Resolucion.Tipo.ANUAL:
        raise NoEncontrado("Las altas, cambios y revocaciones se registran en una resolución modificatoria.")
    beneficiario = get_object_or_404(Beneficiario, pk=beneficiario_id)
    if resolucion.estado != Resolucion.Estado.BORRADOR:
        messages.error(request, "La resolución ya fue expedida: sus líneas no se pueden cambiar.")
        return redirect("cupos:resolucion", resolucion_id=resolucion.id)
    hoy = today()
    cupo = selectors.cupo_en_curso(beneficiario_id=beneficiario.id, anio=resolucion.anio, hoy=hoy)
    consumido = selectors.consumido_en_el_anio(beneficiario_id=beneficiario.id, anio=resolucion.anio)
    existente = LineaAsignacion.objects.filter(resolucion=resolucion, beneficiario=beneficiario).first()
    sugerida = Accion.CAMBIO if cupo is not None else Accion.ALTA
    if request.GET.get("accion") in (Accion.ALTA, Accion.CAMBIO, Accion.REVOCACION):
        sugerida = request.GET["accion"]
    status = 200
    if request.method == "POST":
        form = LineaModificatoriaForm(request.POST)
        if form.is_valid():
            datos = form.cleaned_data
            try:
                servicios.linea_modificatoria_set(
                    usuario=request.user,
                    resolucion=resolucion,
                    beneficiario=beneficiario,
                    accion=datos["accion"],
                    galones_anuales=datos["galones_anuales"],
                    motivo_cambio=datos["motivo_cambio"],
                    fecha_desde=datos["fecha_desde"],
                    causal=datos["causal"],
                    soporte=datos["soporte"],
                    motivo=datos["motivo"],
                )
            except (PermisoDenegado, NoEncontrado):
                raise
            except DatosInvalidos as exc:
                errores_al_formulario(form, exc)
            except ApplicationError as exc:
                form.add_error(None, exc.detalle)
            else:
                messages.success(request, f"Se guardó la línea de {beneficiario.nombre}.")
                return redirect(reverse("cupos:resolucion", args=[resolucion.id]) + "#titulo-lineas")
        status = 400
    else:
        form = LineaModificatoriaForm(initial=_inicial(existente, sugerida))
    contexto = {
        "resolucion": resolucion,
        "beneficiario": beneficiario,
        "cupo": cupo,
        "cupo_inicio_texto": pdf.fecha_larga(cupo.fecha_inicio) if cupo and cupo.fecha_inicio else "",
        "consumido": consumido,
        "existente": existente,
        "form": form,
    }
    return render(request, "cupos/modificatoria/linea.html", contexto, status=status)


@pagina_protegida
@require_POST
def linea_quitar(request, resolucion_id, beneficiario_id):
    resolucion = resolucion_access(request.user, resolucion_id)
    require_role(request.user, *ESCRITORES)
    try:
        quitada = servicios_asignacion.linea_quitar(
            usuario=request.user, resolucion=resolucion, beneficiario_id=beneficiario_id
        )
    except (PermisoDenegado, NoEncontrado):
        raise
    except ApplicationError as exc:
        messages.error(request, exc.detalle)
    else:
        if quitada:
            messages.success(request, "Se quitó la línea de la resolución.")
    return redirect(reverse("cupos:resolucion", args=[resolucion.id]) + "#titulo-lineas")


@pagina_protegida
@require_POST
def considerandos(request, resolucion_id):
    """The considerations typed on the page (printed in the PDF)."""
    resolucion = resolucion_access(request.user, resolucion_id)
    require_role(request.user, *ESCRITORES)
    try:
        servicios.considerandos_set(
            usuario=request.user, resolucion=resolucion, considerandos=request.POST.get("considerandos", "")
        )
    except (PermisoDenegado, NoEncontrado):
        raise
    except DatosInvalidos as exc:
        mensaje = " ".join(m for ms in exc.errores.values() for m in ms)
        resolucion.considerandos = request.POST.get("considerandos", "")
        return espacio(request, resolucion, form_considerandos_error=mensaje, status=400)
    except ApplicationError as exc:
        messages.error(request, exc.detalle)
    else:
        messages.success(request, "Se guardaron los considerandos: así aparecerán en el PDF de la resolución.")
    return redirect(reverse("cupos:resolucion", args=[resolucion.id]) + "#titulo-considerandos")
