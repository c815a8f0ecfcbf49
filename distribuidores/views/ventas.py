"""The wholesaler's check before an exempt sale (R-16, R-18, R-19), registering the sale, and the
sales a user may see with the documents kept for each (R-23)."""

from functools import partial

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.http import urlencode
from django.views.decorators.http import require_GET, require_POST

from core.comun.fechas import fecha_larga
from core.comun.numeros import entero
from core.identidad.access import require_role
from core.web.views.comun import TOPE_CONTEO, confirmacion, ensayar, intentar, pagina_protegida, paginar, parcial_htmx
from cupos.models import Beneficiario
from distribuidores.access import (
    LECTORES,
    distribuidor_del_usuario,
    es_distribuidor,
    venta_access,
    venta_es_suya,
)
from distribuidores.forms import (
    DocumentoArchivoForm,
    DocumentoConservadoForm,
    FiltrosVentasForm,
    VentaForm,
    VerificarForm,
)
from distribuidores.models import DocumentoVenta
from distribuidores.selectors import ventas as selectors
from distribuidores.selectors.conciliacion.tipos import gal
from distribuidores.selectors.documentos import documentos_de, documentos_de_venta
from distribuidores.services import ventas as services

# --- The check before a sale and registering it ---


def _formulario_de_venta(verificacion, codigo: str = "") -> VentaForm | None:
    if not verificacion.permitido:
        return None
    return VentaForm(
        maximo=verificacion.galones_maximos,
        beneficiario=verificacion.beneficiario,
        initial={
            "beneficiario": verificacion.beneficiario.id,
            "certificado": verificacion.certificado.numero if verificacion.certificado else "",
            "codigo": codigo if verificacion.certificado else "",
            "galones": verificacion.galones_maximos,
            # the original exemption certificate is the one being redeemed.
            **({VentaForm.PREFIJO + "certificado_exencion": verificacion.certificado.numero}
               if verificacion.certificado else {}),
        },
    )


@pagina_protegida
@require_GET
def verificar(request):
    distribuidor = distribuidor_del_usuario(request.user)
    form = VerificarForm(request.GET or None)
    verificacion = None
    q = request.GET.get("q", "").strip()
    if form.is_bound and form.is_valid() and (form.cleaned_data["certificado"] or form.cleaned_data["beneficiario"]):
        verificacion = selectors.venta_verificar(
            distribuidor=distribuidor,
            certificado=form.cleaned_data["certificado"],
            codigo=form.cleaned_data["codigo"],
            beneficiario_id=form.cleaned_data["beneficiario"],
        )
    contexto = {
        "distribuidor": distribuidor,
        "form": form,
        "verificacion": verificacion,
        "venta_form": _formulario_de_venta(verificacion, form.cleaned_data["codigo"]) if verificacion else None,
        "q": q,
        "beneficiarios": selectors.beneficiario_buscar(distribuidor=distribuidor, q=q) if q else [],
    }
    plantilla = "distribuidores/_verificacion.html" if parcial_htmx(request) else "distribuidores/verificar.html"
    respuesta = render(request, plantilla, contexto)
    patch_vary_headers(respuesta, ["HX-Request"])
    return respuesta


@pagina_protegida
@require_GET
def buscar_beneficiarios(request):
    """The beneficiary picker (htmx): its clientela by name, identification or matrícula; any other
    beneficiary only by an exact matrícula or identification (selectors.beneficiario_buscar)."""
    distribuidor = distribuidor_del_usuario(request.user)
    q = request.GET.get("q", "").strip()
    return render(
        request,
        "distribuidores/_beneficiarios_opciones.html",
        {"beneficiarios": selectors.beneficiario_buscar(distribuidor=distribuidor, q=q), "q": q},
    )


