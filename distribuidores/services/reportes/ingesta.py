"""R-20: a wholesaler's monthly report, from the upload to the processed, reconciled version in force.

Pipeline of a ReporteMensual: recibido → procesando → procesado | rechazado.

- `reporte_upload` stores the file (kept for audit even when rejected), numbers the version,
  computes the deadline and lateness with the business-day calendar, and queues the job.
- `reporte_process` (the Celery task's work) streams the file in batches in ONE transaction: rows
  are checked (`filas`) and COPYed (`carga`) while the next batch is read; then the SQL checks
  (`cruces`: certificates, duplicates, the discrepancies of R-22), the totals, the state
  and the swap of the version in force. It commits whole or not at all, so a half-written report
  is never visible and a rejected upload leaves the version in force untouched; `progreso` goes
  through a second connection so the page sees it move.
"""

import datetime as dt
import logging
import os

from django.conf import settings
from django.db import (
    OperationalError,
    transaction,
)
from django.db.models import Max
from django.utils import timezone
from django.utils.text import get_valid_filename

from core.archivos.tablas import ArchivoRechazado, abrir_tabla, mb
from core.auditoria.audit import audit_record, snapshot
from core.comun.errors import DatosInvalidos
from core.identidad.access import distribuidor_access, require_role
from core.models import Distribuidor
from core.segundo_plano.trabajos import (
    avisos_de_progreso,
    encolar_trabajo_al_confirmar,
    latiendo,
    progreso_anotar,
    trabajo_exclusivo,
    trabajo_tomar,
)
from core.vencimientos.alertas import alertas_resolve_por_referencia
from core.vencimientos.calendario import today
from distribuidores.access import ESCRITORES
from distribuidores.models import ReporteMensual, TipoAlertaDistribuidores
from distribuidores.plazos import fecha_limite_periodo
from distribuidores.services.reportes import ENCABEZADO, cruces
from distribuidores.services.reportes.carga import Carga, borrar_resultados
from distribuidores.services.reportes.filas import Catalogo, Validador

logger = logging.getLogger(__name__)

MAX_BYTES = 20 * 1024 * 1024  # settings.REPORTE_MAX_BYTES overrides it
LOTE = 2_000  # rows validated together (then queued to the COPY while the next batch is read)
PASO_PROGRESO = 5  # percent between two progress updates
CARGA_HASTA = 90  # percent reached when every row is loaded; reconciliation does the rest
EXTENSIONES = {".csv", ".txt", ".xlsx"}
MENSAJE_ERROR_INTERNO = (
    "No se pudo procesar el archivo por un error interno del portal. El equipo técnico fue notificado; "
    "vuelva a cargarlo más tarde. Su versión vigente anterior, si la hay, no cambió."
)
MENSAJE_INTERRUMPIDO = (
    "El procesamiento de este archivo se interrumpió varias veces sin terminar. El equipo técnico fue "
    "notificado; vuelva a cargarlo más tarde. Su versión vigente anterior, si la hay, no cambió."
)
_CANDADO = 0x52_45_50  # advisory-lock namespace of report processing ("REP")
TRABAJO = "distribuidores.reporte"  # its name in core.registro (registered in apps.py)

Estado = ReporteMensual.Estado


def max_bytes() -> int:
    return getattr(settings, "REPORTE_MAX_BYTES", MAX_BYTES)


def reporte_upload(*, actor, distribuidor_nit: str, periodo: dt.date, archivo) -> ReporteMensual:
    """Receive a wholesaler's report for a finished month and queue its processing (202 in the API)."""
    require_role(actor, *ESCRITORES)
    distribuidor = distribuidor_access(actor, distribuidor_nit, para_escribir=True)
    periodo = _periodo_terminado(periodo)
    tamano = archivo.size
    if tamano is None or tamano > max_bytes():
        raise DatosInvalidos({"archivo": mensaje_tamano(tamano)})
    hoy = today()
    fecha_limite = fecha_limite_periodo(periodo)
    nombre_original = os.path.basename(getattr(archivo, "name", "") or "reporte")[:255]
    with transaction.atomic():
        # One wholesaler's uploads and swaps serialize on its row: versions are gap-free.
        Distribuidor.objects.select_for_update().filter(pk=distribuidor.pk).first()
        anterior = ReporteMensual.objects.filter(distribuidor=distribuidor, periodo=periodo).aggregate(v=Max("version"))
        version = (anterior["v"] or 0) + 1
        reporte = ReporteMensual(
            distribuidor=distribuidor, periodo=periodo, version=version, vigente=False,
            nombre_original=nombre_original, tamano_bytes=tamano, estado=Estado.RECIBIDO,
            fecha_limite=fecha_limite, extemporaneo=hoy > fecha_limite, subido_por=actor,
        )
        reporte.archivo.save(_nombre_guardado(distribuidor, periodo, version, nombre_original), archivo, save=False)
        reporte.save()
        audit_record(actor=actor, accion="reporte.cargar", obj=reporte)
        # Queued after the commit; with the broker down the upload is still accepted (recibido) and the
        # sweeper of core.segundo_plano.trabajos queues it when the broker is back.
        encolar_trabajo_al_confirmar(TRABAJO, reporte.id)
    return reporte


