"""The analyst's allocation workspace (issue 12, R-05): the proposal of a draft resolution with each
line's evidence, the inline edit of a line, XLSX export and import, and the issuing of the resolution
(a confirmation that says what will happen, then a job with its progress).

Reads come from cupos.selectors.asignacion, writes from cupos.services.asignacion: this module only
shapes what the analyst typed and shows what the services answered.
"""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.comun.errors import ApplicationError, DatosInvalidos, NoEncontrado, PermisoDenegado
from core.comun.galones import galones_texto, round2
from core.comun.numeros import entero
from core.identidad.access import require_role
from core.identidad.segundo_factor import codigo_fresco_error
from core.vencimientos.calendario import today
from core.web.views.comun import errores_al_formulario, pagina_protegida, paginar, parcial_htmx, puede
from cupos import pdf
from cupos.access import ESCRITORES, resolucion_access
from cupos.forms import FiltrosPropuestaForm, ImportarLineasForm, LineaForm
from cupos.models import LineaAsignacion, Resolucion
from cupos.selectors import asignacion as selectors
from cupos.selectors import modificatorias
from cupos.selectors.beneficiarios import capitanias_activas
from cupos.selectors.resoluciones import resolucion_extemporanea
from cupos.selectors.tablero import plazo_resolucion, resoluciones_del_anio
from cupos.services import asignacion as servicios
from cupos.views.documento import contexto_documento

POR_PAGINA = 50  # a proposal holds thousands of lines: one page at a time (issue 12: < 300 ms per page)


def en_asignacion(resolucion: Resolucion) -> bool:
    """Whether the resolution's page is the allocation workspace: not issued, and no cupo granted in it
    one by one (POST /api/v1/cupos/, the demo), which makes it a resolution in force to be made firm."""
    return resolucion.estado != Resolucion.Estado.EXPEDIDA and not resolucion.cupos.exists()


def _borrador(resolucion: Resolucion) -> bool:
    return resolucion.estado == Resolucion.Estado.BORRADOR


def _puede_editar(request, resolucion: Resolucion) -> bool:
    return _borrador(resolucion) and puede(request.user, ESCRITORES)


def _plazo(resolucion: Resolucion) -> dict | None:
    """R-05's countdown, the dashboard's: the year's annual resolution is due by 28 February."""
    if resolucion.tipo != Resolucion.Tipo.ANUAL:
        return None
    expedidas = resoluciones_del_anio(anio=resolucion.anio)
    for r in expedidas:
        r.fecha_texto = pdf.fecha_larga(r.fecha_expedicion)
        r.extemporanea = resolucion_extemporanea(r)
    plazo = plazo_resolucion(anio=resolucion.anio, resoluciones=expedidas, hoy=today())
    plazo["resoluciones"] = expedidas
    return plazo


@pagina_protegida
@require_GET
def asignacion_actual(request):
    """The menu's "Asignación anual": the draft being worked on, or the page to create one."""
    require_role(request.user, *ESCRITORES)
    borrador = (
        Resolucion.objects.filter(estado=Resolucion.Estado.BORRADOR, cupos__isnull=True)
        .order_by("-anio", "-id")
        .first()
    )
    if borrador is not None:
        return redirect("cupos:resolucion", resolucion_id=borrador.id)
    messages.info(request, "No hay resoluciones en borrador. Cree la resolución para empezar la asignación.")
    return redirect("cupos:resolucion-nueva")


def _filtros(request) -> FiltrosPropuestaForm:
    return FiltrosPropuestaForm(request.GET or None, capitanias=capitanias_activas())


def _textos(fila):
    """What a person reads for the codes of a proposal row."""
    fila.origen_texto = LineaAsignacion.Origen(fila.origen).label
    return fila


def _contexto_tabla(request, resolucion, form_filtros) -> dict:
    """One page of the proposal in two steps: the page's ids (only the filter and the order are
    computed, for every row) and then the evidence of those 50 rows. Paging the full rows would
    compute every correlated subquery of the rows skipped by the OFFSET too: 1,2 s instead of a few
    hundred ms on page 150 of 10.000 lines."""
    filtros = form_filtros.filtros() if form_filtros.is_bound else {}
    ids = selectors.propuesta(resolucion, **filtros).values_list("pk", flat=True)
    pagina = paginar(request, ids, por_pagina=POR_PAGINA)
    de_la_pagina = list(pagina.object_list)
    filas = {f.pk: f for f in selectors.propuesta(resolucion).filter(pk__in=de_la_pagina)}
    pagina.object_list = [_textos(filas[pk]) for pk in de_la_pagina if pk in filas]
    return {
        "resolucion": resolucion,
        "pagina": pagina,
        "puede_editar": _puede_editar(request, resolucion),
        "hay_filtros": bool(filtros),
    }


