"""Pages for applications (R-03, R-04): list, radicación, detail with the document checklist.

Every page reaches the application through `solicitud_access` and writes through the services
of `cupos.services.solicitudes`; this module only parses forms and renders.
"""

import mimetypes

from django.contrib import messages
from django.http import FileResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from core.comun.errors import ApplicationError, DatosInvalidos, NoEncontrado, PermisoDenegado
from core.comun.fechas import fecha_larga
from core.comun.numeros import entero
from core.vencimientos.calendario import today
from core.web.views.comun import confirmacion, ensayar, errores_al_formulario, pagina_protegida, paginar
from cupos.access import (
    es_analista,
    es_beneficiario,
    puede_gestionar,
    puede_radicar,
    solicitud_access,
)
from cupos.forms import (
    AtuneraForm,
    CausaForm,
    DocumentoForm,
    EstadoForm,
    FiltrosForm,
    PlazoForm,
    ProrrogaForm,
    RadicarForm,
    RequerimientoForm,
)
from cupos.models import Beneficiario, Solicitud
from cupos.selectors import beneficiarios as beneficiario_selectors
from cupos.selectors import solicitudes as selectors
from cupos.services import solicitudes as servicio

ACCIONES_ESTADO = {
    Solicitud.Estado.EN_REVISION: "Pasar a revisión",
    Solicitud.Estado.APROBADA: "Aprobar",
    Solicitud.Estado.RECHAZADA: "Rechazar",
}


# --- Pages --------------------------------------------------------------------------------------


@require_GET
@pagina_protegida
def solicitud_lista(request):
    filtros = FiltrosForm(request.GET or None)
    datos = {}
    if filtros.is_bound:
        filtros.is_valid()  # an invalid filter is reported and ignored; the valid ones still apply
        datos = filtros.cleaned_data
    extemporanea = {"si": True, "no": False}.get(datos.get("extemporanea") or "")
    qs = selectors.solicitud_list(
        user=request.user,
        anio=datos.get("anio"),
        estado=datos.get("estado") or "",
        tipo=datos.get("tipo") or "",
        extemporanea=extemporanea,
    )
    pagina = paginar(request, qs)
    return render(
        request,
        "cupos/solicitudes/lista.html",
        {
            "pagina": pagina,
            "filtros": filtros,
            "hay_filtros": any(v not in (None, "") for v in datos.values()),
            "puede_radicar": puede_radicar(request.user),
        },
    )


@pagina_protegida
def solicitud_nueva(request):
    usuario = request.user
    if not puede_radicar(usuario):
        raise PermisoDenegado("Su rol no permite radicar solicitudes.")
    propio = usuario.beneficiario if es_beneficiario(usuario) else None
    datos = request.POST.copy() if request.method == "POST" else None
    if propio is not None and datos is not None:
        datos["beneficiario"] = str(propio.pk)
    inicial = {"anio": today().year, "fecha_radicacion": today()}
    if propio is not None:
        inicial["beneficiario"] = propio.pk
    elif request.GET.get("beneficiario"):
        inicial["beneficiario"] = request.GET["beneficiario"]
    form = RadicarForm(datos, usuario=usuario, initial=inicial)
    status = 200
    if datos is not None:
        if form.is_valid():
            try:
                solicitud = _radicar(usuario, form.cleaned_data)
            except DatosInvalidos as exc:
                errores_al_formulario(form, exc)
            except ApplicationError as exc:
                form.add_error(None, exc.detalle)
            else:
                messages.success(request, f"Solicitud {solicitud.anio} radicada para {solicitud.beneficiario.nombre}.")
                return redirect("cupos:solicitud", pk=solicitud.pk)
        status = 400
    q = (request.POST.get("q") or request.GET.get("q") or "").replace("\x00", "").strip()
    opciones = [] if propio else beneficiario_selectors.beneficiario_search(user=usuario, q=q)
    seleccionado = _beneficiario_elegido(form, usuario)
    if seleccionado is not None and seleccionado not in opciones:
        opciones.insert(0, seleccionado)
    return render(
        request,
        "cupos/solicitudes/nueva.html",
        {
            "form": form,
            "q": q,
            "opciones": opciones,
            "seleccionado": seleccionado,
            "propio": propio,
        },
        status=status,
    )


def _radicar(usuario, datos: dict) -> Solicitud:
    return servicio.solicitud_radicar(
        actor=usuario,
        beneficiario=datos["beneficiario"],
        anio=datos["anio"],
        galones_solicitados=datos["galones_solicitados"],
        fecha_radicacion=datos.get("fecha_radicacion") or today(),
        fecha_limite=datos.get("fecha_limite"),
        atunera={"si": True, "no": False}.get(datos.get("atunera") or ""),
    )


