"""An uploaded table (CSV or XLSX with named columns) as a stream of rows: the wholesalers' monthly
report (API.md "Wholesalers"), the agents' bills of lading, a resolution's lines.

The format is told by the content, never by the file name: the ZIP signature means XLSX; anything
else is read as delimited text. Everything streams, so memory stays flat in the file's size:

- CSV: one pass over the bytes decides the encoding (UTF-8 with or without BOM; else Windows-1252,
  the superset of Latin-1 that Excel writes in Spanish; bytes valid in neither refuse the file),
  then `csv.reader` reads through a text wrapper on the stored file. Comma, semicolon (Excel in
  es-CO) or tab, sniffed from the header line; an Excel "sep=;" first line is honoured.
- XLSX: the ZIP's declared sizes are checked before openpyxl opens it (a ZIP bomb is refused
  without inflating it; zipfile never inflates a member past its declared size), then it is read
  with read_only=True and data_only=True: a formula is never evaluated, its cached value is used.

A problem with the file as a whole raises `ArchivoRechazado` with a Spanish message the user can
act on; problems of single rows are the caller's. The caller names its columns (`Columnas`).
"""

import codecs
import contextlib
import csv
import io
import itertools
import re
import unicodedata
import warnings
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from django.conf import settings

MB = 1024 * 1024

# Guards, overridable in settings (the defaults fit a 20 MB upload with room to spare).
XLSX_MAX_DESCOMPRIMIDO = 200 * MB  # declared uncompressed size of every member together
XLSX_MAX_RAZON = 200  # a member inflating more than 200× (and over 1 MB) is a ZIP bomb
XLSX_MAX_MIEMBROS = 2_000
XLSX_MAX_COLUMNAS = 64  # cells read per row: a forged dimension (A1:XFD…) costs nothing
LECTURA = 1 * MB

SUGERENCIA_CSV = "Guárdelo desde Excel como «CSV UTF-8 (delimitado por comas)» o como libro .xlsx."

LIMITE_CAMPO = 128 * 1024  # bytes of one CSV field (the csv module's own default)


class ArchivoRechazado(Exception):
    """The file as a whole is not the report table: the report is rejected with `mensaje`."""

    def __init__(self, mensaje: str):
        super().__init__(mensaje)
        self.mensaje = mensaje


@dataclass(frozen=True)
class Columnas:
    """The header a table must have: `requeridas` in any order, plus `opcionales`; any other column
    refuses the file (silently ignoring one could hide a mistake). `que` names the table in messages."""

    requeridas: tuple[str, ...]
    opcionales: tuple[str, ...] = ()
    que: str = "del reporte"

    @property
    def vacio(self) -> str:
        return f"El archivo está vacío: no trae el encabezado ({', '.join(self.requeridas)}) ni filas."


@dataclass
class Tabla:
    """The header's column positions and an iterator of (row number as the user sees it, cells)."""

    formato: str
    descripcion: str
    columnas: dict[str, int]
    filas: Iterable[tuple[int, tuple]]
    ancho: int
    _avance: object = field(repr=False, default=None)

    def lotes(self, n: int) -> Iterator[list[tuple[int, tuple]]]:
        """The rows in lists of up to n."""
        lote = getattr(self.filas, "lote", None)
        if lote is None:
            iterador = iter(self.filas)
            lote = lambda n: list(itertools.islice(iterador, n))  # noqa: E731
        while filas := lote(n):
            yield filas

    def avance(self) -> float:
        """How much of the file has been read, 0.0–1.0 (approximate; 0 when unknown)."""
        try:
            return max(0.0, min(1.0, self._avance())) if self._avance else 0.0
        except (OSError, ValueError, ZeroDivisionError):
            return 0.0


def mb(n: int) -> str:
    return f"{n / MB:,.1f}".replace(",", "X").replace(".", ",").replace("X", ".") + " MB"


def normalizar_nombre(valor) -> str:
    """Header names compare case-, accent- and whitespace-insensitively: «Identificación Beneficiario»."""
    texto = str(valor or "").replace("\ufeff", "").replace("ï»¿", "")
    texto = unicodedata.normalize("NFKD", texto).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[\s\-.]+", "_", texto.strip().lower()).strip("_")


