"""Reads from a PostgreSQL replica, as an explicit opt-in (issue 14 §5).

With `DATABASE_REPLICA_URL` set, settings add the database alias `replica` and turn on
LECTURA_REPLICA. Then, and only inside `lectura_replica()` (a context manager that is also a view
decorator), RouterReplica sends the ORM's reads to the replica. Everything else stays on the
primary, as it was:

- writes (the router never names the replica for a write);
- a read inside a transaction on the primary (it must see what that transaction wrote);
- the balance: `cupos.selectors.saldos` runs under `lectura_primaria()`, so a page read from the
  replica that shows a balance still reads the ledger from the primary (issuance decides on it);
- every page, API and job that does not opt in.

The pages that opt in are the read-heavy ones whose data may lag a replica's few milliseconds:
the public border transparency page and its CSV, the reconciliation export, the analyst's national
dashboard and the national cargo-reservation compliance. Without the replica (development, `make
run`, tests) `lectura_replica()` changes nothing.

Issue 27, decided once per `lectura_replica()` block, at its first read (`_decidir`), with one
query to the replica:

- **read-your-writes by LSN** (docs/decisiones.md): after a user's successful write (any unsafe
  method answered < 400), `LecturaPropiaMiddleware` stores the primary's WAL insert position
  (`pg_current_wal_insert_lsn()`) in the user's session and in the shared cache under the user's
  id (a token write, then a page read with the session cookie, is the same user). That user's
  replica-routed reads go to the primary until the replica's `pg_last_wal_replay_lsn()` has
  passed that LSN; then back to the replica.
- **the replica down** (connection refused, timeout, recovery conflict): the block reads from the
  primary, and this process skips the replica for PAUSA_SEGUNDOS before trying it again.
- **freshness**: how far behind the replica is (0 when it has replayed everything it received,
  else now() − the last replayed commit), shown by the pages (`frescura_texto`).
"""

import logging
import time
from contextlib import contextmanager, suppress
from contextvars import ContextVar

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections

ALIAS_REPLICA = "replica"
CLAVE_SESION = "replica_lsn"
PAUSA_SEGUNDOS = 5.0  # a replica that failed is skipped this long by the process
DURACION_LSN = 3600  # seconds the cache keeps a user's last write LSN (docs/decisiones.md)

log = logging.getLogger(__name__)

_replica: ContextVar[bool] = ContextVar("lectura_replica", default=False)
# The decision of the current lectura_replica() block: {"alias", "retraso"} once taken.
_estado: ContextVar[dict | None] = ContextVar("lectura_replica_estado", default=None)
# The request being served (LecturaPropiaMiddleware): its user's last write LSN is read lazily.
_peticion: ContextVar[object | None] = ContextVar("lectura_replica_peticion", default=None)
_caida_hasta = 0.0  # monotonic time until which this process does not try the replica


@contextmanager
def _lectura(replica: bool):
    marca = _replica.set(replica)
    estado = _estado.set({} if replica else None)
    try:
        yield
    finally:
        _estado.reset(estado)
        _replica.reset(marca)


def lectura_replica():
    """Inside: the ORM's reads go to the replica, when one is configured. Usable as a decorator."""
    return _lectura(True)


def lectura_primaria():
    """Inside: every read goes to the primary, even within lectura_replica() (the balance)."""
    return _lectura(False)


def replica_activa() -> bool:
    return bool(getattr(settings, "LECTURA_REPLICA", False)) and ALIAS_REPLICA in settings.DATABASES


def _lsn_numero(lsn: str | None) -> int:
    """'16/B374D848' → an int (pg_lsn's order); a missing or malformed one → 0."""
    alto, _, bajo = (lsn or "").partition("/")
    try:
        return (int(alto, 16) << 32) | int(bajo, 16)
    except ValueError:
        return 0


def _lsn_del_usuario() -> str | None:
    """The LSN of the current user's last write (session or shared cache), or None."""
    from django.core.cache import cache

    peticion = _peticion.get()
    user = getattr(peticion, "user", None)
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    candidatos = [cache.get(f"replica:lsn:{user.pk}")]
    sesion = getattr(peticion, "session", None)
    if sesion is not None:
        with suppress(Exception):
            candidatos.append(sesion.get(CLAVE_SESION))
    candidatos = [c for c in candidatos if isinstance(c, str) and _lsn_numero(c)]
    return max(candidatos, key=_lsn_numero) if candidatos else None


