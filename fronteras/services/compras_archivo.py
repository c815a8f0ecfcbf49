"""Upload of stations' purchase history (F-03's 24-month average) from a CSV or XLSX file.

Columns `estacion` (the station's code), `periodo` (YYYY-MM), `combustible`, `galones`, in any
order; other columns are ignored and named back to the user. Every row is validated first and
each problem is reported by row and column in Spanish; only a file without errors is written,
all of it in one transaction through services.compras.compra_register (all-or-nothing,
services.compras.compras_import).

- CSV: UTF-8 (with or without BOM) or else Latin-1 (Windows-1252, what Excel writes in Spanish);
  comma or semicolon separated (sniffed from the header); decimal comma or point.
- XLSX: openpyxl in read_only mode; a formula is never evaluated: a cell holding one is an error
  that asks for the value. The ZIP's declared sizes are checked first (no ZIP bombs).
"""

import csv
import datetime as dt
import io
import re
import unicodedata
import warnings
import zipfile
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from core.archivos.exportar import csv_bytes, plantilla_carga_xlsx
from core.comun.errors import ApplicationError
from core.comun.numeros import cifras_ascii
from core.vencimientos.calendario import today
from fronteras.errors import ErrorFronteras
from fronteras.models import Combustible
from fronteras.selectors.compras import codigos_estaciones, primer_codigo_estacion

COLUMNAS = ("estacion", "periodo", "combustible", "galones")
ALIAS = {"codigo_estacion": "estacion", "estacion_codigo": "estacion", "codigo": "estacion", "mes": "periodo"}
TAMANO_MAXIMO = 5 * 1024 * 1024
FILAS_MAXIMAS = 20_000
XLSX_MAXIMO_DESCOMPRIMIDO = 100 * 1024 * 1024
GALONES_MAXIMOS = Decimal("999999999999.99")
SUGERENCIA = "Guárdelo desde Excel como «CSV UTF-8 (delimitado por comas)» o como libro .xlsx, o use la plantilla."
COMBUSTIBLES = {
    "acpm": Combustible.ACPM,
    "diesel": Combustible.ACPM,
    "gasolina": Combustible.GASOLINA,
    "gasolina_motor": Combustible.GASOLINA,
    "gasolina_corriente": Combustible.GASOLINA,
    "electrocombustible": Combustible.ELECTROCOMBUSTIBLE,
}


class ArchivoInvalido(ApplicationError):
    """The file as a whole is not a purchase table (nothing is read from it)."""

    def __init__(self, detalle: str):
        super().__init__(ErrorFronteras.ARCHIVO_INVALIDO, detalle, status_code=400)


@dataclass(frozen=True)
class ErrorFila:
    fila: int  # as the user sees it in the spreadsheet (the header is row 1)
    columna: str
    mensaje: str


@dataclass(frozen=True)
class Compra:
    fila: int
    estacion_id: int
    estacion_codigo: str
    periodo: dt.date
    combustible: str
    galones: Decimal


@dataclass
class Resultado:
    formato: str = ""
    compras: list[Compra] = field(default_factory=list)
    errores: list[ErrorFila] = field(default_factory=list)
    ignoradas: list[str] = field(default_factory=list)  # extra columns, named back
    registradas: int = 0

    @property
    def valido(self) -> bool:
        return not self.errores

    @property
    def estaciones(self) -> int:
        return len({c.estacion_id for c in self.compras})


def _normalizar(valor) -> str:
    texto = unicodedata.normalize("NFKD", str(valor or "").replace("\ufeff", ""))
    texto = texto.encode("ascii", "ignore").decode("ascii").strip().lower()
    return re.sub(r"[\s\-./()]+", "_", texto).strip("_")


def _mostrar(valor, largo: int = 40) -> str:
    texto = re.sub(r"[\x00-\x1f\x7f]", " ", str(valor)).strip()
    return texto if len(texto) <= largo else texto[: largo - 1] + "…"


# --- reading the file into (row number, {column: raw value}) ---


