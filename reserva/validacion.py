"""Small checks every write of the cargo reservation shares: required text, dates not after today,
positive tonnes, and uploaded documents that are what they claim (by content, not by name)."""

import datetime as dt
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError

from core.archivos.documentos import nombre_seguro
from core.comun.errors import DatosInvalidos
from core.comun.fechas import fecha_larga
from core.vencimientos.calendario import today
from reserva.models import TONELADAS_MAXIMO, USD_MAXIMO, Ruta
from reserva.selectors.registros import ruta_por_codigo

MAX_BYTES_POR_DEFECTO = 10 * 1024 * 1024


class Errores(dict):
    """A field → message map that raises DatosInvalidos when it holds anything."""

    def revisar(self) -> None:
        if self:
            raise DatosInvalidos(dict(self))


def texto(errores: Errores, campo: str, valor, *, largo: int, obligatorio: bool = True) -> str:
    valor = str(valor if valor is not None else "").strip()
    if obligatorio and not valor:
        errores[campo] = "Este campo es obligatorio."
    elif len(valor) > largo:
        errores[campo] = f"Escriba como máximo {largo} caracteres."
    return valor


def no_futura(errores: Errores, campo: str, fecha: dt.date | None) -> None:
    if fecha is not None and fecha > today():
        errores[campo] = f"La fecha {fecha_larga(fecha)} es posterior a hoy."


def toneladas(errores: Errores, campo: str, valor: Decimal | None, *, obligatorio: bool = True) -> None:
    if valor is None:
        if obligatorio:
            errores[campo] = "Indique las toneladas."
    elif not valor.is_finite() or valor <= 0:
        errores[campo] = "Las toneladas deben ser mayores que cero."
    elif valor > TONELADAS_MAXIMO:
        errores[campo] = f"Las toneladas no pueden superar {TONELADAS_MAXIMO:,.3f}."
    elif valor.as_tuple().exponent < -3:
        errores[campo] = "Use como máximo 3 decimales."


def usd(errores: Errores, campo: str, valor: Decimal | None, *, obligatorio: bool = True) -> None:
    if valor is None:
        if obligatorio:
            errores[campo] = "Indique el valor en dólares."
    elif not valor.is_finite() or valor < 0:
        errores[campo] = "El valor no puede ser negativo."
    elif valor > USD_MAXIMO:
        errores[campo] = f"El valor no puede superar {USD_MAXIMO:,.2f} dólares."
    elif valor.as_tuple().exponent < -2:
        errores[campo] = "Use como máximo 2 decimales."


def nit(errores: Errores, campo: str, valor, *, obligatorio: bool = True) -> str:
    from core.models import validar_nit

    valor = texto(errores, campo, valor, largo=20, obligatorio=obligatorio)
    if valor and campo not in errores:
        try:
            validar_nit(valor)
        except ValidationError as exc:
            errores[campo] = exc.messages[0]
    return valor


def ruta(errores: Errores, campo: str, codigo) -> Ruta | None:
    """The route Dimar assigned with that code; None, with the field's error, when there is none."""
    encontrada = ruta_por_codigo(codigo)
    if encontrada is None:
        errores[campo] = f"No existe la ruta «{str(codigo)[:20]}» asignada por Dimar."
    return encontrada


def limite_bytes() -> int:
    return getattr(settings, "RESERVA_DOCUMENTO_MAX_BYTES", MAX_BYTES_POR_DEFECTO)


def guardar_con_archivo(campo, archivo, guardar) -> None:
    """Store `archivo` in the FileField `campo`, then run `guardar` (the row and its audit, inside the
    caller's transaction). If `guardar` fails the stored file is removed: nothing is half-saved."""
    from core.comun.errors import ApplicationError
    from reserva.errors import ErrorReserva

    archivo.seek(0)
    try:
        campo.save(nombre_seguro(archivo.name), archivo, save=False)
    except OSError as exc:
        raise ApplicationError(
            ErrorReserva.ARCHIVO_NO_GUARDADO, "No se pudo guardar el archivo. Intente de nuevo.", status_code=503
        ) from exc
    try:
        guardar()
    except Exception:
        campo.storage.delete(campo.name)
        raise
