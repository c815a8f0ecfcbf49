"""Certificate issuance on PostgreSQL in three statements: the hot path of POST /api/v1/zarpes/.

`zarpes.services.zarpes.zarpe_request` talks to the database in three steps (lock, read, write).
Each step has two implementations: the ORM one in services/zarpes.py, which runs on every database
(SQLite under `make run`) in eight statements, and this one, used on PostgreSQL, in three:

1. `bloquear`: SELECT … FOR NO KEY UPDATE of the vessel joined to its cupo in force. Both rows are
   locked, the vessel first, as on the ORM path. When no row comes back (no such vessel, or no
   cupo in force) the caller falls back to the ORM path, which tells those cases apart; denials
   are not the hot path. The same statement brings the date of Dimar's baja of the vessel, if
   one is dated on or before the zarpe (R-24: no certificate from that date), and for a foreign
   vessel the last day its bank guarantees cover (R-26: none from the day after). Its snapshot is
   the one taken before waiting for the lock; that is enough, because recording a baja does not
   take the vessel's lock either: a baja and a zarpe of the same instant have no order to keep.
2. `leer`: the vessel's last certificate number, annulled ones left out (R-14), the
   window's consumption (R-11) and what counters' active holds reserve on the cupo (issue 43).
   This is a separate statement on purpose. Under READ COMMITTED each statement takes a fresh
   snapshot, so this one sees what the previous holder of the locks committed. A subquery of
   statement 1 would keep the snapshot taken before that statement waited for the lock, and would
   miss a certificate issued meanwhile.
3. `expedir`: one statement with data-modifying CTEs. It takes the next number by upserting the
   capitanía-year counter (this locks the counter until commit, so numbers are gap-free), then
   writes the zarpe, the ledger discount, the certificate, both audit rows and, when the vessel
   has contact data, the outbox row of its notice (core.mensajes.avisos). The counter,
   which every officer of the capitanía shares, is locked last, for this statement and the
   commit only; when the issuance opened the transaction itself, the COMMIT travels with the
   statement (`expedir(confirmar=True)`).

The INSERT column lists are generated from the models' `_meta`, so a new field is not forgotten.
Values travel as parameters prepared by each field (`pre_save`, `get_db_prep_save`), as the ORM
does. `zarpes/tests/test_zarpes_sql_services.py` checks that both paths write the same rows.
"""

import datetime as dt
import functools
from dataclasses import dataclass
from decimal import Decimal

from django.db import connection
from django.db.models import Field, Model

from core.models import MensajeSaliente, RegistroAuditoria, SolicitudIdempotente
from cupos.models import BajaDimar, Beneficiario, Cupo, GarantiaNave, Movimiento, Retencion, sql_vigente
from zarpes.models import Certificado, ConsecutivoCertificado, Zarpe

MARCA_NUMERO = "⟨numero⟩"  # stands for the certificate number in values built before it exists

# Only what the issuance reads of each row (the rest stays deferred and would cost a query if touched).
CAMPOS_NAVE = ("id", "tipo", "nombre", "matricula", "capacidad_combustible_gal", "permiso_vigente_hasta", "correo",
               "celular")
CAMPOS_CUPO = ("id", "beneficiario_id", "estado", "fecha_inicio", "fecha_fin", "meses_ventana",
               "cuota_mensual", "fecha_cancelacion")


def usar() -> bool:
    return connection.vendor == "postgresql"


def _cursor(crudo: bool = False):
    """A cursor with server-side binding, unlike the ORM's (client-side, values quoted into the text).
    With DB_PREPARE_THRESHOLD=N (settings; Django's default is None: nothing prepared) psycopg
    prepares a statement after it ran N times on a connection, so PostgreSQL parses and plans these
    three once per connection, then only binds and executes (through PgBouncer: ≥ 1.22 with
    max_prepared_statements, docs/operacion.md). It is wrapped as Django wraps its own, so query
    logging and execute_wrapper see it."""
    from django.db.backends.postgresql.base import ServerBindingCursor

    connection.ensure_connection()
    connection.validate_thread_sharing()
    cursor = (_cursor_nativo_clase() if crudo else ServerBindingCursor)(connection.connection)
    return connection.make_debug_cursor(cursor) if connection.queries_logged else connection.make_cursor(cursor)


