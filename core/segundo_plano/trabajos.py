"""Long jobs that survive a dead worker or a broker outage: a heartbeat on the row, and a sweeper.

A Celery worker killed in the middle of a job (kill -9, out of memory, a lost machine) leaves its
row `procesando` forever, and a job whose queuing failed (the broker was down at commit) leaves it
`recibido` forever. Neither may happen, so every long job keeps its state on a row and:

1. Its model inherits `core.models.TrabajoConLatido`: `latido` (the last sign of life: queued, or
   a worker working on it; empty when queuing failed) and `intentos` (times a worker took it); a
   job a page follows inherits `core.models.TrabajoPedido`, which adds `progreso` and `mensaje`.
2. It is queued with `encolar_trabajo_al_confirmar(nombre, pk)` inside the transaction that
   creates the row: after the commit it is queued, and a broker that is down never fails the
   request nor loses the job (the row is marked never-queued and the sweeper queues it later).
3. Its task's body is `ejecutar_tarea(self, trabajar=..., abandonar=...)` (only a database outage
   is retried). Its work takes the row with `trabajo_tomar(filas, pk, nombre=..., agotado=...)`
   (under a lock, state → its first `en_curso`; `tomar(obj, trabajo)` counts the attempt and stamps
   the heartbeat, and too many attempts abandon it), and works inside `with latiendo(Modelo, pk):`,
   a thread that stamps `latido` every TRABAJOS_LATIDO_SEGUNDOS through its own connection (the
   work's transaction is invisible until it commits). A dead process stops beating. A failure is
   recorded with `trabajo_fallar` (or, for other endings, under `fila_bloqueada`).
4. Its app registers it in AppConfig.ready():
   `registro.registrar_trabajo(Trabajo(nombre, Modelo, en_espera=(...), en_curso=(...),
   encolar=tarea.delay, abandonar=marcar_fallido))`.
5. The work is idempotent: a rerun replaces whatever an earlier attempt wrote (or the attempt
   commits whole or not at all), and a second copy of the task that finds the job taken or done
   does nothing (a lock per row, and the state check). Re-queuing is then always safe.

`recuperar_trabajos()` (Celery beat every minute, `core.tasks.recuperar_trabajos_task`; also
`manage.py recuperar_trabajos`) re-queues every registered job whose row is waiting or in progress
with no sign of life for TRABAJOS_VENCIDO_SEGUNDOS, and abandons those in progress that already used
their attempts. Future long jobs (the resolution PDF, bulk firmeza, exports) follow the same steps.
"""

import contextlib
import datetime as dt
import logging
import threading
from dataclasses import dataclass, field

from celery import shared_task
from django.conf import settings
from django.core.files import File
from django.db import DEFAULT_DB_ALIAS, DatabaseError, OperationalError, connection, connections, transaction
from django.db.models import Q
from django.utils import timezone

from core import registro
from core.auditoria.audit import audit_record
from core.registro import Trabajo

logger = logging.getLogger(__name__)

LIMITE_POR_BARRIDO = 500  # rows re-queued per job and sweep: a backlog drains over a few minutes


def latido_cada() -> float:
    return float(getattr(settings, "TRABAJOS_LATIDO_SEGUNDOS", 30))


def vencido_tras() -> float:
    return float(getattr(settings, "TRABAJOS_VENCIDO_SEGUNDOS", 180))


class _HiloDeTrabajos:
    """`make run`'s worker (TRABAJOS_EN_HILO: runserver with no Redis, tasks in-process): one thread that
    runs what is queued, in order, after the request that queued it has answered, so a long job (issuing a
    resolution, a bulk firmeza, a report) shows its progress page as it does on a Celery worker instead of
    holding the request for seconds (issue 45, #17). One thread: SQLite has one writer at a time."""

    def __init__(self):
        import queue

        self.cola = queue.Queue()
        self.hilo = threading.Thread(target=self._correr, name="trabajos-en-proceso", daemon=True)
        self.hilo.start()

    def _correr(self) -> None:
        while True:
            funcion, args = self.cola.get()
            try:
                funcion(*args)
            except Exception:  # as a worker logs a failed task: the row's state says it to the page
                logger.exception("Trabajo en proceso fallido: %s%s", getattr(funcion, "__qualname__", funcion), args)
            finally:
                connections.close_all()  # this thread's own connections: never one left open between jobs
                self.cola.task_done()