@pagina_protegida
@require_POST
def registrar(request):
    """R-19 through distribuidores.services.ventas.venta_register; a refusal shows its code and reason."""
    distribuidor = distribuidor_del_usuario(request.user)
    rechazo = None
    certificado = (request.POST.get("certificado") or "").strip().upper()
    codigo = (request.POST.get("codigo") or "").strip()[:200]
    beneficiario_id = entero(request.POST.get("beneficiario")) or None
    # The check again, as of the sale: it says how much is allowed next to any refusal.
    verificacion = selectors.venta_verificar(
        distribuidor=distribuidor,
        certificado=certificado,
        codigo=codigo,
        beneficiario_id=beneficiario_id,
    )
    # the document fields follow the beneficiary's kind; the form is shown again only when the check allows
    # the sale, so the beneficiary read here to parse them is never shown otherwise.
    comprador = verificacion.beneficiario or Beneficiario.objects.filter(pk=beneficiario_id).first()
    venta_form = VentaForm(request.POST, maximo=verificacion.galones_maximos, beneficiario=comprador)
    if venta_form.is_valid():
        datos = venta_form.cleaned_data
        confirmado = request.POST.get("confirmado") == "1"
        hacer = partial(
            services.venta_register,
            actor=request.user, distribuidor_nit=distribuidor.nit, beneficiario_id=datos["beneficiario"],
            fecha=datos["fecha"], galones=datos["galones"], certificado=datos["certificado"] or None,
            codigo_verificacion=datos.get("codigo") or None, factura=datos.get("factura") or "",
            documentos=venta_form.documentos(),
            permiso_cultivo_vigente_hasta=datos.get("permiso_cultivo_vigente_hasta"),
        )
        # Issue 26: a sale redeems the certificate (or takes from the balance) for good: first what will happen.
        venta, rechazo = intentar(venta_form, hacer if confirmado else partial(ensayar, hacer))
        if venta is not None and not confirmado:
            return _confirmar_venta(request, distribuidor, venta_form, venta)
        if venta is not None:
            messages.success(
                request,
                f"Venta registrada: {gal(venta.galones)} galones a {venta.beneficiario.nombre} "
                f"el {fecha_larga(venta.fecha)}. "
                "Puede adjuntar los archivos de los documentos de la venta (R-23).",
            )
            return redirect("distribuidores:venta", venta_id=venta.id)
    contexto = {
        "distribuidor": distribuidor,
        "form": VerificarForm(initial={"certificado": certificado, "codigo": codigo}),
        "verificacion": verificacion,
        "venta_form": venta_form if verificacion.permitido else None,
        "rechazo": rechazo,
        "q": "",
        "beneficiarios": [],
    }
    estado = rechazo.status_code if rechazo else 400
    return render(request, "distribuidores/verificar.html", contexto, status=estado)


def _confirmar_venta(request, distribuidor, venta_form, venta):
    nombre, galones = venta.beneficiario.nombre, gal(venta.galones)
    efectos = [
        f"Se registra la venta exenta de {galones} galones a {nombre} el {fecha_larga(venta.fecha)}, a nombre de "
        f"{distribuidor.razon_social}."
    ]
    if venta.certificado_id:
        efectos.append(
            f"Se redime el certificado {venta.certificado.numero}: queda usado y ningún distribuidor podrá "
            "venderle otra vez con él."
        )
    else:
        efectos.append(f"Se descuentan {galones} galones del saldo del cupo de {nombre}.")
    documentos = ", ".join(
        f"{DocumentoVenta.Tipo(d['tipo']).label} ({d['referencia']})" for d in venta_form.documentos()
    )
    efectos.append(
        f"Se registran la factura {venta_form.cleaned_data.get('factura') or ''} y los documentos recibidos al "
        f"momento de la venta: {documentos}. Después puede adjuntar sus archivos (R-23)."
    )
    volver = reverse("distribuidores:verificar")
    if venta.certificado_id:
        codigo = venta_form.cleaned_data.get("codigo") or ""
        volver += "?" + urlencode({"certificado": venta.certificado.numero, "codigo": codigo})
    contexto = {"form": venta_form}
    titulo = f"Registrar la venta a {nombre}"
    return confirmacion(request, "distribuidores/venta_confirmar.html", titulo, efectos, request.path, volver, contexto)


# --- Sales ---


@pagina_protegida
@require_GET
def lista(request):
    require_role(request.user, *LECTORES)
    form = FiltrosVentasForm(request.GET or None, beneficiarios=selectors.beneficiarios_con_ventas(user=request.user))
    filtros = form.filtros() if form.is_bound else {"periodo": None, "beneficiario_id": None}
    pagina = paginar(request, selectors.venta_list(user=request.user, **filtros), tope=TOPE_CONTEO)
    for venta in pagina:
        venta.documentos_requeridos = len(documentos_de_venta(venta))
        venta.documentos_faltantes = max(0, venta.documentos_requeridos - venta.documentos_completos)
    contexto = {
        "form": form,
        "pagina": pagina,
        "hay_filtros": any(filtros.values()),
        "ver_distribuidor": not es_distribuidor(request.user),
    }
    plantilla = "distribuidores/_ventas_tabla.html" if parcial_htmx(request) else "distribuidores/ventas.html"
    respuesta = render(request, plantilla, contexto)
    patch_vary_headers(respuesta, ["HX-Request"])
    return respuesta


def contexto_detalle(request, venta, *, tipo_con_error=None, form_archivo=None, form_conservar=None) -> dict:
    documentos = documentos_de(venta)
    editable = venta_es_suya(request.user, venta)
    for doc in documentos:
        propio = doc["tipo"] == tipo_con_error
        if not editable:
            doc["form_archivo"] = doc["form_conservar"] = None
            continue
        doc["form_archivo"] = form_archivo if propio and form_archivo else DocumentoArchivoForm(prefix=doc["tipo"])
        observacion = doc["documento"].observacion if doc["documento"] else ""
        doc["form_conservar"] = (
            form_conservar
            if propio and form_conservar
            else DocumentoConservadoForm(prefix=f"{doc['tipo']}-c", initial={"observacion": observacion})
        )
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
    return render(request, "distribuidores/venta_detalle.html", contexto_detalle(request, venta))