def mensaje_tamano(tamano: int | None) -> str:
    limite = mb(max_bytes())
    if tamano is None:
        return f"No se pudo saber el tamaño del archivo; el máximo es {limite}."
    return (
        f"El archivo pesa {mb(tamano)} y el máximo permitido es {limite}. Quite columnas o filas que no sean del "
        "reporte, o envíelo como libro de Excel (.xlsx), que ocupa menos."
    )


def _periodo_terminado(periodo: dt.date) -> dt.date:
    periodo = periodo.replace(day=1)
    if periodo >= today().replace(day=1):
        raise DatosInvalidos(
            {"periodo": f"El periodo {periodo:%Y-%m} no ha terminado: solo se reportan meses terminados."}
        )
    return periodo


def _nombre_guardado(distribuidor, periodo, version, original) -> str:
    extension = os.path.splitext(original)[1].lower()
    extension = extension if extension in EXTENSIONES else ".dat"
    return get_valid_filename(f"{distribuidor.nit}_{periodo:%Y-%m}_v{version}{extension}")


def reporte_process(*, reporte_id: int) -> ReporteMensual | None:
    """Parse, validate, store and reconcile one report. Never raises except OperationalError (retried)."""
    return trabajo_exclusivo(
        _CANDADO, ReporteMensual, reporte_id, tomar=_tomar, en_curso=Estado.PROCESANDO, trabajar=_procesar_tomado
    )


def _procesar_tomado(reporte: ReporteMensual) -> ReporteMensual:
    try:
        # The heartbeat says a live worker has it; the transaction rolls back whole if this one dies,
        # so the re-queued attempt (core.segundo_plano.trabajos) starts clean: a rerun never doubles rows.
        with latiendo(ReporteMensual, reporte.id), transaction.atomic():
            validador, descripcion = _cargar(reporte)
            return _finalizar(reporte, validador, descripcion)
    except ArchivoRechazado as exc:
        return _rechazar(reporte, exc.mensaje)
    except OperationalError:
        raise  # the database went away: the task retries; the next attempt starts clean
    except Exception:  # the server never errors on a file: the report is rejected and logged
        logger.exception("Falló el procesamiento del reporte mensual %s", reporte.id)
        return _rechazar(reporte, MENSAJE_ERROR_INTERNO)


def reporte_abandon(reporte_id: int) -> ReporteMensual | None:
    """core.segundo_plano.trabajos gives up on a report whose workers died `max_intentos` times."""
    return reporte_mark_failed(reporte_id=reporte_id, mensaje=MENSAJE_INTERRUMPIDO)


def reporte_mark_failed(*, reporte_id: int, mensaje: str = MENSAJE_ERROR_INTERNO) -> ReporteMensual | None:
    """Give up on a report (retries exhausted): rejected, nothing of it kept but the file."""
    reporte = ReporteMensual.objects.filter(pk=reporte_id).first()
    if reporte is None or reporte.estado in (Estado.PROCESADO, Estado.RECHAZADO):
        return reporte
    return _rechazar(reporte, mensaje)


def _tomar(reporte_id: int) -> ReporteMensual | None:
    return trabajo_tomar(
        ReporteMensual.objects,
        reporte_id,
        nombre=TRABAJO,
        agotado=lambda reporte: _rechazar(reporte, MENSAJE_INTERRUMPIDO),  # its workers died again and again
        # defensive: a load commits whole, so a dead attempt leaves nothing
        al_tomar=lambda reporte: borrar_resultados(reporte.id),
        progreso=0,
        mensaje="",
    )


def _cargar(reporte: ReporteMensual) -> tuple[Validador, str]:
    """Stream the stored file into FilaReporte / ErrorFilaReporte, in the caller's transaction."""
    catalogo = Catalogo.cargar()
    with (
        _avisos_de_progreso(reporte.id) as anotar,
        reporte.archivo.storage.open(reporte.archivo.name, "rb") as guardado,
        abrir_tabla(getattr(guardado, "file", guardado), ENCABEZADO, tamano=reporte.tamano_bytes) as tabla,
    ):
        validador = Validador(
            periodo=reporte.periodo, hoy=today(), catalogo=catalogo, columnas=tabla.columnas, ancho=tabla.ancho,
        )
        progreso = 0
        with Carga(reporte.id, desambiguar=validador.desambiguar) as carga:
            for lote in tabla.lotes(LOTE):
                carga.escribir(*validador.validar(lote))
                avance = int(tabla.avance() * CARGA_HASTA)
                if avance - progreso >= PASO_PROGRESO:
                    anotar(avance)
                    progreso = avance
        if validador.filas_leidas == 0:
            raise ArchivoRechazado(
                "El archivo solo tiene el encabezado: no trae filas de ventas. Escriba una fila por venta "
                "exenta del mes (fecha, identificación del beneficiario, certificado y galones)."
                + (" Si las celdas tienen fórmulas, copie y pegue los valores: las fórmulas no se calculan."
                   if tabla.formato == "xlsx" else "")
            )
        anotar(CARGA_HASTA)
        return validador, tabla.descripcion


