"""Resolutions (R-05): list, the creation of a draft with its motivación, the detail (the allocation
workspace while in draft, read-only once issued) with the bulk firmeza (R-06), and the signed PDF."""

from django.contrib import messages
from django.http import FileResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.comun.errors import ApplicationError, DatosInvalidos, NoEncontrado, PermisoDenegado
from core.comun.numeros import entero
from core.identidad.access import require_role
from core.identidad.segundo_factor import exige_codigo_fresco
from core.vencimientos.calendario import today
from core.web.views.comun import confirmacion, errores_al_formulario, intentar, pagina_protegida, paginar, puede
from cupos import pdf
from cupos.access import ANALISTAS, ESCRITORES, resolucion_access
from cupos.errors import ErrorCupos
from cupos.forms import FirmezaForm, ResolucionForm
from cupos.models import Cupo, Resolucion
from cupos.selectors import resoluciones as selectors
from cupos.services import documentos, firmezas
from cupos.services.resoluciones import resolucion_create
from cupos.views.asignacion import en_asignacion, espacio_de_trabajo
from cupos.views.documento import contexto_documento


def _resolucion_crear(*, actor, modifica: int | None, **datos) -> Resolucion:
    """resolucion_create with the form's fields (the form names the annual resolution by its id)."""
    anual = Resolucion.objects.filter(pk=modifica).first() if modifica else None
    return resolucion_create(actor=actor, modifica=anual, **datos)


@pagina_protegida
@require_GET
def lista(request):
    # The roles resolucion_access lets in: the list shows what the detail would.
    require_role(request.user, *ANALISTAS)
    pagina = paginar(request, selectors.resolucion_list_con_totales())
    for r in pagina:
        r.fecha_texto = pdf.fecha_larga(r.fecha_expedicion)
        r.extemporanea = selectors.resolucion_extemporanea(r)
    return render(
        request, "cupos/resoluciones.html", {"pagina": pagina, "puede_crear": puede(request.user, ESCRITORES)}
    )


POR_PAGINA_CUPOS = 50


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
        **contexto_documento(resolucion),
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
    """A draft is the allocation workspace; an issued resolution shows read-only, with firmeza."""
    resolucion = resolucion_access(request.user, resolucion_id)
    if en_asignacion(resolucion):
        return espacio_de_trabajo(request, resolucion)
    contexto = _contexto_detalle(request, resolucion)
    contexto["puede_crear_derivadas"] = puede(request.user, ESCRITORES) and resolucion.tipo == Resolucion.Tipo.ANUAL
    contexto["derivadas"] = selectors.resolucion_list().filter(modifica=resolucion)
    contexto["modificaciones"] = pdf.modificaciones(resolucion)  # issue 26: what a modifying one changed
    return render(request, "cupos/resolucion_detalle.html", contexto)


def considerandos_sugeridos(
    *, anio, tipo, fuente_flota_fecha, fuente_areas_cultivo, fuente_consumo_anio, modifica=None
) -> str:
    """The motivación D1891 art. 1 asks for, drafted from the sources the analyst names (editable)."""
    dimar = f"con corte al {pdf.fecha_larga(fuente_flota_fecha)}" if fuente_flota_fecha else "más recientes"
    consumo = fuente_consumo_anio or anio - 1
    parrafos = [
        "Que el artículo 1 del Decreto 1891 de 2009 dispone que la UPME asigna los cupos de combustible exento "
        "mediante resolución motivada, teniendo en cuenta la información actualizada de la flota pesquera "
        "industrial y las áreas de cultivo, y las actividades de cabotaje y remolque, según registros de la Dimar.",
        f"Que para la asignación del año {anio} se tuvieron en cuenta los registros de la flota de la Dimar {dimar}.",
        "Que las áreas de cultivo de las empresas acuicultoras se tomaron de: "
        f"{fuente_areas_cultivo or '(indique la fuente)'}.",
        f"Que se tuvo en cuenta el consumo del año {consumo}, según las ventas reportadas por los distribuidores "
        "mayoristas y las declaraciones de los beneficiarios; las declaraciones presentadas fuera de plazo no se "
        "tuvieron en cuenta.",
    ]
    if tipo == Resolucion.Tipo.MODIFICATORIA and modifica is not None:
        parrafos.append(f"Que es necesario modificar la Resolución No. {modifica.numero} de {modifica.anio}.")
    elif tipo == Resolucion.Tipo.ADICIONAL and modifica is not None:
        parrafos.append(
            f"Que es necesario adicionar cupos a los asignados en la Resolución No. {modifica.numero} de "
            f"{modifica.anio}, para las naves reportadas como altas por la Dimar y las solicitudes presentadas "
            "con causa justificada."
        )
    return "\n\n".join(parrafos)


