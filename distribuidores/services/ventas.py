"""Exempt sales registered by wholesalers (R-18, R-19)."""

import datetime as dt
from decimal import Decimal

from django.db import IntegrityError, transaction

from core.auditoria.audit import audit_record
from core.comun.errors import ApplicationError, DatosInvalidos, fecha_y_galones
from core.comun.fechas import fecha_larga
from core.comun.galones import galones_texto
from core.identidad.access import distribuidor_access, require_role
from core.models import Distribuidor
from core.vencimientos.calendario import today
from cupos.errors import SinCupoVigente
from cupos.models import Beneficiario
from cupos.selectors import cupos as cupo_selectors
from cupos.services import libro
from distribuidores.access import ESCRITORES
from distribuidores.errors import ErrorDistribuidores
from distribuidores.models import DocumentoVenta, Venta
from distribuidores.selectors import ventas as venta_selectors
from distribuidores.selectors.documentos import documentos_requeridos
from distribuidores.services.avisos import avisar_venta
from zarpes.access import certificado_presentado
from zarpes.models import Certificado


def venta_register(
    *,
    actor,
    distribuidor_nit: str,
    beneficiario_id: int,
    fecha: dt.date,
    galones: Decimal,
    certificado: str | None = None,
    codigo_verificacion: str | None = None,
    documentos: list[str] | None = None,
    permiso_cultivo_vigente_hasta: dt.date | None = None,
) -> Venta:
    """R-19: a vessel's sale redeems its certificate once; an acuicultora's or the Armada's sale is
    discounted from its balance atomically, only by its designated wholesaler.

    A certificate is redeemed only with its `codigo_verificacion`, the code printed under its QR: the
    proof that the vessel handed the paper over (API.md "Wholesalers"); the number alone is guessable.

    R-23: `documentos` are the supporting documents the buyer handed over «al momento de la venta»
    (D1505 art. 5), recorded with the sale as kept originals; an acuicultora's cultivation permit must
    be in force on the sale's date (`permiso_cultivo_vigente_hasta`, as the permit shown says, or as
    UPME recorded it for the acuicultora)."""
    require_role(actor, *ESCRITORES)
    distribuidor = distribuidor_access(actor, distribuidor_nit, para_escribir=True)
    galones = fecha_y_galones(fecha, today(), galones)
    exigir_habilitado(distribuidor, fecha)
    beneficiario = Beneficiario.objects.filter(pk=beneficiario_id).first()
    if beneficiario is None:
        raise DatosInvalidos({"beneficiario": f"No existe un beneficiario con id {beneficiario_id}."})
    if not beneficiario.es_nave and beneficiario.distribuidor_id != distribuidor.id:
        # First, and without its name or its designee: a wholesaler learns nothing of a beneficiary
        # outside its clientela by trying ids (API.md "Conventions", issue 27).
        raise ApplicationError(
            ErrorDistribuidores.DISTRIBUIDOR_NO_AUTORIZADO,
            "Las acuicultoras y la Armada compran solo a su distribuidor designado, y este beneficiario no "
            f"designó a {distribuidor.razon_social} (R-18).",
        )
    numero = (certificado or "").strip().upper()
    recibidos = _documentos_recibidos(beneficiario, documentos or [])
    permiso_hasta = _permiso_cultivo(beneficiario, fecha, permiso_cultivo_vigente_hasta, recibidos)
    with transaction.atomic():
        if beneficiario.es_nave:
            venta = _venta_con_certificado(
                actor, distribuidor, beneficiario, fecha, galones, numero, codigo_verificacion
            )
        else:
            venta = _venta_con_descuento(actor, distribuidor, beneficiario, fecha, galones, numero)
        DocumentoVenta.objects.bulk_create(
            DocumentoVenta(
                venta=venta,
                tipo=tipo,
                conservado=True,
                al_momento_de_la_venta=True,
                registrado_por=actor,
                vigente_hasta=permiso_hasta if tipo == DocumentoVenta.Tipo.PERMISO_CULTIVO else None,
            )
            for tipo in recibidos
        )
        audit_record(actor=actor, accion="venta.registrar", obj=venta)
        avisar_venta(venta)  # the beneficiary is told, in this transaction (core.mensajes.avisos)
    return venta


def _documentos_recibidos(beneficiario: Beneficiario, documentos: list[str]) -> list[str]:
    """R-23: the documents handed over at the sale, each one this kind of beneficiary keeps."""
    requeridos = documentos_requeridos(beneficiario.tipo, beneficiario.actividad)
    otros = [t for t in documentos if t not in requeridos]
    if otros:
        nombres = ", ".join(DocumentoVenta.Tipo(t).label for t in requeridos)
        raise DatosInvalidos({"documentos": f"Para una venta a {beneficiario.nombre} se conservan: {nombres} (R-23)."})
    return list(dict.fromkeys(documentos))


