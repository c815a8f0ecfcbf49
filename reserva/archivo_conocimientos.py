"""The bills-of-lading file (C-08): CSV or XLSX with named columns, told by content, read into
(row number, values) for `conocimientos_import`. The file itself (encodings, delimiters, ZIP bombs,
encrypted or non-Excel ZIPs, the header) is read by the portal's one table reader, core.archivos.tablas."""

import itertools
from decimal import Decimal, InvalidOperation

from core.archivos.tablas import ArchivoRechazado, Columnas, abrir_tabla, normalizar_nombre

# C-02: the commodity and the packing; the class is derived from the packing, never a column.
COLUMNAS = (
    "numero",
    "usuario_nit",
    "usuario_nombre",
    "mercancia",
    "embalaje",
    "puerto_cargue",
    "pais_cargue",
    "puerto_descargue",
    "pais_descargue",
    "toneladas",
    "flete_usd",
)
OPCIONALES = ("exoneracion", "solicitud_oferta")
ENCABEZADO = Columnas(COLUMNAS, OPCIONALES, que="del archivo de conocimientos")
MAX_FILAS = 5000
MAX_BYTES = 5 * 1024 * 1024


def leer(archivo) -> list[tuple[int, dict]]:
    """The rows of the file, or ArchivoRechazado with a Spanish message about the file as a whole."""
    if archivo is None:
        raise ArchivoRechazado("Seleccione el archivo de conocimientos (CSV o XLSX).")
    if archivo.size and archivo.size > MAX_BYTES:
        raise ArchivoRechazado("El archivo supera 5 MB: divídalo en varios.")
    archivo.seek(0)
    with abrir_tabla(archivo, ENCABEZADO, tamano=archivo.size) as tabla:
        filas = []
        for numero, celdas in itertools.islice(tabla.filas, MAX_FILAS + 1):
            valor = {
                c: (celdas[j] if j < len(celdas) and celdas[j] is not None else "") for c, j in tabla.columnas.items()
            }
            if not any(str(v).strip() for v in valor.values()):
                continue
            filas.append((numero, _conocimiento(valor)))
    if len(filas) > MAX_FILAS:
        raise ArchivoRechazado(f"El archivo trae más de {MAX_FILAS} conocimientos: divídalo en varios.")
    return filas


def _conocimiento(valor: dict) -> dict:
    return {
        "numero": str(valor["numero"]).strip(),
        "usuario_nit": str(valor["usuario_nit"]).strip(),
        "usuario_nombre": str(valor["usuario_nombre"]).strip(),
        "mercancia": normalizar_nombre(valor["mercancia"]),
        "embalaje": normalizar_nombre(valor["embalaje"]),
        "puerto_cargue": str(valor["puerto_cargue"]).strip(),
        "pais_cargue": str(valor["pais_cargue"]).strip().upper(),
        "puerto_descargue": str(valor["puerto_descargue"]).strip(),
        "pais_descargue": str(valor["pais_descargue"]).strip().upper(),
        "toneladas": _decimal(valor["toneladas"]),
        "flete_usd": _decimal(valor["flete_usd"]),
        "exoneracion": str(valor.get("exoneracion", "") or "").strip() or None,
        "solicitud_oferta": str(valor.get("solicitud_oferta", "") or "").strip() or None,
    }


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
        + "\nBL-001,900555123,Importadora del Caribe S.A.S.,ordinaria,contenedor,Houston,US,Cartagena,CO,"
        "120.5,4820.00,,\n"
    )
