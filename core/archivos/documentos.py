"""Uploaded supporting documents (an application's permits, an exoneration's evidence): only PDF, PNG
or JPEG whose first bytes match the extension, never empty, within the app's size limit; stored
under a safe name while the user's original name is kept for display."""

import os

from django.core.exceptions import SuspiciousFileOperation
from django.template.defaultfilters import filesizeformat
from django.utils.text import get_valid_filename

# Accepted uploads: the extension and the first bytes of the content must agree.
FIRMAS = {
    "pdf": ("PDF", (b"%PDF-",)),
    "png": ("PNG", (b"\x89PNG\r\n\x1a\n",)),
    "jpg": ("JPEG", (b"\xff\xd8\xff",)),
    "jpeg": ("JPEG", (b"\xff\xd8\xff",)),
}
EXTENSIONES = ", ".join(f".{e}" for e in FIRMAS)


def errores_documento(archivo, *, limite: int, campo: str = "archivo") -> dict[str, str]:
    """{campo: Spanish message} when the upload is not an acceptable document; {} when it is."""
    if archivo is None:
        return {campo: "Seleccione el archivo que va a cargar."}
    nombre = os.path.basename(str(archivo.name or "").replace("\\", "/")).strip()[:80]
    extension = os.path.splitext(nombre)[1].lower().lstrip(".")
    if extension not in FIRMAS:
        return {campo: f"El archivo «{nombre}» no es PDF, PNG ni JPEG: cargue un archivo {EXTENSIONES}."}
    if not archivo.size:
        return {campo: f"El archivo «{nombre}» está vacío."}
    if archivo.size > limite:
        return {
            campo: f"El archivo «{nombre}» pesa {filesizeformat(archivo.size)}; "
            f"el máximo permitido es {filesizeformat(limite)}."
        }
    archivo.seek(0)
    cabecera = archivo.read(16)
    archivo.seek(0)
    tipo, firmas = FIRMAS[extension]
    if not cabecera.startswith(firmas):
        return {
            campo: f"El contenido de «{nombre}» no corresponde a un archivo {tipo}: "
            "verifique que no esté dañado ni tenga otra extensión."
        }
    return {}


def nombre_original(archivo) -> str:
    """The name the user gave the file, without its path, as shown back to people."""
    return os.path.basename(str(archivo.name).replace("\\", "/"))[:255]


def nombre_seguro(nombre: str) -> str:
    """A storage name without paths or odd characters, short enough for a FileField (100)."""
    base = os.path.basename(str(nombre).replace("\\", "/")).strip()
    raiz, extension = os.path.splitext(base)
    try:
        limpio = get_valid_filename(raiz[:30])
    except SuspiciousFileOperation:
        limpio = "documento"
    return f"{limpio}{extension.lower()[:5]}"
