"""The documents a wholesaler keeps for each sale (R-23): attached as a file or marked as kept."""

from django.contrib import messages
from django.http import FileResponse, Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from core.comun.errors import DatosInvalidos
from core.web.views.comun import errores_al_formulario, pagina_protegida
from distribuidores.access import venta_access
from distribuidores.forms import DocumentoArchivoForm, DocumentoConservadoForm
from distribuidores.models import DocumentoVenta
from distribuidores.selectors import documentos as selectors
from distribuidores.services import documentos as services
from distribuidores.views.ventas import contexto_detalle


def _tipo_valido(venta, tipo) -> str:
    if tipo not in selectors.documentos_de_venta(venta):
        raise Http404("Ese documento no corresponde a esta venta.")
    return tipo


def _registrar(request, venta_id, tipo, form, servicio, exito: str, nombre_form: str):
    """A sale document's act from its form: `servicio(actor, venta_id, tipo, **form.cleaned_data)`, then a
    success message and back to the sale; the service's field errors next to the form's fields (400)."""
    venta = venta_access(request.user, venta_id)
    _tipo_valido(venta, tipo)
    if form.is_valid():
        try:
            servicio(actor=request.user, venta_id=venta.id, tipo=tipo, **form.cleaned_data)
        except DatosInvalidos as exc:
            errores_al_formulario(form, exc)
        else:
            messages.success(request, exito.format(documento=DocumentoVenta.Tipo(tipo).label))
            return redirect("distribuidores:venta", venta_id=venta.id)
    contexto = contexto_detalle(request, venta, tipo_con_error=tipo, **{nombre_form: form})
    return render(request, "distribuidores/venta_detalle.html", contexto, status=400)


@pagina_protegida
@require_POST
def adjuntar(request, venta_id, tipo):
    form = DocumentoArchivoForm(request.POST, request.FILES, prefix=tipo)
    exito = "Se adjuntó el archivo de «{documento}»."
    return _registrar(request, venta_id, tipo, form, services.documento_venta_attach, exito, "form_archivo")


@pagina_protegida
@require_POST
def conservar(request, venta_id, tipo):
    form = DocumentoConservadoForm(request.POST, prefix=f"{tipo}-c")
    exito = "«{documento}» quedó marcado como original en archivo."
    return _registrar(request, venta_id, tipo, form, services.documento_venta_mark_kept, exito, "form_conservar")


@pagina_protegida
@require_GET
def archivo(request, venta_id, tipo):
    """The attached file, through the sale's access check (never a public media URL)."""
    venta = venta_access(request.user, venta_id)
    documento = selectors.documento_de(venta=venta, tipo=tipo)
    if documento is None or not documento.archivo:
        raise Http404("Ese documento no tiene archivo adjunto.")
    formato = services.formato_guardado(documento)
    respuesta = FileResponse(
        documento.archivo.open("rb"), as_attachment=True,
        filename=f"venta-{venta.id}-{tipo}.{formato.extension if formato else 'bin'}",
        content_type=formato.mime if formato else "application/octet-stream",
    )
    respuesta["X-Content-Type-Options"] = "nosniff"
    return respuesta
