from cupos.models.beneficiarios import Beneficiario
from cupos.models.cupos import Cupo, Movimiento, ReglaAcumulacion, Resolucion
from cupos.models.solicitudes import DocumentoSolicitud, Solicitud

__all__ = [
    "Beneficiario",
    "Cupo",
    "DocumentoSolicitud",
    "Movimiento",
    "ReglaAcumulacion",
    "Resolucion",
    "Solicitud",
]
