"""The ApplicationError family: domain refusals with a stable code and a Spanish message.

Each app keeps its codes in its own `errors.py`, a TextChoices whose label is what a person reads
(the API keeps the code). Apps register their catalogue in AppConfig.ready() (core.registro), so
pages can show the label of any code without core knowing the app.
"""

import contextlib
import datetime as dt
from decimal import Decimal

from django.db import IntegrityError, models, transaction

from core.comun.fechas import fecha_larga
from core.comun.galones import round2


class ErrorCore(models.TextChoices):
    NO_ENCONTRADO = "no_encontrado", "No encontrado"
    PERMISO_DENEGADO = "permiso_denegado", "Su rol no permite esta operación"
    DATOS_INVALIDOS = "datos_invalidos", "Datos inválidos"
    USUARIO_DUPLICADO = "usuario_duplicado", "Ya existe un usuario con ese nombre"
    IDEMPOTENCY_KEY_INVALIDA = "idempotency_key_invalida", "La clave de idempotencia no es válida"
    IDEMPOTENCY_KEY_REUTILIZADA = "idempotency_key_reutilizada", "La clave de idempotencia ya se usó con otra solicitud"
    DEMASIADOS_INTENTOS = "demasiados_intentos", "Demasiados intentos fallidos de ingreso"
    SERVICIO_NO_DISPONIBLE = "servicio_no_disponible", "El servicio no está disponible por un momento"
    # What the HTTP layer refuses before any service runs (core.api.errors): the API answers
    # every error as {"codigo", "detalle"}, these are its codes.
    NO_AUTENTICADO = "no_autenticado", "Falta el token o no es válido"
    METODO_NO_PERMITIDO = "metodo_no_permitido", "Método HTTP no permitido en esta ruta"
    NO_ACEPTABLE = "no_aceptable", "No se puede responder en el formato pedido"
    TIPO_NO_SOPORTADO = "tipo_no_soportado", "Tipo de contenido no admitido"
    SOLICITUD_MAL_FORMADA = "solicitud_mal_formada", "El cuerpo de la solicitud no se pudo leer"
    DEMASIADAS_SOLICITUDES = "demasiadas_solicitudes", "Demasiadas solicitudes"
    ERROR_INTERNO = "error_interno", "Error interno del servidor"
    CARACTER_NULO = "caracter_nulo", "La solicitud contiene un carácter nulo"
    FIRMA_NO_CONFIGURADA = "firma_no_configurada", "La oficina que firma el acto no tiene clave de firma configurada"
    FILTRO_DESCONOCIDO = "filtro_desconocido", "La lista no conoce ese filtro"
    SEGUNDO_FACTOR_REQUERIDO = "segundo_factor_requerido", "Se requiere un código fresco del segundo factor"
    # The procedure of acts (core.actos, DOMAIN §8).
    YA_NOTIFICADO = "ya_notificado", "La persona ya fue notificada de este acto"
    RECURSO_EXTEMPORANEO = "recurso_extemporaneo", "El recurso se presentó fuera del término"
    RECURSO_IMPROCEDENTE = "recurso_improcedente", "Ese recurso no procede contra este acto"
    RECURSO_EN_TRAMITE = "recurso_en_tramite", "Hay un recurso en trámite contra el acto"
    RECURSO_DECIDIDO = "recurso_decidido", "El recurso ya fue decidido"
    SIN_RECURSOS = "sin_recursos", "El acto no diría qué recursos proceden"
    FIRMEZA_ANTICIPADA = "firmeza_anticipada", "El acto aún no está en firme"


class ApplicationError(Exception):
    """A refusal the user can act on. The API renders it as ``{"codigo", "detalle"}``."""

    status_code = 409

    def __init__(self, codigo: str, detalle: str, *, status_code: int | None = None, extra=None):
        super().__init__(detalle)
        self.codigo = codigo
        self.detalle = detalle
        self.extra = extra or {}
        if status_code is not None:
            self.status_code = status_code


class NoEncontrado(ApplicationError):
    """The object does not exist or lies outside the caller's scope (both look the same: 404)."""

    status_code = 404

    def __init__(self, detalle: str = "No encontrado."):
        super().__init__(ErrorCore.NO_ENCONTRADO, detalle)


class PermisoDenegado(ApplicationError):
    status_code = 403

    def __init__(self, detalle: str = "Su rol no permite esta operación."):
        super().__init__(ErrorCore.PERMISO_DENEGADO, detalle)


class DatosInvalidos(ApplicationError):
    """Bad input found by a service: rendered as a 400 field → messages map."""

    status_code = 400

    def __init__(self, errores: dict[str, list[str] | str]):
        self.errores = {k: v if isinstance(v, list) else [v] for k, v in errores.items()}
        # What a page shows when it has no field to put each message beside: the sentences, never the field
        # names («modifica: …»); the API answers the field → messages map itself (core/api/errors.py).
        detalle = " ".join(" ".join(str(m) for m in v) for v in self.errores.values())
        super().__init__(ErrorCore.DATOS_INVALIDOS, detalle)


def validar_modelo(obj, *, exclude=None) -> None:
    """The model's own validation (full_clean); its field errors raise DatosInvalidos."""
    from django.core.exceptions import ValidationError

    try:
        obj.full_clean(exclude=exclude)
    except ValidationError as exc:
        raise DatosInvalidos(exc.message_dict) from exc


def no_futura(fecha: dt.date, hoy: dt.date, campo: str = "fecha") -> None:
    """An act dated after `hoy` (the caller's today) is refused (400) on `campo`."""
    if fecha > hoy:
        raise DatosInvalidos({campo: f"La fecha {fecha_larga(fecha)} es posterior a hoy."})


def fecha_y_galones(
    fecha: dt.date, hoy: dt.date, galones, *, campo: str = "galones", que: str = "Los galones"
) -> Decimal:
    """A dated movement of fuel: not after `hoy` (the caller's today), and its gallons (rounded to the
    cent) above zero, refused on `campo` otherwise. Returns the rounded gallons."""
    no_futura(fecha, hoy)
    galones = round2(galones)
    if galones <= 0:
        raise DatosInvalidos({campo: f"{que} deben ser mayores que cero."})
    return galones


@contextlib.contextmanager
def unico(error: ApplicationError):
    """A write that a unique key guards (a concurrent twin may have passed the same checks): run in
    its own savepoint, the key's IntegrityError becomes the refusal `error`."""
    try:
        with transaction.atomic():
            yield
    except IntegrityError as exc:
        raise error from exc
