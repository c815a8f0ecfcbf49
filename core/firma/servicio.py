"""Where an act is signed: in this process, or in the signing worker, the only process that holds keys.

`firmar(contenido, oficina=…)` is the one way the portal signs a PDF. With FIRMA_SERVICIO=local (make run, the
tests) pyHanko signs here. With FIRMA_SERVICIO=cola (production's default) the web process, and every worker but
one, holds no key and no PIN: the unsigned file goes to shared storage, a task on the queue FIRMA_COLA asks the
signing worker (`celery worker -Q firma`, started with FIRMA_TRABAJADOR=1 and the offices' FIRMA_CLAVE/FIRMA_PIN)
to sign it, and the caller waits for its answer up to FIRMA_ESPERA_SEGUNDOS. A compromised web node then signs
nothing, and can read no key. The signing worker refuses to start without every office's key
(`exigir_claves_de_firma`, README «Seguridad en producción»)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
import os
import stat
import time
import uuid

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from core.firma.oficinas import Oficina

logger = logging.getLogger(__name__)

CARPETA = "firma/en-curso"
TAREA_FIRMAR = "core.firma_firmar"  # core.tasks.firmar_documento_task (core.registro.registrar_tarea)


class FirmaNoDisponible(Exception):
    """The signing worker did not answer in time (or the queue is down): a 503 with Retry-After; nothing was
    issued half-way, the act's document is signed at the next request."""

    def __init__(self, detalle: str):
        super().__init__(detalle)
        self.detalle = detalle


DETALLE_NO_DISPONIBLE = (
    "El servicio de firma digital no respondió a tiempo. El acto está guardado; su documento firmado estará "
    "disponible en unos segundos: intente de nuevo."
)


def en_cola() -> bool:
    """Sign through the queue, except in the signing worker itself (it holds the keys: a task it runs that needs
    a signature, such as a certificate signed ahead of its print, signs in place instead of queuing to itself)."""
    return getattr(settings, "FIRMA_SERVICIO", "local") == "cola" and not getattr(settings, "FIRMA_TRABAJADOR", False)


def firmar(
    contenido: bytes,
    *,
    oficina: Oficina,
    url: str,
    motivo: str,
    codigo: str = "",
    lugar: tuple[int, tuple[float, float, float, float]] | None = None,
):
    """The signed `contenido` (a `pades.Firmado`), signed here or by the signing worker (module docstring)."""
    if not en_cola():
        from core.firma import pades

        return pades.firmar_pdf(contenido, oficina=oficina, url=url, codigo=codigo, motivo=motivo, lugar=lugar)
    return _por_la_cola(contenido, oficina=oficina, url=url, motivo=motivo, codigo=codigo, lugar=lugar)


def _por_la_cola(contenido, *, oficina, url, motivo, codigo, lugar):
    from celery.exceptions import TimeoutError as CeleryTimeout

    from core import registro
    from core.firma.pades import Firmado

    espera = float(settings.FIRMA_ESPERA_SEGUNDOS)
    entrada = default_storage.save(f"{CARPETA}/{uuid.uuid4().hex}.pdf", ContentFile(contenido))
    salida = ""
    try:
        tarea = registro.tarea(TAREA_FIRMAR)(
            {
                "entrada": entrada,
                "oficina": dataclasses.asdict(oficina),
                "url": url,
                "motivo": motivo,
                "codigo": codigo,
                "lugar": lugar,
                "vence": time.time() + espera,
            },
            queue=settings.FIRMA_COLA,
            expires=espera,
        )
        try:
            respuesta = tarea.get(timeout=espera, disable_sync_subtasks=False, propagate=True)
        except CeleryTimeout as error:
            logger.error("El trabajador de firma no respondió en %s s (oficina %s)", espera, oficina.clave)
            raise FirmaNoDisponible(DETALLE_NO_DISPONIBLE) from error
        finally:
            tarea.forget()
        if respuesta.get("vencida"):  # the worker met it past its deadline (clocks apart): nothing was signed
            raise FirmaNoDisponible(DETALLE_NO_DISPONIBLE)
        if respuesta.get("error"):
            from core.firma.claves import FirmaNoConfigurada

            raise FirmaNoConfigurada(respuesta["error"])
        salida = respuesta["salida"]
        with default_storage.open(salida, "rb") as archivo:
            firmado = archivo.read()
        return Firmado(
            contenido=firmado,
            nivel=respuesta["nivel"],
            firmado_en=dt.datetime.fromisoformat(respuesta["firmado_en"]),
            sujeto=respuesta.get("sujeto") or {},
            sello_vence=dt.datetime.fromisoformat(respuesta["sello_vence"]) if respuesta.get("sello_vence") else None,
        )
    finally:
        for nombre in (entrada, salida):
            if nombre:
                default_storage.delete(nombre)


