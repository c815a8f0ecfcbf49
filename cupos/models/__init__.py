from cupos.models.asignacion import LineaAsignacion
from cupos.models.beneficiarios import Beneficiario
from cupos.models.cupos import (
    ESTADOS_CON_VIGENCIA,
    Cupo,
    Movimiento,
    ReglaAcumulacion,
    Resolucion,
    sql_vigente,
)
from cupos.models.novedades import AltaDimar, BajaDimar, NovedadDimar
from cupos.models.solicitudes import DocumentoSolicitud, Solicitud

__all__ = [
    "ESTADOS_CON_VIGENCIA",
    "AltaDimar",
    "BajaDimar",
    "Beneficiario",
    "Cupo",
    "DocumentoSolicitud",
    "LineaAsignacion",
    "Movimiento",
    "NovedadDimar",
    "ReglaAcumulacion",
    "Resolucion",
    "Solicitud",
    "sql_vigente",
]