@functools.cache
def _cursor_nativo_clase():
    import psycopg
    from django.db.backends.postgresql.base import CursorMixin

    class CursorNativo(CursorMixin, psycopg.RawCursor):
        """Server-side binding with PostgreSQL's own $1, $2 … placeholders: psycopg does not rewrite the text.
        The issuance's write statement has more than 50 parameters, past psycopg's cache of rewritten queries,
        so with %s it was parsed again in Python at every issuance (issue 44)."""

    return CursorNativo



def _q(nombre: str) -> str:
    return connection.ops.quote_name(nombre)


def _en_orden(modelo: type[Model], nombres: tuple[str, ...]) -> list[Field]:
    """The fields in the model's order, which Model.from_db expects for a partial row."""
    return [f for f in modelo._meta.concrete_fields if f.attname in nombres]


@functools.cache
def _sql_bloqueo() -> str:
    nave, cupo = _en_orden(Beneficiario, CAMPOS_NAVE), _en_orden(Cupo, CAMPOS_CUPO)
    columnas = [f"b.{_q(f.column)}" for f in nave] + [f"c.{_q(f.column)}" for f in cupo]
    baja = (
        f"(SELECT d.fecha FROM {_q(BajaDimar._meta.db_table)} d WHERE d.beneficiario_id = b.id AND d.fecha <= %s"
        " ORDER BY d.fecha LIMIT 1)"
    )
    # the last day a foreign vessel's recorded guarantees cover (none looked up for a national one).
    garantia = (
        f"(CASE WHEN b.tipo = '{Beneficiario.Tipo.NAVE_EXTRANJERA}' THEN (SELECT max(g.vigente_hasta)"
        f" FROM {_q(GarantiaNave._meta.db_table)} g WHERE g.beneficiario_id = b.id) END)"
    )
    return (
        f"SELECT {', '.join(columnas)}, {baja}, {garantia} FROM {_q(Beneficiario._meta.db_table)} b"
        f" JOIN {_q(Cupo._meta.db_table)} c ON c.beneficiario_id = b.id"
        f" WHERE b.id = %s AND {sql_vigente('c', '%s')}"
        # FOR NO KEY UPDATE, as cupos.services.libro.cupo_lock_vigente: issuance does not wait on the
        # KEY SHARE locks a bulk firmeza holds on the cupos in force it only reads (issue 27).
        " ORDER BY c.fecha_inicio DESC LIMIT 1 FOR NO KEY UPDATE"
    )


def bloquear(*, nave_id: int, fecha) -> tuple[Beneficiario, Cupo, dt.date | None, dt.date | None] | None:
    """Lock the vessel and its cupo in force on `fecha`; None when there is no such pair. The third
    value is the date of the vessel's baja on or before `fecha` (R-24), or None; the fourth, for a foreign
    vessel, the last day its recorded guarantees cover (R-26), or None. Like the baja, a guarantee recorded
    does not take the vessel's lock: a guarantee and a zarpe of the same instant have no order to keep."""
    with _cursor() as c:
        c.execute(_sql_bloqueo(), [fecha, nave_id, fecha, fecha])
        fila = c.fetchone()
    if fila is None:
        return None
    n, m = len(CAMPOS_NAVE), len(CAMPOS_NAVE) + len(CAMPOS_CUPO)
    nave = Beneficiario.from_db(connection.alias, [f.attname for f in _en_orden(Beneficiario, CAMPOS_NAVE)], fila[:n])
    cupo = Cupo.from_db(connection.alias, [f.attname for f in _en_orden(Cupo, CAMPOS_CUPO)], fila[n:m])
    return nave, cupo, fila[m], fila[m + 1]


SQL_LECTURA = f"""
SELECT (SELECT numero FROM {Certificado._meta.db_table}
         WHERE nave_id = %s AND estado <> '{Certificado.Estado.ANULADO}'
         ORDER BY fecha_expedicion DESC, id DESC LIMIT 1),
       (SELECT COALESCE(SUM(galones) FILTER (WHERE tipo = '{Movimiento.Tipo.DESCUENTO}'), 0)
             - COALESCE(SUM(galones) FILTER (WHERE tipo = '{Movimiento.Tipo.REINTEGRO}'), 0)
          FROM {Movimiento._meta.db_table} WHERE cupo_id = %s AND fecha >= %s AND fecha <= %s),
       (SELECT COALESCE(SUM(galones - dispuesto), 0) FROM {Retencion._meta.db_table}
         WHERE cupo_id = %s AND estado = '{Retencion.Estado.ACTIVA}' AND expira > now())
"""