def firmar_en_el_trabajador(*, entrada, oficina, url, motivo, codigo, lugar, vence) -> dict:
    """The signing worker's side (core.tasks.firmar_documento_task): sign the stored file, store the result,
    answer where it is. A request whose caller stopped waiting is not signed (nobody would read it)."""
    from core.firma import pades
    from core.firma.claves import FirmaNoConfigurada

    if time.time() > vence:
        default_storage.delete(entrada)
        return {"error": "", "vencida": True}
    with default_storage.open(entrada, "rb") as archivo:
        contenido = archivo.read()
    if lugar is not None:
        pagina, caja = lugar
        lugar = (int(pagina), tuple(float(v) for v in caja))
    try:
        firmado = pades.firmar_pdf(
            contenido, oficina=Oficina(**oficina), url=url, codigo=codigo, motivo=motivo, lugar=lugar
        )
    except FirmaNoConfigurada as error:
        return {"error": error.detalle}
    salida = default_storage.save(entrada.removesuffix(".pdf") + "-firmado.pdf", ContentFile(firmado.contenido))
    return {
        "salida": salida,
        "nivel": firmado.nivel,
        "firmado_en": firmado.firmado_en.isoformat(),
        "sujeto": firmado.sujeto,
        "sello_vence": firmado.sello_vence.isoformat() if firmado.sello_vence else None,
    }


# --- The signing worker's start-up: every office's key, chained to FIRMA_CADENA, readable by its owner only ---


def problemas_de_las_claves() -> list[str]:
    """What stops the signing worker from signing every act the portal issues (empty: it can)."""
    from core import registro
    from core.firma import claves

    problemas = []
    cadena = claves.cadena_certificados()
    for oficina in registro.oficinas_firmantes():
        nombre = f"FIRMA_CLAVE_{oficina.clave.upper()}"
        try:
            origen = claves.origen(oficina.clave)
        except claves.FirmaNoConfigurada as error:
            problemas.append(error.detalle)
            continue
        if origen is None:
            problemas.append(f"La oficina «{oficina.nombre}» no tiene clave de firma: falta {nombre}.")
            continue
        if origen.tipo == "pkcs12" and os.path.exists(origen.ruta):
            modo = os.stat(origen.ruta).st_mode
            if modo & (stat.S_IRWXG | stat.S_IRWXO):
                problemas.append(
                    f"El archivo de clave de «{oficina.nombre}» ({origen.ruta}) tiene permisos {stat.filemode(modo)}: "
                    "solo su dueño puede leerlo (chmod 600)."
                )
                continue
        try:
            firmante = claves.firmante(oficina)
        except claves.FirmaNoConfigurada as error:
            problemas.append(error.detalle)
            continue
        except Exception as error:  # a token that refuses the PIN, a corrupt file
            problemas.append(f"La clave de «{oficina.nombre}» ({nombre}) no se pudo abrir: {error}")
            continue
        motivo = _no_encadena(firmante, cadena)
        if motivo:
            problemas.append(f"El certificado de «{oficina.nombre}» no encadena a FIRMA_CADENA: {motivo}")
    return problemas


def _no_encadena(firmante, cadena) -> str:
    """Why the signer's certificate does not chain to the published CAs (empty when it does)."""
    import asyncio

    from pyhanko_certvalidator import CertificateValidator, ValidationContext

    from core.firma.bucle import fuera_del_bucle

    contexto = ValidationContext(trust_roots=cadena, allow_fetching=False, revocation_mode="soft-fail")
    intermedios = list(getattr(firmante, "cert_registry", None) or [])
    validador = CertificateValidator(
        firmante.signing_cert, intermediate_certs=intermedios, validation_context=contexto
    )
    try:
        fuera_del_bucle(lambda: asyncio.run(validador.async_validate_path()))
    except Exception as error:
        return str(error) or error.__class__.__name__
    return ""


def exigir_claves_de_firma() -> None:
    """Refuse to start the signing worker (ImproperlyConfigured) when an office could not sign."""
    from django.core.exceptions import ImproperlyConfigured

    if settings.FIRMA_DEMO:
        return
    problemas = problemas_de_las_claves()
    if problemas:
        raise ImproperlyConfigured("El trabajador de firma no puede firmar:\n" + "\n".join(problemas))
