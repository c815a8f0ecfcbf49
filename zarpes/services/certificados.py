"""Annulment of a certificate whose zarpe never sailed: the whole discount returns to the cupo
while its window is open, and the vessel's chain (R-14) goes on from the certificate before it."""

import datetime as dt

from django.db import transaction

from core.auditoria.audit import audit_record
from core.comun.errors import DatosInvalidos, no_futura
from core.identidad.access import require_role
from core.vencimientos.calendario import today
from cupos.models import Beneficiario, Cupo
from cupos.services import libro
from zarpes.access import ROLES_ANULACION, certificado_access_para_anular
from zarpes.models import Anulacion, Certificado
from zarpes.selectors.certificados import certificado_anulacion_plan
from zarpes.services.avisos import avisar_anulacion

LARGO_MOTIVO = Anulacion._meta.get_field("motivo").max_length


def certificado_annul(*, actor, numero: str, motivo: str, fecha: dt.date | None = None) -> Certificado:
    """Annul the certificate on `fecha` (today by default) for `motivo`; see certificado_anulacion_plan
    for when it is refused. Returns the certificate, annulled, with its `anulacion`."""
    require_role(actor, *ROLES_ANULACION)
    fecha = fecha or today()
    no_futura(fecha, today())
    motivo = " ".join((motivo or "").split())
    if not motivo:
        raise DatosInvalidos({"motivo": "Indique el motivo de la anulación (por ejemplo, por qué la nave no zarpó)."})
    if len(motivo) > LARGO_MOTIVO:
        raise DatosInvalidos({"motivo": f"El motivo admite a lo sumo {LARGO_MOTIVO} caracteres."})
    with transaction.atomic():
        encontrado = certificado_access_para_anular(actor, numero)
        # Locks in the order every writer takes them (vessel, certificate, cupo): the vessel
        # serializes this with its next zarpe (R-14 reads the last certificate under it), the
        # certificate with a sale or an inspector's report of it, the cupo with its discounts.
        # The vessel's lock is FOR NO KEY UPDATE: it still waits for (and holds off) an issuance's
        # FOR UPDATE, but not a sale's insert, whose foreign key takes FOR KEY SHARE on the vessel
        # while the sale holds the certificate: FOR UPDATE here deadlocks with it (a test races them).
        Beneficiario.objects.select_for_update(no_key=True).filter(pk=encontrado.nave_id).first()
        certificado = (
            Certificado.objects.select_for_update(of=("self",)).select_related("nave", "capitania", "zarpe")
            .get(pk=encontrado.pk)
        )
        certificado.cupo = Cupo.objects.select_for_update().get(pk=certificado.cupo_id)
        plan = certificado_anulacion_plan(certificado=certificado, fecha=fecha)
        anulacion = Anulacion(certificado=certificado, fecha=fecha, motivo=motivo, registrado_por=actor,
                              ventana_cerrada=plan.ventana_cerrada)
        if plan.reintegro > 0:
            anulacion.reintegro = plan.reintegro
            anulacion.movimiento = libro.movimiento_reintegro(
                actor=actor, cupo=certificado.cupo, fecha=fecha, galones=plan.reintegro,
                referencia=f"certificado:{certificado.numero}", detalle=f"Anulación del certificado: {motivo}",
            )
        anulacion.save()
        antes = {"estado": certificado.estado}
        certificado.estado = Certificado.Estado.ANULADO
        certificado.save(update_fields=["estado"])
        audit_record(
            actor=actor, accion="certificado.anular", obj=certificado, antes=antes,
            despues={"estado": certificado.estado, "fecha": fecha.isoformat(), "motivo": motivo,
                     "reintegro": str(anulacion.reintegro), "ventana_cerrada": anulacion.ventana_cerrada,
                     "movimiento_id": anulacion.movimiento_id},
        )
        avisar_anulacion(anulacion=anulacion, certificado=certificado)  # the vessel is told (core.mensajes.avisos)
    certificado.anulacion = anulacion
    return certificado
