"""A citizen's PDF is validated away from the web worker, under a time and memory budget (issue 39).

`reconocer` (the public upload box, `/firma/verificar/`) parses files anyone sends. The revision cap refuses the
known quadratic case before parsing (core.firma.validacion.MAX_REVISIONES); whatever else a hostile file does to
pyHanko's parser, it does it in a child process: one per web process, forked from a clean forkserver (Django set
up, no database connection, no thread of the web worker), limited to FIRMA_VALIDACION_MEMORIA_MB of address space
and killed after FIRMA_VALIDACION_SEGUNDOS. The web worker answers in time either way, and the next file gets a
new child."""

from __future__ import annotations

import atexit
import concurrent.futures
import logging
import multiprocessing
import threading

from django.conf import settings

from core.firma.validacion import Verificacion

logger = logging.getLogger(__name__)

# What the child needs to validate as this process would (a test changes them on the fly).
AJUSTES = ("FIRMA_DIR", "FIRMA_DEMO", "FIRMA_CADENA", "FIRMA_REVOCACION", "FIRMA_DEMO_CRL_URL")

DEMASIADO_LENTO = (
    "El archivo tardó demasiado en verificarse y se dejó de revisar: no es un documento tal como lo expidió el portal."
)
FALLO = (
    "El archivo no se pudo verificar (el verificador se detuvo con él): no es un documento tal como lo expidió el "
    "portal."
)

_grupo: concurrent.futures.ProcessPoolExecutor | None = None
_bloqueo = threading.Lock()


def _preparar(memoria_mb: int) -> None:
    """In the child: an address-space ceiling, so a file that balloons the parser fails there, alone."""
    import resource

    limite = memoria_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limite, limite))


def _validar(datos: bytes, ajustes: dict) -> Verificacion:
    """In the child: Django is set up by the forkserver's preload (core.firma.aislado_arranque)."""
    from django.conf import settings as ajustes_hijo

    from core.firma import claves
    from core.firma.validacion import validar_pdf

    cambiaron = any(getattr(ajustes_hijo, k, None) != v for k, v in ajustes.items())
    for clave, valor in ajustes.items():
        setattr(ajustes_hijo, clave, valor)
    if cambiaron:
        claves.olvidar()
    return validar_pdf(datos)


def _obtener() -> concurrent.futures.ProcessPoolExecutor:
    global _grupo
    with _bloqueo:
        if _grupo is None:
            contexto = multiprocessing.get_context("forkserver")
            contexto.set_forkserver_preload(["core.firma.aislado_arranque"])
            _grupo = concurrent.futures.ProcessPoolExecutor(
                max_workers=1,
                mp_context=contexto,
                initializer=_preparar,
                initargs=(settings.FIRMA_VALIDACION_MEMORIA_MB,),
                max_tasks_per_child=100,
            )
            atexit.register(_grupo.shutdown, wait=False, cancel_futures=True)  # a quiet exit of the web worker
        return _grupo


def _descartar(grupo) -> None:
    """Kill the child (a file that ran out of time) and drop the pool: the next call makes a new one."""
    global _grupo
    with _bloqueo:
        if _grupo is grupo:
            _grupo = None
    for proceso in list(getattr(grupo, "_processes", {}).values()):  # the pool has no public kill
        proceso.kill()
    grupo.shutdown(wait=False, cancel_futures=True)


def validar_aislado(datos: bytes) -> Verificacion:
    """`validacion.validar_pdf(datos)`, in the child process (module docstring)."""
    if not settings.FIRMA_VALIDACION_AISLADA:
        from core.firma.validacion import validar_pdf

        return validar_pdf(datos)
    grupo = _obtener()
    ajustes = {k: getattr(settings, k, None) for k in AJUSTES}
    try:
        futuro = grupo.submit(_validar, datos, ajustes)
        return futuro.result(timeout=settings.FIRMA_VALIDACION_SEGUNDOS)
    except concurrent.futures.TimeoutError:
        logger.warning("Verificación de PDF cortada a los %s s (%s bytes)", settings.FIRMA_VALIDACION_SEGUNDOS,
                       len(datos))
        _descartar(grupo)
        resultado = Verificacion(firmado=b"/ByteRange" in datos)
        resultado.problemas.append(DEMASIADO_LENTO)
        return resultado
    except (concurrent.futures.process.BrokenProcessPool, MemoryError, OSError) as error:
        logger.warning("El verificador de PDF se detuvo (%s bytes): %s", len(datos), error)
        _descartar(grupo)
        resultado = Verificacion(firmado=b"/ByteRange" in datos)
        resultado.problemas.append(FALLO)
        return resultado