def _avisos_de_progreso(reporte_id: int):
    """Yield anotar(progreso) through a second connection in autocommit
    (core.segundo_plano.trabajos.avisos_de_progreso).
    The job never locks the report row while loading, so that UPDATE never waits."""
    return avisos_de_progreso(
        lambda conexion, progreso: _anotar_progreso(conexion, reporte_id, progreso),
        descripcion=f"del reporte {reporte_id}",
    )


def _anotar_progreso(conexion, reporte_id: int, progreso: int) -> None:
    progreso_anotar(conexion, ReporteMensual, reporte_id, progreso)


def _finalizar(reporte: ReporteMensual, validador: Validador, descripcion: str) -> ReporteMensual:
    """Reconcile, total and swap the version in force (in the load's transaction)."""
    Distribuidor.objects.select_for_update().filter(pk=reporte.distribuidor_id).first()
    t = cruces.conciliar(reporte)
    reporte.filas_validas, reporte.filas_con_error, reporte.total_galones = (
        t.filas_validas, t.filas_con_error, t.total_galones,
    )
    reporte.progreso, reporte.procesado = 100, timezone.now()
    if t.filas_validas == 0:
        reporte.estado, reporte.vigente = Estado.RECHAZADO, False
        reporte.mensaje = (
            f"Ninguna de las {validador.filas_leidas} filas es válida: corrija los errores señalados y vuelva a "
            "cargar el archivo. Su versión vigente anterior, si la hay, no cambió."
        )
        reporte.save()
        audit_record(actor=None, accion="reporte.rechazar", obj=reporte)
        return reporte
    reemplazada = _tomar_vigencia(reporte)
    reporte.estado = Estado.PROCESADO
    reporte.mensaje = (
        f"Procesado ({descripcion}): {t.filas_validas} filas válidas, {t.filas_con_error} con errores y "
        f"{t.discrepancias} discrepancias."
    )
    if reemplazada is not None:
        reporte.mensaje += f" Reemplaza la versión {reemplazada.version}."
    elif not reporte.vigente:
        reporte.mensaje += " Ya hay una versión más reciente procesada: esta no queda vigente."
    reporte.save()
    audit_record(actor=None, accion="reporte.procesar", obj=reporte)
    # the report arrived, so its overdue alert (if any) is resolved at once.
    alertas_resolve_por_referencia(
        tipo=TipoAlertaDistribuidores.REPORTE_DISTRIBUIDOR_VENCIDO,
        referencia=f"{reporte.periodo:%Y-%m}:{reporte.distribuidor.nit}",
        detalle=f"El distribuidor presentó el reporte (versión {reporte.version}).",
    )
    return reporte


def _tomar_vigencia(reporte: ReporteMensual) -> ReporteMensual | None:
    """Swap the version in force (the caller holds the wholesaler's row lock): totals never count twice.

    An older version processed late never displaces a newer one already in force.
    """
    actual = ReporteMensual.objects.filter(
        distribuidor_id=reporte.distribuidor_id, periodo=reporte.periodo, vigente=True
    ).exclude(pk=reporte.pk).first()
    if actual is not None and actual.version > reporte.version:
        reporte.vigente = False
        return None
    if actual is not None:
        antes = snapshot(actual)
        ReporteMensual.objects.filter(pk=actual.pk).update(vigente=False)
        actual.vigente = False
        audit_record(actor=None, accion="reporte.reemplazar", obj=actual, antes=antes)
    reporte.vigente = True
    return actual


def _rechazar(reporte: ReporteMensual, mensaje: str) -> ReporteMensual:
    """Reject: delete whatever the attempt wrote (never a half-written report); the file stays."""
    with transaction.atomic():
        borrar_resultados(reporte.id)
        reporte.estado, reporte.vigente, reporte.mensaje = Estado.RECHAZADO, False, mensaje
        reporte.filas_validas = reporte.filas_con_error = 0
        reporte.total_galones = 0
        reporte.progreso, reporte.procesado = 100, timezone.now()
        reporte.save()
        audit_record(actor=None, accion="reporte.rechazar", obj=reporte)
    return reporte
