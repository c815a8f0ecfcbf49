"""Pages for applications (R-03, R-04): list, radicación, detail with the document checklist.

Every page reaches the application through `solicitud_access` and writes through the services
of `cupos.services.solicitudes`; this module only parses forms and renders.
"""

import mimetypes
import re
from functools import wraps

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import FileResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from core.calendario import today
from core.errors import ApplicationError, DatosInvalidos, NoEncontrado, PermisoDenegado
from core.roles import Rol
from cupos.access import beneficiarios_visibles
from cupos.models import Beneficiario, Solicitud
from cupos.services import solicitudes as servicio

POR_PAGINA = 25
ACCIONES_ESTADO = {
    Solicitud.Estado.EN_REVISION: "Pasar a revisión",
    Solicitud.Estado.APROBADA: "Aprobar",
    Solicitud.Estado.RECHAZADA: "Rechazar",
}


def con_alcance(vista):
    """Login, then turn scope refusals into the portal's Spanish 403 and 404 pages."""

    @login_required
    @wraps(vista)
    def envoltura(request, *args, **kwargs):
        try:
            return vista(request, *args, **kwargs)
        except PermisoDenegado as exc:
            messages.error(request, exc.detalle)
            return render(request, "core/prohibido.html", status=403)
        except NoEncontrado as exc:
            return render(request, "cupos/solicitudes/no_encontrada.html", {"detalle": exc.detalle}, status=404)

    return envoltura


# --- Forms: they parse; the services decide ------------------------------------------------------

FORMATOS_FECHA = ["%Y-%m-%d"]


class CampoFecha(forms.DateField):
    widget = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")

    def __init__(self, **kwargs):
        kwargs.setdefault("input_formats", FORMATOS_FECHA)
        kwargs["error_messages"] = {"invalid": "Escriba la fecha como AAAA-MM-DD.", **kwargs.get("error_messages", {})}
        super().__init__(**kwargs)


class CampoGalones(forms.CharField):
    """Gallons as typed in Colombia: no thousands separator, comma or point for decimals."""

    PATRON = re.compile(r"^\d{1,12}(?:[.,]\d{1,2})?$")

    def clean(self, value):
        value = super().clean(value).replace(" ", "")
        if value and not self.PATRON.match(value):
            raise forms.ValidationError(
                "Escriba los galones sin separador de miles y con máximo dos decimales (p. ej. 24000 o 24000,50)."
            )
        return value.replace(",", ".")


class FiltrosForm(forms.Form):
    anio = forms.IntegerField(label="Año", required=False, min_value=2009, max_value=2100)
    estado = forms.ChoiceField(label="Estado", required=False, choices=[("", "Todos"), *Solicitud.Estado.choices])
    tipo = forms.ChoiceField(
        label="Tipo de beneficiario", required=False, choices=[("", "Todos"), *Beneficiario.Tipo.choices]
    )
    extemporanea = forms.ChoiceField(
        label="Extemporánea", required=False,
        choices=[("", "Todas"), ("si", "Sí, fuera de plazo"), ("no", "No, dentro del plazo")],
    )