def leer(*, nave_id: int, cupo_id: int, desde, hasta) -> tuple[str, Decimal, Decimal]:
    """(number of the vessel's last certificate or "", Σ discounts − Σ refunds dated in [desde, hasta],
    Σ what the cupo's active holds still reserve (issue 43))."""
    with _cursor() as c:
        c.execute(SQL_LECTURA, [nave_id, cupo_id, desde, hasta, cupo_id])
        ultimo, consumido, retenido = c.fetchone()
    return ultimo or "", consumido, retenido


@dataclass(frozen=True)
class _Insercion:
    """INSERT … of one model: column list, value list, and the fields sent as parameters."""

    columnas: str
    valores: str
    campos: tuple[Field, ...]

    @classmethod
    def de(cls, modelo: type[Model], sql: dict[str, str] | None = None) -> "_Insercion":
        """`sql` maps an attname to an SQL expression; "{v}" in it stands for the Python value."""
        sql = sql or {}
        campos = [f for f in modelo._meta.concrete_fields if not f.primary_key]
        valores, enviados = [], []
        for f in campos:
            plantilla = sql.get(f.attname, "{v}")
            if "{v}" in plantilla:
                enviados.append(f)
            valores.append(plantilla.replace("{v}", f"CAST(%s AS {f.cast_db_type(connection)})"))
        return cls(", ".join(_q(f.column) for f in campos), ", ".join(valores), tuple(enviados))

    def parametros(self, obj: Model) -> list:
        return [f.get_db_prep_save(f.pre_save(obj, True), connection) for f in self.campos]


CON_NUMERO = f"replace({{v}}, '{MARCA_NUMERO}', n.numero)"  # the Python value, with the number put in


@functools.cache
def _sql_expedicion(con_aviso: bool, con_clave: bool = False) -> tuple[str, tuple[_Insercion, ...]]:
    zarpe = _Insercion.de(Zarpe)
    movimiento = _Insercion.de(Movimiento, {"referencia": CON_NUMERO})
    certificado = _Insercion.de(Certificado, {
        "zarpe_id": "z.id", "movimiento_id": "m.id", "numero": "n.numero", "consecutivo": "n.ultimo",
    })
    audit_zarpe = _Insercion.de(RegistroAuditoria, {
        "objeto_id": "z.id::text", "despues": "{v} || jsonb_build_object('id', z.id)",
    })
    audit_certificado = _Insercion.de(RegistroAuditoria, {
        "objeto_id": "c.id::text", "objeto_repr": CON_NUMERO,
        "despues": "{v} || jsonb_build_object('id', c.id, 'zarpe_id', z.id, 'movimiento_id', m.id,"
                   " 'numero', n.numero, 'consecutivo', n.ultimo)",
    })
    # The notice to the vessel (core.mensajes.avisos), an outbox row; its text carries the number.
    aviso = _Insercion.de(MensajeSaliente, {
        "clave": CON_NUMERO, "payload": f"replace(({{v}})::text, '{MARCA_NUMERO}', n.numero)::jsonb",
    })
    rama_aviso = f"""
), o AS (
    INSERT INTO {_q(MensajeSaliente._meta.db_table)} ({aviso.columnas}) SELECT {aviso.valores} FROM n RETURNING id
""" if con_aviso else ""
    # The request's Idempotency-Key (core.api.idempotency), answered by this very statement: 201 and the zarpe.
    rama_clave = f"""
), k AS (
    UPDATE {_q(SolicitudIdempotente._meta.db_table)} SET estado_http = 201,
           objeto = '{Zarpe._meta.label_lower}:' || (SELECT id FROM z)
     WHERE id = %s RETURNING id
""" if con_clave else ""
    contador = _q(ConsecutivoCertificado._meta.db_table)
    sql = f"""
WITH n AS (
    INSERT INTO {contador} (capitania_id, anio, ultimo) VALUES (%s, %s, 1)
    ON CONFLICT (capitania_id, anio) DO UPDATE SET ultimo = {contador}.ultimo + 1
    RETURNING ultimo, CAST(%s AS varchar) || lpad(ultimo::text, greatest(6, length(ultimo::text)), '0') AS numero
), z AS (
    INSERT INTO {_q(Zarpe._meta.db_table)} ({zarpe.columnas}) VALUES ({zarpe.valores}) RETURNING id
), m AS (
    INSERT INTO {_q(Movimiento._meta.db_table)} ({movimiento.columnas}) SELECT {movimiento.valores} FROM n RETURNING id
), c AS (
    INSERT INTO {_q(Certificado._meta.db_table)} ({certificado.columnas})
    SELECT {certificado.valores} FROM n, z, m RETURNING id
), a AS (
    INSERT INTO {_q(RegistroAuditoria._meta.db_table)} ({audit_zarpe.columnas})
    SELECT {audit_zarpe.valores} FROM z
    UNION ALL
    SELECT {audit_certificado.valores} FROM n, z, m, c{rama_aviso}{rama_clave}
)
SELECT z.id, m.id, c.id, n.ultimo, n.numero{", o.id" if con_aviso else ""} FROM n, z, m, c{", o" if con_aviso else ""}
"""
    partes = sql.split("%s")  # PostgreSQL's own placeholders (_cursor(crudo=True)); no literal "%s" in this text
    sql = partes[0] + "".join(f"${i}{parte}" for i, parte in enumerate(partes[1:], start=1))
    assert "%" not in sql
    return sql, (zarpe, movimiento, certificado, audit_zarpe, audit_certificado, aviso)