def espacio_de_trabajo(request, resolucion: Resolucion):
    """The page of a resolution not yet issued (cupos:resolucion renders it): the proposal, line by line."""
    if resolucion.tipo != Resolucion.Tipo.ANUAL:  # issue 26: altas, changes and revocations, line by line
        from cupos.views.modificatorias import espacio

        return espacio(request, resolucion)
    form_filtros = _filtros(request)
    contexto = _contexto_tabla(request, resolucion, form_filtros)
    if parcial_htmx(request) and request.htmx.target == "propuesta":
        respuesta = render(request, "cupos/asignacion/_propuesta.html", contexto)
        patch_vary_headers(respuesta, ["HX-Request"])
        return respuesta
    contexto.update(_contexto_pagina(request, resolucion, form_filtros))
    respuesta = render(request, "cupos/asignacion/espacio.html", contexto)
    patch_vary_headers(respuesta, ["HX-Request"])
    return respuesta


def _contexto_pagina(request, resolucion, form_filtros, *, form_importar=None, errores_importacion=None) -> dict:
    return {
        "form_filtros": form_filtros,
        "totales": selectors.totales(resolucion),
        "plazo": _plazo(resolucion),
        "fecha_texto": pdf.fecha_larga(resolucion.fecha_expedicion),
        "form_importar": form_importar or (ImportarLineasForm() if _puede_editar(request, resolucion) else None),
        "errores_importacion": errores_importacion,
        "hoy_texto": pdf.fecha_larga(today()),
    }


# --- One line: shown, edited inline (htmx), saved through the service ----------------------------


def _linea(resolucion, beneficiario_id):
    """The proposal row of one beneficiary (a Beneficiario with its evidence), or 404."""
    fila = selectors.propuesta(resolucion).filter(pk=beneficiario_id).first()
    if fila is None:
        raise NoEncontrado("Ese beneficiario no está en la propuesta de esta resolución.")
    return _textos(fila)


def _form_linea(fila, data=None) -> LineaForm:
    propuestos = fila.galones_propuestos
    # SQLite (make run) hands the computed gallons back without their 2 places: 24000 → 24000,00.
    inicial = {"galones_anuales": round2(propuestos) if propuestos is not None else None, "motivo": fila.linea_motivo}
    return LineaForm(
        data,
        initial=inicial,
        solicitados=fila.galones_solicitados,
        anio_anterior=fila.galones_anio_anterior,
        prefix=f"l{fila.id}",
    )


@pagina_protegida
@require_http_methods(["GET", "POST"])
def linea(request, resolucion_id, beneficiario_id):
    """GET: the row (or, with ?editar=1, its edit form); POST: save the line, all or nothing."""
    resolucion = resolucion_access(request.user, resolucion_id)
    fila = _linea(resolucion, entero(beneficiario_id))
    if request.method == "GET" and request.GET.get("editar") != "1":
        return _fila(request, resolucion, fila)
    require_role(request.user, *ESCRITORES)
    if not _borrador(resolucion):
        messages.error(request, "La resolución ya fue expedida: sus líneas no se pueden cambiar.")
        return redirect("cupos:resolucion", resolucion_id=resolucion.id)
    if request.method == "GET":
        return _fila(request, resolucion, fila, form=_form_linea(fila))
    form = _form_linea(fila, request.POST)
    if form.is_valid():
        try:
            servicios.lineas_set(
                usuario=request.user,
                resolucion=resolucion,
                lineas=[
                    {
                        "beneficiario": fila.id,
                        "galones_anuales": form.cleaned_data["galones_anuales"],
                        "motivo": form.cleaned_data["motivo"],
                    }
                ],
            )
        except (PermisoDenegado, NoEncontrado):
            raise
        except DatosInvalidos as exc:
            _errores_de_linea(form, exc)
        except ApplicationError as exc:
            form.add_error(None, exc.detalle)
        else:
            fila = _linea(resolucion, fila.id)
            mensaje = f"Línea de {fila.nombre} guardada: {galones_texto(fila.linea_galones)} galones."
            if parcial_htmx(request):
                return _fila(request, resolucion, fila, mensaje=mensaje)
            messages.success(request, mensaje)
            return redirect(reverse("cupos:resolucion", args=[resolucion.id]) + f"#linea-{fila.id}")
    if parcial_htmx(request):
        return _fila(request, resolucion, fila, form=form, status=400)
    messages.error(request, "; ".join(m for errores in form.errors.values() for m in errores))
    return redirect(reverse("cupos:resolucion", args=[resolucion.id]) + f"#linea-{fila.id}")