def mostrar(valor, largo: int = 60) -> str:
    """A user's value, shortened and without control characters, to quote it in a message."""
    texto = re.sub(r"[\x00-\x1f\x7f]", " ", str(valor)).strip()
    return texto if len(texto) <= largo else texto[: largo - 1] + "…"


@contextlib.contextmanager
def abrir_tabla(binario, columnas: Columnas, *, tamano: int | None = None):
    """Open a seekable binary stream as a `Tabla` (context manager: closes what it opened)."""
    inicio = binario.read(8)
    binario.seek(0)
    if not inicio:
        raise ArchivoRechazado(columnas.vacio)
    if inicio.startswith(b"PK"):
        with _tabla_xlsx(binario, columnas) as tabla:
            yield tabla
        return
    if inicio.startswith(b"\xd0\xcf\x11\xe0"):
        raise ArchivoRechazado(
            "El archivo es un libro de Excel 97-2003 (.xls) o un .xlsx protegido con contraseña, que no se "
            f"pueden leer. {SUGERENCIA_CSV}"
        )
    if inicio.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ArchivoRechazado(f"El archivo está en UTF-16 («Texto Unicode» de Excel). {SUGERENCIA_CSV}")
    if inicio.startswith(b"%PDF"):
        raise ArchivoRechazado(f"El archivo es un PDF; debe ser una tabla CSV o XLSX. {SUGERENCIA_CSV}")
    yield _tabla_csv(binario, columnas, tamano)


# --- CSV ---


def detectar_codificacion(binario) -> str:
    """UTF-8 (BOM or not) if every byte decodes; else Windows-1252; else refuse, naming the line."""
    binario.seek(0)
    if _decodifica(binario, "utf-8") is None:
        return "utf-8-sig"
    fallo = _decodifica(binario, "cp1252")
    if fallo is None:
        return "cp1252"
    linea, byte = fallo
    raise ArchivoRechazado(
        f"El archivo no está en UTF-8 ni en Latin-1 (Windows-1252): la línea {linea} tiene el byte "
        f"0x{byte:02X}, que no corresponde a ningún carácter. {SUGERENCIA_CSV}"
    )


def _decodifica(binario, codificacion: str) -> tuple[int, int] | None:
    """None if the whole stream decodes; else (line number, offending byte). Chunked, C-speed."""
    binario.seek(0)
    decodificador = codecs.getincrementaldecoder(codificacion)()
    lineas = 0
    while True:
        trozo = binario.read(LECTURA)
        if b"\x00" in trozo:
            linea = lineas + trozo.count(b"\n", 0, trozo.index(b"\x00")) + 1
            raise ArchivoRechazado(
                f"El archivo no es texto: la línea {linea} contiene bytes nulos (¿es un archivo binario?). "
                f"{SUGERENCIA_CSV}"
            )
        try:
            decodificador.decode(trozo, final=not trozo)
        except UnicodeDecodeError as exc:
            # exc.start is relative to what the decoder held: the pending bytes plus this chunk.
            pendientes = len(exc.object) - len(trozo)
            pos = max(0, exc.start - pendientes)
            return lineas + trozo.count(b"\n", 0, pos) + 1, exc.object[exc.start]
        if not trozo:
            return None
        lineas += trozo.count(b"\n")


def _separador(linea: str) -> str:
    conteos = {sep: linea.count(sep) for sep in (";", ",", "\t")}
    mejor = max(conteos, key=lambda s: (conteos[s], s == ","))
    return mejor if conteos[mejor] else ","