_hilo_de_trabajos: _HiloDeTrabajos | None = None
_hilo_bloqueo = threading.Lock()


def _en_hilo(funcion, args) -> None:
    global _hilo_de_trabajos
    with _hilo_bloqueo:
        if _hilo_de_trabajos is None:
            _hilo_de_trabajos = _HiloDeTrabajos()
    _hilo_de_trabajos.cola.put((funcion, args))


def trabajos_en_hilo_esperar() -> None:
    """Wait until `make run`'s job thread has run everything queued (tests; nothing when there is none)."""
    if _hilo_de_trabajos is not None:
        _hilo_de_trabajos.cola.join()


def encolar(funcion, *args) -> bool:
    """Call `funcion(*args)` (a task's `delay`); a broker that cannot be reached is logged, never raised.
    Under `make run`'s server (TRABAJOS_EN_HILO) the call runs on its job thread, after the request."""
    if getattr(settings, "TRABAJOS_EN_HILO", False):
        _en_hilo(funcion, args)
        return True
    try:
        funcion(*args)
    except Exception as exc:  # kombu, redis and socket errors differ by transport: none may fail a request
        logger.warning("No se pudo encolar %s%s: %s: %s", getattr(funcion, "__qualname__", funcion), args,
                       type(exc).__name__, exc)
        return False
    return True


def encolar_trabajo(nombre: str, pk) -> bool:
    """Queue a registered job for one row; if the broker is down, mark the row never-queued
    (`latido` empty) so the next sweep queues it as soon as the broker is back."""
    trabajo = registro.trabajo(nombre)
    if encolar(trabajo.encolar, pk):
        return True
    try:
        trabajo.modelo.objects.filter(pk=pk, latido__isnull=False).update(latido=None)
    except DatabaseError:  # the sweeper still finds it once its last heartbeat is old
        logger.warning("No se pudo marcar %s %s como no encolado", nombre, pk, exc_info=True)
    return False


def encolar_trabajo_al_confirmar(nombre: str, pk) -> None:
    """`encolar_trabajo` once the caller's transaction commits (the row must be visible to the worker)."""
    transaction.on_commit(lambda: encolar_trabajo(nombre, pk))


def encolar_al_confirmar(funcion, *args) -> None:
    """For tasks with their own safety net (e.g. the outbox's periodic flush): queue after commit,
    and never fail the request if the broker is down."""
    transaction.on_commit(lambda: encolar(funcion, *args))


def tomar(obj, trabajo: Trabajo) -> bool:
    """Count a new attempt on a row the caller holds locked and is moving to `en_curso`; stamp its
    heartbeat. False when the attempts are used up: the caller abandons the job instead."""
    if obj.intentos >= trabajo.max_intentos:
        return False
    obj.intentos += 1
    obj.latido = timezone.now()
    return True


def fila_bloqueada(filas, pk):
    """The job's row from `filas` (a queryset, with what it joins), locked until the caller's
    transaction ends (only the row itself, not what it joins); None when it is gone."""
    return filas.select_for_update(of=("self",)).filter(pk=pk).first()


def fila_guardar(fila, **cambios):
    """Set `cambios` on the row and save only those columns."""
    for campo, valor in cambios.items():
        setattr(fila, campo, valor)
    fila.save(update_fields=list(cambios))
    return fila


