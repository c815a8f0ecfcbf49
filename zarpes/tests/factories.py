"""Helpers to build a vessel with a firm cupo (R-06) for zarpe tests."""

import datetime as dt
from decimal import Decimal

from core.identidad.roles import Rol
from core.tests.factories import DistribuidorFactory, UsuarioFactory
from cupos.services.cupos import cupo_declare_firm, cupo_grant
from cupos.tests.factories import NaveFactory, ResolucionFactory, garantia


def nave_con_cupo(*, anual="24000", firmeza=dt.date(2026, 3, 17), trb="120", capacidad="3000",
                  garantia_hasta=dt.date(2027, 6, 30), **nave):
    """A foreign vessel also gets its bank guarantee in force until `garantia_hasta` (R-26; None: none)."""
    analista = UsuarioFactory(rol=Rol.UPME_ANALISTA)
    barco = NaveFactory(trb=Decimal(trb), capacidad_combustible_gal=Decimal(capacidad), **nave)
    if barco.tipo == "nave_extranjera" and garantia_hasta is not None:
        garantia(barco, anio=firmeza.year, vigente_hasta=garantia_hasta)
    resolucion = ResolucionFactory(anio=firmeza.year, fecha_expedicion=min(firmeza, dt.date(firmeza.year, 2, 20)))
    cupo = cupo_grant(actor=analista, resolucion=resolucion, beneficiario=barco, galones_anuales=Decimal(anual))
    return barco, cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=firmeza)


def usar_ruta(ruta: str, monkeypatch) -> None:
    """Force one implementation of issuance: "postgresql" (zarpes/services/zarpes_sql.py) or "orm" (every database)."""
    from zarpes.services import zarpes_sql

    monkeypatch.setattr(zarpes_sql, "usar", (lambda: True) if ruta == "postgresql" else (lambda: False))


def baja_dimar(nave, fecha: dt.date, motivo="Cancelación de la matrícula"):
    """Dimar's report of the vessel's baja, as recorded (whatever UPME does with its cupo: R-24)."""
    from cupos.models import BajaDimar, NovedadDimar

    novedad = NovedadDimar.objects.create(periodo=fecha.replace(day=1), fecha_recepcion=fecha)
    return BajaDimar.objects.create(novedad=novedad, matricula=nave.matricula, fecha=fecha, motivo=motivo,
                                    beneficiario=nave)


def vender(certificado, galones, fecha: dt.date, *, vendedor=None):
    """A wholesaler redeems the certificate through distribuidores' own service (R-19)."""
    from distribuidores.services.ventas import venta_register
    from distribuidores.tests.factories import soportes_de_venta

    vendedor = vendedor or UsuarioFactory(
        rol=Rol.DISTRIBUIDOR, distribuidor=DistribuidorFactory(nit="900456123", razon_social="Petromar S.A.S.")
    )
    return venta_register(
        actor=vendedor, distribuidor_nit=vendedor.distribuidor.nit, beneficiario_id=certificado.nave_id, fecha=fecha,
        galones=Decimal(str(galones)), certificado=certificado.numero,
        codigo_verificacion=certificado.codigo_verificacion,
        **soportes_de_venta(certificado.nave, certificado=certificado.numero),
    )


def designar(actor, *, nombre="Marta Elena Ríos", documento="45123456", desde=dt.date(2026, 1, 2), hasta=None,
             capitania=None, acto="Resolución 0012 del 2 de enero de 2026"):
    """R-13: the capitanía's designation of a pollution inspector, through the service."""
    from zarpes.services.inspectores import inspector_designate

    return inspector_designate(actor=actor, capitania=capitania, nombre=nombre, documento=documento,
                               acto_designacion=acto, vigente_desde=desde, vigente_hasta=hasta)