def _form_resolucion(data=None, *, initial=None) -> ResolucionForm:
    anuales = selectors.resolucion_list().filter(tipo=Resolucion.Tipo.ANUAL, estado=Resolucion.Estado.EXPEDIDA)
    return ResolucionForm(data, initial=initial, tipos=Resolucion.Tipo.choices, anuales=anuales)


@pagina_protegida
@require_http_methods(["GET", "POST"])
def nueva(request):
    """A resolution in draft: number, date, year, kind (linked to the annual one) and motivación."""
    require_role(request.user, *ESCRITORES)
    if request.method == "GET":
        hoy = today()
        modifica = selectors.resolucion_list().filter(pk=entero(request.GET.get("modifica"))).first()
        anio = modifica.anio if modifica else hoy.year + (1 if hoy.month > 2 else 0)
        tipo = request.GET.get("tipo") if request.GET.get("tipo") in Resolucion.Tipo.values else "anual"
        fuentes = {
            "fuente_flota_fecha": hoy,
            "fuente_areas_cultivo": f"registro de áreas de cultivo de la AUNAP de {anio - 1}",
            "fuente_consumo_anio": anio - 1,
        }
        inicial = {
            "anio": anio,
            "tipo": tipo,
            "modifica": modifica.id if modifica else None,
            "fecha_expedicion": hoy,
            **fuentes,
            "considerandos": considerandos_sugeridos(anio=anio, tipo=tipo, modifica=modifica, **fuentes),
        }
        return render(request, "cupos/resolucion_nueva.html", {"form": _form_resolucion(initial=inicial)})
    form = _form_resolucion(request.POST)
    if form.is_valid() and "proponer" in request.POST:
        # "Proponer texto": the considerations drafted again from the sources typed; nothing is saved.
        datos = dict(form.cleaned_data)
        modifica = Resolucion.objects.filter(pk=datos["modifica"]).first() if datos["modifica"] else None
        texto = considerandos_sugeridos(
            anio=datos["anio"],
            tipo=datos["tipo"],
            modifica=modifica,
            fuente_flota_fecha=datos["fuente_flota_fecha"],
            fuente_areas_cultivo=datos["fuente_areas_cultivo"],
            fuente_consumo_anio=datos["fuente_consumo_anio"],
        )
        form = _form_resolucion(initial={**request.POST.dict(), "considerandos": texto})
        return render(request, "cupos/resolucion_nueva.html", {"form": form})
    if form.is_valid():
        resolucion, rechazo = intentar(form, _resolucion_crear, actor=request.user, **form.cleaned_data)
        if rechazo is not None:
            campo = {ErrorCupos.RESOLUCION_DUPLICADA: "numero", ErrorCupos.RESOLUCION_ANUAL_DUPLICADA: "tipo"}
            form.add_error(campo.get(rechazo.codigo), rechazo.detalle)
        elif resolucion is not None:
            messages.success(
                request,
                f"Se creó en borrador la resolución {resolucion.numero} de {resolucion.anio}. "
                "Revise la propuesta de cupos y expídala cuando esté lista.",
            )
            return redirect("cupos:resolucion", resolucion_id=resolucion.id)
    return render(request, "cupos/resolucion_nueva.html", {"form": form}, status=400)


