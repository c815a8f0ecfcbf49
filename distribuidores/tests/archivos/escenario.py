"""A small world for the report tests: a wholesaler, vessels with certificates, an acuicultora."""

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.core.files.uploadedfile import SimpleUploadedFile

from core.roles import Rol
from core.tests.factories import CapitaniaFactory, DistribuidorFactory, UsuarioFactory
from cupos.models import Beneficiario
from cupos.services.cupos import cupo_declare_firm, cupo_grant
from cupos.tests.factories import AcuicultoraFactory, ResolucionFactory
from distribuidores.services.reportes.ingesta import reporte_upload
from distribuidores.services.ventas import venta_register
from zarpes.models import Certificado
from zarpes.selectors.certificados import ultimo_certificado
from zarpes.services.zarpes import zarpe_request
from zarpes.tests.factories import nave_con_cupo

D = dt.date
PERIODO = D(2026, 4, 1)
NIT = "900456123"  # the conftest's wholesaler (Petromar S.A.S.)


def certificado(nave: Beneficiario, galones="800", fecha=D(2026, 4, 5)) -> Certificado:
    """Issue the vessel's next certificate (the zarpe chain asks for the previous one)."""
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
    analista = UsuarioFactory(rol=Rol.UPME_ANALISTA)
    cupo = cupo_grant(
        actor=analista, resolucion=ResolucionFactory(), beneficiario=beneficiario, galones_anuales=Decimal(anual)
    )
    return cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=firmeza)


@dataclass
class Mundo:
    mayorista: object  # the wholesaler's user
    nave: Beneficiario
    otra_nave: Beneficiario
    acuicultora: Beneficiario
    cert: Certificado  # of `nave`, 800 gal, 2026-04-05
    cert2: Certificado  # of `nave`, 500 gal, 2026-04-12
    cert_otra: Certificado  # of `otra_nave`

    def fila_nave(self, fecha="2026-04-06", galones="750.00", cert=None):
        return [fecha, self.nave.matricula, (cert or self.cert).numero, galones]

    def fila_acuicultora(self, fecha="2026-04-07", galones="300,00"):
        return [fecha, self.acuicultora.identificacion, "", galones]


def construir_mundo(mayorista) -> Mundo:
    nave, _ = nave_con_cupo()
    otra, _ = nave_con_cupo()
    acuicultora = AcuicultoraFactory(distribuidor=DistribuidorFactory(nit=NIT))
    con_cupo(acuicultora)
    return Mundo(
        mayorista=mayorista,
        nave=nave,
        otra_nave=otra,
        acuicultora=acuicultora,
        cert=certificado(nave, "800", D(2026, 4, 5)),
        cert2=certificado(nave, "500", D(2026, 4, 12)),
        cert_otra=certificado(otra, "600", D(2026, 4, 8)),
    )


def registrar_ventas(mundo: Mundo) -> None:
    """The sales behind `fila_nave()` and `fila_acuicultora()`, registered in real time (R-19)."""
    venta_register(
        actor=mundo.mayorista,
        distribuidor_nit=NIT,
        beneficiario_id=mundo.nave.id,
        fecha=D(2026, 4, 6),
        galones=Decimal("750"),
        certificado=mundo.cert.numero,
    )
    venta_register(
        actor=mundo.mayorista,
        distribuidor_nit=NIT,
        beneficiario_id=mundo.acuicultora.id,
        fecha=D(2026, 4, 7),
        galones=Decimal("300"),
    )


def subir(capturar, actor, contenido: bytes, *, nombre="reporte.csv", periodo=PERIODO, nit=NIT):
    """Upload and run the queued job (on_commit → eager Celery task), as a real commit would."""
    with capturar(execute=True):
        reporte = reporte_upload(
            actor=actor, distribuidor_nit=nit, periodo=periodo, archivo=SimpleUploadedFile(nombre, contenido)
        )
    reporte.refresh_from_db()
    return reporte
