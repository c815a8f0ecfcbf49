"""Pages of the other duties: offers compared on the seven criteria (C-10), yearly contracts (C-11),
semiannual reports (C-09) and Dimar's yearly control (C-05)."""

from functools import partial

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.identidad.access import require_role
from core.web.views.comun import ejecutar, pagina_protegida, puede
from reserva import access
from reserva.forms import (
    CalificacionForm,
    CierreControlForm,
    ContratoForm,
    ControlForm,
    FechaForm,
    InformeForm,
    NegacionContratoForm,
    OfertaForm,
    RegistroContratoForm,
    RespuestaControlForm,
    SolicitudOfertaForm,
)
from reserva.selectors import deberes as selectors
from reserva.selectors import registros
from reserva.services import contratos, controles, informes, ofertas
from reserva.views.comun import lista_con_alta, secciones

CRITERIOS = [
    ("flete_usd", "a) Flete con todos los recargos (USD)"),
    ("fecha_zarpe", "b) Disponibilidad y zarpe"),
    ("arribo_estimado", "c) Arribo estimado"),
    ("demoras_usd", "d) Demoras o premios (USD por día)"),
    ("tiempos_libres", "e) Tiempos libres y de plancha"),
    ("operacion_portuaria", "f) Operación en puerto"),
    ("caracteristicas_nave", "g) Características de la nave"),
]


def _nit(request) -> str:
    return request.user.nit or ""


def _accion_en_fila(request, objeto: dict, form_class, servicio, exito: str, destino: str):
    """A one-row action of a list page (authorize, register, answer, close): run the service with the
    row's object and go back to the list with a message."""
    form = form_class(request.POST)
    if form.is_valid() and ejecutar(form, servicio, actor=request.user, **objeto, **form.cleaned_data):
        messages.success(request, exito)
    else:
        errores = "; ".join(e for lista in form.errors.values() for e in lista)
        messages.error(request, f"No se registró: {errores}")
    return redirect(destino)


@pagina_protegida
@require_http_methods(["GET", "POST"])
def ofertas_lista(request):
    return lista_con_alta(
        request,
        "ofertas",
        lectores=access.LECTORES_DEBERES,
        creadores=access.USUARIOS,
        formulario=lambda datos: SolicitudOfertaForm(datos, rutas=registros.ruta_list()),
        alta=partial(ofertas.solicitud_oferta_create, actor=request.user, usuario_nit=_nit(request)),
        tras_alta=lambda solicitud: redirect("reserva:oferta", solicitud.pk),
        filas=selectors.solicitud_oferta_list(user=request.user).order_by("-id"),
    )


def _oferta(request, solicitud, status=200, **forms):
    abierta = not solicitud.calificacion
    lista = list(solicitud.ofertas.all())
    filas = [(etiqueta, [getattr(o, campo) for o in lista]) for campo, etiqueta in CRITERIOS]
    return render(
        request,
        "reserva/oferta.html",
        {
            "s": solicitud,
            "ofertas": lista,
            "filas": filas,
            "form_oferta": forms.get("oferta")
            or (OfertaForm() if abierta and puede(request.user, access.USUARIOS) else None),
            "form_calificacion": forms.get("calificacion")
            or (CalificacionForm() if abierta and puede(request.user, access.DIMAR) else None),
            "secciones": secciones(request, "reserva:ofertas"),
            "investigaciones": selectors.investigaciones_de_oferta(solicitud),
        },
        status=status,
    )


@pagina_protegida
@require_GET
def oferta(request, solicitud_id):
    return _oferta(request, access.solicitud_oferta_access(request.user, solicitud_id))


def _oferta_accion(request, solicitud_id, roles, form_class, servicio, exito: str, clave: str):
    """Add an offer or qualify the tie: back to the comparison, or the page again with the form's errors."""
    require_role(request.user, *roles)
    solicitud = access.solicitud_oferta_access(request.user, solicitud_id)
    form = form_class(request.POST)
    if form.is_valid() and ejecutar(form, servicio, actor=request.user, solicitud=solicitud, **form.cleaned_data):
        messages.success(request, exito)
        return redirect("reserva:oferta", solicitud.pk)
    return _oferta(request, solicitud, status=400, **{clave: form})


@pagina_protegida
@require_POST
def oferta_agregar(request, solicitud_id):
    return _oferta_accion(
        request, solicitud_id, access.USUARIOS, OfertaForm, ofertas.oferta_add, "Oferta registrada.", "oferta"
    )


@pagina_protegida
@require_POST
def oferta_calificar(request, solicitud_id):
    exito = "Igualdad calificada."
    return _oferta_accion(
        request, solicitud_id, access.DIMAR, CalificacionForm, ofertas.ofertas_qualify, exito, "calificacion"
    )