def _detalle_con_errores(request, resolucion, form):
    return render(request, "cupos/resolucion_detalle.html", _contexto_detalle(request, resolucion, form), status=400)


def _a_la_resolucion(resolucion, ancla: str):
    return redirect(f"{reverse('cupos:resolucion', args=[resolucion.id])}#{ancla}")


def _documento_fragmento(request, resolucion):
    """The PDF's box of the detail page, which htmx polls while the document is built."""
    return render(request, "cupos/_documento_resolucion.html", contexto_documento(resolucion))


@pagina_protegida
@exige_codigo_fresco()
@require_POST
def firmeza(request, resolucion_id):
    """R-06: every still-issued cupo of the resolution becomes firm on the date given (a job)."""
    resolucion = resolucion_access(request.user, resolucion_id)
    require_role(request.user, *ESCRITORES)
    form = FirmezaForm(request.POST)
    if not form.is_valid():
        return _detalle_con_errores(request, resolucion, form)
    fecha, comunicacion = form.cleaned_data["fecha_firmeza"], form.cleaned_data["fecha_comunicacion"]
    try:
        firmezas.firmeza_masiva_check(resolucion=resolucion, fecha_firmeza=fecha, fecha_comunicacion=comunicacion)
    except DatosInvalidos as exc:
        errores_al_formulario(form, exc)
        return _detalle_con_errores(request, resolucion, form)
    expedidos = selectors.resolucion_expedidos_count(resolucion=resolucion)
    if not expedidos:
        messages.info(request, "No había cupos expedidos pendientes de firmeza en esta resolución.")
        return redirect("cupos:resolucion", resolucion_id=resolucion.id)
    pendientes = selectors.resolucion_debidos_count(resolucion=resolucion, fecha=fecha)  # P-04: their term ran
    if not pendientes:
        messages.info(
            request,
            f"Ningún cupo de esta resolución puede quedar en firme el {pdf.fecha_larga(fecha)}: a sus {expedidos} "
            "beneficiarios aún no les corre o no les ha vencido el plazo para los recursos, o tienen un recurso en "
            "trámite (Ley 1437, art. 87). Cada cupo queda en firme solo el día que el procedimiento indica.",
        )
        return redirect("cupos:resolucion", resolucion_id=resolucion.id)
    # one act. The same checks the job runs before it writes: the page names every cupo that
    # would stop it, before anyone confirms, and a confirmation posted anyway is refused.
    impedimentos = firmezas.firmeza_masiva_impedimentos(
        resolucion=resolucion, fecha_firmeza=fecha, fecha_comunicacion=comunicacion
    )
    if request.POST.get("confirmado") != "1" or impedimentos:
        efecto = firmezas.firmeza_masiva_efecto(resolucion=resolucion, fecha_firmeza=fecha, pendientes=pendientes)
        if expedidos > pendientes:
            efecto += (
                f" Los otros {expedidos - pendientes} siguen pendientes: su plazo para los recursos no ha corrido, "
                "falta notificarlos o tienen un recurso en trámite (Ley 1437, art. 87)."
            )
        titulo = f"Declarar la firmeza de la resolución {resolucion.numero}"
        accion = reverse("cupos:resolucion-firmeza", args=[resolucion.id])
        volver = reverse("cupos:resolucion", args=[resolucion.id])
        contexto = {"resolucion": resolucion, "form": form, "impedimentos": impedimentos}
        if impedimentos:
            contexto["impedido"] = _impedido(impedimentos)
        respuesta = confirmacion(request, "cupos/resolucion_confirmar.html", titulo, [efecto], accion, volver, contexto)
        if impedimentos and request.POST.get("confirmado") == "1":
            respuesta.status_code = 409
        return respuesta
    try:
        firmezas.firmeza_masiva_request(
            actor=request.user, resolucion=resolucion, fecha_firmeza=fecha, fecha_comunicacion=comunicacion
        )
    except DatosInvalidos as exc:
        errores_al_formulario(form, exc)
        return _detalle_con_errores(request, resolucion, form)
    except (PermisoDenegado, NoEncontrado):
        raise
    except ApplicationError as exc:
        messages.error(request, f"No se pudo declarar la firmeza: {exc.detalle}")
    return _a_la_resolucion(resolucion, "titulo-firmeza")