def trabajo_tomar(filas, pk, *, nombre: str, agotado, al_tomar=None, **cambios):
    """A job's first step, in its own transaction: lock the row and, if it is waiting or in progress
    (re-queued), count the attempt, stamp the heartbeat and move it to its job's first `en_curso`
    state with `cambios` (e.g. `progreso=0`); `al_tomar(fila)` runs just before that save. With its
    attempts used up, `agotado(fila)` gives up on it instead and its answer is returned. A row that is
    gone (None), finished or failed comes back untouched: a second copy of the task does nothing."""
    trabajo = registro.trabajo(nombre)
    with transaction.atomic():
        fila = fila_bloqueada(filas, pk)
        if fila is None or getattr(fila, trabajo.campo_estado) not in trabajo.en_espera + trabajo.en_curso:
            return fila
        if not tomar(fila, trabajo):
            return agotado(fila)
        if al_tomar is not None:
            al_tomar(fila)
        cambios = {trabajo.campo_estado: trabajo.en_curso[0], **cambios}
        return fila_guardar(fila, **cambios, intentos=fila.intentos, latido=fila.latido)


def trabajo_fallar(filas, pk, *, salvo: tuple, auditar: str = "", **cambios):
    """Record a job's failure under a row lock: save `cambios` (its failed state, the message, when),
    unless the row is gone or its state is in `salvo` (it already finished). `auditar`: the audit
    action to record with it."""
    with transaction.atomic():
        fila = fila_bloqueada(filas, pk)
        if fila is None or fila.estado in salvo:
            return fila
        fila_guardar(fila, **cambios)
        if auditar:
            audit_record(actor=None, accion=auditar, obj=fila)
    return fila


def ejecutar_tarea(tarea, *, trabajar, abandonar) -> str | None:
    """A job task's body (a bound Celery task): `trabajar()` does the work and returns the row. Only
    a database outage is retried, with backoff; when the retries are used up (or the task runs
    eagerly) `abandonar()` gives up on the job. Returns the row's state."""
    try:
        fila = trabajar()
    except OperationalError as exc:
        if not tarea.request.is_eager and tarea.request.retries < tarea.max_retries:
            raise tarea.retry(exc=exc, countdown=30 * 2**tarea.request.retries) from exc
        fila = abandonar()
    return fila.estado if fila is not None else None


REINTENTOS = 3  # a job task's retries of a database outage


def tarea_de_trabajo(abandonar):
    """Decorator: the decorated function (one row's id → its job's work, returning the row) becomes
    that job's bound Celery task, under the function's own name, acknowledged late, whose body is
    `ejecutar_tarea` (a database outage retried REINTENTOS times, then `abandonar(pk)`)."""

    def decorar(trabajar):
        def tarea(self, pk):
            return ejecutar_tarea(self, trabajar=lambda: trabajar(pk), abandonar=lambda: abandonar(pk))

        tarea.__name__, tarea.__qualname__ = trabajar.__name__, trabajar.__qualname__
        tarea.__module__, tarea.__doc__ = trabajar.__module__, trabajar.__doc__
        return shared_task(bind=True, acks_late=True, max_retries=REINTENTOS)(tarea)

    return decorar


class _Pulso(threading.Thread):
    """Stamps `latido` on one row every `cada` seconds through this thread's own connection."""

    def __init__(self, tabla: str, pk, cada: float):
        super().__init__(daemon=True, name=f"latido-{tabla}-{pk}")
        self.tabla, self.pk, self.cada = tabla, pk, cada
        self.parar = threading.Event()

    def run(self) -> None:
        try:
            while not self.parar.wait(self.cada):
                try:
                    with connection.cursor() as cursor:  # Django's connections are per thread: autocommit
                        cursor.execute(
                            f"UPDATE {self.tabla} SET latido = %s WHERE id = %s", [timezone.now(), self.pk]
                        )
                except DatabaseError:  # the next beat reconnects; a missed beat only risks a harmless re-queue
                    logger.warning("Latido fallido en %s %s", self.tabla, self.pk, exc_info=True)
                    connection.close()
        finally:
            connection.close()


