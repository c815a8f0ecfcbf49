"""Writes on the border's service stations: the registry (F-03) and the transport company's
yearly certificate (F-04)."""

import datetime as dt
from decimal import Decimal

from django.db import transaction

from core.access import require_role
from core.calendario import today
from core.errors import ApplicationError, DatosInvalidos
from core.galones import round2
from fronteras import access
from fronteras.errors import ErrorFronteras
from fronteras.models import CertificadoTransporte, EstacionServicio
from fronteras.selectors.municipios import municipio_get
from fronteras.services.municipios import guardar_auditado


@transaction.atomic
def estacion_create(*, actor, codigo: str, nombre: str, municipio: str, capacidad_certificada_gal: Decimal,
                    fecha_certificado: dt.date, fecha_entrega_certificado: dt.date, empresa_transporte: bool = False,
                    inicio_operacion: dt.date | None = None) -> EstacionServicio:
    require_role(actor, *access.REGISTRO_ESTACIONES)
    if fecha_certificado > today() or fecha_entrega_certificado > today():
        raise DatosInvalidos(
            {"fecha_entrega_certificado": "Las fechas del certificado no pueden ser posteriores a hoy."})
    if fecha_entrega_certificado < fecha_certificado:
        raise DatosInvalidos(
            {"fecha_entrega_certificado": "La entrega no puede ser anterior a la expedición del certificado."})
    if EstacionServicio.objects.filter(codigo=codigo.strip()).exists():
        raise ApplicationError(ErrorFronteras.ESTACION_DUPLICADA, f"Ya existe la estación {codigo}.")
    return guardar_auditado(EstacionServicio(
        codigo=codigo.strip(), nombre=nombre.strip(), municipio=municipio_get(municipio),
        capacidad_certificada_gal=round2(capacidad_certificada_gal), fecha_certificado=fecha_certificado,
        fecha_entrega_certificado=fecha_entrega_certificado, empresa_transporte=empresa_transporte,
        inicio_operacion=inicio_operacion,
    ), actor=actor, accion="estacion.crear")


@transaction.atomic
def certificado_transporte_register(*, actor, estacion: EstacionServicio, vigente_desde: dt.date,
                                    vigente_hasta: dt.date, subsidio_pct: Decimal) -> CertificadoTransporte:
    """F-04: the yearly certificate of a transport company's subsidy (≥ 25 % of fares)."""
    require_role(actor, *access.CERTIFICADORES_TRANSPORTE)
    if not estacion.empresa_transporte:
        raise ApplicationError(ErrorFronteras.NO_ES_EMPRESA_TRANSPORTE,
                               "La estación no pertenece a una empresa de transporte.")
    return guardar_auditado(CertificadoTransporte(estacion=estacion, vigente_desde=vigente_desde,
                                                  vigente_hasta=vigente_hasta, subsidio_pct=subsidio_pct,
                                                  registrado_por=actor),
                            actor=actor, accion="certificado_transporte.registrar")