def _tabla_csv(binario, esperadas: Columnas, tamano: int | None) -> Tabla:
    codificacion = detectar_codificacion(binario)
    binario.seek(0)
    texto = io.TextIOWrapper(binario, encoding=codificacion, newline="")
    primera = texto.readline(65536)
    while primera and not primera.strip():
        primera = texto.readline(65536)
    declarado = re.fullmatch(r"\s*sep=(.)\s*", primera or "")
    separador = declarado.group(1) if declarado else _separador(primera)
    texto.seek(0)
    # The csv module's field limit is one setting of the whole process, and a library may raise it (frictionless
    # sets 2 GB when imported): set ours before reading, so an unclosed quote stops at 128 KB, not at the memory.
    csv.field_size_limit(LIMITE_CAMPO)
    lector = csv.reader(texto, delimiter=separador)
    filas = _RegistrosCsv(lector, saltar_sep=bool(declarado))
    encabezado = _primera_no_vacia(filas)
    columnas = mapear_encabezado(encabezado[1] if encabezado else None, esperadas, separador=separador)
    nombre_cod = "UTF-8" if codificacion == "utf-8-sig" else "Latin-1 (Windows-1252)"
    nombre_sep = {";": "punto y coma", ",": "coma", "\t": "tabulador"}.get(separador, f"«{separador}»")
    total = tamano or 0
    return Tabla(
        formato="csv", descripcion=f"CSV {nombre_cod} separado por {nombre_sep}", columnas=columnas,
        filas=filas, ancho=len(encabezado[1]), _avance=(lambda: binario.tell() / total) if total else None,
    )


class _RegistrosCsv:
    """The CSV records with the line each starts on (as the user sees it, multi-line cells included).

    Iterating yields one record at a time (the header); `lote(n)` reads up to n in one tight loop
    (the rows), which is where the time goes on a large file.
    """

    def __init__(self, lector, *, saltar_sep: bool):
        self._lector = lector
        self._linea = 0
        self._saltar = saltar_sep

    def __iter__(self) -> Iterator[tuple[int, list]]:
        while lote := self.lote(1):
            yield lote[0]

    def lote(self, n: int) -> list[tuple[int, list]]:
        lector, linea, lote = self._lector, self._linea, []
        try:
            for registro in lector:
                if self._saltar:  # the Excel "sep=;" line
                    self._saltar, linea = False, lector.line_num
                    continue
                lote.append((linea + 1, registro))  # a record starts on the line after the previous one ended
                linea = lector.line_num
                if len(lote) >= n:
                    break
        except csv.Error as exc:
            raise ArchivoRechazado(
                f"La línea {linea + 1} no se puede leer como CSV (comillas sin cerrar o un campo de más de "
                f"{csv.field_size_limit() // 1024} KB)."
            ) from exc
        except UnicodeDecodeError as exc:  # the pre-pass read every byte; only a file changed meanwhile
            raise ArchivoRechazado(f"La codificación del archivo cambió durante la lectura. {SUGERENCIA_CSV}") from exc
        finally:
            self._linea = linea
        return lote


def _primera_no_vacia(filas: Iterator[tuple[int, tuple]]):
    for numero, celdas in filas:
        if any(c is not None and str(c).strip() for c in celdas):
            return numero, tuple(celdas)
    return None


def mapear_encabezado(celdas, esperadas: Columnas, *, separador: str | None = None) -> dict[str, int]:
    """Column name → position. Exactly the required columns (and any optional ones), in any order;
    blank header cells are ignored.

    Extra columns refuse the file (they are named): silently ignoring one could hide a mistake,
    and the tables read here are legal records whose shape API.md fixes.
    """
    requeridas = esperadas.requeridas
    if celdas is None:
        raise ArchivoRechazado(esperadas.vacio)
    columnas: dict[str, int] = {}
    sobran, repetidas = [], []
    for i, celda in enumerate(celdas):
        nombre = normalizar_nombre(celda)
        if not nombre:
            continue
        if nombre in columnas:
            repetidas.append(nombre)
        elif nombre in requeridas or nombre in esperadas.opcionales:
            columnas[nombre] = i
        else:
            sobran.append(mostrar(celda, 40))
    faltan = [c for c in requeridas if c not in columnas]
    if not faltan and not sobran and not repetidas:
        return columnas
    partes = []
    if faltan:
        partes.append(f"faltan las columnas {', '.join(faltan)}")
    if sobran:
        partes.append(f"sobran las columnas {', '.join(f'«{s}»' for s in sobran)}")
    if repetidas:
        partes.append(f"están repetidas las columnas {', '.join(sorted(set(repetidas)))}")
    mensaje = f"El encabezado no es el {esperadas.que}: {'; '.join(partes)}. "
    mensaje += f"La primera fila debe tener exactamente las columnas {', '.join(requeridas)}"
    if esperadas.opcionales:
        mensaje += f" y, si aplica, {', '.join(esperadas.opcionales)}"
    mensaje += " (en cualquier orden)."
    if len(faltan) == len(requeridas) and len(sobran) == 1 and separador is not None:
        mensaje += " Separe las columnas con coma o con punto y coma."
    elif len(faltan) == len(requeridas):
        mensaje += " ¿Falta la fila de encabezado?"
    raise ArchivoRechazado(mensaje)


