"""Exoneration files (C-06, C-07): the list, filing, the file with its documents and history, Dimar's
decision with a confirmation step, the shipment communication, the stamped grant and its public check."""

from functools import partial

from django.contrib import messages
from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.firma import documentos
from core.identidad.access import require_role
from core.identidad.segundo_factor import exige_codigo_fresco
from core.web.views.comun import ejecutar, pagina_protegida, puede
from core.web.views.limites import limitado_por_direccion
from reserva import access, pdf, requisitos
from reserva.forms import DecisionForm, DelegacionForm, DemoraForm, DocumentoForm, EmbarqueForm, ExoneracionForm
from reserva.models import DecisionExoneracion, Exoneracion
from reserva.selectors import exoneraciones as selectors
from reserva.selectors import registros
from reserva.services import delegaciones as servicios_delegaciones
from reserva.services import embarques
from reserva.services import exoneraciones as services
from reserva.views.comun import confirmar_decision, lista_con_alta, secciones


@pagina_protegida
@require_http_methods(["GET", "POST"])
def lista(request):
    def radicada(exoneracion):
        messages.success(request, f"Solicitud de exoneración n.º {exoneracion.pk} radicada. Cargue sus documentos.")
        return redirect("reserva:exoneracion", exoneracion.pk)

    estado = request.GET.get("estado", "")[:20]
    return lista_con_alta(
        request,
        "exoneraciones",
        lectores=access.LECTORES_EXONERACIONES,
        creadores=access.USUARIOS,
        formulario=lambda datos: ExoneracionForm(datos, rutas=registros.ruta_list()),
        alta=partial(services.exoneracion_file, actor=request.user, usuario_nit=request.user.nit or ""),
        tras_alta=radicada,
        filas=selectors.exoneracion_list(user=request.user, estado=estado),
        parcial="reserva/_exoneraciones_tabla.html",
        contexto={
            "estado": estado,
            "estados": Exoneracion.Estado.choices,
        },
    )


def _detalle(request, exoneracion, status=200, **forms):
    abierta = not exoneracion.decidida
    es_usuario = puede(request.user, access.USUARIOS)
    es_dimar = puede(request.user, access.DIMAR)
    tipos = requisitos.tipos_documento(exoneracion.fundamento, exoneracion.mercancia)
    return render(
        request,
        "reserva/exoneracion.html",
        {
            "e": exoneracion,
            "checklist": selectors.checklist(exoneracion),
            "decisiones": exoneracion.decisiones.all(),
            "embarques": exoneracion.embarques.all(),
            "avisos": exoneracion.avisos.select_related("capitania"),
            "form_documento": forms.get("documento")
            or (DocumentoForm(tipos=tipos) if es_usuario and abierta else None),
            "form_decision": forms.get("decision") or (DecisionForm() if es_dimar and abierta else None),
            "form_demora": forms.get("demora") or (DemoraForm() if es_dimar and abierta else None),
            "faltantes": [requisitos.etiqueta(c) for c in selectors.documentos_faltantes(exoneracion)],
            "form_embarque": forms.get("embarque")
            or (EmbarqueForm() if es_usuario and exoneracion.estado == Exoneracion.Estado.CONCEDIDA else None),
            "confirmar": forms.get("confirmar", False),
            "procedimiento": _procedimiento(exoneracion),
            "secciones": secciones(request, "reserva:exoneraciones"),
        },
        status=status,
    )


def _procedimiento(exoneracion) -> str:
    """DOMAIN §8: where the decision's procedure stands for the petitioner (a recurso pending, firm since…)."""
    from core.actos.models import Interesado
    from core.vencimientos.calendario import today
    from core.web.views.actos import estado

    if exoneracion.acto_id is None:
        return ""
    interesado = Interesado.objects.filter(acto_id=exoneracion.acto_id).prefetch_related("recursos").first()
    return estado(interesado, today()) if interesado is not None else ""


@pagina_protegida
@require_GET
def detalle(request, exoneracion_id):
    return _detalle(request, access.exoneracion_access(request.user, exoneracion_id))


def _accion(request, exoneracion_id, roles, clave: str, formulario, hacer):
    """An act on the exoneration's page: `hacer(form, exoneracion)` runs it through `ejecutar` and gives the
    answer, or None to show the page again with the form `clave` and its errors."""
    require_role(request.user, *roles)
    exoneracion = access.exoneracion_access(request.user, exoneracion_id)
    form = formulario(exoneracion)
    respuesta = hacer(form, exoneracion) if form.is_valid() else None
    return respuesta or _detalle(request, exoneracion, status=400, **{clave: form})


@pagina_protegida
@require_POST
def documento(request, exoneracion_id):
    def formulario(exoneracion):
        tipos = requisitos.tipos_documento(exoneracion.fundamento, exoneracion.mercancia)
        return DocumentoForm(request.POST, request.FILES, tipos=tipos)

    def hacer(form, exoneracion):
        datos = form.cleaned_data
        if ejecutar(form, services.documento_upload, actor=request.user, exoneracion=exoneracion, **datos):
            messages.success(request, "Documento cargado.")
            return redirect("reserva:exoneracion", exoneracion.pk)
        return None

    return _accion(request, exoneracion_id, access.PRESENTAN_DOCUMENTOS, "documento", formulario, hacer)