def _beneficiario_elegido(form: RadicarForm, usuario) -> Beneficiario | None:
    valor = entero(form["beneficiario"].value())
    if valor is None:
        return None
    return beneficiario_selectors.beneficiario_visible(user=usuario, beneficiario_id=valor)


@require_GET
@pagina_protegida
def solicitud_detalle(request, pk):
    solicitud = solicitud_access(request.user, pk)
    return _render_detalle(request, solicitud)


def _render_detalle(request, solicitud, *, status=200, **extra):
    usuario = request.user
    checklist = selectors.solicitud_checklist(solicitud)
    abierta = bool(Solicitud.TRANSICIONES[solicitud.estado])
    contexto = {
        "solicitud": solicitud,
        "checklist": checklist,
        "cumplidos": sum(1 for i in checklist if i.cumple),
        "pendientes": sum(1 for i in checklist if not i.cumple),
        "es_extranjera": solicitud.beneficiario.tipo == Beneficiario.Tipo.NAVE_EXTRANJERA,
        "atunera": selectors.solicitud_es_atunera(solicitud),
        "abierta": abierta,
        "puede_cargar": abierta and puede_gestionar(usuario, solicitud),
        "es_analista": es_analista(usuario),
        "form_requerimiento_vacio": RequerimientoForm(),
        "acciones": [
            {"estado": estado, "etiqueta": etiqueta}
            for estado, etiqueta in ACCIONES_ESTADO.items()
            if estado in Solicitud.TRANSICIONES[solicitud.estado]
        ],
        "max_bytes": servicio.limite_bytes(),
        "form_estado": None,
        "form_causa": None,
        "form_plazo": None,
        "error_documento": None,
    }
    contexto.update(extra)
    return render(request, "cupos/solicitudes/detalle.html", contexto, status=status)


@pagina_protegida
def documento_cargar(request, pk, requisito):
    solicitud = solicitud_access(request.user, pk)
    if request.method != "POST":
        return redirect("cupos:solicitud", pk=solicitud.pk)
    form = DocumentoForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            documento = servicio.documento_cargar(
                actor=request.user,
                solicitud=solicitud,
                requisito=requisito,
                archivo=form.cleaned_data["archivo"],
                fecha_expedicion=form.cleaned_data["fecha_expedicion"],
            )
        except DatosInvalidos as exc:
            if "requisito" in exc.errores:
                return _fallo(request, solicitud, exc)
            errores_al_formulario(form, exc)
        except ApplicationError as exc:
            return _fallo(request, solicitud, exc)
        else:
            messages.success(request, f"Documento «{documento.nombre_original}» cargado.")
            solicitud = solicitud_access(request.user, pk)
            item = next((i for i in selectors.solicitud_checklist(solicitud) if i.requisito.codigo == requisito), None)
            if item is not None and not item.cumple:
                messages.warning(request, f"{item.requisito.etiqueta}: {item.motivo}")
            return redirect(f"{reverse('cupos:solicitud', args=[solicitud.pk])}#req-{requisito}")
    return _render_detalle(request, solicitud, status=400, error_documento={"codigo": requisito, "form": form})


@require_GET
@pagina_protegida
def documento_descargar(request, pk, requisito):
    """Files are served only through here, after the scope check (never from a public MEDIA URL)."""
    solicitud = solicitud_access(request.user, pk)
    documento = selectors.solicitud_documento(solicitud=solicitud, requisito=requisito)
    if documento is None:
        raise NoEncontrado("Esa solicitud no tiene cargado ese documento.")
    try:
        archivo = documento.archivo.open("rb")
    except FileNotFoundError as exc:
        raise NoEncontrado("El archivo de ese documento no está disponible. Comuníquese con la UPME.") from exc
    nombre = documento.archivo.name.rsplit("/", 1)[-1]
    tipo = mimetypes.guess_type(nombre)[0] or "application/octet-stream"
    return FileResponse(archivo, as_attachment=True, filename=nombre, content_type=tipo)


def _accion(request, pk, form_class, clave: str, servicio, exito, confirmar=None):
    """An act of the detail page's form `clave`: `servicio(actor, solicitud, **the form's data)`, then
    the message `exito(solicitud)`; field errors next to their fields, a refusal through _fallo.

    With `confirmar(solicitud, datos)` → (title, effects) or None, an act that has a title is first run
    in a rolled-back transaction (a refusal shows at once) and shown on a confirmation page."""
    solicitud = solicitud_access(request.user, pk)
    if request.method != "POST":
        return redirect("cupos:solicitud", pk=solicitud.pk)
    form = form_class(request.POST)
    if form.is_valid():
        decision = confirmar(solicitud, form.cleaned_data) if confirmar else None
        try:
            if decision is not None and request.POST.get("confirmado") != "1":
                ensayar(lambda: servicio(actor=request.user, solicitud=solicitud, **form.cleaned_data))
                titulo, efectos = decision
                volver = reverse("cupos:solicitud", args=[solicitud.pk])
                contexto = {"solicitud": solicitud, "form": form, "datos": form.cleaned_data}
                return confirmacion(
                    request, "cupos/solicitudes/confirmar.html", titulo, efectos, request.path, volver, contexto
                )
            solicitud = servicio(actor=request.user, solicitud=solicitud, **form.cleaned_data)
        except DatosInvalidos as exc:
            errores_al_formulario(form, exc)
        except ApplicationError as exc:
            return _fallo(request, solicitud, exc, **{clave: form})
        else:
            messages.success(request, exito(solicitud))
            return redirect("cupos:solicitud", pk=solicitud.pk)
    return _render_detalle(request, solicitud, status=400, **{clave: form})


