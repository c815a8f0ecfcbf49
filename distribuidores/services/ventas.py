"""Exempt sales registered by wholesalers (R-18, R-19), with their invoice and documents (R-23, R-27)."""

import datetime as dt
from collections.abc import Mapping, Sequence
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
from cupos.selectors.condiciones import tiene_convenio
from cupos.services import libro
from cupos.services.condiciones import exigir_convenio
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
    factura: str = "",
    documentos: Sequence[Mapping] | None = None,
    permiso_cultivo_vigente_hasta: dt.date | None = None,
) -> Venta:
    """R-19: a vessel's sale redeems its certificate once; an acuicultora's or the Armada's sale is
    discounted from its balance atomically, only by its designated wholesaler.

    A certificate is redeemed only with its `codigo_verificacion`, the code printed under its QR: the
    proof that the vessel handed the paper over (API.md "Wholesalers"); the number alone is guessable.

    R-23: `factura` is the invoice number and `documentos` the supporting documents the buyer handed over
    «al momento de la venta» (D1505 art. 5), each `{"tipo", "referencia", "vigente_hasta"?}`: every one this
    kind of beneficiary keeps is required (400 naming the missing ones), and they are recorded with the sale
    as kept originals. R-27: an acuicultora's cultivation permit must be in force on the sale's date (as UPME
    recorded it, and as the permit shown says: `vigente_hasta` of the document or `permiso_cultivo_vigente_hasta`);
    a sale to the Armada needs its convenio in force with this seller on the sale's date (`409 sin_convenio`)."""
    require_role(actor, *ESCRITORES)
    distribuidor = distribuidor_access(actor, distribuidor_nit, para_escribir=True)
    galones = fecha_y_galones(fecha, today(), galones)
    exigir_habilitado(distribuidor, fecha)
    beneficiario = Beneficiario.objects.filter(pk=beneficiario_id).first()
    if beneficiario is None:
        raise DatosInvalidos({"beneficiario": f"No existe un beneficiario con id {beneficiario_id}."})
    if not beneficiario.es_nave and not _le_vende(distribuidor, beneficiario):
        # First, and without its name or its designee: a wholesaler learns nothing of a beneficiary
        # outside its clientela by trying ids (API.md "Conventions", issue 27).
        raise ApplicationError(
            ErrorDistribuidores.DISTRIBUIDOR_NO_AUTORIZADO,
            "Las acuicultoras y la Armada compran solo a su distribuidor designado, y este beneficiario no "
            f"designó a {distribuidor.razon_social} (R-18).",
        )
    numero = (certificado or "").strip().upper()
    factura, recibidos = _documentos_recibidos(beneficiario, factura, documentos or [])
    permiso_hasta = _permiso_cultivo(beneficiario, fecha, permiso_cultivo_vigente_hasta, recibidos)
    exigir_convenio(beneficiario=beneficiario, distribuidor=distribuidor, fecha=fecha)
    with transaction.atomic():
        if beneficiario.es_nave:
            venta = _venta_con_certificado(
                actor, distribuidor, beneficiario, fecha, galones, numero, codigo_verificacion, factura
            )
        else:
            venta = _venta_con_descuento(actor, distribuidor, beneficiario, fecha, galones, numero, factura)
        DocumentoVenta.objects.bulk_create(
            DocumentoVenta(
                venta=venta,
                tipo=tipo,
                referencia=referencia,
                conservado=True,
                al_momento_de_la_venta=True,
                registrado_por=actor,
                vigente_hasta=permiso_hasta if tipo == DocumentoVenta.Tipo.PERMISO_CULTIVO else None,
            )
            for tipo, (referencia, _) in recibidos.items()
        )
        audit_record(actor=actor, accion="venta.registrar", obj=venta)
        avisar_venta(venta)  # the beneficiary is told, in this transaction (core.mensajes.avisos)
    return venta


def _le_vende(distribuidor, beneficiario: Beneficiario) -> bool:
    """R-18: an acuicultora buys from the wholesaler it designated; the Armada from that one or from the wholesaler
    of a convenio of its own (R-27: whether in force on the sale's date is checked next, `sin_convenio`)."""
    if beneficiario.distribuidor_id == distribuidor.id:
        return True
    return beneficiario.tipo == Beneficiario.Tipo.ARMADA and tiene_convenio(
        beneficiario_id=beneficiario.id, distribuidor_id=distribuidor.id
    )


