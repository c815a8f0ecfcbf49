"""Assignments of maximum volumes (F-02 to F-05): list, the form with each input's source, the
detail with every station's share and the stations left out, the ejecutoria and the PDF act."""

from fractions import Fraction

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.comun.errors import ApplicationError, DatosInvalidos
from core.comun.fechas import fecha_larga
from core.comun.galones import CERO
from core.identidad.access import require_role
from core.identidad.segundo_factor import codigo_fresco_error
from core.vencimientos.calendario import today
from core.web.views.comun import (
    confirmacion,
    ejecutar_formulario,
    ensayar,
    errores_al_formulario,
    pagina_protegida,
    paginar,
    puede,
)
from fronteras import access, calculo, pdf
from fronteras.forms import AsignacionForm, EjecutoriaForm
from fronteras.models import Asignacion, Combustible
from fronteras.selectors.actos import acto_de
from fronteras.selectors.asignaciones import (
    asignacion_anios,
    asignacion_list,
    asignacion_partes,
    asignaciones_existentes,
    asignaciones_hermanas,
)
from fronteras.selectors.compras import promedio_compras
from fronteras.selectors.estaciones import (
    elegibilidad,
    estaciones_de_municipio,
    estaciones_excluidas,
)
from fronteras.selectors.municipios import departamentos, municipio_por_codigo
from fronteras.services.asignaciones import asignacion_create, asignacion_ejecutoria
from fronteras.views.comun import galones_texto, mes_largo, secciones

FILTROS = ("anio", "departamento", "combustible", "estado")


@pagina_protegida
@require_GET
def lista(request):
    require_role(request.user, *access.LECTORES)
    filtros = {k: request.GET.get(k, "").strip() for k in FILTROS}
    pagina = paginar(request, asignacion_list(filtros))
    return render(
        request,
        "fronteras/asignaciones.html",
        {
            "pagina": pagina,
            "filtros": filtros,
            "hay_filtros": any(filtros.values()),
            "anios": asignacion_anios(),
            "departamentos": departamentos(),
            "combustibles": Combustible.choices,
            "estados": Asignacion.Estado.choices,
            "puede_asignar": puede(request.user, access.ANALISTAS),
            "secciones": secciones(request, "fronteras:asignaciones"),
        },
    )


@pagina_protegida
@require_http_methods(["GET", "POST"])
def nueva(request):
    """F-02: the analyst enters the inputs with their sources; asignacion_create does the rest."""
    require_role(request.user, *access.ANALISTAS)
    datos = request.POST if request.method == "POST" else None
    form = AsignacionForm(datos, initial={"municipio": request.GET.get("municipio", "")})
    request.pide_codigo = True
    if request.method == "POST" and form.is_valid() and not codigo_fresco_error(request):
        try:
            asignacion = asignacion_create(actor=request.user, **form.datos_servicio())
        except DatosInvalidos as exc:
            errores_al_formulario(form, exc)
        except ApplicationError as exc:
            if exc.status_code in (403, 404):
                raise
            form.add_error(None, exc.detalle)
        else:
            messages.success(
                request,
                f"Se expidió la asignación de {asignacion.get_combustible_display()} para "
                f"{asignacion.municipio.nombre} "
                f"{asignacion.anio_inicio}–{asignacion.anio_inicio + 1}: {galones_texto(asignacion.volumen_municipal)} "
                "galones al mes. Rige desde que quede ejecutoriada.",
            )
            return redirect("fronteras:asignacion", asignacion_id=asignacion.id)
    contexto = {"form": form, "secciones": secciones(request, "fronteras:asignaciones")}
    if form.is_bound or form.initial.get("municipio"):
        contexto.update(
            _previa(
                _opcion(form, "municipio") or _opcion(form, "municipio", form.initial),
                _opcion(form, "anio_inicio"),
                _opcion(form, "combustible"),
            )
        )
    return render(request, "fronteras/asignacion_nueva.html", contexto, status=400 if form.is_bound else 200)