@pagina_protegida
def solicitud_estado(request, pk):
    def exito(solicitud):
        return f"La solicitud quedó en estado «{solicitud.get_estado_display()}»."

    return _accion(
        request, pk, EstadoForm, "form_estado", servicio.solicitud_cambiar_estado, exito, confirmar=_decision
    )


def _decision(solicitud, datos) -> tuple[str, list[str]] | None:
    """Approving or refusing decides the application for good (issue 26): what will happen, before it does."""
    nombre = solicitud.beneficiario.nombre
    if datos["estado"] == Solicitud.Estado.APROBADA:
        return f"Aprobar la solicitud de {nombre}", [
            f"La solicitud de cupo de {nombre} para {solicitud.anio} queda aprobada y entra en la asignación "
            "anual de ese año.",
            "La solicitud queda decidida y ya no admite cambios: ni documentos, ni plazo, ni otro estado.",
        ]
    if datos["estado"] == Solicitud.Estado.RECHAZADA:
        return f"Rechazar la solicitud de {nombre}", [
            f"La solicitud de cupo de {nombre} para {solicitud.anio} queda rechazada, con el motivo escrito.",
            "La solicitud queda decidida y ya no admite cambios: ni documentos, ni plazo, ni otro estado.",
        ]
    return None


@pagina_protegida
def solicitud_causa(request, pk):
    exito = "Causa justificada registrada (R-04)."
    return _accion(
        request, pk, CausaForm, "form_causa", servicio.solicitud_registrar_causa_justificada, lambda _: exito
    )


@pagina_protegida
def solicitud_plazo(request, pk):
    def exito(solicitud):
        if solicitud.extemporanea:
            return "Plazo actualizado: la solicitud es extemporánea (R-04)."
        return "Plazo actualizado: la solicitud está dentro del plazo."

    return _accion(request, pk, PlazoForm, "form_plazo", servicio.solicitud_fijar_plazo, exito)


@pagina_protegida
def solicitud_requerir(request, pk):
    """P-06: UPME asks the applicant for what its application lacks (within 10 business days of the filing)."""
    def exito(solicitud):
        return (f"Se requirió completar la solicitud a más tardar el {fecha_larga(solicitud.vence_requerimiento)}; "
                "se avisó al solicitante.")

    return _accion(request, pk, RequerimientoForm, "form_requerimiento", servicio.solicitud_requerir, exito)


@pagina_protegida
def solicitud_prorrogar(request, pk):
    """P-06: the month to complete, extended once on the applicant's request."""
    def exito(solicitud):
        return f"Plazo para completar prorrogado hasta el {fecha_larga(solicitud.vence_requerimiento)}."

    return _accion(request, pk, ProrrogaForm, "form_prorroga", servicio.solicitud_prorrogar, exito)


@pagina_protegida
def solicitud_atunera(request, pk):
    solicitud = solicitud_access(request.user, pk)
    if request.method != "POST":
        return redirect("cupos:solicitud", pk=solicitud.pk)
    form = AtuneraForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Indique si la nave es atunera.")
        return redirect("cupos:solicitud", pk=solicitud.pk)
    try:
        servicio.solicitud_declarar_atunera(
            actor=request.user, solicitud=solicitud, atunera=form.cleaned_data["atunera"] == "si"
        )
    except ApplicationError as exc:
        return _fallo(request, solicitud, exc)
    messages.success(request, "Declaración guardada.")
    return redirect(f"{reverse('cupos:solicitud', args=[solicitud.pk])}#requisitos")


def _fallo(request, solicitud, exc: ApplicationError, **extra):
    """A refusal the user can act on: the detail page again, with the Spanish message."""
    if isinstance(exc, PermisoDenegado | NoEncontrado):
        raise exc
    if isinstance(exc, DatosInvalidos):
        for mensajes in exc.errores.values():
            for mensaje in mensajes:
                messages.error(request, mensaje)
    else:
        messages.error(request, exc.detalle)
    solicitud = solicitud_access(request.user, solicitud.pk)
    return _render_detalle(request, solicitud, status=exc.status_code, **extra)