def leer(archivo) -> tuple[str, list[tuple[int, dict]], list[str]]:
    """(format description, rows with the four columns, ignored column names). Raises ArchivoInvalido."""
    datos = archivo.read(TAMANO_MAXIMO + 1)
    if len(datos) > TAMANO_MAXIMO:
        raise ArchivoInvalido("El archivo supera 5 MB. Divídalo por años o por estaciones y cárguelo por partes.")
    if not datos.strip():
        raise ArchivoInvalido(
            "El archivo está vacío: no trae el encabezado (estacion, periodo, combustible, galones) ni filas."
        )
    if datos.startswith(b"PK"):
        return _leer_xlsx(datos)
    if datos.startswith(b"\xd0\xcf\x11\xe0"):
        raise ArchivoInvalido(f"El archivo es un libro de Excel 97-2003 (.xls) o un .xlsx con contraseña. {SUGERENCIA}")
    if datos.startswith(b"%PDF"):
        raise ArchivoInvalido(f"El archivo es un PDF; se espera una tabla CSV o XLSX. {SUGERENCIA}")
    if datos.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in datos:
        raise ArchivoInvalido(f"El archivo no es texto UTF-8 ni Latin-1 (¿UTF-16 o binario?). {SUGERENCIA}")
    return _leer_csv(datos)


def _leer_csv(datos: bytes):
    try:
        texto, codificacion = datos.decode("utf-8-sig"), "UTF-8"
    except UnicodeDecodeError:
        texto, codificacion = datos.decode("cp1252", errors="replace"), "Latin-1 (Windows-1252)"
    primera = next((linea for linea in texto.splitlines() if linea.strip()), "")
    separador = ";" if primera.count(";") > primera.count(",") else ","
    try:
        registros = [
            (i, fila) for i, fila in enumerate(csv.reader(io.StringIO(texto, newline=""), delimiter=separador), 1)
        ]
    except csv.Error as exc:
        raise ArchivoInvalido(f"El archivo no se puede leer como CSV (¿comillas sin cerrar?). {SUGERENCIA}") from exc
    nombre_sep = "punto y coma" if separador == ";" else "coma"
    return (f"CSV {codificacion} separado por {nombre_sep}", *_tabla(registros))


def _leer_xlsx(datos: bytes):
    import openpyxl

    binario = io.BytesIO(datos)
    try:
        with zipfile.ZipFile(binario) as comprimido:
            miembros = comprimido.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise ArchivoInvalido(f"El libro de Excel está dañado. {SUGERENCIA}") from exc
    if sum(m.file_size for m in miembros) > XLSX_MAXIMO_DESCOMPRIMIDO:
        raise ArchivoInvalido("El libro de Excel es demasiado grande al descomprimirse; envíelo como CSV.")
    if "xl/workbook.xml" not in {m.filename for m in miembros}:
        raise ArchivoInvalido(f"El archivo comprimido no es un libro de Excel .xlsx. {SUGERENCIA}")
    binario.seek(0)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            # data_only=False: a formula comes back as its text ("=A1*2") and is refused, never evaluated.
            libro = openpyxl.load_workbook(binario, read_only=True, data_only=False, keep_links=False)
            try:
                hoja = libro.worksheets[0]
                registros = [
                    (i, tuple(fila))
                    for i, fila in enumerate(hoja.iter_rows(max_col=32, values_only=True), 1)
                    if i <= FILAS_MAXIMAS + 50
                ]
                titulo = hoja.title
            finally:
                libro.close()
    except ArchivoInvalido:
        raise
    except Exception as exc:  # openpyxl raises many kinds on a malformed package
        raise ArchivoInvalido(f"El libro de Excel está dañado o no se puede leer. {SUGERENCIA}") from exc
    return (f"libro de Excel (hoja «{_mostrar(titulo, 31)}»)", *_tabla(registros))


