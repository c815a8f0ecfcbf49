"""R-22 for a whole year: the reconciliation workbook as a Celery job (core.segundo_plano.trabajos), stored.

`conciliacion_anual_request` records the request (a row in the asker's scope, audited) and queues
the job; `conciliacion_anual_build` writes the workbook month by month (write-only, streamed rows)
to a temporary file and stores it. The page shows its progress and links to the file.
"""

import logging
import os
import tempfile

from django.db import transaction
from django.utils import timezone

from core.auditoria.audit import audit_record
from core.comun.errors import DatosInvalidos
from core.segundo_plano import trabajos
from core.vencimientos.calendario import today
from cupos import calculo
from distribuidores.access import conciliacion_alcance
from distribuidores.models import ExportacionConciliacion
from distribuidores.selectors.conciliacion.exportar import conciliacion_anual_xlsx

logger = logging.getLogger(__name__)

TRABAJO = "distribuidores.conciliacion_anual"  # its name in core.registro (registered in apps.py)
MENSAJE_ERROR = "No se pudo generar el libro por un error interno del portal. Vuelva a pedirlo más tarde."
MENSAJE_INTERRUMPIDO = "La generación del libro se interrumpió varias veces sin terminar. Vuelva a pedirlo."
Estado = ExportacionConciliacion.Estado
EN_CURSO = (Estado.EN_ESPERA, Estado.GENERANDO)


def ultimo_mes_terminado():
    return calculo.month_start(calculo.month_index(today()) - 1)


def conciliacion_anual_request(*, actor, anio: int) -> ExportacionConciliacion:
    """Queue the year's workbook in the actor's scope; one already waiting for it is returned."""
    distribuidor_id = conciliacion_alcance(actor)
    if not 2002 <= anio <= ultimo_mes_terminado().year:
        raise DatosInvalidos({"anio": f"El año {anio} no tiene meses terminados para conciliar."})
    with transaction.atomic():
        pendiente = ExportacionConciliacion.objects.filter(
            anio=anio, distribuidor_id=distribuidor_id, solicitada_por=actor, estado__in=EN_CURSO
        ).first()
        if pendiente is not None:
            return pendiente
        exportacion = ExportacionConciliacion.objects.create(
            anio=anio, distribuidor_id=distribuidor_id, solicitada_por=actor
        )
        audit_record(actor=actor, accion="conciliacion.exportar_anio", obj=exportacion)
        trabajos.encolar_trabajo_al_confirmar(TRABAJO, exportacion.id)
    return exportacion


def conciliacion_anual_build(*, exportacion_id: int) -> ExportacionConciliacion | None:
    return trabajos.trabajo_correr(
        exportacion_id, tomar=_tomar, en_curso=Estado.GENERANDO, trabajar=_generar,
        fallar=lambda: _fallar(exportacion_id, MENSAJE_ERROR),
        log=logger, mensaje="Falló la exportación anual de la conciliación %s",
    )


def _generar(exportacion: ExportacionConciliacion) -> ExportacionConciliacion:
    with tempfile.TemporaryDirectory(prefix="conc-") as tmp:
        ruta = os.path.join(tmp, "conciliacion.xlsx")

        def avance(mes: int, meses: int) -> None:
            ExportacionConciliacion.objects.filter(pk=exportacion.id).update(progreso=int(mes * 95 / meses))

        filas = conciliacion_anual_xlsx(
            anio=exportacion.anio,
            hasta=ultimo_mes_terminado(),
            distribuidor_id=exportacion.distribuidor_id,
            destino=ruta,
            avance=avance,
        )
        plural = "s" if filas != 1 else ""
        return trabajos.trabajo_archivo_guardar(
            exportacion, ruta, f"conciliacion-{exportacion.anio}.xlsx", auditar="conciliacion.exportar_anio_generar",
            filas=filas, progreso=100, terminada=timezone.now(), estado=Estado.LISTA,
            mensaje=f"Libro de {exportacion.anio} con {filas} discrepancia{plural}.",
        )


def conciliacion_anual_abandon(exportacion_id: int) -> ExportacionConciliacion | None:
    return _fallar(exportacion_id, MENSAJE_INTERRUMPIDO)


def _tomar(exportacion_id: int) -> ExportacionConciliacion | None:
    return trabajos.trabajo_tomar(
        ExportacionConciliacion.objects,
        exportacion_id,
        nombre=TRABAJO,
        agotado=lambda fila: trabajos.fila_guardar(fila, estado=Estado.FALLIDA, mensaje=MENSAJE_INTERRUMPIDO),
        progreso=0,
    )


def _fallar(exportacion_id: int, mensaje: str) -> ExportacionConciliacion | None:
    return trabajos.trabajo_fallar(
        ExportacionConciliacion.objects,
        exportacion_id,
        salvo=(Estado.LISTA,),
        estado=Estado.FALLIDA,
        mensaje=mensaje,
        terminada=timezone.now(),
    )
