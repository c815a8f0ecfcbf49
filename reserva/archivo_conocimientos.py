"""The bills-of-lading file (C-08): CSV or XLSX with named columns, told by content, read into
(row number, values) for `conocimientos_import`. The file-level guards (encodings, ZIP bombs,
encrypted or non-Excel ZIPs) are the wholesalers' report reader's (distribuidores.services.reportes.lectura)."""

import csv
import io
import warnings
from decimal import Decimal, InvalidOperation

from distribuidores.services.reportes.lectura import (
    ArchivoRechazado,
    detectar_codificacion,
    mostrar,
    normalizar_nombre,
    revisar_zip,
)

COLUMNAS = ("numero", "usuario_nit", "usuario_nombre", "clase", "embalaje", "toneladas", "flete_usd")
OPCIONALES = ("exoneracion",)
MAX_FILAS = 5000
MAX_BYTES = 5 * 1024 * 1024


def leer(archivo) -> list[tuple[int, dict]]:
    """The rows of the file, or ArchivoRechazado with a Spanish message about the file as a whole."""
    if archivo is None:
        raise ArchivoRechazado("Seleccione el archivo de conocimientos (CSV o XLSX).")
    if archivo.size and archivo.size > MAX_BYTES:
        raise ArchivoRechazado("El archivo supera 5 MB: divídalo en varios.")
    archivo.seek(0)
    inicio = archivo.read(8)
    archivo.seek(0)
    if not inicio:
        raise ArchivoRechazado("El archivo está vacío.")
    if inicio.startswith(b"%PDF") or inicio.startswith(b"\xd0\xcf\x11\xe0"):
        raise ArchivoRechazado("El archivo no es una tabla CSV ni un libro de Excel .xlsx.")
    celdas = _xlsx(archivo) if inicio.startswith(b"PK") else _csv(archivo)
    return _filas(celdas)


def _csv(archivo) -> list[tuple[int, list]]:
    codificacion = detectar_codificacion(archivo)
    archivo.seek(0)
    texto = io.TextIOWrapper(archivo, encoding=codificacion, newline="")
    try:
        contenido = texto.read(MAX_BYTES + 1)
    finally:
        texto.detach()
    primera = contenido.split("\n", 1)[0]
    separador = max((";", ",", "\t"), key=lambda s: (primera.count(s), s == ","))
    try:
        return [(i, fila) for i, fila in enumerate(csv.reader(io.StringIO(contenido), delimiter=separador), start=1)]
    except csv.Error as exc:
        raise ArchivoRechazado(f"El CSV está mal formado: {mostrar(exc)}.") from exc


def _xlsx(archivo) -> list[tuple[int, list]]:
    import openpyxl

    revisar_zip(archivo)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            libro = openpyxl.load_workbook(archivo, read_only=True, data_only=True, keep_links=False)
    except Exception as exc:  # openpyxl raises many kinds on a malformed package
        raise ArchivoRechazado("El libro de Excel está dañado o no se puede leer.") from exc
    try:
        hoja = libro.worksheets[0]
        filas = []
        for i, fila in enumerate(hoja.iter_rows(values_only=True, max_col=16), start=1):
            if i > MAX_FILAS + 1:
                break
            filas.append((i, ["" if c is None else c for c in fila]))
        return filas
    finally:
        libro.close()


def _filas(celdas: list[tuple[int, list]]) -> list[tuple[int, dict]]:
    celdas = [(i, f) for i, f in celdas if any(str(c).strip() for c in f)]
    if not celdas:
        raise ArchivoRechazado(f"El archivo no trae el encabezado ({', '.join(COLUMNAS)}) ni filas.")
    _, encabezado = celdas[0]
    posiciones = {}
    for j, celda in enumerate(encabezado):
        nombre = normalizar_nombre(celda)
        if nombre in COLUMNAS + OPCIONALES and nombre not in posiciones:
            posiciones[nombre] = j
        elif nombre:
            raise ArchivoRechazado(
                f"Sobra o está repetida la columna «{mostrar(celda, 40)}». Columnas: "
                f"{', '.join(COLUMNAS)} y, si aplica, exoneracion."
            )
    faltan = [c for c in COLUMNAS if c not in posiciones]
    if faltan:
        raise ArchivoRechazado(f"Faltan las columnas {', '.join(faltan)} en la primera fila.")
    if len(celdas) - 1 > MAX_FILAS:
        raise ArchivoRechazado(f"El archivo trae más de {MAX_FILAS} conocimientos: divídalo en varios.")
    filas = []
    for numero, fila in celdas[1:]:
        valor = {c: (fila[j] if j < len(fila) else "") for c, j in posiciones.items()}
        filas.append(
            (
                numero,
                {
                    "numero": str(valor["numero"]).strip(),
                    "usuario_nit": str(valor["usuario_nit"]).strip(),
                    "usuario_nombre": str(valor["usuario_nombre"]).strip(),
                    "clase": normalizar_nombre(valor["clase"]),
                    "embalaje": normalizar_nombre(valor["embalaje"]),
                    "toneladas": _decimal(valor["toneladas"]),
                    "flete_usd": _decimal(valor["flete_usd"]),
                    "exoneracion": str(valor.get("exoneracion", "") or "").strip() or None,
                },
            )
        )
    return filas


def _decimal(valor) -> Decimal | None:
    texto = str(valor).strip().replace(" ", "")
    if "," in texto and "." not in texto:
        texto = texto.replace(",", ".")
    try:
        numero = Decimal(texto)
    except (InvalidOperation, ValueError):
        return None
    return numero if numero.is_finite() else None


def plantilla_csv() -> str:
    return (
        ",".join((*COLUMNAS, *OPCIONALES))
        + "\nBL-001,900555123,Importadora del Caribe S.A.S.,general,contenedor,120.5,4820.00,\n"
    )
