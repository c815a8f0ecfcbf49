"""A small world for the report tests: a wholesaler, vessels with certificates, an acuicultora."""

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.core.files.uploadedfile import SimpleUploadedFile

from core.tests.factories import DistribuidorFactory
from cupos.models import Beneficiario
from cupos.tests.factories import AcuicultoraFactory
from distribuidores.services.reportes.ingesta import reporte_upload
from distribuidores.services.ventas import venta_register
from distribuidores.tests.factories import certificado_de, con_cupo, soportes_de_venta
from zarpes.models import Certificado
from zarpes.tests.factories import nave_con_cupo

D = dt.date
PERIODO = D(2026, 4, 1)
NIT = "900456123"  # the conftest's wholesaler (Petromar S.A.S.)


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
        cert=certificado_de(nave, "800", D(2026, 4, 5)),
        cert2=certificado_de(nave, "500", D(2026, 4, 12)),
        cert_otra=certificado_de(otra, "600", D(2026, 4, 8)),
    )


def registrar_ventas(mundo: Mundo) -> None:
    """The sales behind `fila_nave()` and `fila_acuicultora()`, registered in real time (R-19)."""
    ventas = [
        {"beneficiario_id": mundo.nave.id, "fecha": D(2026, 4, 6), "galones": "750", "certificado": mundo.cert.numero,
         "codigo_verificacion": mundo.cert.codigo_verificacion},
        {"beneficiario_id": mundo.acuicultora.id, "fecha": D(2026, 4, 7), "galones": "300"},
    ]
    for venta in ventas:
        beneficiario = Beneficiario.objects.get(pk=venta["beneficiario_id"])
        venta_register(actor=mundo.mayorista, distribuidor_nit=NIT, **{**venta, "galones": Decimal(venta["galones"])},
                       **soportes_de_venta(beneficiario, certificado=venta.get("certificado")))


def subir(capturar, actor, contenido: bytes, *, nombre="reporte.csv", periodo=PERIODO, nit=NIT):
    """Upload and run the queued job (on_commit → eager Celery task), as a real commit would."""
    with capturar(execute=True):
        reporte = reporte_upload(
            actor=actor, distribuidor_nit=nit, periodo=periodo, archivo=SimpleUploadedFile(nombre, contenido)
        )
    reporte.refresh_from_db()
    return reporte
