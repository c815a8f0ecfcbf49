"""Dimar's monthly novelties as a CSV file: one row per alta or baja, read into the service's shape.

Columns: novedad (alta|baja), matricula, nombre, identificacion, bandera, trb, actividad,
capacidad_combustible_gal, capitania, empresa_nit, fecha, motivo. Comma or semicolon separated,
UTF-8 (with or without BOM) or Latin-1, decimal point or comma.
"""

import csv
import datetime as dt
import io
from decimal import Decimal, InvalidOperation

COLUMNAS = ["novedad", "matricula", "nombre", "identificacion", "bandera", "trb", "actividad",
            "capacidad_combustible_gal", "capitania", "empresa_nit", "fecha", "motivo"]
MAX_BYTES = 5 * 1024 * 1024


class ArchivoInvalido(Exception):
    def __init__(self, errores: dict[str, list[str]]):
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in errores.items()))
        self.errores = errores


def _texto(contenido: bytes) -> str:
    for codificacion in ("utf-8-sig", "cp1252"):
        try:
            return contenido.decode(codificacion)
        except UnicodeDecodeError:
            continue
    raise ArchivoInvalido({"archivo": ["El archivo no está en UTF-8 ni en Latin-1. Guárdelo como CSV UTF-8."]})


def _numero(valor: str) -> Decimal:
    valor = valor.strip().replace(" ", "")
    if "," in valor and "." in valor:
        valor = valor.replace(".", "").replace(",", ".") if valor.rfind(",") > valor.rfind(".") else valor.replace(",", "")
    else:
        valor = valor.replace(",", ".")
    return Decimal(valor)


def leer_novedades(archivo) -> tuple[list[dict], list[dict]]:
    """Parse the uploaded file into (altas, bajas); raise ArchivoInvalido with errors by row."""
    if archivo.size > MAX_BYTES:
        raise ArchivoInvalido({"archivo": ["El archivo supera 5 MB."]})
    texto = _texto(archivo.read())
    if not texto.strip():
        raise ArchivoInvalido({"archivo": ["El archivo está vacío."]})
    primera = texto.splitlines()[0]
    lector = csv.DictReader(io.StringIO(texto), delimiter=";" if primera.count(";") > primera.count(",") else ",")
    encabezado = [c.strip().lower() for c in (lector.fieldnames or [])]
    faltan = [c for c in ("novedad", "matricula") if c not in encabezado]
    if faltan:
        raise ArchivoInvalido({"archivo": [f"Faltan las columnas: {', '.join(faltan)}. Columnas esperadas: {', '.join(COLUMNAS)}."]})
    altas, bajas, errores = [], [], {}
    for n, fila in enumerate(lector, start=2):
        fila = {(k or "").strip().lower(): (v or "").strip() for k, v in fila.items()}
        tipo = fila.get("novedad", "").lower()
        try:
            if tipo == "alta":
                altas.append({k: v for k, v in {
                    "matricula": fila.get("matricula"), "nombre": fila.get("nombre"),
                    "identificacion": fila.get("identificacion"), "bandera": fila.get("bandera") or "CO",
                    "trb": _numero(fila["trb"]) if fila.get("trb") else None, "actividad": fila.get("actividad"),
                    "capacidad_combustible_gal": _numero(fila["capacidad_combustible_gal"]) if fila.get("capacidad_combustible_gal") else None,
                    "capitania": fila.get("capitania"), "empresa_nit": fila.get("empresa_nit"),
                }.items() if v not in (None, "")})
            elif tipo == "baja":
                bajas.append({"matricula": fila.get("matricula"), "fecha": dt.date.fromisoformat(fila.get("fecha", "")),
                              "motivo": fila.get("motivo", "")})
            else:
                errores.setdefault(f"fila {n}", []).append("La columna novedad debe ser «alta» o «baja».")
        except (InvalidOperation, ValueError):
            errores.setdefault(f"fila {n}", []).append("Número o fecha inválidos (fechas AAAA-MM-DD).")
    if errores:
        raise ArchivoInvalido(errores)
    if not altas and not bajas:
        raise ArchivoInvalido({"archivo": ["El archivo no tiene filas de novedades."]})
    return altas, bajas