def _permiso_cultivo(beneficiario, fecha: dt.date, declarado: dt.date | None, recibidos: list[str]) -> dt.date | None:
    """R-23: D1505 art. 5 par. 3 num. 1, «Permiso de cultivo, vigente a la fecha de entrega del combustible»."""
    if beneficiario.tipo != Beneficiario.Tipo.ACUICULTORA:
        if declarado is not None:
            raise DatosInvalidos(
                {"permiso_cultivo_vigente_hasta": "Solo las acuicultoras presentan permiso de cultivo."}
            )
        return None
    hasta = declarado or beneficiario.permiso_cultivo_vigente_hasta
    if hasta is None and DocumentoVenta.Tipo.PERMISO_CULTIVO in recibidos:
        raise DatosInvalidos(
            {"permiso_cultivo_vigente_hasta": "Indique hasta cuándo está vigente el permiso de cultivo presentado."}
        )
    if hasta is not None and hasta < fecha:
        raise ApplicationError(
            ErrorDistribuidores.PERMISO_CULTIVO_VENCIDO,
            f"El permiso de cultivo de {beneficiario.nombre} venció el {fecha_larga(hasta)}: no estaba vigente el "
            f"{fecha_larga(fecha)}, fecha de la entrega del combustible (R-23).",
        )
    return hasta


def exigir_habilitado(distribuidor, fecha: dt.date) -> None:
    """R-18: "La entrega física de los combustibles se debe realizar a través de los distribuidores
    mayoristas o de las estaciones de servicio marítimo debidamente habilitadas" (D1891 art. 2)."""
    motivo = venta_selectors.motivo_no_habilitado(distribuidor, fecha)
    if motivo:
        raise ApplicationError(ErrorDistribuidores.DISTRIBUIDOR_NO_HABILITADO, motivo)


def exigir_presentado(cert: Certificado, codigo: str | None) -> None:
    """409 certificado_no_presentado unless `codigo` is the certificate's verification code."""
    if not certificado_presentado(cert, codigo):
        raise ApplicationError(
            ErrorDistribuidores.CERTIFICADO_NO_PRESENTADO, venta_selectors.motivo_no_presentado(cert.numero, codigo)
        )


def _venta_con_certificado(actor, distribuidor, nave, fecha, galones, numero, codigo) -> Venta:
    if not numero:
        raise DatosInvalidos({"certificado": "La venta exenta a una nave requiere su certificado de cupo de exención."})
    cert = Certificado.objects.select_for_update().filter(numero=numero).first()
    if cert is None:
        raise DatosInvalidos({"certificado": f"No existe el certificado {numero}."})
    exigir_presentado(cert, codigo)
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
        intento = f"se intentan vender {galones_texto(galones)}"
        if verificados is None:
            detalle = f"El certificado {numero} autoriza {galones_texto(cert.galones_autorizados)} galones y {intento}."
        else:
            detalle = (
                f"El inspector de contaminación verificó {galones_texto(verificados)} galones tomados con el "
                f"certificado {numero}: la venta no puede pasar de esa cantidad y {intento} (R-17)."
            )
        raise ApplicationError(ErrorDistribuidores.EXCEDE_CERTIFICADO, detalle)
    if cupo_selectors.cupo_vigente(beneficiario_id=nave.id, fecha=fecha) is None:
        raise SinCupoVigente(f"La nave no tiene un cupo vigente el {fecha_larga(fecha)}.")
    cert.estado = Certificado.Estado.REDIMIDO
    cert.save(update_fields=["estado"])
    try:
        with transaction.atomic():
            return Venta.objects.create(
                distribuidor=distribuidor,
                beneficiario=nave,
                fecha=fecha,
                galones=galones,
                certificado=cert,
                certificado_de_otro_mes=cert.fecha_expedicion < fecha.replace(day=1),
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
    if distribuidor.tipo != Distribuidor.Tipo.MAYORISTA:
        # R-18 (D1505 art. 5 par. 2 and 3): the Armada and the acuicultoras buy from a wholesaler (mayorista).
        raise ApplicationError(
            ErrorDistribuidores.DISTRIBUIDOR_NO_AUTORIZADO,
            f"{beneficiario.nombre} compra solo a un distribuidor mayorista; {distribuidor.razon_social} es "
            f"{distribuidor.get_tipo_display().lower()} (R-18).",
        )
    cupo = libro.cupo_lock_vigente(beneficiario_id=beneficiario.id, fecha=fecha)
    movimiento = libro.movimiento_descuento(
        actor=actor,
        cupo=cupo,
        fecha=fecha,
        galones=galones,
        referencia=f"venta:{distribuidor.nit}",
        detalle=f"Venta registrada por {distribuidor.razon_social}",
    )
    return Venta.objects.create(
        distribuidor=distribuidor,
        beneficiario=beneficiario,
        fecha=fecha,
        galones=galones,
        movimiento=movimiento,
        registrada_por=actor,
    )
