"""Writing a report's rows: PostgreSQL COPY (psycopg 3 `cursor.copy`), bulk_create on other databases.

COPY streams text, so 100,000 rows cost no ORM objects and no per-row round trips; SQLite (what
`make run` uses) gets bulk_create, correct and slower.
"""

from django.db import connection

from distribuidores.models import Discrepancia, ErrorFilaReporte, FilaReporte

_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r", "\x00": ""})


def texto_copy(valor) -> str:
    """A value in COPY's text format (backslash escapes)."""
    return str(valor).translate(_ESCAPES)


def copiar(modelo, columnas: list[str], texto: str) -> None:
    """COPY `texto` (tab-separated lines) into the model's table."""
    if not texto:
        return
    with (
        connection.wrap_database_errors,
        connection.cursor() as cursor,
        cursor.copy(_sql_copy(modelo, columnas)) as copia,
    ):
        copia.write(texto)


class Carga:
    """A report's rows into FilaReporte, inside the caller's transaction (context manager).

    On PostgreSQL the rows stream through one open COPY with psycopg's QueuedLibpqWriter: `write()`
    returns at once and a worker thread feeds the server, so the server inserts a batch while
    Python reads and checks the next. A connection runs one statement at a time, so row errors
    (and the rare rows whose beneficiary needs a query to be told apart) wait in memory; when
    PENDIENTES_MAX of them pile up, and at the end, the COPY is closed, they are written, and the
    COPY reopens. On SQLite each batch is bulk_created.
    """

    def __init__(self, reporte_id: int, *, desambiguar):
        self.reporte_id = reporte_id
        self.con_copy = connection.vendor == "postgresql"
        self.desambiguar = desambiguar  # needs the database: called only while no COPY is open
        self.errores: list[tuple[int, str, str]] = []
        self.ambiguas: list[tuple] = []
        self._cursor = self._copia_cm = self._copia = None

    def __enter__(self) -> "Carga":
        self._abrir()
        return self

    def __exit__(self, tipo, exc, tb) -> bool:
        self._cerrar(tipo, exc, tb)
        if tipo is None:
            self._vaciar_pendientes()
        return False

    def escribir(self, validas: list[tuple], errores: list[tuple[int, str, str]], ambiguas: list[tuple] = ()) -> None:
        """`validas`: (fila, fecha ISO, beneficiario_id, certificado, galones text), already checked."""
        self.errores.extend(errores)
        self.ambiguas.extend(ambiguas)
        if validas:
            if self._copia is not None:
                self._copia.write(self._texto(validas).encode())
            else:
                self._crear(validas)
        if len(self.errores) + len(self.ambiguas) >= PENDIENTES_MAX:
            self._cerrar()
            self._vaciar_pendientes()
            self._abrir()

    def _abrir(self) -> None:
        if not self.con_copy:
            return
        from psycopg.copy import QueuedLibpqWriter

        self._cursor = connection.cursor()
        self._copia_cm = self._cursor.copy(
            _sql_copy(FilaReporte, COLUMNAS_FILA), writer=QueuedLibpqWriter(self._cursor.cursor)
        )
        with connection.wrap_database_errors:
            self._copia = self._copia_cm.__enter__()

    def _cerrar(self, tipo=None, exc=None, tb=None) -> None:
        """End the COPY (waiting for the server to take every row), or abort it on an exception."""
        if self._copia_cm is None:
            return
        copia_cm, cursor = self._copia_cm, self._cursor
        self._cursor = self._copia_cm = self._copia = None
        try:
            with connection.wrap_database_errors:
                copia_cm.__exit__(tipo, exc, tb)
        finally:
            cursor.close()

    def _vaciar_pendientes(self) -> None:
        if self.ambiguas:
            validas, errores = self.desambiguar(self.ambiguas)
            self._crear(validas)
            self.errores.extend(errores)
            self.ambiguas = []
        if self.errores:
            escribir_errores(self.reporte_id, self.errores)
            self.errores = []

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


PENDIENTES_MAX = 5_000  # row errors (and rows to tell apart) held in memory before they are written
COLUMNAS_FILA = ["reporte_id", "fila", "fecha", "beneficiario_id", "certificado_numero", "galones"]


def _sql_copy(modelo, columnas: list[str]) -> str:
    tabla = connection.ops.quote_name(modelo._meta.db_table)
    return f"COPY {tabla} ({', '.join(connection.ops.quote_name(c) for c in columnas)}) FROM STDIN"


def escribir_errores(reporte_id: int, errores: list[tuple[int, str, str]]) -> None:
    if connection.vendor == "postgresql":
        r = str(reporte_id)
        copiar(
            ErrorFilaReporte, ["reporte_id", "fila", "campo", "mensaje"],
            "".join(
                f"{r}\t{fila}\t{texto_copy(campo[:40])}\t{texto_copy(mensaje[:300])}\n"
                for fila, campo, mensaje in errores
            ),
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