def _opcion(form, campo: str, datos=None):
    """The field's value if it is one of its choices, else None: the preview only reads valid input."""
    try:
        return form.fields[campo].clean((form.data if datos is None else datos).get(campo))
    except ValidationError:
        return None


def _previa(codigo_dane, anio, combustible) -> dict:
    """What the assignment would take: population, the stations and why each is in or out (F-03)."""
    municipio = municipio_por_codigo(codigo_dane) if codigo_dane else None
    if municipio is None:
        return {"previa": None}
    anio = anio or today().year
    combustible = combustible if combustible in Combustible.values else Combustible.ACPM
    estaciones = estaciones_de_municipio(municipio)
    elegibles = [e for e in estaciones if elegibilidad(e, anio).elegible]
    sumas = promedio_compras(estacion_ids=[e.id for e in elegibles], combustible=combustible, anio_inicio=anio)
    for estacion in estaciones:
        estacion.eleg = elegibilidad(estacion, anio)
        estacion.promedio = sumas.get(estacion.id, CERO) / calculo.MESES_HISTORIA if estacion.eleg.elegible else None
    desde, hasta = calculo.meses_historia(anio)
    return {
        "previa": {
            "municipio": municipio,
            "anio": anio,
            "combustible": Combustible(combustible).label,
            "estaciones": estaciones,
            "n_elegibles": len(elegibles),
            "desde": desde,
            "hasta": hasta,
            "admite_adicional": municipio.poblacion < calculo.POBLACION_MAXIMA_EXTRA,
            "existentes": asignaciones_existentes(municipio, anio=anio, combustible=combustible),
        }
    }


@pagina_protegida
@require_GET
def estaciones_previas(request):
    """htmx: the preview of the form's municipality, year and fuel."""
    require_role(request.user, *access.ANALISTAS)
    form = AsignacionForm(request.GET)
    contexto = _previa(_opcion(form, "municipio"), _opcion(form, "anio_inicio"), _opcion(form, "combustible"))
    return render(request, "fronteras/_asignacion_previa.html", contexto)


def _partes(asignacion: Asignacion) -> list:
    partes = asignacion_partes(asignacion)
    for parte in partes:
        parte.participacion_pct = pdf.porcentaje_texto(parte.participacion)
        parte.participacion_texto = calculo.participacion_texto(Fraction(parte.participacion))
        parte.total = parte.volumen_mensual + parte.adicional
        parte.inicio = None
        if asignacion.fecha_ejecutoria:
            parte.inicio = max(
                asignacion.fecha_ejecutoria, parte.estacion.inicio_operacion or asignacion.fecha_ejecutoria
            )
            parte.primer_mes = mes_largo(parte.inicio)
            parte.primer_mes_volumen = calculo.prorrateo(parte.volumen_mensual, parte.inicio)
            parte.primer_mes_adicional = calculo.prorrateo(parte.adicional, parte.inicio)
            parte.primer_mes_total = parte.primer_mes_volumen + parte.primer_mes_adicional
    return partes


def _contexto_detalle(request, asignacion: Asignacion, *, form=None) -> dict:
    partes = _partes(asignacion)
    contexto = {
        "asignacion": asignacion,
        "partes": partes,
        "excluidas": estaciones_excluidas(asignacion, {p.estacion_id for p in partes}),
        "total_volumen": sum((p.volumen_mensual for p in partes), CERO),
        "total_adicional": sum((p.adicional for p in partes), CERO),
        "total": sum((p.total for p in partes), CERO),
        "vigencia_texto": f"del {fecha_larga(asignacion.vigencia_inicio)} al {fecha_larga(asignacion.vigencia_fin)}",
        "ejecutoria_texto": fecha_larga(asignacion.fecha_ejecutoria) if asignacion.fecha_ejecutoria else "",
        "acto": acto_de(request.user, asignacion.acto_id),
        "expedida_texto": fecha_larga(pdf.fecha_expedicion(asignacion)),
        "fuentes": pdf.fuentes(asignacion),
        "admite_adicional": asignacion.poblacion < calculo.POBLACION_MAXIMA_EXTRA,
        "hermanas": asignaciones_hermanas(asignacion),
        "historia_desde": calculo.meses_historia(asignacion.anio_inicio)[0],
        "historia_hasta": calculo.meses_historia(asignacion.anio_inicio)[1],
        "secciones": secciones(request, "fronteras:asignaciones"),
    }
    if asignacion.estado == Asignacion.Estado.EXPEDIDA and puede(request.user, access.ANALISTAS):
        contexto["form_ejecutoria"] = form or EjecutoriaForm()
    return contexto