def expedir(*, prefijo: str, zarpe: Zarpe, movimiento: Movimiento, certificado: Certificado, auditorias,
            aviso: MensajeSaliente | None = None, confirmar: bool = False, clave: int | None = None) -> None:
    """Write the certificate and everything with it; set ids, number and consecutive on the instances.

    `prefijo` is the number without its consecutive ("CP05-2026-"). Where the number goes into a
    value built in Python (the movement's reference, the audit entry's text), MARCA_NUMERO stands
    for it. `auditorias` is a function of the three instances that returns the two unsaved audit rows.
    `aviso` is the unsaved outbox row of the notice to the vessel (MARCA_NUMERO in its key and
    text), or None when the vessel has no contact data; its id is set.

    `confirmar=True` sends the COMMIT with the statement, in one round trip (psycopg's pipeline mode): the
    capitanía's counter is then locked only while PostgreSQL runs the statement and commits, never while
    the statement's answer waits for this thread to get the interpreter back. Under 16 officers of one
    capitanía that wait was the issuance's bottleneck (issue 44). Only the caller that opened the outermost
    transaction may ask for it, and must not touch the database again before its block ends: Django's own
    COMMIT at the end of the block then finds nothing open and does nothing, and its on_commit hooks run.
    If the statement fails, PostgreSQL skips the COMMIT queued behind it and the block rolls back as always.

    `clave` is the id of the request's Idempotency-Key row: the statement records it as answered (201, the zarpe
    in `objeto`), so that the key commits with the certificate it names.
    """
    sql, (i_zarpe, i_movimiento, i_certificado, i_audit_z, i_audit_c, i_aviso) = _sql_expedicion(
        aviso is not None, clave is not None
    )
    parametros = [zarpe.capitania_id, certificado.anio, prefijo]
    parametros += i_zarpe.parametros(zarpe) + i_movimiento.parametros(movimiento)
    parametros += i_certificado.parametros(certificado)
    registro_zarpe, registro_certificado = auditorias(zarpe, certificado)  # after pre_save filled `creado`
    parametros += i_audit_z.parametros(registro_zarpe) + i_audit_c.parametros(registro_certificado)
    if aviso is not None:
        parametros += i_aviso.parametros(aviso)
    if clave is not None:
        parametros.append(clave)
    with _cursor(crudo=True) as c:
        if confirmar:
            crudo = connection.connection
            with connection.wrap_database_errors, crudo.pipeline():  # Django's exceptions, as from a cursor
                c.execute(sql, parametros)
                crudo.commit()
        else:
            c.execute(sql, parametros)
        fila = c.fetchone()
    zarpe.id, movimiento.id, certificado.id, certificado.consecutivo, certificado.numero = fila[:5]
    if aviso is not None:
        aviso.id = fila[5]
    movimiento.referencia = movimiento.referencia.replace(MARCA_NUMERO, certificado.numero)
    certificado.zarpe, certificado.movimiento = zarpe, movimiento
