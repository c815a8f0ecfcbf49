"""``/verificar/<codigo>/``: the public verification page the certificate's QR opens."""

from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from core.firma import documentos
from core.web.views.limites import limitado_por_direccion
from zarpes.pdf import certificado_firmado
from zarpes.selectors.certificados import certificado_por_codigo, codigo_normalizado


@require_GET
def verificar_inicio(request):
    """``/verificar/``: type the code printed on a certificate (any case, spaces or dashes)."""
    texto = request.GET.get("codigo", "")
    if texto.strip():
        return redirect("zarpes:verificar", codigo=codigo_normalizado(texto) or "-")
    return render(request, "zarpes/verificar_inicio.html")


@require_GET
@limitado_por_direccion("verificacion_pagina")
def verificar(request, codigo):
    """Public, no login: shows only the certificate's number, vessel matrícula, gallons, date, state."""
    certificado = certificado_por_codigo(codigo)
    firma = documentos.verificar_documento(certificado_firmado(certificado)) if certificado else None
    return render(
        request,
        "zarpes/verificar.html",
        {"certificado": certificado, "codigo": codigo, "firma": firma},
        status=200 if certificado else 404,
    )


ALCANCE_SW = "/verificar/"


@require_GET
def verificar_sin_conexion(request):
    """``/verificar/sin-conexion/``: a counter's provisional certificate checked in the browser from its QR (pasted,
    or after «#» in the address): the page the service worker shows for any /verificar/ address with no link."""
    return render(request, "zarpes/verificar_sin_conexion.html")


@require_GET
def service_worker(request):
    """Public and without secrets: static/js/verificar_sw.js with its addresses filled in, for the scope /verificar/."""
    import json

    from django.contrib.staticfiles import finders
    from django.http import HttpResponse
    from django.templatetags.static import static
    from django.urls import reverse

    with open(finders.find("js/verificar_sw.js"), encoding="utf-8") as archivo:
        texto = archivo.read()
    for marca, valor in (
        ("__WORKBOX__", static("vendor/workbox/workbox-sw.js")),
        ("__MODULOS__", static("vendor/workbox/").rstrip("/")),
        ("__SIN_CONEXION__", reverse("zarpes:verificar-sin-conexion")),
        ("__CLAVES__", reverse("api-mostradores-claves")),
    ):
        texto = texto.replace(marca, json.dumps(valor))
    respuesta = HttpResponse(texto, content_type="application/javascript; charset=utf-8")
    respuesta["Service-Worker-Allowed"] = ALCANCE_SW
    respuesta["Cache-Control"] = "no-cache"
    return respuesta