def _impedido(impedimentos) -> str:
    """Why the act cannot be confirmed, and what the analyst can do about each kind of case (issue 45: the generic
    advice to cancel a vessel dada de baja did not apply to consumption on the previous cupo)."""
    n = len(impedimentos)
    cuantos = "un cupo no puede quedar en firme" if n == 1 else f"{n} cupos no pueden quedar en firme"
    texto = (
        f"No se puede confirmar: {cuantos} en esa fecha, y la firmeza masiva es un solo acto (R-06): o quedan en "
        "firme todos y se comunican a Dimar, o ninguno."
    )
    por_consumo = [i for i in impedimentos if i.desde is not None]
    if por_consumo:
        desde = max(i.desde for i in por_consumo)
        if desde <= today():
            texto += (
                f" Los que tienen consumo en su cupo anterior pueden quedar en firme desde el día siguiente a ese "
                f"consumo: declare la firmeza con fecha del {pdf.fecha_larga(desde)} o posterior."
            )
        else:
            texto += (
                f" Los que tienen consumo en su cupo anterior podrán quedar en firme desde el "
                f"{pdf.fecha_larga(desde)}; ese día el trabajo diario los deja en firme solos."
            )
    if len(por_consumo) < n:
        texto += (
            " Para los demás, resuelva lo que se indica (por ejemplo, cancele el cupo de una nave dada de baja, o "
            "registre la regla de acumulación que falta)."
        )
    return texto + (
        " Mientras tanto, cada cupo cuyo procedimiento terminó queda en firme por sí solo el día que corresponde "
        "(trabajo diario de firmeza, Ley 1437, art. 87): esta firmeza masiva no es necesaria para ellos."
    )


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
        return _documento_fragmento(request, resolucion)
    return _a_la_resolucion(resolucion, "documento")


@pagina_protegida
@require_GET
def documento_estado(request, resolucion_id):
    return _documento_fragmento(request, resolucion_access(request.user, resolucion_id))


@pagina_protegida
@require_GET
def documento_pdf(request, resolucion_id):
    """The stored PDF (the latest built). With none built yet, back to the page, which offers it."""
    resolucion = resolucion_access(request.user, resolucion_id)
    documento = selectors.documento_ultimo(resolucion=resolucion)
    if documento is None:
        if resolucion.estado == Resolucion.Estado.BORRADOR and not resolucion.cupos.exists():
            messages.info(request, "La resolución está en borrador: su PDF se genera al expedirla.")
            return redirect("cupos:resolucion", resolucion_id=resolucion.id)
        if (
            resolucion.estado != Resolucion.Estado.EXPIDIENDO
            and not resolucion.documentos.exists()
            and puede(request.user, ANALISTAS)
        ):
            # Issued and never asked for (issued before the act asked for it, or cupos granted one by
            # one): following the link asks for it, as the page's button would; it is queued, never built here.
            documentos.resolucion_documento_request(actor=request.user, resolucion=resolucion)
        # Being issued or built (issuing asks for it): a page that waits for it, polling, and then links to it.
        return render(request, "cupos/documento_espera.html", contexto_documento(resolucion))
    respuesta = FileResponse(documento.archivo.open("rb"), content_type="application/pdf")
    respuesta["Content-Disposition"] = f'inline; filename="{pdf.nombre_archivo(resolucion)}"'
    return respuesta