def _tabla(registros: list[tuple[int, tuple]]):
    no_vacias = [(i, fila) for i, fila in registros if any(str(c).strip() for c in fila if c is not None)]
    if not no_vacias:
        raise ArchivoInvalido("El archivo no tiene filas: falta el encabezado estacion, periodo, combustible, galones.")
    (_, encabezado), cuerpo = no_vacias[0], no_vacias[1:]
    posiciones, ignoradas = {}, []
    for i, celda in enumerate(encabezado):
        nombre = ALIAS.get(_normalizar(celda), _normalizar(celda))
        if nombre in COLUMNAS and nombre not in posiciones:
            posiciones[nombre] = i
        elif nombre:
            ignoradas.append(_mostrar(celda))
    faltan = [c for c in COLUMNAS if c not in posiciones]
    if faltan:
        raise ArchivoInvalido(
            f"Faltan las columnas {', '.join(faltan)} en la primera fila. El encabezado debe tener las columnas "
            "estacion, periodo, combustible y galones (en cualquier orden)."
        )
    if len(cuerpo) > FILAS_MAXIMAS:
        raise ArchivoInvalido(
            f"El archivo tiene más de {FILAS_MAXIMAS:,} filas; cárguelo por partes.".replace(",", ".")
        )
    filas = [(i, {c: (fila[p] if p < len(fila) else None) for c, p in posiciones.items()}) for i, fila in cuerpo]
    return filas, ignoradas


# --- validating each row ---


def _texto(valor) -> str:
    if isinstance(valor, float) and valor.is_integer():
        valor = int(valor)
    return "" if valor is None else str(valor).strip()


def _es_formula(valor) -> bool:
    return isinstance(valor, str) and valor.strip().startswith("=")


def _periodo(valor) -> dt.date:
    if isinstance(valor, dt.datetime | dt.date):
        return dt.date(valor.year, valor.month, 1)
    texto = _texto(valor)
    coincide = re.fullmatch(r"(\d{4})[-/](\d{1,2})", texto)
    if not coincide or not 1 <= int(coincide.group(2)) <= 12:
        raise ValueError(f"«{_mostrar(texto)}» no es un periodo AAAA-MM (por ejemplo 2025-03).")
    return dt.date(int(coincide.group(1)), int(coincide.group(2)), 1)


def _galones(valor) -> Decimal:
    if isinstance(valor, bool):
        raise ValueError("Escriba un número de galones.")
    if isinstance(valor, int | float | Decimal):
        cantidad = Decimal(repr(valor)) if isinstance(valor, float) else Decimal(valor)
    else:
        texto = _texto(valor).replace(" ", "").replace("\u00a0", "")
        if not cifras_ascii(texto):
            raise ValueError(f"«{_mostrar(valor)}» no es un número de galones: escríbalo con las cifras 0 a 9.")
        if "," in texto and "." in texto:
            # 1.234,56 or 1,234.56: the last mark is the decimal one.
            decimal = "," if texto.rfind(",") > texto.rfind(".") else "."
            texto = texto.replace("." if decimal == "," else ",", "").replace(",", ".")
        else:
            texto = texto.replace(",", ".")
        try:
            cantidad = Decimal(texto)
        except InvalidOperation as exc:
            raise ValueError(f"«{_mostrar(valor)}» no es un número de galones (use coma o punto decimal).") from exc
    if not cantidad.is_finite():
        raise ValueError(f"«{_mostrar(valor)}» no es un número de galones.")
    if cantidad < 0:
        raise ValueError("Los galones no pueden ser negativos.")
    if cantidad > GALONES_MAXIMOS:
        raise ValueError("La cantidad de galones es demasiado grande.")
    return cantidad.quantize(Decimal("0.01"))