def _errores_de_linea(form, exc: DatosInvalidos) -> None:
    """The service names each bad line's fields (LineasInvalidas.por_linea): each message next to its field."""
    por_linea = getattr(exc, "por_linea", None)
    if por_linea is None:
        errores_al_formulario(form, exc)
        return
    for campos in por_linea.values():
        for campo, mensajes in campos.items():
            for mensaje in mensajes:
                form.add_error(campo if campo in form.fields else None, mensaje)


def _fila(request, resolucion, fila, *, form=None, mensaje="", status=200):
    contexto = {
        "resolucion": resolucion,
        "l": fila,
        "form": form,
        "mensaje": mensaje,
        "puede_editar": _puede_editar(request, resolucion),
    }
    # Issue 45: the edit link opened in a new tab (no htmx) got a bare <tr> with no <title> nor lang: a full page.
    plantilla = "cupos/asignacion/_linea.html" if parcial_htmx(request) else "cupos/asignacion/linea.html"
    return render(request, plantilla, contexto, status=status)


@pagina_protegida
@require_POST
def fijar_propuestas(request, resolucion_id):
    """Every row with no line yet gets the proposed gallons (its request, else last year's cupo), in one
    call to the service: the analyst then edits only the lines that differ."""
    resolucion = resolucion_access(request.user, resolucion_id)
    require_role(request.user, *ESCRITORES)
    sin_fijar = (
        selectors.propuesta(resolucion)
        .filter(linea_id__isnull=True, sin_derecho=False, galones_propuestos__isnull=False)
        .values_list("id", "galones_propuestos")
    )
    lineas = [{"beneficiario": bid, "galones_anuales": galones, "motivo": ""} for bid, galones in sin_fijar]
    if not lineas:
        messages.info(request, "Todas las líneas de la propuesta ya están fijadas.")
        return redirect("cupos:resolucion", resolucion_id=resolucion.id)
    try:
        n = servicios.lineas_set(usuario=request.user, resolucion=resolucion, lineas=lineas)
    except (PermisoDenegado, NoEncontrado):
        raise
    except ApplicationError as exc:
        messages.error(request, f"No se fijaron las líneas: {_texto(exc)}")
    else:
        messages.success(request, f"Se fijaron {n} línea{'s' if n != 1 else ''} con los galones propuestos.")
    return redirect("cupos:resolucion", resolucion_id=resolucion.id)


def _texto(exc: ApplicationError) -> str:
    """A refusal as a sentence: a field map's messages without the field codes."""
    if isinstance(exc, DatosInvalidos):
        return " ".join(str(m) for mensajes in exc.errores.values() for m in mensajes)
    return exc.detalle


# --- XLSX ----------------------------------------------------------------------------------------