@pagina_protegida
@exige_codigo_fresco("confirmar")
@require_POST
def decidir(request, exoneracion_id):
    """Two steps: the first POST shows what will be decided; the second (confirmar) decides."""

    def hacer(form, exoneracion):
        if not form.cleaned_data["confirmar"]:
            contexto = {"e": exoneracion, "secciones": secciones(request, "reserva:exoneraciones")}
            return confirmar_decision(request, "reserva/exoneracion_confirmar.html", form, contexto)
        datos = {
            k: v
            for k, v in form.cleaned_data.items()
            if k not in ("confirmar", "firma_cargo", "acto_delegacion", "firma_nombre")
        }
        datos["firma"] = form.firma()
        if ejecutar(form, services.exoneracion_decide, actor=request.user, exoneracion=exoneracion, **datos):
            decision = DecisionExoneracion.Decision(datos["decision"]).label.lower()
            messages.success(request, f"Decisión registrada: {decision}.")
            return redirect("reserva:exoneracion", exoneracion.pk)
        return None

    return _accion(request, exoneracion_id, access.DIMAR, "decision", lambda _: DecisionForm(request.POST), hacer)


@pagina_protegida
@require_POST
def demora(request, exoneracion_id):
    """Ley 1437 art. 14 par.: Dimar records, before the term ends, why and until when it will be late."""

    def hacer(form, exoneracion):
        datos = form.cleaned_data
        if ejecutar(form, services.exoneracion_announce_delay, actor=request.user, exoneracion=exoneracion, **datos):
            messages.success(request, "Aviso de demora registrado: el peticionario conoce el motivo y la nueva fecha.")
            return redirect("reserva:exoneracion", exoneracion.pk)
        return None

    return _accion(request, exoneracion_id, access.DIMAR, "demora", lambda _: DemoraForm(request.POST), hacer)


@pagina_protegida
@require_POST
def embarque(request, exoneracion_id):
    def hacer(form, exoneracion):
        datos = form.cleaned_data
        hecho = ejecutar(form, embarques.embarque_communicate, actor=request.user, exoneracion=exoneracion, **datos)
        if hecho is None:
            return None
        if hecho.infraccion or hecho.aviso_tardio:
            messages.warning(request, hecho.motivo)
        else:
            messages.success(request, "Embarque comunicado a Dimar.")
        return redirect("reserva:exoneracion", exoneracion.pk)

    return _accion(request, exoneracion_id, access.USUARIOS, "embarque", lambda _: EmbarqueForm(request.POST), hacer)


@pagina_protegida
@require_GET
def documento_archivo(request, exoneracion_id, documento_id):
    documento = access.documento_access(request.user, exoneracion_id, documento_id)
    return FileResponse(documento.archivo.open("rb"), as_attachment=True, filename=documento.nombre_original)


@pagina_protegida
@require_GET
def sello(request, exoneracion_id):
    """Art. 16: the stamped grant, «exonérase de reserva de carga… y deben ser embarcadas antes de…»."""
    from reserva import pdf

    exoneracion = access.exoneracion_access(request.user, exoneracion_id)
    if exoneracion.estado != Exoneracion.Estado.CONCEDIDA:
        raise Http404("Solo una exoneración concedida tiene sello.")
    respuesta = HttpResponse(pdf.sello_pdf(exoneracion, request), content_type="application/pdf")
    respuesta["Content-Disposition"] = f'inline; filename="exoneracion-{exoneracion.pk}.pdf"'
    return respuesta


@pagina_protegida
@require_GET
def negacion(request, exoneracion_id):
    """Issue 24: Dimar's denial, with its reasons, is a signed act the applicant and Dimar download."""
    from reserva import pdf

    exoneracion = access.exoneracion_access(request.user, exoneracion_id)
    if exoneracion.estado != Exoneracion.Estado.NEGADA:
        raise Http404("Solo una exoneración negada tiene decisión de negación.")
    respuesta = HttpResponse(pdf.negacion_pdf(exoneracion), content_type="application/pdf")
    respuesta["Content-Disposition"] = f'inline; filename="exoneracion-negada-{exoneracion.pk}.pdf"'
    return respuesta


@require_GET
@limitado_por_direccion("verificacion_pagina")  # codes are guessed one request at a time (issue 27)
def verificar(request, codigo=""):
    """Public: anyone holding a stamped grant, or a signed denial, checks it by its code (or the QR)."""
    codigo = (codigo or request.GET.get("codigo", "")).strip()[:30]
    exoneracion = selectors.exoneracion_por_codigo(codigo) if codigo else None
    status = 404 if codigo and exoneracion is None else 200
    contexto = {"codigo": codigo, "e": exoneracion}
    if exoneracion is not None:
        documento = pdf.acto_firmado(exoneracion)
        contexto.update(firma=documentos.verificar_documento(documento), firma_delegacion=documento.delegacion)
    return render(request, "reserva/verificar.html", contexto, status=status)


@pagina_protegida
@require_http_methods(["GET", "POST"])
def delegaciones(request):
    """Art. 16: Dimar records the acts that delegate the signing of the exoneration seal."""

    def registrada(delegacion):
        messages.success(request, f"Delegación «{delegacion.acto}» registrada.")
        return redirect("reserva:delegaciones")

    return lista_con_alta(
        request,
        "delegaciones",
        lectores=access.DIMAR,
        creadores=access.DIMAR,
        formulario=DelegacionForm,
        alta=partial(servicios_delegaciones.delegacion_register, actor=request.user),
        tras_alta=registrada,
        filas=selectors.delegacion_list(),
    )
