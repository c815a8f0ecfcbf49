from cupos.models.beneficiarios import Beneficiario
from cupos.models.cupos import Cupo, Movimiento, ReglaAcumulacion, Resolucion
from cupos.models.novedades import AltaDimar, BajaDimar, NovedadDimar
from cupos.models.solicitudes import DocumentoSolicitud, Solicitud

__all__ = [
    "AltaDimar",
    "BajaDimar",
    "Beneficiario",
    "Cupo",
    "DocumentoSolicitud",
    "Movimiento",
    "NovedadDimar",
    "ReglaAcumulacion",
    "Resolucion",
    "Solicitud",
]