@pagina_protegida
@require_http_methods(["GET", "POST"])
def contratos_lista(request):
    return lista_con_alta(
        request,
        "contratos",
        lectores=access.LECTORES_DEBERES,
        creadores=access.USUARIOS,
        formulario=ContratoForm,
        alta=partial(contratos.contrato_file, actor=request.user, usuario_nit=_nit(request)),
        tras_alta=lambda _: _a_la_lista(request, "Contrato anual presentado a Dimar.", "reserva:contratos"),
        filas=selectors.contrato_list(user=request.user),
        contexto={
            "form_fecha": FechaForm() if puede(request.user, access.DIMAR) else None,
            "form_negar": NegacionContratoForm() if puede(request.user, access.DIMAR) else None,
            "form_registro": RegistroContratoForm() if puede(request.user, access.USUARIOS) else None,
        },
    )


def _a_la_lista(request, mensaje: str, destino: str):
    messages.success(request, mensaje)
    return redirect(destino)


# A row's kind → how the actor reaches it and the list page to go back to.
FILAS = {
    "contrato": (access.contrato_access, "reserva:contratos"),
    "control": (access.control_access, "reserva:controles"),
}


def _en_fila(request, clase: str, pk, roles, form_class, servicio, exito: str):
    """A one-row action on a contract or a control: the role, the row within the actor's reach, then
    `_accion_en_fila`."""
    require_role(request.user, *roles)
    acceso, destino = FILAS[clase]
    return _accion_en_fila(request, {clase: acceso(request.user, pk)}, form_class, servicio, exito, destino)


@pagina_protegida
@require_POST
def contrato_autorizar(request, contrato_id):
    exito = "Contrato autorizado: el usuario tiene 30 días hábiles para registrar los contratos."
    return _en_fila(request, "contrato", contrato_id, access.DIMAR, FechaForm, contratos.contrato_authorize, exito)


@pagina_protegida
@require_POST
def contrato_negar(request, contrato_id):
    exito = "Contrato anual negado; los motivos quedan registrados."
    return _en_fila(
        request, "contrato", contrato_id, access.DIMAR, NegacionContratoForm, contratos.contrato_deny, exito
    )


@pagina_protegida
@require_GET
def contrato_negacion(request, contrato_id):
    """Issue 24: Dimar's denial of a yearly contract, with its reasons, as a signed PDF."""
    from core.firma import documentos
    from reserva import pdf

    require_role(request.user, *access.LECTORES_DEBERES)
    contrato = access.contrato_access(request.user, contrato_id)
    if contrato.estado != contrato.Estado.NEGADO:
        raise Http404("Solo un contrato anual negado tiene decisión de negación.")
    respuesta = HttpResponse(
        documentos.contenido(pdf.contrato_negacion_firmada(contrato)), content_type="application/pdf"
    )
    respuesta["Content-Disposition"] = f'inline; filename="contrato-anual-negado-{contrato.pk}.pdf"'
    return respuesta


@pagina_protegida
@require_POST
def contrato_registrar(request, contrato_id):
    exito = "Contratos de fletamento registrados."
    servicio = contratos.contrato_register
    return _en_fila(request, "contrato", contrato_id, access.USUARIOS, RegistroContratoForm, servicio, exito)


@pagina_protegida
@require_http_methods(["GET", "POST"])
def informes_lista(request):
    def presentado(informe):
        tarde = " (extemporáneo)" if informe.extemporaneo else ""
        return _a_la_lista(request, f"Informe semestral presentado{tarde}.", "reserva:informes")

    return lista_con_alta(
        request,
        "informes",
        lectores=access.LECTORES_DEBERES,
        creadores=access.USUARIOS,
        formulario=InformeForm,
        alta=partial(informes.informe_present, actor=request.user, usuario_nit=_nit(request)),
        tras_alta=presentado,
        filas=selectors.informe_list(user=request.user),
    )


@pagina_protegida
@require_http_methods(["GET", "POST"])
def controles_lista(request):
    return lista_con_alta(
        request,
        "controles",
        lectores=access.LECTORES_DEBERES,
        creadores=access.DIMAR,
        formulario=ControlForm,
        alta=partial(controles.control_request, actor=request.user),
        tras_alta=lambda _: _a_la_lista(request, "Prueba de cumplimiento solicitada.", "reserva:controles"),
        filas=selectors.control_list(user=request.user),
        contexto={
            "form_respuesta": RespuestaControlForm() if puede(request.user, access.USUARIOS) else None,
            "form_cierre": CierreControlForm() if puede(request.user, access.DIMAR) else None,
        },
    )


@pagina_protegida
@require_POST
def control_responder(request, control_id):
    roles = (*access.USUARIOS, *access.DIMAR)
    return _en_fila(
        request, "control", control_id, roles, RespuestaControlForm, controles.control_answer, "Respuesta registrada."
    )


@pagina_protegida
@require_POST
def control_cerrar(request, control_id):
    exito = "Control anual cerrado."
    return _en_fila(request, "control", control_id, access.DIMAR, CierreControlForm, controles.control_close, exito)
