"""Exempt sales registered by wholesalers (R-18, R-19)."""

import datetime as dt
from decimal import Decimal

from django.db import IntegrityError, transaction

from core.access import distribuidor_access, require_role
from core.audit import audit_record
from core.calendario import today
from core.errors import ApplicationError, DatosInvalidos, fecha_y_galones
from core.fechas import fecha_larga
from core.galones import galones_texto
from cupos.errors import SinCupoVigente
from cupos.models import Beneficiario
from cupos.selectors import cupos as cupo_selectors
from cupos.services import libro
from distribuidores.access import ESCRITORES
from distribuidores.errors import ErrorDistribuidores
from distribuidores.models import Venta
from distribuidores.selectors import ventas as venta_selectors
from distribuidores.services.avisos import avisar_venta
from zarpes.models import Certificado


def venta_register(
    *, actor, distribuidor_nit: str, beneficiario_id: int, fecha: dt.date, galones: Decimal,
    certificado: str | None = None,
) -> Venta:
    """R-19: a vessel's sale redeems its certificate once; an acuicultora's or the Armada's sale is
    discounted from its balance atomically, only by its designated wholesaler."""
    require_role(actor, *ESCRITORES)
    distribuidor = distribuidor_access(actor, distribuidor_nit, para_escribir=True)
    galones = fecha_y_galones(fecha, today(), galones)
    exigir_habilitado(distribuidor, fecha)
    beneficiario = Beneficiario.objects.filter(pk=beneficiario_id).first()
    if beneficiario is None:
        raise DatosInvalidos({"beneficiario": f"No existe un beneficiario con id {beneficiario_id}."})
    numero = (certificado or "").strip().upper()
    with transaction.atomic():
        if beneficiario.es_nave:
            venta = _venta_con_certificado(actor, distribuidor, beneficiario, fecha, galones, numero)
        else:
            venta = _venta_con_descuento(actor, distribuidor, beneficiario, fecha, galones, numero)
        audit_record(actor=actor, accion="venta.registrar", obj=venta)
        avisar_venta(venta)  # the beneficiary is told, in this transaction (core.avisos)
    return venta


def exigir_habilitado(distribuidor, fecha: dt.date) -> None:
    """R-18: "La entrega física de los combustibles se debe realizar a través de los distribuidores
    mayoristas o de las estaciones de servicio marítimo debidamente habilitadas" (D1891 art. 2)."""
    motivo = venta_selectors.motivo_no_habilitado(distribuidor, fecha)
    if motivo:
        raise ApplicationError(ErrorDistribuidores.DISTRIBUIDOR_NO_HABILITADO, motivo)


def _venta_con_certificado(actor, distribuidor, nave, fecha, galones, numero) -> Venta:
    if not numero:
        raise DatosInvalidos({"certificado": "La venta exenta a una nave requiere su certificado de cupo de exención."})
    cert = Certificado.objects.select_for_update().filter(numero=numero).first()
    if cert is None:
        raise DatosInvalidos({"certificado": f"No existe el certificado {numero}."})
    if cert.nave_id != nave.id:
        raise ApplicationError(
            ErrorDistribuidores.CERTIFICADO_DE_OTRA_NAVE, f"El certificado {numero} fue expedido a otra nave."
        )
    if cert.estado == Certificado.Estado.REDIMIDO or Venta.objects.filter(certificado=cert).exists():
        raise ApplicationError(ErrorDistribuidores.CERTIFICADO_REDIMIDO, f"El certificado {numero} ya fue redimido.")
    if cert.estado == Certificado.Estado.ANULADO:
        raise ApplicationError(ErrorDistribuidores.CERTIFICADO_ANULADO, f"El certificado {numero} está anulado.")
    if fecha < cert.fecha_expedicion:
        raise DatosInvalidos({"fecha": "La venta no puede ser anterior a la expedición del certificado."})
    maximo, verificados = venta_selectors.galones_tomables(cert)
    if galones > maximo:
        raise ApplicationError(
            ErrorDistribuidores.EXCEDE_CERTIFICADO,
            f"El certificado {numero} autoriza {galones_texto(cert.galones_autorizados)} galones y se intentan "
            f"vender {galones_texto(galones)}."
            if verificados is None else
            f"El inspector de contaminación verificó {galones_texto(verificados)} galones tomados con el certificado "
            f"{numero}: la venta no puede pasar de esa cantidad y se intentan vender {galones_texto(galones)} (R-17).",
        )
    if cupo_selectors.cupo_vigente(beneficiario_id=nave.id, fecha=fecha) is None:
        raise SinCupoVigente(f"La nave no tiene un cupo vigente el {fecha_larga(fecha)}.")
    cert.estado = Certificado.Estado.REDIMIDO
    cert.save(update_fields=["estado"])
    try:
        with transaction.atomic():
            return Venta.objects.create(
                distribuidor=distribuidor, beneficiario=nave, fecha=fecha, galones=galones, certificado=cert,
                registrada_por=actor,
            )
    except IntegrityError as exc:  # the unique key on the certificate: never redeemed twice
        raise ApplicationError(
            ErrorDistribuidores.CERTIFICADO_REDIMIDO, f"El certificado {numero} ya fue redimido."
        ) from exc


def _venta_con_descuento(actor, distribuidor, beneficiario, fecha, galones, numero) -> Venta:
    if numero:
        raise DatosInvalidos({"certificado": "Las acuicultoras y la Armada compran sin certificado de zarpe."})
    if beneficiario.distribuidor_id != distribuidor.id:
        raise ApplicationError(
            ErrorDistribuidores.DISTRIBUIDOR_NO_AUTORIZADO,
            f"{beneficiario.nombre} compra solo a su distribuidor designado ({beneficiario.distribuidor}).",
        )
    cupo = libro.cupo_lock_vigente(beneficiario_id=beneficiario.id, fecha=fecha)
    movimiento = libro.movimiento_descuento(
        actor=actor, cupo=cupo, fecha=fecha, galones=galones, referencia=f"venta:{distribuidor.nit}",
        detalle=f"Venta registrada por {distribuidor.razon_social}",
    )
    return Venta.objects.create(
        distribuidor=distribuidor, beneficiario=beneficiario, fecha=fecha, galones=galones, movimiento=movimiento,
        registrada_por=actor,
    )