# --- XLSX ---


def revisar_zip(binario) -> None:
    """Refuse a ZIP bomb, an encrypted or a non-Excel ZIP from its central directory, inflating nothing."""
    try:
        with zipfile.ZipFile(binario) as archivo_zip:
            miembros = archivo_zip.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError) as exc:
        raise ArchivoRechazado(
            f"El archivo parece un libro de Excel (.xlsx) pero está dañado. {SUGERENCIA_CSV}"
        ) from exc
    finally:
        binario.seek(0)
    if len(miembros) > XLSX_MAX_MIEMBROS:
        raise ArchivoRechazado(f"El archivo comprimido tiene {len(miembros)} partes: no es un libro de Excel normal.")
    limite = getattr(settings, "REPORTE_XLSX_MAX_DESCOMPRIMIDO", XLSX_MAX_DESCOMPRIMIDO)
    razon_max = getattr(settings, "REPORTE_XLSX_MAX_RAZON", XLSX_MAX_RAZON)
    total = sum(m.file_size for m in miembros)
    sospechoso = any(m.file_size > MB and m.file_size > razon_max * max(m.compress_size, 1) for m in miembros)
    if total > limite or sospechoso:
        raise ArchivoRechazado(
            f"El libro de Excel ocuparía {mb(total)} al descomprimirse (máximo {mb(limite)}, o una parte que crece "
            f"más de {razon_max} veces): no se procesa porque puede ser una «bomba ZIP». Si el reporte es real, "
            "envíelo como CSV."
        )
    if any(m.flag_bits & 0x1 for m in miembros):
        raise ArchivoRechazado("El libro de Excel está protegido con contraseña: guárdelo sin contraseña.")
    nombres = {m.filename for m in miembros}
    if "xl/workbook.xml" not in nombres:
        tipo = "una hoja de cálculo ODS (LibreOffice)" if "content.xml" in nombres else "un ZIP"
        raise ArchivoRechazado(f"El archivo es {tipo}, no un libro de Excel .xlsx. {SUGERENCIA_CSV}")


@contextlib.contextmanager
def _tabla_xlsx(binario, esperadas: Columnas):
    import openpyxl

    revisar_zip(binario)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            libro = openpyxl.load_workbook(binario, read_only=True, data_only=True, keep_links=False)
    except Exception as exc:  # openpyxl raises many kinds on a malformed package
        raise ArchivoRechazado(f"El libro de Excel está dañado o no se puede leer. {SUGERENCIA_CSV}") from exc
    try:
        if not libro.worksheets:
            raise ArchivoRechazado("El libro de Excel no tiene hojas.")
        hoja = libro.worksheets[0]
        ancho = min(hoja.max_column or XLSX_MAX_COLUMNAS, XLSX_MAX_COLUMNAS)
        filas = _filas_xlsx(hoja, ancho)
        encabezado = _primera_no_vacia(filas)
        columnas = mapear_encabezado(encabezado[1] if encabezado else None, esperadas)
        leidas = [encabezado[0] if encabezado else 0]
        total = hoja.max_row or 0

        def contar(iterador):
            for numero, celdas in iterador:
                leidas[0] = numero
                yield numero, celdas

        yield Tabla(
            formato="xlsx", descripcion=f"libro de Excel (hoja «{mostrar(hoja.title, 31)}»)", columnas=columnas,
            filas=contar(filas), ancho=len(encabezado[1]), _avance=(lambda: leidas[0] / total) if total else None,
        )
    finally:
        libro.close()


def _filas_xlsx(hoja, ancho: int) -> Iterator[tuple[int, tuple]]:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield from enumerate(hoja.iter_rows(max_col=ancho, values_only=True), start=1)
    except ArchivoRechazado:
        raise
    except (zipfile.BadZipFile, OSError, ValueError, KeyError, SyntaxError) as exc:  # ParseError is a SyntaxError
        raise ArchivoRechazado(f"El libro de Excel está dañado o no se puede leer. {SUGERENCIA_CSV}") from exc
