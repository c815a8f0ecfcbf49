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
        request, "zarpes/verificar.html", {"certificado": certificado, "codigo": codigo, "firma": firma},
        status=200 if certificado else 404,
    )
