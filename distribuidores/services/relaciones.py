"""Art. 15 D1505: the wholesaler sends its relación to the producer and/or importer."""

from django.db import IntegrityError, transaction
from django.urls import reverse

from core.auditoria.audit import audit_record
from core.comun.errors import ApplicationError, DatosInvalidos, PermisoDenegado
from core.comun.fechas import mes_largo
from core.identidad.access import require_role
from core.identidad.roles import Rol
from core.mensajes.outbox import outbox_enqueue
from distribuidores.access import es_distribuidor, relacion_access
from distribuidores.errors import ErrorDistribuidores
from distribuidores.models import EnvioRelacion

AVISO_RELACION = "relacion_art15"  # the outbox message type


def relacion_enviar(*, actor, reporte_id: int, destinatario_nit: str, destinatario: str) -> EnvioRelacion:
    """Art. 15: «el distribuidor mayorista enviará con destino al productor y/o importador, en los plazos
    que estos establezcan, una relación del combustible exento enajenado, junto con copia de los
    documentos». The message carries where to fetch the package (XLSX, cover and document copies); it is
    sent once per recipient and version of the report, and the sending is recorded with its acknowledgement."""
    require_role(actor, Rol.DISTRIBUIDOR)
    reporte = relacion_access(actor, reporte_id)
    if not es_distribuidor(actor) or reporte.distribuidor_id != actor.distribuidor_id:
        raise PermisoDenegado("Solo el distribuidor de la relación la envía.")
    nit, nombre = (destinatario_nit or "").strip(), (destinatario or "").strip()
    errores = {}
    if not nit.isdigit():
        errores["destinatario_nit"] = "Escriba el NIT del productor o importador solo con números."
    if not nombre:
        errores["destinatario"] = "Indique la razón social del productor o importador."
    if errores:
        raise DatosInvalidos(errores)
    payload = {
        "distribuidor_nit": reporte.distribuidor.nit, "periodo": f"{reporte.periodo:%Y-%m}",
        "version": reporte.version, "destinatario_nit": nit, "destinatario": nombre,
        "total_galones": str(reporte.total_galones),
        "paquete": reverse("api-relacion-paquete", args=[reporte.id]),
    }
    try:
        with transaction.atomic():
            envio = EnvioRelacion.objects.create(reporte=reporte, destinatario_nit=nit, destinatario=nombre,
                                                 enviado_por=actor)
            outbox_enqueue(tipo=AVISO_RELACION, clave=f"{AVISO_RELACION}:{reporte.id}:{nit}",
                           payload={**payload, "envio": envio.id})
            audit_record(actor=actor, accion="relacion.enviar", obj=envio)
    except IntegrityError as exc:
        raise ApplicationError(
            ErrorDistribuidores.RELACION_ENVIADA,
            f"La relación de {mes_largo(reporte.periodo)} (versión {reporte.version}) ya se envió a {nombre}.",
        ) from exc
    return envio


def relacion_acknowledged(mensaje) -> None:
    """core.registro.registrar_acuse: the recipient acknowledged (or, with no endpoint, it was registered)."""
    from django.utils import timezone

    EnvioRelacion.objects.filter(pk=mensaje.payload.get("envio"), acuse__isnull=True).update(
        acuse=mensaje.entregado_en or timezone.now()
    )