def _documentos_recibidos(
    beneficiario: Beneficiario, factura: str, documentos: Sequence[Mapping]
) -> tuple[str, dict[str, tuple[str, dt.date | None]]]:
    """R-23: the invoice number and the documents handed over at the sale ({tipo: (referencia, vigente_hasta)}).
    Every document this kind of beneficiary keeps is required, each with its number or reference: a 400 names the
    missing ones (API.md "Wholesalers")."""
    requeridos = documentos_requeridos(beneficiario.tipo, beneficiario.actividad)
    errores: dict[str, list[str]] = {}
    factura = str(factura or "").strip()
    if not factura:
        errores["factura"] = ["Indique el número de la factura de la venta: los documentos son su soporte (R-23)."]
    recibidos: dict[str, tuple[str, dt.date | None]] = {}
    otros = []
    for documento in documentos:
        tipo = str(documento.get("tipo") or "").strip()
        referencia = str(documento.get("referencia") or "").strip()
        vigente_hasta = documento.get("vigente_hasta")
        if tipo not in requeridos:
            otros.append(tipo or "(sin tipo)")
            continue
        if vigente_hasta is not None and tipo != DocumentoVenta.Tipo.PERMISO_CULTIVO:
            errores.setdefault("documentos", []).append(
                f"Solo el permiso de cultivo registra su vigencia, no {tipo} ({DocumentoVenta.Tipo(tipo).label})."
            )
        # A bare type (API.md lists `documentos` as «the types … received at the moment of sale») is received with
        # no number recorded; an object with an empty reference is a document not handed over.
        if (referencia or documento.get("sin_referencia")) and tipo not in recibidos:
            recibidos[tipo] = (referencia, vigente_hasta)
    if otros:
        nombres = ", ".join(f"{t} ({DocumentoVenta.Tipo(t).label})" for t in requeridos)
        errores.setdefault("documentos", []).append(
            f"No corresponde(n) a una venta a {beneficiario.nombre}: {', '.join(otros)}. Para ella se conservan: "
            f"{nombres} (R-23)."
        )
    faltantes = [t for t in requeridos if t not in recibidos]
    if faltantes:
        nombres = ", ".join(f"{t} ({DocumentoVenta.Tipo(t).label})" for t in faltantes)
        errores.setdefault("documentos", []).append(
            f"Faltan documentos de la venta, cada uno con su número o referencia: {nombres} (R-23, D1505 art. 5)."
        )
    if errores:
        raise DatosInvalidos(errores)
    return factura, recibidos


def _permiso_cultivo(
    beneficiario, fecha: dt.date, declarado: dt.date | None, recibidos: Mapping[str, tuple]
) -> dt.date | None:
    """R-23, R-27: D1505 art. 5 par. 3 num. 1, «Permiso de cultivo, vigente a la fecha de entrega del combustible».
    The permit UPME recorded for the acuicultora governs; the permit shown at the sale (its `vigente_hasta`) must be in
    force too. Returns the end date kept with the sale's document."""
    if beneficiario.tipo != Beneficiario.Tipo.ACUICULTORA:
        if declarado is not None:
            raise DatosInvalidos(
                {"permiso_cultivo_vigente_hasta": "Solo las acuicultoras presentan permiso de cultivo."}
            )
        return None
    _, del_documento = recibidos.get(DocumentoVenta.Tipo.PERMISO_CULTIVO, (None, None))
    mostrado = del_documento or declarado
    registrado = beneficiario.permiso_cultivo_vigente_hasta
    if mostrado is None and registrado is None:
        raise DatosInvalidos(
            {"permiso_cultivo_vigente_hasta": "Indique hasta cuándo está vigente el permiso de cultivo presentado."}
        )
    vencido = min(h for h in (mostrado, registrado) if h is not None)
    if vencido < fecha:
        raise ApplicationError(
            ErrorDistribuidores.PERMISO_CULTIVO_VENCIDO,
            f"El permiso de cultivo de {beneficiario.nombre} venció el {fecha_larga(vencido)}: no estaba vigente el "
            f"{fecha_larga(fecha)}, fecha de la entrega del combustible (R-23, R-27).",
        )
    return mostrado or registrado


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


def _venta_con_certificado(actor, distribuidor, nave, fecha, galones, numero, codigo, factura) -> Venta:
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
                factura=factura,
                registrada_por=actor,
            )
    except IntegrityError as exc:  # the unique key on the certificate: never redeemed twice
        raise ApplicationError(
            ErrorDistribuidores.CERTIFICADO_REDIMIDO, f"El certificado {numero} ya fue redimido."
        ) from exc


def _venta_con_descuento(actor, distribuidor, beneficiario, fecha, galones, numero, factura) -> Venta:
    if numero:
        raise DatosInvalidos({"certificado": "Las acuicultoras y la Armada compran sin certificado de zarpe."})
    if not _le_vende(distribuidor, beneficiario):
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
        factura=factura,
        registrada_por=actor,
    )
