"""The pollution inspector's report on a certified zarpe (R-17): the gallons not taken return to
the cupo while the accumulation window is open."""

import datetime as dt
from decimal import Decimal

from django.db import transaction

from core.auditoria.audit import audit_record
from core.comun.errors import ApplicationError, DatosInvalidos, no_futura
from core.comun.fechas import fecha_larga
from core.comun.galones import galones_texto, round2
from core.comun.numeros import entero
from core.identidad.access import require_role
from core.vencimientos.calendario import today
from cupos.services import libro
from zarpes.access import ROLES_ZARPE, zarpe_access_para_escribir
from zarpes.errors import ErrorZarpes
from zarpes.models import Certificado, Inspeccion, InspectorDesignado, Zarpe
from zarpes.selectors.certificados import certificado_venta, reintegro_posible
from zarpes.services.avisos import avisar_reintegro


def zarpe_inspect(
    *, actor, zarpe_id: int, fecha: dt.date, galones_verificados: Decimal, inspector: int | None = None
) -> Inspeccion:
    """R-17: gallons actually taken (≤ authorized); the difference returns while the window is open.

    R-13: `inspector` is the id of the capitanía's designation of the inspector who signed the report,
    in force on `fecha`. Optional (API.md's report has no such field and binds): a report without one is
    recorded without inspector and its pages say so (docs/decisiones.md, R-13)."""
    require_role(actor, *ROLES_ZARPE)
    no_futura(fecha, today())
    verificados = round2(galones_verificados)
    with transaction.atomic():
        zarpe = zarpe_access_para_escribir(actor, zarpe_id)
        if zarpe.estado != Zarpe.Estado.CERTIFICADO:
            raise ApplicationError(
                ErrorZarpes.ZARPE_SIN_CERTIFICADO, "El zarpe fue negado: no hay combustible que verificar."
            )
        # Locked as a sale locks it: a sale and this report of one certificate never pass each other.
        certificado = Certificado.objects.select_for_update().get(zarpe_id=zarpe.id)
        if certificado.estado == Certificado.Estado.ANULADO:
            raise ApplicationError(
                ErrorZarpes.CERTIFICADO_ANULADO,
                f"El certificado {certificado.numero} está anulado: el zarpe no se realizó y no hay combustible "
                "que verificar.",
            )
        if Inspeccion.objects.filter(zarpe=zarpe).exists():
            raise ApplicationError(ErrorZarpes.INSPECCION_REGISTRADA, "Este zarpe ya tiene el informe del inspector.")
        if verificados < 0 or verificados > zarpe.galones_autorizados:
            raise DatosInvalidos({"galones_verificados": (
                "Los galones verificados deben estar entre 0 y los "
                f"{galones_texto(zarpe.galones_autorizados)} autorizados."
            )})
        if fecha < zarpe.fecha:
            raise DatosInvalidos({"fecha": "El informe no puede ser anterior al zarpe."})
        designado = _inspector_designado(inspector, zarpe=zarpe, fecha=fecha)
        venta = certificado_venta(certificado.id)
        if venta is not None and verificados < venta.galones:
            # the discount is the fuel taken; a sale already proved more was taken than this report says.
            raise ApplicationError(
                ErrorZarpes.INSPECCION_MENOR_QUE_VENTA,
                f"El certificado {certificado.numero} ya fue redimido: {venta.distribuidor} vendió "
                f"{galones_texto(venta.galones)} galones el {fecha_larga(venta.fecha)}. El informe no puede verificar "
                f"menos de lo vendido ({galones_texto(verificados)} galones). Revise los galones verificados; "
                "si la venta está errada, corríjala primero.",
            )
        diferencia = zarpe.galones_autorizados - verificados
        inspeccion = Inspeccion(
            zarpe=zarpe,
            fecha=fecha,
            galones_verificados=verificados,
            inspector=designado,
            registrado_por=actor,
            certificado_expedicion=certificado.fecha_expedicion,
        )
        if diferencia > 0:
            cupo = type(zarpe.cupo).objects.select_for_update().get(pk=zarpe.cupo_id)
            if reintegro_posible(cupo=cupo, fecha_zarpe=zarpe.fecha, fecha=fecha):
                inspeccion.reintegro = diferencia
                inspeccion.movimiento = libro.movimiento_reintegro(
                    actor=actor, cupo=cupo, fecha=fecha, galones=diferencia,
                    referencia=f"certificado:{certificado.numero}",
                    detalle="Informe del inspector de contaminación",
                )
            else:
                inspeccion.ventana_cerrada = True
        inspeccion.save()
        audit_record(actor=actor, accion="zarpe.inspeccion", obj=inspeccion)
        if inspeccion.reintegro > 0:  # the vessel is told, in this transaction (core.mensajes.avisos)
            avisar_reintegro(inspeccion=inspeccion, certificado=certificado)
    return inspeccion


def _inspector_designado(inspector_id, *, zarpe: Zarpe, fecha: dt.date) -> InspectorDesignado | None:
    """R-13: the designation named by the report, if it is the zarpe's capitanía's and in force on `fecha`."""
    if inspector_id is None:
        return None
    # Locked (FOR NO KEY UPDATE) against the designation's end (inspector_designation_end, FOR UPDATE): a
    # report never names a designation ended before its date in a transaction running beside it.
    designado = InspectorDesignado.objects.select_for_update(no_key=True).filter(pk=entero(inspector_id)).first()
    if designado is None or designado.capitania_id != zarpe.capitania_id:
        raise DatosInvalidos({"inspector": (
            f"El inspector indicado no está designado por la {zarpe.capitania.nombre}, la capitanía del zarpe."
        )})
    if not designado.vigente_en(fecha):
        hasta = f" al {fecha_larga(designado.vigente_hasta)}" if designado.vigente_hasta else " en adelante"
        raise DatosInvalidos({"inspector": (
            f"La designación de {designado.nombre} no estaba vigente el {fecha_larga(fecha)}, fecha del informe "
            f"(vigente del {fecha_larga(designado.vigente_desde)}{hasta})."
        )})
    return designado
