"""Writing a report's rows: PostgreSQL COPY (psycopg 3 `cursor.copy`), bulk_create on other databases.

COPY streams text, so 100,000 rows cost no ORM objects and no per-row round trips; SQLite (what
`make run` uses) gets bulk_create, correct and slower.
"""

import contextlib

from django.db import connection, transaction

from distribuidores.models import Discrepancia, ErrorFilaReporte, FilaReporte

_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r", "\x00": ""})


def texto_copy(valor) -> str:
    """A value in COPY's text format (backslash escapes)."""
    return str(valor).translate(_ESCAPES)


def copiar(modelo, columnas: list[str], texto: str) -> None:
    """COPY `texto` (tab-separated lines) into the model's table."""
    if not texto:
        return
    with connection.wrap_database_errors, connection.cursor() as cursor, cursor.copy(_sql_copy(modelo, columnas)) as copia:
        copia.write(texto)


class Tramo:
    """One transaction of the load: valid rows stream into an open COPY, row errors follow at the end.

    On PostgreSQL the COPY uses psycopg's QueuedLibpqWriter: `write()` returns at once and a
    worker thread feeds the server, so the server inserts one batch while Python validates the
    next. A connection runs one statement at a time, so errors (few, bounded by the caller) are
    kept until the COPY ends, then copied too (so are the few rows whose beneficiary needs a
    query to be told apart); the transaction commits when the tramo closes,
    which makes the rows so far and the progress visible. On SQLite each batch is bulk_created.

    The batch commits do not wait for the WAL flush: if the server crashed, the report would
    still be `procesando` and is processed again from scratch; the final commit does wait.
    """

    def __init__(self, reporte_id: int, *, desambiguar):
        self.reporte_id = reporte_id
        self.con_copy = connection.vendor == "postgresql"
        self.desambiguar = desambiguar  # needs the database: called once the COPY has ended
        self.errores: list[tuple[int, str, str]] = []
        self.ambiguas: list[tuple] = []
        self._copia = None
        self._pila = None

    def __enter__(self) -> "Tramo":
        self._pila = contextlib.ExitStack()
        with self._pila as pila:
            pila.enter_context(transaction.atomic())
            pila.push(self._al_cerrar)
            if self.con_copy:
                from psycopg.copy import QueuedLibpqWriter

                cursor = pila.enter_context(connection.cursor())
                cursor.execute("SET LOCAL synchronous_commit = off")
                pila.enter_context(connection.wrap_database_errors)
                self._copia = pila.enter_context(
                    cursor.copy(_sql_copy(FilaReporte, COLUMNAS_FILA), writer=QueuedLibpqWriter(cursor.cursor))
                )
            self._pila = pila.pop_all()
        return self

    def __exit__(self, *exc) -> bool:
        return self._pila.__exit__(*exc)

    @property
    def pendientes(self) -> int:
        """Rows held in memory until the tramo closes."""
        return len(self.errores) + len(self.ambiguas)

    def escribir(self, validas: list[tuple], errores: list[tuple[int, str, str]], ambiguas: list[tuple] = ()) -> None:
        """`validas`: (fila, fecha ISO, beneficiario_id, certificado, galones text), already checked."""
        self.errores.extend(errores)
        self.ambiguas.extend(ambiguas)
        if not validas:
            return
        if self._copia is not None:
            self._copia.write(self._texto(validas).encode())
            return
        self._crear(validas)

    def _texto(self, validas: list[tuple]) -> str:
        r = str(self.reporte_id)
        # The validator lets through only certificates made of letters, digits and dashes: no escaping.
        return "".join(f"{r}\t{fila}\t{fecha}\t{benef}\t{cert}\t{gal}\n" for fila, fecha, benef, cert, gal in validas)

    def _crear(self, validas: list[tuple]) -> None:
        if self.con_copy:
            copiar(FilaReporte, COLUMNAS_FILA, self._texto(validas))
            return
        FilaReporte.objects.bulk_create(
            [
                FilaReporte(reporte_id=self.reporte_id, fila=fila, fecha=fecha, beneficiario_id=benef,
                            certificado_numero=cert, galones=gal)
                for fila, fecha, benef, cert, gal in validas
            ],
            batch_size=500,
        )

    def _al_cerrar(self, tipo, exc, tb) -> bool:
        """After the COPY ended and before the commit: rows that needed a query, and the row errors."""
        if tipo is None:
            if self.ambiguas:
                validas, errores = self.desambiguar(self.ambiguas)
                self._crear(validas)
                self.errores.extend(errores)
            if self.errores:
                escribir_errores(self.reporte_id, self.errores)
        return False


COLUMNAS_FILA = ["reporte_id", "fila", "fecha", "beneficiario_id", "certificado_numero", "galones"]


def _sql_copy(modelo, columnas: list[str]) -> str:
    tabla = connection.ops.quote_name(modelo._meta.db_table)
    return f"COPY {tabla} ({', '.join(connection.ops.quote_name(c) for c in columnas)}) FROM STDIN"


def escribir_errores(reporte_id: int, errores: list[tuple[int, str, str]]) -> None:
    if connection.vendor == "postgresql":
        r = str(reporte_id)
        copiar(
            ErrorFilaReporte, ["reporte_id", "fila", "campo", "mensaje"],
            "".join(f"{r}\t{fila}\t{texto_copy(campo[:40])}\t{texto_copy(mensaje[:300])}\n" for fila, campo, mensaje in errores),
        )
        return
    ErrorFilaReporte.objects.bulk_create(
        [ErrorFilaReporte(reporte_id=reporte_id, fila=f, campo=c[:40], mensaje=m[:300]) for f, c, m in errores],
        batch_size=500,
    )


def borrar_resultados(reporte_id: int, *, errores: bool = True) -> None:
    """Remove what an earlier or failed attempt wrote for this report."""
    FilaReporte.objects.filter(reporte_id=reporte_id).delete()
    Discrepancia.objects.filter(reporte_id=reporte_id).delete()
    if errores:
        ErrorFilaReporte.objects.filter(reporte_id=reporte_id).delete()