@contextlib.contextmanager
def latiendo(modelo, pk, *, cada: float | None = None):
    """While the block runs, a thread stamps the row's heartbeat. On SQLite (`make run`, jobs run
    in-process) there is no worker to lose and one writer at a time: no thread."""
    if connection.vendor != "postgresql":
        yield
        return
    pulso = _Pulso(modelo._meta.db_table, pk, cada or latido_cada())
    pulso.start()
    try:
        yield
    finally:
        pulso.parar.set()
        pulso.join(timeout=10)


@contextlib.contextmanager
def candado(espacio: int, pk: int):
    """A PostgreSQL session advisory lock on (`espacio`, `pk`), so two workers never run the same job:
    yields whether this worker holds it. SQLite (one process, jobs in-process): always held."""
    if connection.vendor != "postgresql":
        yield True
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", [espacio, pk])
        propio = cursor.fetchone()[0]
    try:
        yield propio
    finally:
        if propio:
            with contextlib.suppress(Exception), connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [espacio, pk])


def trabajo_correr(pk, *, tomar, en_curso, trabajar, fallar, log: logging.Logger, mensaje: str):
    """A job's work: take the row with `tomar(pk)` and, if it is then in its `en_curso` state, return
    `trabajar(fila)`, run with the row's heartbeat. A database outage propagates (the task retries);
    any other failure is logged on `log` (`mensaje % pk`) and `fallar()` answers. A row gone, finished
    or failed: the row as it is."""
    fila = tomar(pk)
    if fila is None or fila.estado != en_curso:
        return fila
    try:
        with latiendo(type(fila), fila.id):
            return trabajar(fila)
    except OperationalError:
        raise
    except Exception:
        log.exception(mensaje, pk)
        return fallar()


def trabajo_archivo_guardar(fila, ruta: str, nombre: str, *, auditar: str, **cambios):
    """A file job's last step, in one transaction: store the file built at `ruta` on the row's
    `archivo` as `nombre`, set `cambios` (its finished state), save the row and audit it as `auditar`."""
    with transaction.atomic(), open(ruta, "rb") as leido:
        fila.archivo.save(nombre, File(leido), save=False)
        for campo, valor in cambios.items():
            setattr(fila, campo, valor)
        fila.save()
        audit_record(actor=None, accion=auditar, obj=fila)
    return fila


def trabajo_exclusivo(espacio: int, modelo, pk, *, tomar, en_curso, trabajar):
    """A job only one worker runs at a time: under the advisory lock (`espacio`, `pk`), take the row
    with `tomar(pk)` and, if it is then in its `en_curso` state, return `trabajar(fila)`. Another worker
    holding the lock (a redelivered message: let that one finish), a row gone, finished or failed: the
    row as it is."""
    with candado(espacio, pk) as propio:
        if not propio:
            return modelo.objects.filter(pk=pk).first()
        fila = tomar(pk)
        if fila is None or fila.estado != en_curso:
            return fila
        return trabajar(fila)


def progreso_anotar(conexion, modelo, pk, progreso: int) -> None:
    """UPDATE the row's `progreso` through `conexion`."""
    with conexion.cursor() as cursor:
        cursor.execute(f"UPDATE {modelo._meta.db_table} SET progreso = %s WHERE id = %s", [progreso, pk])


@contextlib.contextmanager
def avisos_de_progreso(anotar, *, descripcion: str, activo: bool = True):
    """Yield anotar(progreso). A job's work runs in one transaction, invisible until it commits, so the
    progress goes through a second connection in autocommit (`anotar(conexion, progreso)`): a cheap
    committed UPDATE the page polls. Progress is a courtesy: a failure is logged once and never fails
    the job. SQLite has one writer at a time: there (or when not `activo`) the progress jumps at the end."""
    if connection.vendor != "postgresql" or not activo:
        yield lambda progreso: None
        return
    lateral = connections.create_connection(DEFAULT_DB_ALIAS)
    sano = [True]

    def anotar_lateral(progreso: int) -> None:
        if not sano[0]:
            return
        try:
            anotar(lateral, progreso)
        except DatabaseError:
            logger.warning("No se pudo anotar el progreso %s", descripcion, exc_info=True)
            sano[0] = False

    try:
        yield anotar_lateral
    finally:
        lateral.close()