@pagina_protegida
@require_GET
def detalle(request, asignacion_id):
    asignacion = access.asignacion_access(request.user, asignacion_id)
    return render(request, "fronteras/asignacion_detalle.html", _contexto_detalle(request, asignacion))


def _confirmar_ejecutoria(request, asignacion, form):
    fecha = form.cleaned_data["fecha"]
    prorrateo = "" if fecha.day == 1 else (
        f" En {mes_largo(fecha)} cada estación recibe la parte proporcional a los días que faltan del mes.")
    efecto = (
        f"La asignación de {asignacion.get_combustible_display()} de {asignacion.municipio.nombre} "
        f"({asignacion.municipio.departamento}), vigencia {asignacion.anio_inicio}–{asignacion.anio_inicio + 1}, "
        f"quedará ejecutoriada el {fecha_larga(fecha)}: desde ese día cada estación puede recibir su volumen."
        f"{prorrateo} El acto no se puede deshacer desde el portal."
    )
    titulo = f"Registrar la ejecutoria: {asignacion.municipio.nombre}, {asignacion.get_combustible_display()}"
    accion = reverse("fronteras:asignacion-ejecutoria", args=[asignacion.id])
    volver = reverse("fronteras:asignacion", args=[asignacion.id])
    contexto = {"asignacion": asignacion, "form": form}
    return confirmacion(request, "fronteras/asignacion_confirmar.html", titulo, [efecto], accion, volver, contexto)


@pagina_protegida
@require_POST
def ejecutoria(request, asignacion_id):
    """F-05: the volumes apply from the day the resolution is final."""
    asignacion = access.asignacion_access(request.user, asignacion_id)
    require_role(request.user, *access.ANALISTAS)
    form = EjecutoriaForm(request.POST)
    if request.POST.get("confirmado") != "1":
        # A legal act: say exactly what will happen first. A dry run, rolled back, so a refusal (a date
        # in the future, an assignment already final…) shows at once instead of after the confirmation.
        hecha, rechazo = ensayar(lambda: ejecutar_formulario(form, lambda **datos: asignacion_ejecutoria(
            actor=request.user, asignacion=asignacion, **datos)))
        if hecha:
            return _confirmar_ejecutoria(request, asignacion, form)
    else:
        hecha, rechazo = ejecutar_formulario(form, lambda **datos: asignacion_ejecutoria(
            actor=request.user, asignacion=asignacion, **datos))
    if rechazo:
        messages.error(request, f"No se registró la ejecutoria: {rechazo}")
        return redirect("fronteras:asignacion", asignacion_id=asignacion.id)
    if hecha:
        fecha = hecha.fecha_ejecutoria
        prorrateo = "" if fecha.day == 1 else (
            f" En {mes_largo(fecha)} cada estación recibe la parte proporcional a los días que faltan del mes.")
        messages.success(request, f"La resolución quedó ejecutoriada el {fecha_larga(fecha)}: los volúmenes rigen "
                                  f"desde ese día.{prorrateo}")
        return redirect("fronteras:asignacion", asignacion_id=asignacion.id)
    asignacion.refresh_from_db()
    return render(
        request, "fronteras/asignacion_detalle.html", _contexto_detalle(request, asignacion, form=form), status=400
    )


@pagina_protegida
@require_GET
def documento_pdf(request, asignacion_id):
    asignacion = access.asignacion_access(request.user, asignacion_id)
    respuesta = HttpResponse(pdf.resolucion_pdf(asignacion), content_type="application/pdf")
    respuesta["Content-Disposition"] = f'inline; filename="{pdf.nombre_archivo(asignacion)}"'
    return respuesta