def validar(filas: list[tuple[int, dict]]) -> tuple[list[Compra], list[ErrorFila]]:
    """Each row's problems, by row and column; a row with none becomes a Compra."""
    codigos = codigos_estaciones()
    mes_actual = today().replace(day=1)
    compras, errores, vistos = [], [], {}
    for numero, celdas in filas:
        if all(_texto(v) == "" for v in celdas.values()):
            continue
        propios = []
        valores = {}
        for columna in COLUMNAS:
            valor = celdas[columna]
            if _es_formula(valor):
                propios.append(
                    ErrorFila(
                        numero, columna, "La celda tiene una fórmula; escriba el valor (las fórmulas no se calculan)."
                    )
                )
            elif _texto(valor) == "":
                propios.append(ErrorFila(numero, columna, "Está vacía."))
            else:
                valores[columna] = valor
        if "estacion" in valores:
            estacion = codigos.get(_texto(valores["estacion"]).upper())
            if estacion is None:
                propios.append(
                    ErrorFila(
                        numero,
                        "estacion",
                        f"No existe una estación con código «{_mostrar(_texto(valores['estacion']))}».",
                    )
                )
        if "periodo" in valores:
            try:
                periodo = _periodo(valores["periodo"])
            except ValueError as exc:
                propios.append(ErrorFila(numero, "periodo", str(exc)))
            else:
                if periodo >= mes_actual:
                    propios.append(
                        ErrorFila(
                            numero,
                            "periodo",
                            f"El mes {periodo:%Y-%m} no ha terminado: solo se registran compras de meses terminados.",
                        )
                    )
                elif periodo.year < 2000:
                    propios.append(ErrorFila(numero, "periodo", "El periodo es anterior al año 2000."))
        if "combustible" in valores:
            combustible = COMBUSTIBLES.get(_normalizar(valores["combustible"]))
            if combustible is None:
                propios.append(
                    ErrorFila(
                        numero,
                        "combustible",
                        f"«{_mostrar(valores['combustible'])}» no es un combustible: "
                        "use acpm, gasolina o electrocombustible.",
                    )
                )
        if "galones" in valores:
            try:
                galones = _galones(valores["galones"])
            except ValueError as exc:
                propios.append(ErrorFila(numero, "galones", str(exc)))
        if propios:
            errores.extend(propios)
            continue
        clave = (estacion[0], periodo, combustible)
        if clave in vistos:
            errores.append(
                ErrorFila(
                    numero, "periodo", f"Repite la estación, el periodo y el combustible de la fila {vistos[clave]}."
                )
            )
            continue
        vistos[clave] = numero
        compras.append(Compra(numero, estacion[0], estacion[1], periodo, combustible, galones))
    return compras, errores


# --- downloadable templates ---


def _ejemplos() -> list[list]:
    """Two example rows: a real station's code when there is one, last month, both fuels."""
    codigo = primer_codigo_estacion() or "EST-0001"
    mes = (today().replace(day=1) - dt.timedelta(days=1)).replace(day=1)
    return [
        [codigo, f"{mes:%Y-%m}", Combustible.ACPM.value, "30000.00"],
        [codigo, f"{mes:%Y-%m}", Combustible.GASOLINA.value, "18250.50"],
    ]


def plantilla_csv() -> bytes:
    """UTF-8 with BOM (Excel shows accents right), comma-separated, decimal point."""
    return csv_bytes(COLUMNAS, _ejemplos())


INSTRUCCIONES_XLSX = (
    "Una fila por estación, mes y combustible; se lee solo la primera hoja.",
    "estacion: código de la estación de servicio, como aparece en el portal.",
    "periodo: el mes, como texto AAAA-MM (por ejemplo 2025-03). Solo meses terminados.",
    "combustible: acpm, gasolina o electrocombustible.",
    "galones: cero o más, con coma o punto decimal y sin separador de miles.",
    "Escriba valores, no fórmulas: las fórmulas no se calculan y la fila se rechaza.",
    "Si una sola fila tiene errores no se guarda nada; cargar de nuevo un mes ya registrado lo reemplaza.",
)


def plantilla_xlsx() -> bytes:
    ejemplos = [[codigo, periodo, combustible, float(galones)] for codigo, periodo, combustible, galones in _ejemplos()]
    return plantilla_carga_xlsx(
        titulo="Compras",
        columnas=COLUMNAS,
        ejemplos=ejemplos,
        formatos={0: "@", 1: "@"},
        anchos=(18, 12, 20, 14),
        instrucciones=INSTRUCCIONES_XLSX,
    )
