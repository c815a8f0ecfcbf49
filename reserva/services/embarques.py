"""C-07 (arts. 18–20): the beneficiary's notice, before loading, of a shipment under a granted
exoneration. The grant names both the port of loading and the port of discharge: a change at
either end not authorized, or a shipment after the seal's deadline, is an infraction told to the
capitanías of the file; a notice dated after the loading is itself flagged (aviso_tardio)."""

import datetime as dt

from django.db import transaction

from core.auditoria.audit import crear_auditado
from core.comun.errors import ApplicationError
from core.comun.fechas import fecha_larga
from core.identidad.access import require_role
from core.vencimientos.calendario import today
from reserva import access
from reserva.errors import ErrorReserva
from reserva.models import AvisoCapitania, Embarque, Exoneracion
from reserva.paises import pais_valido
from reserva.selectors.registros import mismo_puerto
from reserva.services import procedimiento
from reserva.services.exoneraciones import capitanias_de
from reserva.validacion import Errores, no_futura, texto

Estado = Exoneracion.Estado


@transaction.atomic
def embarque_communicate(
    *,
    actor,
    exoneracion: Exoneracion,
    fecha_embarque: dt.date,
    nave: str,
    puerto_cargue: str,
    puerto_descargue: str,
    bandera: str,
    fecha_arribo_estimada: dt.date | None,
    fecha_aviso: dt.date | None = None,
    puerto: str = "",
) -> Embarque:
    """C-07: before loading, the date, ship and flag, both ports and the expected arrival (art. 18),
    all required: without the flag or the expected arrival the notice is refused (`400`).
    The notice may announce a future loading; its own date may not be after today. The loading is
    under the grant only from the day the grant is firm for the petitioner (DOMAIN §8, P-04)."""
    require_role(actor, *access.USUARIOS)
    exoneracion = access.exoneracion_access(actor, exoneracion.pk)
    errores = Errores()
    nave = texto(errores, "nave", nave, largo=120)
    puerto_cargue = texto(errores, "puerto_cargue", puerto_cargue, largo=120)
    puerto_descargue = texto(errores, "puerto_descargue", puerto_descargue, largo=120)
    puerto = texto(errores, "puerto", puerto, largo=120, obligatorio=False)
    bandera = texto(errores, "bandera", bandera, largo=2).upper()
    if bandera and not pais_valido(bandera):
        errores["bandera"] = "Use el código ISO de dos letras del país de la bandera (CO para Colombia)."
    fecha_aviso = fecha_aviso or today()
    no_futura(errores, "fecha_aviso", fecha_aviso)
    if fecha_arribo_estimada is None:
        errores["fecha_arribo_estimada"] = "Indique la fecha aproximada de arribo de la nave (art. 18)."
    elif fecha_arribo_estimada < fecha_embarque:
        errores["fecha_arribo_estimada"] = "El arribo estimado no puede ser anterior al embarque."
    errores.revisar()
    exoneracion = Exoneracion.objects.select_for_update().get(pk=exoneracion.pk)
    if exoneracion.estado != Estado.CONCEDIDA:
        raise ApplicationError(
            ErrorReserva.EXONERACION_NO_CONCEDIDA,
            f"La exoneración n.º {exoneracion.pk} está {exoneracion.get_estado_display().lower()}: "
            "solo se embarca carga con una exoneración concedida.",
        )
    # P-04, P-05: the grant takes effect for the petitioner from its firmeza, never while a recurso is pending.
    procedimiento.exigir_exoneracion_firme(exoneracion, fecha_embarque)
    motivos = []
    if fecha_embarque > exoneracion.embarcar_antes_de:
        motivos.append(
            f"embarque el {fecha_larga(fecha_embarque)}, después de la fecha límite "
            f"{fecha_larga(exoneracion.embarcar_antes_de)}"
        )
    if not mismo_puerto(puerto_cargue, exoneracion.puerto_origen):
        motivos.append(f"puerto de cargue «{puerto_cargue}» distinto del autorizado ({exoneracion.puerto_origen})")
    if not mismo_puerto(puerto_descargue, exoneracion.puerto_destino):
        motivos.append(
            f"puerto de descargue «{puerto_descargue}» distinto del autorizado ({exoneracion.puerto_destino})"
        )
    aviso_tardio = fecha_aviso > fecha_embarque
    textos = []
    if motivos:
        textos.append(f"Infracción a la reserva de carga (art. 20): {'; '.join(motivos)}.")
    if aviso_tardio:
        textos.append(
            f"Aviso extemporáneo: presentado el {fecha_larga(fecha_aviso)}, después del embarque del "
            f"{fecha_larga(fecha_embarque)} (art. 18: antes del embarque)."
        )
    embarque = crear_auditado(
        Embarque,
        actor=actor,
        accion="reserva.exoneracion.embarque",
        exoneracion=exoneracion,
        fecha_embarque=fecha_embarque,
        fecha_aviso=fecha_aviso,
        aviso_tardio=aviso_tardio,
        nave=nave,
        bandera=bandera,
        puerto=puerto or puerto_descargue,
        puerto_cargue=puerto_cargue,
        puerto_descargue=puerto_descargue,
        fecha_arribo_estimada=fecha_arribo_estimada,
        infraccion=bool(motivos),
        motivo=" ".join(textos)[:400],
    )
    if embarque.infraccion:
        for capitania in capitanias_de(exoneracion):
            AvisoCapitania.objects.get_or_create(
                capitania=capitania,
                tipo=AvisoCapitania.Tipo.INFRACCION,
                referencia=f"embarque-{embarque.pk}",
                defaults={
                    "detalle": f"Exoneración n.º {exoneracion.pk}: {embarque.motivo}"[:500],
                    "exoneracion": exoneracion,
                },
            )
    return embarque
