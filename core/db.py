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
"""

from contextlib import contextmanager
from contextvars import ContextVar

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections

ALIAS_REPLICA = "replica"

_replica: ContextVar[bool] = ContextVar("lectura_replica", default=False)


@contextmanager
def _lectura(replica: bool):
    marca = _replica.set(replica)
    try:
        yield
    finally:
        _replica.reset(marca)


def lectura_replica():
    """Inside: the ORM's reads go to the replica, when one is configured. Usable as a decorator."""
    return _lectura(True)


def lectura_primaria():
    """Inside: every read goes to the primary, even within lectura_replica() (the balance)."""
    return _lectura(False)


def replica_activa() -> bool:
    return bool(getattr(settings, "LECTURA_REPLICA", False)) and ALIAS_REPLICA in settings.DATABASES


class RouterReplica:
    """Reads inside lectura_replica() go to the replica; every other read and every write, to the primary."""

    def db_for_read(self, model, **hints):
        if _replica.get() and replica_activa() and not connections[DEFAULT_DB_ALIAS].in_atomic_block:
            return ALIAS_REPLICA
        return DEFAULT_DB_ALIAS  # also for an object read on the replica: its relations load from the primary

    def db_for_write(self, model, **hints):
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1, obj2, **hints):
        return True  # the replica holds the primary's rows: an object read there relates to one read here

    def allow_migrate(self, db, app_label, **hints):
        return False if db == ALIAS_REPLICA else None  # the replica follows the primary's schema
