"""Demo: the demo wholesaler (Petromar Cartagena, the `distribuidor` login) sold Doña Lucía the fuel of
each certificate zarpes/demo.py issued her before the demo date, and registered each sale in the portal
(R-19), so its sales page, its monthly report of those months and the reconciliation agree."""

from core.calendario import today
from core.models import Usuario
from cupos.demo import MATRICULA_DONA_LUCIA
from distribuidores.models import Venta
from distribuidores.services.ventas import venta_register
from zarpes.models import Certificado

NIT_DEMO = "900456123"  # core.demo: Petromar Cartagena S.A.S.


def cargar() -> list:
    vendedor = Usuario.objects.filter(username="distribuidor", distribuidor__nit=NIT_DEMO).first()
    if vendedor is None or Venta.objects.filter(distribuidor__nit=NIT_DEMO).exists():
        return []
    certificados = Certificado.objects.filter(
        nave__matricula=MATRICULA_DONA_LUCIA, estado=Certificado.Estado.VIGENTE, fecha_expedicion__lt=today()
    ).order_by("fecha_expedicion", "id")
    for certificado in certificados:
        venta_register(
            actor=vendedor,
            distribuidor_nit=NIT_DEMO,
            beneficiario_id=certificado.nave_id,
            fecha=certificado.fecha_expedicion,
            galones=certificado.galones_autorizados,
            certificado=certificado.numero,
        )
    return []