def _decidir() -> dict:
    """Where this block reads: the replica when it answers and has replayed the user's last write."""
    global _caida_hasta
    if time.monotonic() < _caida_hasta:
        return {"alias": DEFAULT_DB_ALIAS, "retraso": None, "motivo": "replica_caida"}
    lsn = _lsn_del_usuario()
    try:
        with connections[ALIAS_REPLICA].cursor() as c:
            c.execute(
                "SELECT pg_is_in_recovery(), "
                "CASE WHEN pg_last_wal_receive_lsn() IS NULL OR pg_last_wal_receive_lsn() <= pg_last_wal_replay_lsn() "
                "THEN 0 ELSE EXTRACT(EPOCH FROM clock_timestamp() - pg_last_xact_replay_timestamp()) END, "
                "pg_last_wal_replay_lsn() >= %s::pg_lsn",
                [lsn or "0/0"],
            )
            en_recuperacion, retraso, al_dia = c.fetchone()
    except DatabaseError as exc:
        _caida_hasta = time.monotonic() + PAUSA_SEGUNDOS
        log.warning("Réplica no disponible (%s): las lecturas van a la primaria.", type(exc).__name__)
        with suppress(Exception):
            connections[ALIAS_REPLICA].close()
        return {"alias": DEFAULT_DB_ALIAS, "retraso": None, "motivo": "replica_caida"}
    if not en_recuperacion:  # not a standby (the test settings' mirror): nothing to wait for
        return {"alias": ALIAS_REPLICA, "retraso": 0.0, "motivo": "replica"}
    if lsn and not al_dia:
        return {"alias": DEFAULT_DB_ALIAS, "retraso": None, "motivo": "escritura_propia"}
    return {"alias": ALIAS_REPLICA, "retraso": max(0.0, float(retraso or 0)), "motivo": "replica"}


def decision() -> dict | None:
    """The current lectura_replica() block's decision (taken now if not yet), or None outside one."""
    estado = _estado.get()
    if estado is None or not _replica.get() or not replica_activa():
        return None
    if "alias" not in estado:
        estado.update(_decidir())
    return estado


def frescura_texto() -> str:
    """How current a replica-routed page's data are, for the page (es-CO)."""
    d = decision()
    if d is None:
        return ""
    if d["alias"] == DEFAULT_DB_ALIAS:
        return "Datos actualizados al instante."
    segundos = round(d["retraso"] or 0)
    if segundos < 60:
        return f"Datos actualizados hace {segundos} s."
    minutos = segundos // 60
    return f"Datos actualizados hace {minutos} min." if minutos < 120 else f"Datos actualizados hace {minutos // 60} h."


class LecturaPropiaMiddleware:
    """Read-your-writes: remembers the primary's WAL position after each successful write of a
    logged-in user, in the session and the shared cache (docs/decisiones.md)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        marca = _peticion.set(request)
        try:
            respuesta = self.get_response(request)
        finally:
            _peticion.reset(marca)
        if request.method not in ("GET", "HEAD", "OPTIONS", "TRACE") and respuesta.status_code < 400:
            self._recordar(request)
        return respuesta

    @staticmethod
    def _recordar(request) -> None:
        user = getattr(request, "user", None)  # DRF sets it on the request after token authentication
        if not replica_activa() or user is None or not user.is_authenticated:
            return
        from django.core.cache import cache

        try:
            with connections[DEFAULT_DB_ALIAS].cursor() as c:
                # The insert position, not pg_current_wal_lsn() (the write position): with asynchronous
                # commit the commit record may still be in the WAL buffers, behind the write position.
                c.execute("SELECT pg_current_wal_insert_lsn()::text")
                (lsn,) = c.fetchone()
        except DatabaseError:
            return  # the write is done; without its position the next reads still work (maybe stale)
        cache.set(f"replica:lsn:{user.pk}", lsn, DURACION_LSN)
        sesion = getattr(request, "session", None)
        if sesion is not None and sesion.session_key:
            sesion[CLAVE_SESION] = lsn


class RouterReplica:
    """Reads inside lectura_replica() go to the replica (when it answers and has the user's last
    write); every other read and every write, to the primary."""

    def db_for_read(self, model, **hints):
        if _replica.get() and replica_activa() and not connections[DEFAULT_DB_ALIAS].in_atomic_block:
            d = decision()
            return d["alias"] if d else DEFAULT_DB_ALIAS
        return DEFAULT_DB_ALIAS  # also for an object read on the replica: its relations load from the primary

    def db_for_write(self, model, **hints):
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1, obj2, **hints):
        return True  # the replica holds the primary's rows: an object read there relates to one read here

    def allow_migrate(self, db, app_label, **hints):
        return False if db == ALIAS_REPLICA else None  # the replica follows the primary's schema
