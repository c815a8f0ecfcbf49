"""The year's resolution (R-05): the act every cupo of the year is granted in."""

import datetime as dt

from django.db import transaction

from core.auditoria.audit import audit_record
from core.comun.errors import ApplicationError, DatosInvalidos, unico
from core.identidad.access import require_role
from core.vencimientos import calendario
from cupos.access import ESCRITORES
from cupos.errors import ErrorCupos
from cupos.models import Resolucion
from cupos.services.cupos import fecha_valida


@transaction.atomic
def resolucion_create(
    *,
    actor,
    anio: int,
    numero: str,
    fecha_expedicion: dt.date | None = None,
    transcrita: bool = False,
    soporte: str = "",
    considerandos: str = "",
    firmante: str = "",
    tipo: str = Resolucion.Tipo.ANUAL,
    modifica: Resolucion | None = None,
    fuente_flota_fecha: dt.date | None = None,
    fuente_areas_cultivo: str = "",
    fuente_consumo_anio: int | None = None,
) -> Resolucion:
    """R-05: the year's motivated resolution. Issuing after 28 February is allowed but flagged.

    It is born a draft (`borrador`): its lines are set, then it is issued (cupos.services.asignacion).
    D1891 art. 1: the motivation names its sources (`fuente_*`: Dimar's fleet records and their
    date, the cultivation areas, the year of consumption used). A modifying or additional resolution
    (R-04 late applicants with a justified cause, R-24 Dimar's altas, corrections) names the annual
    resolution of the same year it modifies (`modifica`).
    """
    require_role(actor, *ESCRITORES)
    errores = {}
    soporte = (soporte or "").strip()
    if transcrita and fecha_expedicion is None:
        raise DatosInvalidos(
            {"fecha_expedicion": "Una resolución transcrita lleva la fecha en que se expidió en papel."}
        )
    if transcrita and not soporte:
        errores["soporte"] = "Una resolución transcrita lleva el soporte del acto en papel (número, fecha, archivo)."
    dada = fecha_expedicion is not None
    # an act issued here is dated the day it is issued and signed (cupos.services.procedimiento); the
    # draft's date is only provisional. Only a transcribed paper act keeps the date it was given.
    fecha_expedicion = fecha_expedicion or calendario.today()
    fecha_valida("fecha_expedicion", fecha_expedicion)
    if dada and (fecha_expedicion.year < anio - 1 or fecha_expedicion.year > anio):
        errores["fecha_expedicion"] = f"La fecha de expedición no corresponde al año {anio}."
    if tipo not in Resolucion.Tipo.values:
        errores["tipo"] = f"«{tipo}» no es un tipo de resolución: use anual, modificatoria o adicional."
    elif tipo == Resolucion.Tipo.ANUAL and modifica is not None:
        errores["modifica"] = "Una resolución anual no modifica otra: indique tipo modificatoria o adicional."
    elif tipo != Resolucion.Tipo.ANUAL and modifica is None:
        errores["modifica"] = "Indique la resolución anual que esta modifica o adiciona."
    elif modifica is not None and (modifica.tipo != Resolucion.Tipo.ANUAL or modifica.anio != anio):
        errores["modifica"] = f"La resolución que se modifica debe ser la anual de {anio}."
    if fuente_flota_fecha is not None and fuente_flota_fecha > fecha_expedicion:
        errores["fuente_flota_fecha"] = "Los registros de flota no pueden ser posteriores a la expedición."
    if fuente_consumo_anio is not None and not 2001 <= fuente_consumo_anio <= anio:
        errores["fuente_consumo_anio"] = f"El año del consumo debe estar entre 2001 y {anio}."
    if errores:
        raise DatosInvalidos(errores)
    if Resolucion.objects.filter(anio=anio, numero=numero.strip()).exists():
        raise ApplicationError(ErrorCupos.RESOLUCION_DUPLICADA, f"Ya existe la resolución {numero} de {anio}.")
    if tipo == Resolucion.Tipo.ANUAL:
        _sin_otra_anual(anio)
    with unico(_anual_duplicada(anio)):  # two analysts at the same instant: the unique index decides
        resolucion = Resolucion.objects.create(
            anio=anio,
            numero=numero.strip(),
            fecha_expedicion=fecha_expedicion,
            transcrita=transcrita,
            soporte=soporte[:300] if transcrita else "",
            considerandos=considerandos,
            firmante=firmante or "Director General UPME",
            tipo=tipo,
            modifica=modifica,
            fuente_flota_fecha=fuente_flota_fecha,
            fuente_areas_cultivo=(fuente_areas_cultivo or "").strip(),
            fuente_consumo_anio=fuente_consumo_anio,
            creada_por=actor,
        )
    audit_record(actor=actor, accion="resolucion.crear", obj=resolucion)
    return resolucion


def _anual_duplicada(anio: int, existente: Resolucion | None = None) -> ApplicationError:
    cual = f" (la {existente.numero}, en estado {existente.get_estado_display().lower()})" if existente else ""
    return ApplicationError(
        ErrorCupos.RESOLUCION_ANUAL_DUPLICADA,
        f"El año {anio} ya tiene su resolución anual{cual}. Los demás actos del año son resoluciones "
        "modificatorias o adicionales de esa (tipo «modificatoria» o «adicional», con «modifica»).",
    )


def _sin_otra_anual(anio: int) -> None:
    """R-05 (D1891 art. 1): «Los cupos de consumo … se establecerán anualmente mediante resolución motivada»."""
    existente = Resolucion.objects.filter(anio=anio, tipo=Resolucion.Tipo.ANUAL).first()
    if existente is not None:
        raise _anual_duplicada(anio, existente)
