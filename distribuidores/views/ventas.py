"""A wholesaler's sales and the documents kept for each (R-23)."""

from django.contrib import messages
from django.http import FileResponse, Http404
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_POST

from core.access import require_role
from core.errors import DatosInvalidos
from core.roles import Rol
from distribuidores import selectors, services_documentos
from distribuidores.access import LECTORES, venta_access
from distribuidores.forms import DocumentoArchivoForm, DocumentoConservadoForm, FiltrosVentasForm
from distribuidores.models import DocumentoVenta
from distribuidores.services_documentos import documentos_requeridos
from distribuidores.views.comun import (
    errores_al_formulario,
    pagina_protegida,
    paginar,
    parcial_htmx,
)


def _es_suya(user, venta) -> bool:
    """Only the wholesaler that registered a sale keeps its documents."""
    return user.rol == Rol.DISTRIBUIDOR and user.distribuidor_id is not None and user.distribuidor_id == venta.distribuidor_id


@pagina_protegida
@require_GET
def lista(request):
    require_role(request.user, *LECTORES)
    form = FiltrosVentasForm(request.GET or None, beneficiarios=selectors.beneficiarios_con_ventas(user=request.user))
    filtros = form.filtros() if form.is_bound else {"periodo": None, "beneficiario_id": None}
    pagina = paginar(request, selectors.venta_list(user=request.user, **filtros))
    for venta in pagina:
        venta.documentos_requeridos = len(documentos_requeridos(venta.beneficiario.tipo))
        venta.documentos_faltantes = max(0, venta.documentos_requeridos - venta.documentos_completos)
    contexto = {
        "form": form, "pagina": pagina, "hay_filtros": any(filtros.values()),
        "ver_distribuidor": request.user.rol != Rol.DISTRIBUIDOR,
    }
    plantilla = "distribuidores/_ventas_tabla.html" if parcial_htmx(request) else "distribuidores/ventas.html"
    respuesta = render(request, plantilla, contexto)
    patch_vary_headers(respuesta, ["HX-Request"])
    return respuesta


def _contexto_detalle(request, venta, *, tipo_con_error=None, form_archivo=None, form_conservar=None) -> dict:
    documentos = selectors.documentos_de(venta)
    editable = _es_suya(request.user, venta)
    for doc in documentos:
        propio = doc["tipo"] == tipo_con_error
        doc["form_archivo"] = (form_archivo if propio and form_archivo else DocumentoArchivoForm(prefix=doc["tipo"])) if editable else None
        doc["form_conservar"] = (
            form_conservar if propio and form_conservar
            else DocumentoConservadoForm(prefix=f"{doc['tipo']}-c", initial={"observacion": doc["documento"].observacion if doc["documento"] else ""})
        ) if editable else None
    return {
        "venta": venta,
        "documentos": documentos,
        "completos": sum(1 for d in documentos if d["completo"]),
        "editable": editable,
    }


@pagina_protegida
@require_GET
def detalle(request, venta_id):
    venta = venta_access(request.user, venta_id)
    return render(request, "distribuidores/venta_detalle.html", _contexto_detalle(request, venta))


def _tipo_valido(venta, tipo) -> str:
    if tipo not in documentos_requeridos(venta.beneficiario.tipo):
        raise Http404("Ese documento no corresponde a esta venta.")
    return tipo


@pagina_protegida
@require_POST
def adjuntar(request, venta_id, tipo):
    venta = venta_access(request.user, venta_id)
    _tipo_valido(venta, tipo)
    form = DocumentoArchivoForm(request.POST, request.FILES, prefix=tipo)
    if form.is_valid():
        try:
            services_documentos.documento_venta_attach(
                actor=request.user, venta_id=venta.id, tipo=tipo, archivo=form.cleaned_data["archivo"]
            )
        except DatosInvalidos as exc:
            errores_al_formulario(form, exc)
        else:
            messages.success(request, f"Se adjuntó el archivo de «{DocumentoVenta.Tipo(tipo).label}».")
            return redirect("distribuidores-venta", venta_id=venta.id)
    contexto = _contexto_detalle(request, venta, tipo_con_error=tipo, form_archivo=form)
    return render(request, "distribuidores/venta_detalle.html", contexto, status=400)


@pagina_protegida
@require_POST
def conservar(request, venta_id, tipo):
    venta = venta_access(request.user, venta_id)
    _tipo_valido(venta, tipo)
    form = DocumentoConservadoForm(request.POST, prefix=f"{tipo}-c")
    if form.is_valid():
        try:
            services_documentos.documento_venta_mark_kept(
                actor=request.user, venta_id=venta.id, tipo=tipo, observacion=form.cleaned_data["observacion"]
            )
        except DatosInvalidos as exc:
            errores_al_formulario(form, exc)
        else:
            messages.success(request, f"«{DocumentoVenta.Tipo(tipo).label}» quedó marcado como original en archivo.")
            return redirect("distribuidores-venta", venta_id=venta.id)
    contexto = _contexto_detalle(request, venta, tipo_con_error=tipo, form_conservar=form)
    return render(request, "distribuidores/venta_detalle.html", contexto, status=400)


@pagina_protegida
@require_GET
def archivo(request, venta_id, tipo):
    """The attached file, through the sale's access check (never a public media URL)."""
    venta = venta_access(request.user, venta_id)
    documento = DocumentoVenta.objects.filter(venta=venta, tipo=tipo).first()
    if documento is None or not documento.archivo:
        raise Http404("Ese documento no tiene archivo adjunto.")
    formato = services_documentos.formato_guardado(documento)
    respuesta = FileResponse(
        documento.archivo.open("rb"), as_attachment=True,
        filename=f"venta-{venta.id}-{tipo}.{formato.extension if formato else 'bin'}",
        content_type=formato.mime if formato else "application/octet-stream",
    )
    respuesta["X-Content-Type-Options"] = "nosniff"
    return respuesta