class RadicarForm(forms.Form):
    beneficiario = forms.ModelChoiceField(
        queryset=Beneficiario.objects.all(), label="Beneficiario",
        error_messages={"required": "Busque y seleccione el beneficiario.",
                        "invalid_choice": "Seleccione un beneficiario de la lista."},
    )
    anio = forms.IntegerField(
        label="Año del cupo", min_value=2009, max_value=2100,
        error_messages={"required": "Indique el año del cupo que solicita."},
    )
    galones_solicitados = CampoGalones(
        label="Galones solicitados", help_text="Sin separador de miles; use coma para decimales.",
        error_messages={"required": "Indique los galones que solicita."},
    )
    fecha_radicacion = CampoFecha(
        label="Fecha de radicación", error_messages={"required": "Indique la fecha de radicación."}
    )
    fecha_limite = CampoFecha(
        label="Plazo fijado por la UPME (opcional)", required=False,
        help_text="Si la solicitud se radica después de este plazo queda marcada como extemporánea (R-04).",
    )
    atunera = forms.ChoiceField(
        label="¿La nave es atunera?", required=False, widget=forms.RadioSelect,
        choices=[("si", "Sí: presentará el registro ante la CIAT"), ("no", "No es atunera")],
        help_text="Solo para naves de bandera extranjera. Si no responde, se exigirá el registro CIAT.",
    )

    def __init__(self, *args, usuario, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["beneficiario"].queryset = beneficiarios_visibles(usuario, Beneficiario.objects.all())
        if usuario.rol == Rol.BENEFICIARIO and not usuario.es_administrador:
            # The date is today's and the deadline is UPME's: the services refuse anything else.
            del self.fields["fecha_radicacion"]
            del self.fields["fecha_limite"]


class DocumentoForm(forms.Form):
    archivo = forms.FileField(
        label="Archivo", error_messages={"required": "Seleccione el archivo que va a cargar.",
                                         "empty": "El archivo está vacío."},
    )
    fecha_expedicion = CampoFecha(label="Fecha de expedición", required=False)


class EstadoForm(forms.Form):
    estado = forms.ChoiceField(choices=Solicitud.Estado.choices)
    observaciones = forms.CharField(required=False, max_length=2000)


class CausaForm(forms.Form):
    causa = forms.CharField(
        label="Causa justificada", max_length=2000, widget=forms.Textarea(attrs={"rows": 3}),
        error_messages={"required": "Describa la causa justificada."},
    )


class PlazoForm(forms.Form):
    fecha_limite = CampoFecha(label="Plazo fijado por la UPME", required=False)


class AtuneraForm(forms.Form):
    atunera = forms.ChoiceField(
        choices=[("si", "Sí"), ("no", "No")], error_messages={"required": "Indique si la nave es atunera."}
    )


def _errores_a_formulario(form: forms.Form, exc: DatosInvalidos) -> None:
    for campo, mensajes in exc.errores.items():
        for mensaje in mensajes:
            form.add_error(campo if campo in form.fields else None, mensaje)


# --- Pages --------------------------------------------------------------------------------------


@require_GET
@con_alcance
def solicitud_lista(request):
    filtros = FiltrosForm(request.GET or None)
    datos = {}
    if filtros.is_bound:
        filtros.is_valid()  # an invalid filter is reported and ignored; the valid ones still apply
        datos = filtros.cleaned_data
    extemporanea = {"si": True, "no": False}.get(datos.get("extemporanea") or "")
    qs = servicio.solicitud_list(
        user=request.user, anio=datos.get("anio"), estado=datos.get("estado") or "",
        tipo=datos.get("tipo") or "", extemporanea=extemporanea,
    )
    pagina = Paginator(qs, POR_PAGINA).get_page(request.GET.get("page"))
    return render(request, "cupos/solicitudes/lista.html", {
        "pagina": pagina, "filtros": filtros, "hay_filtros": any(v not in (None, "") for v in datos.values()),
        "puede_radicar": _puede_radicar(request.user),
    })


@con_alcance
def solicitud_nueva(request):
    usuario = request.user
    if not _puede_radicar(usuario):
        raise PermisoDenegado("Su rol no permite radicar solicitudes.")
    propio = usuario.beneficiario if _es_beneficiario(usuario) else None
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
                _errores_a_formulario(form, exc)
            except ApplicationError as exc:
                form.add_error(None, exc.detalle)
            else:
                messages.success(request, f"Solicitud {solicitud.anio} radicada para {solicitud.beneficiario.nombre}.")
                return redirect("solicitudes:detalle", pk=solicitud.pk)
        status = 400
    q = (request.POST.get("q") or request.GET.get("q") or "").replace("\x00", "").strip()
    opciones = [] if propio else servicio.beneficiario_search(user=usuario, q=q)
    seleccionado = _beneficiario_elegido(form, usuario)
    if seleccionado is not None and seleccionado not in opciones:
        opciones.insert(0, seleccionado)
    return render(request, "cupos/solicitudes/nueva.html", {
        "form": form, "q": q, "opciones": opciones, "seleccionado": seleccionado, "propio": propio,
    }, status=status)


def _radicar(usuario, datos: dict) -> Solicitud:
    return servicio.solicitud_radicar(
        actor=usuario, beneficiario=datos["beneficiario"], anio=datos["anio"],
        galones_solicitados=datos["galones_solicitados"],
        fecha_radicacion=datos.get("fecha_radicacion") or today(), fecha_limite=datos.get("fecha_limite"),
        atunera={"si": True, "no": False}.get(datos.get("atunera") or ""),
    )


def _beneficiario_elegido(form: RadicarForm, usuario) -> Beneficiario | None:
    valor = form["beneficiario"].value()
    if valor in (None, ""):
        return None
    return beneficiarios_visibles(usuario, Beneficiario.objects.all()).filter(pk=valor).first() if str(valor).isdigit() else None


@require_GET
@con_alcance
def solicitud_detalle(request, pk):
    solicitud = servicio.solicitud_access(request.user, pk)
    return _render_detalle(request, solicitud)


def _render_detalle(request, solicitud, *, status=200, **extra):
    usuario = request.user
    checklist = servicio.solicitud_checklist(solicitud)
    es_analista = usuario.es_administrador or usuario.rol == Rol.UPME_ANALISTA
    abierta = bool(Solicitud.TRANSICIONES[solicitud.estado])
    contexto = {
        "solicitud": solicitud,
        "checklist": checklist,
        "cumplidos": sum(1 for i in checklist if i.cumple),
        "pendientes": sum(1 for i in checklist if not i.cumple),
        "es_extranjera": solicitud.beneficiario.tipo == Beneficiario.Tipo.NAVE_EXTRANJERA,
        "atunera": servicio.solicitud_es_atunera(solicitud),
        "abierta": abierta,
        "puede_cargar": abierta and servicio.puede_gestionar(usuario, solicitud),
        "es_analista": es_analista,
        "acciones": [
            {"estado": estado, "etiqueta": etiqueta}
            for estado, etiqueta in ACCIONES_ESTADO.items()
            if estado in Solicitud.TRANSICIONES[solicitud.estado]
        ],
        "max_bytes": servicio.limite_bytes(),
        "form_estado": None, "form_causa": None, "form_plazo": None, "error_documento": None,
    }
    contexto.update(extra)
    return render(request, "cupos/solicitudes/detalle.html", contexto, status=status)


@con_alcance
def documento_cargar(request, pk, requisito):
    solicitud = servicio.solicitud_access(request.user, pk)
    if request.method != "POST":
        return redirect("solicitudes:detalle", pk=solicitud.pk)
    form = DocumentoForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            documento = servicio.documento_cargar(
                actor=request.user, solicitud=solicitud, requisito=requisito,
                archivo=form.cleaned_data["archivo"], fecha_expedicion=form.cleaned_data["fecha_expedicion"],
            )
        except DatosInvalidos as exc:
            if "requisito" in exc.errores:
                return _fallo(request, solicitud, exc)
            _errores_a_formulario(form, exc)
        except ApplicationError as exc:
            return _fallo(request, solicitud, exc)
        else:
            messages.success(request, f"Documento «{documento.nombre_original}» cargado.")
            solicitud = servicio.solicitud_access(request.user, pk)
            item = next((i for i in servicio.solicitud_checklist(solicitud) if i.requisito.codigo == requisito), None)
            if item is not None and not item.cumple:
                messages.warning(request, f"{item.requisito.etiqueta}: {item.motivo}")
            return redirect(f"{reverse('solicitudes:detalle', args=[solicitud.pk])}#req-{requisito}")
    return _render_detalle(request, solicitud, status=400, error_documento={"codigo": requisito, "form": form})


@require_GET
@con_alcance
def documento_descargar(request, pk, requisito):
    """Files are served only through here, after the scope check (never from a public MEDIA URL)."""
    solicitud = servicio.solicitud_access(request.user, pk)
    documento = next(
        (d for d in solicitud.documentos.all() if d.requisito == requisito and d.archivo), None
    )
    if documento is None:
        raise NoEncontrado("Esa solicitud no tiene cargado ese documento.")
    try:
        archivo = documento.archivo.open("rb")
    except FileNotFoundError as exc:
        raise NoEncontrado("El archivo de ese documento no está disponible. Comuníquese con la UPME.") from exc
    nombre = documento.archivo.name.rsplit("/", 1)[-1]
    tipo = mimetypes.guess_type(nombre)[0] or "application/octet-stream"
    return FileResponse(archivo, as_attachment=True, filename=nombre, content_type=tipo)


@con_alcance
def solicitud_estado(request, pk):
    solicitud = servicio.solicitud_access(request.user, pk)
    if request.method != "POST":
        return redirect("solicitudes:detalle", pk=solicitud.pk)
    form = EstadoForm(request.POST)
    if not form.is_valid():
        return _render_detalle(request, solicitud, status=400, form_estado=form)
    try:
        solicitud = servicio.solicitud_cambiar_estado(
            actor=request.user, solicitud=solicitud, estado=form.cleaned_data["estado"],
            observaciones=form.cleaned_data["observaciones"],
        )
    except DatosInvalidos as exc:
        _errores_a_formulario(form, exc)
        return _render_detalle(request, solicitud, status=400, form_estado=form)
    except ApplicationError as exc:
        return _fallo(request, solicitud, exc, form_estado=form)
    messages.success(request, f"La solicitud quedó en estado «{solicitud.get_estado_display()}».")
    return redirect("solicitudes:detalle", pk=solicitud.pk)


@con_alcance
def solicitud_causa(request, pk):
    solicitud = servicio.solicitud_access(request.user, pk)
    if request.method != "POST":
        return redirect("solicitudes:detalle", pk=solicitud.pk)
    form = CausaForm(request.POST)
    if form.is_valid():
        try:
            servicio.solicitud_registrar_causa_justificada(
                actor=request.user, solicitud=solicitud, causa=form.cleaned_data["causa"]
            )
        except DatosInvalidos as exc:
            _errores_a_formulario(form, exc)
        except ApplicationError as exc:
            return _fallo(request, solicitud, exc, form_causa=form)
        else:
            messages.success(request, "Causa justificada registrada (R-04).")
            return redirect("solicitudes:detalle", pk=solicitud.pk)
    return _render_detalle(request, solicitud, status=400, form_causa=form)


@con_alcance
def solicitud_plazo(request, pk):
    solicitud = servicio.solicitud_access(request.user, pk)
    if request.method != "POST":
        return redirect("solicitudes:detalle", pk=solicitud.pk)
    form = PlazoForm(request.POST)
    if form.is_valid():
        try:
            solicitud = servicio.solicitud_fijar_plazo(
                actor=request.user, solicitud=solicitud, fecha_limite=form.cleaned_data["fecha_limite"]
            )
        except ApplicationError as exc:
            return _fallo(request, solicitud, exc, form_plazo=form)
        messages.success(
            request,
            "Plazo actualizado: la solicitud es extemporánea (R-04)." if solicitud.extemporanea
            else "Plazo actualizado: la solicitud está dentro del plazo.",
        )
        return redirect("solicitudes:detalle", pk=solicitud.pk)
    return _render_detalle(request, solicitud, status=400, form_plazo=form)


@con_alcance
def solicitud_atunera(request, pk):
    solicitud = servicio.solicitud_access(request.user, pk)
    if request.method != "POST":
        return redirect("solicitudes:detalle", pk=solicitud.pk)
    form = AtuneraForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Indique si la nave es atunera.")
        return redirect("solicitudes:detalle", pk=solicitud.pk)
    try:
        servicio.solicitud_declarar_atunera(
            actor=request.user, solicitud=solicitud, atunera=form.cleaned_data["atunera"] == "si"
        )
    except ApplicationError as exc:
        return _fallo(request, solicitud, exc)
    messages.success(request, "Declaración guardada.")
    return redirect(f"{reverse('solicitudes:detalle', args=[solicitud.pk])}#requisitos")


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
    solicitud = servicio.solicitud_access(request.user, solicitud.pk)
    return _render_detalle(request, solicitud, status=exc.status_code, **extra)


def _es_beneficiario(usuario) -> bool:
    return usuario.rol == Rol.BENEFICIARIO and not usuario.es_administrador


def _puede_radicar(usuario) -> bool:
    if _es_beneficiario(usuario):
        return usuario.beneficiario_id is not None
    return usuario.es_administrador or usuario.rol == Rol.UPME_ANALISTA

