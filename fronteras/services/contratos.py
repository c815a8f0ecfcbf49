"""F-01 (art. 2): the contracts or cessions by which Ecopetrol has a distributor distribute in a
border municipality. Only a distributor contracted for the destination's municipality, in force on
the delivery's date, records deliveries there (services.despachos)."""

import datetime as dt

from django.db import transaction
from django.db.models import Q

from core.auditoria.audit import guardar_auditado
from core.comun.errors import ApplicationError, DatosInvalidos, unico
from core.comun.fechas import fecha_larga
from core.identidad.access import require_role
from core.models import Distribuidor
from fronteras import access
from fronteras.errors import ErrorFronteras
from fronteras.models import ContratoEcopetrol, Municipio


@transaction.atomic
def contrato_ecopetrol_register(
    *,
    actor,
    distribuidor_nit: str,
    municipio: str,
    acto: str,
    vigente_desde: dt.date,
    vigente_hasta: dt.date | None = None,
    prioridad: int = ContratoEcopetrol.Prioridad.PLANTA_DEPARTAMENTO,
    motivo: str = "",
    registro_minminas: str = "",
) -> ContratoEcopetrol:
    """Ecopetrol records a contract with a wholesaler, a tercero or a retailer registered in the portal
    (art. 2: distributors "autorizados como tales por el Ministerio de Minas y Energía", terceros
    "previamente aprobados y registrados por el mismo") for one municipality, with its validity.

    F-01: the contract records its tier in the decree's order of prelación (1 plants in the department, 2 plants
    of neighbouring municipalities or departments, 3 registered terceros, 4 stations in the zone); 1 when not
    given (docs/decisiones.md). A lower tier needs the recorded reason why the higher ones cannot serve, and a
    tercero (tier 3) MinMinas' act that registered it: 400 without them."""
    require_role(actor, *access.CONTRATANTES)
    errores = {}
    distribuidor = Distribuidor.objects.filter(nit=str(distribuidor_nit or "").strip(), activo=True).first()
    if distribuidor is None:
        errores["distribuidor_nit"] = (
            "No hay un distribuidor activo con ese NIT en el registro (mayoristas autorizados y terceros "
            "aprobados y registrados por el Ministerio de Minas y Energía)."
        )
    municipio_obj = Municipio.objects.filter(codigo_dane=str(municipio or "").strip()).first()
    if municipio_obj is None:
        errores["municipio"] = "No existe un municipio de frontera con ese código DANE."
    acto = str(acto or "").strip()
    if not acto:
        errores["acto"] = "Indique el contrato o la cesión de Ecopetrol (número y fecha)."
    elif len(acto) > 200:
        errores["acto"] = "Escriba como máximo 200 caracteres."
    if vigente_hasta is not None and vigente_hasta < vigente_desde:
        errores["vigente_hasta"] = "El contrato no puede terminar antes de empezar."
    motivo, registro_minminas = str(motivo or "").strip(), str(registro_minminas or "").strip()
    errores.update(_errores_prioridad(prioridad, motivo, registro_minminas))
    if errores:
        raise DatosInvalidos(errores)
    duplicado = ApplicationError(
        ErrorFronteras.CONTRATO_DUPLICADO,
        f"Ya está registrado el contrato de {distribuidor.razon_social} en {municipio_obj.nombre} desde el "
        f"{fecha_larga(vigente_desde)}.",
    )
    if ContratoEcopetrol.objects.filter(
        distribuidor=distribuidor, municipio=municipio_obj, vigente_desde=vigente_desde
    ).exists():
        raise duplicado
    with unico(duplicado):
        return guardar_auditado(
            ContratoEcopetrol(
                distribuidor=distribuidor,
                municipio=municipio_obj,
                acto=acto,
                vigente_desde=vigente_desde,
                vigente_hasta=vigente_hasta,
                prioridad=prioridad,
                motivo=motivo,
                registro_minminas=registro_minminas,
                registrado_por=actor,
            ),
            actor=actor,
            accion="contrato_ecopetrol.registrar",
        )


def _errores_prioridad(prioridad, motivo: str, registro_minminas: str) -> dict:
    """F-01: the tier is one of the decree's four; below the first, the reason the higher ones cannot serve; a
    registered tercero, MinMinas' registration act."""
    Prioridad = ContratoEcopetrol.Prioridad
    if prioridad not in Prioridad.values:
        return {"prioridad": "El orden de prelación es 1 (plantas del departamento), 2 (plantas vecinas), "
                             "3 (terceros registrados) o 4 (estaciones de la zona)."}
    errores = {}
    if prioridad != Prioridad.PLANTA_DEPARTAMENTO and not motivo:
        errores["motivo"] = ("Indique por qué las plantas y canales de mayor prelación no pueden atender el "
                             "municipio: sin ese motivo no se contrata un orden inferior.")
    if prioridad == Prioridad.TERCERO and not registro_minminas:
        errores["registro_minminas"] = ("Indique el acto del Ministerio de Minas y Energía que aprobó y registró "
                                        "al tercero (número y fecha).")
    if len(registro_minminas) > 200:
        errores["registro_minminas"] = "Escriba como máximo 200 caracteres."
    return errores


def contratado_en(*, distribuidor: Distribuidor, municipio_id: int, fecha: dt.date) -> bool:
    return ContratoEcopetrol.objects.filter(
        Q(vigente_hasta__isnull=True) | Q(vigente_hasta__gte=fecha),
        distribuidor=distribuidor,
        municipio_id=municipio_id,
        vigente_desde__lte=fecha,
    ).exists()


def exigir_contrato(*, distribuidor: Distribuidor, municipio: Municipio, fecha: dt.date) -> None:
    """F-01: a delivery needs the distributor's contract with Ecopetrol for that municipality that day."""
    if not contratado_en(distribuidor=distribuidor, municipio_id=municipio.pk, fecha=fecha):
        raise ApplicationError(
            ErrorFronteras.DISTRIBUIDOR_NO_CONTRATADO,
            f"{distribuidor.razon_social} no tiene un contrato con Ecopetrol vigente el {fecha_larga(fecha)} para "
            f"distribuir en {municipio.nombre}: solo los distribuidores que Ecopetrol contrata registran despachos "
            "en zonas de frontera.",
        )
