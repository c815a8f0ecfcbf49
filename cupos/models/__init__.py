from cupos.models.alertas import TipoAlertaCupos
from cupos.models.asignacion import LineaAsignacion
from cupos.models.beneficiarios import Beneficiario
from cupos.models.condiciones import ConvenioArmada, Desembarque, GarantiaNave
from cupos.models.cupos import (
    ESTADOS_CON_VIGENCIA,
    Cupo,
    Movimiento,
    ReglaAcumulacion,
    Resolucion,
    Retencion,
    sql_vigente,
)
from cupos.models.novedades import AltaDimar, BajaDimar, NovedadDimar
from cupos.models.solicitudes import DocumentoSolicitud, Solicitud
from cupos.models.trabajos import DocumentoResolucion, FirmezaMasiva

__all__ = [
    "ESTADOS_CON_VIGENCIA",
    "AltaDimar",
    "BajaDimar",
    "Beneficiario",
    "ConvenioArmada",
    "Cupo",
    "Desembarque",
    "DocumentoResolucion",
    "DocumentoSolicitud",
    "FirmezaMasiva",
    "GarantiaNave",
    "LineaAsignacion",
    "Movimiento",
    "NovedadDimar",
    "ReglaAcumulacion",
    "Resolucion",
    "Retencion",
    "Solicitud",
    "TipoAlertaCupos",
    "sql_vigente",
]
