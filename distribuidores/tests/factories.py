"""Test helpers shared by the wholesalers' tests: a firm cupo, the vessel's next certificate, a sale's documents."""

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


FACTURA = "FE-2026-0001"


def documentos_de_venta(beneficiario, *, certificado: str | None = None) -> list[dict]:
    """R-23: every document a sale to this beneficiary keeps, each with a reference, as `POST /api/v1/ventas/` and
    venta_register take them. An acuicultora with no permit recorded shows one in force (`vigente_hasta`)."""
    from cupos.models import Beneficiario
    from distribuidores.selectors.documentos import documentos_requeridos

    documentos = []
    for tipo in documentos_requeridos(beneficiario.tipo, beneficiario.actividad):
        referencia = f"{tipo.upper()}-{beneficiario.id}"
        if tipo == "certificado_exencion" and certificado:
            referencia = certificado
        documento = {"tipo": tipo, "referencia": referencia}
        if (tipo == "permiso_cultivo" and beneficiario.tipo == Beneficiario.Tipo.ACUICULTORA
                and beneficiario.permiso_cultivo_vigente_hasta is None):
            documento["vigente_hasta"] = D(2030, 12, 31)
        documentos.append(documento)
    return documentos


def soportes_de_venta(beneficiario, *, certificado: str | None = None, factura: str = FACTURA) -> dict:
    """R-23: the invoice and the documents of a sale, to spread into its request or its service call."""
    return {"factura": factura, "documentos": documentos_de_venta(beneficiario, certificado=certificado)}


def soportes_en_formulario(beneficiario, *, certificado: str | None = None, factura: str = FACTURA) -> dict:
    """R-23: the invoice and each document's reference as the wholesaler's sale form posts them."""
    campos = {"factura": factura}
    for documento in documentos_de_venta(beneficiario, certificado=certificado):
        campos[f"documento_{documento['tipo']}"] = documento["referencia"]
        if documento.get("vigente_hasta"):
            campos["permiso_cultivo_vigente_hasta"] = documento["vigente_hasta"].isoformat()
    return campos


def sin_documentos(venta):
    """A sale as registered before R-23 asked for its documents at the sale (none recorded with it), for the tests
    of recording them afterwards."""
    from distribuidores.models import DocumentoVenta

    DocumentoVenta.objects.filter(venta=venta).delete()
    return venta
