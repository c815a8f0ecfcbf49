"""Test helpers shared by the wholesalers' tests: a firm cupo, the vessel's next certificate."""

import datetime as dt
from decimal import Decimal

from core.identidad.roles import Rol
from core.tests.factories import CapitaniaFactory, DistribuidorFactory, UsuarioFactory
from cupos.services.cupos import cupo_declare_firm, cupo_grant
from cupos.tests.factories import ResolucionFactory
from zarpes.models import Certificado
from zarpes.selectors.certificados import ultimo_certificado
from zarpes.services.zarpes import zarpe_request

D = dt.date


def estacion_maritima(nit, razon_social, habilitacion, desde, hasta):
    """A marine station (R-18) with its Ministry of Mines habilitation, valid from `desde` to `hasta`."""
    return DistribuidorFactory(
        nit=nit,
        razon_social=razon_social,
        tipo="estacion_maritima",
        habilitacion_numero=habilitacion,
        habilitacion_fecha=desde,
        habilitacion_vigente_hasta=hasta,
    )


def certificado_de(nave, galones="800", fecha=D(2026, 3, 20)) -> Certificado:
    """Issue the vessel's next certificate at CP05 (the zarpe chain asks for the previous one, R-14)."""
    oficial = UsuarioFactory(rol=Rol.CAPITANIA_OFICIAL, capitania=CapitaniaFactory(codigo="CP05"))
    anterior = ultimo_certificado(nave.id)
    zarpe = zarpe_request(
        actor=oficial,
        nave_id=nave.id,
        capitania="CP05",
        fecha=fecha,
        galones_solicitados=Decimal(galones),
        certificado_anterior=anterior.numero if anterior else None,
    )
    return zarpe.certificado


def con_cupo(beneficiario, anual="24000", firmeza=D(2026, 3, 1)):
    """Grant the beneficiary a cupo and declare it firm."""
    analista = UsuarioFactory(rol=Rol.UPME_ANALISTA)
    cupo = cupo_grant(
        actor=analista, resolucion=ResolucionFactory(), beneficiario=beneficiario, galones_anuales=Decimal(anual)
    )
    return cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=firmeza)