# --- Jobs the API follows (GET /api/v1/trabajos/{id}/, core.api.trabajos) -------------------------

PENDIENTE, PROCESANDO, TERMINADO, FALLIDO = "pendiente", "procesando", "terminado", "fallido"
ESTADOS_API = (PENDIENTE, PROCESANDO, TERMINADO, FALLIDO)


@dataclass(frozen=True)
class VistaTrabajo:
    """What the API says of a job, whatever its model: one of ESTADOS_API, its progress (0 to 100),
    what it produced once `terminado` (`mensaje`, the API path of the result `recurso`, how many rows
    it made `cantidad`) and, once `fallido`, why (`error`, Spanish)."""

    estado: str
    progreso: int = 0
    mensaje: str = ""
    recurso: str | None = None
    cantidad: int | None = None
    error: str | None = None
    pendientes: int | None = None  # what the job left for later (the bulk firmeza: cupos whose term runs, P-04)


def trabajo_referencia(prefijo: str, pk) -> str:
    """A job's id in the API: "<prefijo>-<pk>" ("firmeza-12"), unique across kinds of job."""
    return f"{prefijo}-{pk}"


def trabajo_referencia_leer(referencia: str) -> tuple[str, int] | None:
    """(prefijo, pk) of a job id; None when it is not one."""
    prefijo, _, pk = (referencia or "").rpartition("-")
    if not prefijo or not pk.isdecimal() or len(pk) > 18:
        return None
    return prefijo, int(pk)


@dataclass
class Recuperacion:
    nombre: str
    reencolados: list = field(default_factory=list)
    abandonados: list = field(default_factory=list)
    sin_broker: bool = False


def recuperar_trabajos(*, vencido: float | None = None, ahora: dt.datetime | None = None) -> list[Recuperacion]:
    """Re-queue the registered jobs with no sign of life: waiting or in progress, with an empty
    `latido` (never queued) or one older than `vencido` seconds. Jobs in progress that used their
    attempts are abandoned instead. A re-queued job gets a fresh `latido`, so it is queued again
    only if nobody takes it for another `vencido` seconds. Stops at the first queuing failure."""
    ahora = ahora or timezone.now()
    limite = ahora - dt.timedelta(seconds=vencido_tras() if vencido is None else vencido)
    resultados = []
    for trabajo in registro.trabajos():
        resultado = Recuperacion(trabajo.nombre)
        resultados.append(resultado)
        filas = (
            trabajo.modelo.objects.filter(**{f"{trabajo.campo_estado}__in": trabajo.en_espera + trabajo.en_curso})
            .filter(Q(latido__isnull=True) | Q(latido__lt=limite))
            .order_by("pk")
            .values_list("pk", trabajo.campo_estado, "intentos", "latido")[:LIMITE_POR_BARRIDO]
        )
        for pk, estado, intentos, latido in filas:
            if estado in trabajo.en_curso and intentos >= trabajo.max_intentos:
                logger.error("Trabajo %s %s abandonado tras %s intentos", trabajo.nombre, pk, intentos)
                trabajo.abandonar(pk)
                resultado.abandonados.append(pk)
                continue
            if not encolar(trabajo.encolar, pk):
                resultado.sin_broker = True
                break
            # Only if nobody stamped it meanwhile (a live worker's heartbeat wins).
            trabajo.modelo.objects.filter(pk=pk, **{trabajo.campo_estado: estado}).filter(
                Q(latido__isnull=True) | Q(latido__lt=limite)
            ).update(latido=ahora)
            logger.warning("Trabajo %s %s re-encolado (estado %s, último latido %s)", trabajo.nombre, pk, estado,
                           latido)
            resultado.reencolados.append(pk)
    return resultados