@pagina_protegida
@require_GET
def exportar(request, resolucion_id):
    """The template the analyst fills in offline: the proposal with its evidence, one row per line."""
    resolucion = resolucion_access(request.user, resolucion_id)
    contenido = selectors.lineas_exportar_xlsx(resolucion)
    respuesta = HttpResponse(
        contenido, content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    respuesta["Content-Disposition"] = (
        f'attachment; filename="propuesta-resolucion-{resolucion.numero}-{resolucion.anio}.xlsx"'
    )
    return respuesta


@pagina_protegida
@require_POST
def importar(request, resolucion_id):
    """All or nothing: every row is checked first; with one bad row the page lists each error by row
    and column and nothing is saved."""
    resolucion = resolucion_access(request.user, resolucion_id)
    require_role(request.user, *ESCRITORES)
    if not _borrador(resolucion):
        messages.error(request, "La resolución ya fue expedida: no recibe más líneas.")
        return redirect("cupos:resolucion", resolucion_id=resolucion.id)
    form = ImportarLineasForm(request.POST, request.FILES)
    errores = None
    if form.is_valid():
        try:
            n = servicios.lineas_importar_xlsx(
                usuario=request.user, resolucion=resolucion, archivo=form.cleaned_data["archivo"]
            )
        except (PermisoDenegado, NoEncontrado):
            raise
        except DatosInvalidos as exc:
            if getattr(exc, "filas", None):
                errores = exc.filas  # ArchivoInvalido: each error by row and column
            else:
                errores_al_formulario(form, exc)
        except ApplicationError as exc:
            form.add_error("archivo", exc.detalle)
        else:
            messages.success(request, f"Se importaron {n} línea{'s' if n != 1 else ''} del archivo.")
            return redirect("cupos:resolucion", resolucion_id=resolucion.id)
    if resolucion.tipo != Resolucion.Tipo.ANUAL:  # its page has no import form: the errors as a message
        detalle = [f"Fila {e['fila']}, columna {e['columna']}: {e['mensaje']}" for e in errores or []]
        detalle += [str(m) for ms in form.errors.values() for m in ms]
        messages.error(request, "No se importó ninguna línea. " + " ".join(detalle))
        return redirect("cupos:resolucion", resolucion_id=resolucion.id)
    form_filtros = _filtros(request)
    contexto = _contexto_tabla(request, resolucion, form_filtros)
    contexto.update(
        _contexto_pagina(request, resolucion, form_filtros, form_importar=form, errores_importacion=errores)
    )
    return render(request, "cupos/asignacion/espacio.html", contexto, status=400)


# --- Issuing -------------------------------------------------------------------------------------


@pagina_protegida
@require_http_methods(["GET", "POST"])
def expedir(request, resolucion_id):
    """A legal act asks first: GET says exactly what will happen; POST (confirmed) starts the job."""
    resolucion = resolucion_access(request.user, resolucion_id)
    require_role(request.user, *ESCRITORES)
    if resolucion.estado != Resolucion.Estado.BORRADOR:
        return redirect("cupos:resolucion-expedicion", resolucion_id=resolucion.id)
    totales = selectors.totales(resolucion)
    request.pide_codigo = True
    error_codigo = codigo_fresco_error(request) if request.method == "POST" else ""
    if request.method == "POST" and not error_codigo:
        try:
            servicios.resolucion_expedir(usuario=request.user, resolucion=resolucion)
        except (PermisoDenegado, NoEncontrado):
            raise
        except ApplicationError as exc:
            messages.error(request, f"No se pudo expedir la resolución: {_texto(exc)}")
            return redirect("cupos:resolucion", resolucion_id=resolucion.id)
        return redirect("cupos:resolucion-expedicion", resolucion_id=resolucion.id)
    # The same checks the act runs (one transaction: a line that cannot be issued stops them all), so
    # the page names what would stop it before anyone confirms.
    impedido = ""
    try:
        servicios.resolucion_revisar_lineas(resolucion)
    except (PermisoDenegado, NoEncontrado):
        raise
    except ApplicationError as exc:
        impedido = _texto(exc)
    return render(
        request,
        "cupos/asignacion/expedir.html",
        {
            "resolucion": resolucion,
            "totales": totales,
            "fecha_texto": pdf.fecha_larga(resolucion.fecha_expedicion),
            "sin_fijar": (
                selectors.propuesta(resolucion).filter(linea_id__isnull=True).count()
                if resolucion.tipo == Resolucion.Tipo.ANUAL
                else 0
            ),
            "impedido": impedido,
            "resumen": modificatorias.resumen(resolucion) if resolucion.tipo != Resolucion.Tipo.ANUAL else None,
            "firmes_desde_hoy": (
                modificatorias.firmes_desde_hoy(resolucion, hoy=today())
                if resolucion.tipo != Resolucion.Tipo.ANUAL
                else []
            ),
        },
        status=400 if error_codigo else 200,
    )


def _contexto_expedicion(resolucion) -> dict:
    """The issuing's progress; once issued, the PDF the act asked for (its box polls until it is ready)."""
    contexto = contexto_documento(resolucion) if resolucion.estado == Resolucion.Estado.EXPEDIDA else {}
    return {
        **contexto,
        "resolucion": resolucion,
        "en_curso": resolucion.estado == Resolucion.Estado.EXPIDIENDO,
        "progreso": resolucion.progreso,
    }


@pagina_protegida
@require_GET
def expedicion(request, resolucion_id):
    """The issuing job's page: a progress bar htmx refreshes until the cupos exist."""
    resolucion = resolucion_access(request.user, resolucion_id)
    contexto = _contexto_expedicion(resolucion)
    if parcial_htmx(request):
        return render(request, "cupos/asignacion/_expedicion_estado.html", contexto)
    return render(request, "cupos/asignacion/expedicion.html", contexto)
