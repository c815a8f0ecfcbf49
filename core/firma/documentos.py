"""Each signed act kept once (core.models.DocumentoFirmado).

`documento_firmado(tipo, referencia, ...)` returns the stored signed PDF of an act, rendering and
signing it the first time it is asked for (by the page, the API, or the job queued when the act was
issued). Two processes asking at once both sign, one row wins (unique key) and both serve the winner:
an act never has two different signed copies. `verificar_documento` re-validates the stored file;
`reconocer` tells whether an uploaded file is one the portal issued.

pyHanko (signing, validation) is imported where it is used, not here: every app's ready() reaches this module,
and importing pyHanko costs each Django process (a gunicorn or Celery worker, a management command) close to a
second at start, though most never sign."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import IntegrityError, transaction
from django.urls import reverse

from core.firma.oficinas import Oficina
from core.models import DocumentoFirmado

Lugar = tuple[int, tuple[float, float, float, float]]  # a page's index and the stamp's rectangle (core.firma.pades)

if TYPE_CHECKING:
    from core.firma.pades import Firmado
    from core.firma.validacion import Verificacion


def url_comprobacion() -> str:
    """The public page where anyone checks a signed PDF (acts with no verification code of their own)."""
    return settings.PORTAL_URL_PUBLICA.rstrip("/") + reverse("firma-verificar")


def huella(contenido: bytes) -> str:
    return hashlib.sha256(contenido).hexdigest()


def buscar(tipo: str, referencia: str) -> DocumentoFirmado | None:
    return DocumentoFirmado.objects.filter(tipo=tipo, referencia=referencia).first()


def documento_firmado(
    *,
    tipo: str,
    referencia: str,
    generar: Callable[[], bytes | tuple[bytes, Lugar]],
    oficina: Oficina,
    url: str,
    motivo: str,
    codigo: str = "",
    nombre: str = "documento.pdf",
) -> DocumentoFirmado:
    existente = buscar(tipo, referencia)
    if existente is not None:
        return existente
    from core.firma import servicio

    generado = generar()
    # A document drawn for the hot path says where its stamp goes (zarpes.pdf); others leave the room as a link.
    contenido, lugar = generado if isinstance(generado, tuple) else (generado, None)
    firmado = servicio.firmar(contenido, oficina=oficina, url=url, codigo=codigo, motivo=motivo, lugar=lugar)
    return guardar(tipo=tipo, referencia=referencia, firmado=firmado, oficina=oficina, codigo=codigo, nombre=nombre)


def guardar(
    *,
    tipo: str,
    referencia: str,
    firmado: Firmado,
    oficina: Oficina,
    codigo: str = "",
    nombre: str,
    archivo_existente: str = "",
) -> DocumentoFirmado:
    """Record a signed file. `archivo_existente` names a file already in storage (a resolution's
    stored document) instead of storing the bytes again."""
    sujeto = firmado.sujeto  # who signed, as the certificate says (read where the key is: core.firma.servicio)
    documento = DocumentoFirmado(
        tipo=tipo,
        referencia=referencia,
        codigo_verificacion=codigo,
        sha256=huella(firmado.contenido),
        tamano=len(firmado.contenido),
        oficina=oficina.clave,
        firmante=sujeto.get("common_name") or oficina.nombre,
        cargo=sujeto.get("title") or oficina.cargo,
        entidad=sujeto.get("organization_name") or oficina.entidad,
        delegacion=oficina.delegacion,
        nivel=firmado.nivel,
        firmado_en=firmado.firmado_en,
    )
    documento.sello_vence = firmado.sello_vence  # B-LTA: when its last timestamp must be renewed (core.firma.archivo)
    if archivo_existente:
        documento.archivo.name = archivo_existente
    else:
        documento.archivo.save(nombre, ContentFile(firmado.contenido), save=False)
    try:
        with transaction.atomic():
            documento.save()
    except IntegrityError:
        if not archivo_existente:
            documento.archivo.delete(save=False)
        ganador = buscar(tipo, referencia)
        if ganador is None:
            raise
        return ganador
    return documento


def contenido(documento: DocumentoFirmado) -> bytes:
    with documento.archivo.open("rb") as archivo:
        return archivo.read()


def verificar_documento(documento: DocumentoFirmado) -> Verificacion:
    """Re-validate the stored file (it may have been changed on disk since)."""
    from core.firma.validacion import Verificacion, validar_pdf

    try:
        datos = contenido(documento)
    except OSError:
        resultado = Verificacion()
        resultado.problemas.append("El archivo firmado no está disponible en el portal.")
        return resultado
    resultado = validar_pdf(datos)
    sha = huella(datos)
    # The version before a re-timestamping is the portal's too (core.firma.archivo renames the new file only once
    # its row has committed: a crash in between leaves the previous, recorded version in place).
    if resultado.firmado and sha != documento.sha256 and not documento.huellas_anteriores.filter(sha256=sha).exists():
        resultado.valida = False
        resultado.problemas.append("El archivo guardado no es el que el portal firmó.")
    return resultado


def reconocer(datos: bytes) -> tuple[Verificacion, DocumentoFirmado | None]:
    """Check any PDF a citizen has in hand: its signature, and whether the portal issued this very file."""
    from core.firma.aislado import validar_aislado  # anyone's file: parsed in a child process, under a budget

    sha = huella(datos)
    documento = DocumentoFirmado.objects.filter(sha256=sha).first()
    if documento is None:  # a copy kept from before a re-timestamping (core.firma.archivo)
        documento = DocumentoFirmado.objects.filter(huellas_anteriores__sha256=sha).first()
    return validar_aislado(datos), documento
