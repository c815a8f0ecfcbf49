"""C-10 (arts. 3–6): for special-system imports and coal or oil exports where the exporter pays the
freight, the user asks the national shipowners of the route for offers and must contract them when
equal or better on the seven criteria of art. 5; Dimar qualifies the equality when it investigates."""

import datetime as dt
from decimal import Decimal

from django.db import transaction

from core.access import bloquear_en_alcance, require_role
from core.audit import cambiar_auditado, crear_auditado
from core.errors import ApplicationError
from reserva import access, validacion
from reserva.errors import ErrorReserva
from reserva.models import Mercancia, Oferta, SolicitudOferta
from reserva.validacion import Errores, no_futura, texto, usd

# Art. 3 (special systems) and art. 4 (coal and oil exports).
MERCANCIAS_CON_OFERTA = (Mercancia.REGIMEN_ESPECIAL, Mercancia.CARBON, Mercancia.PETROLEO)


@transaction.atomic
def solicitud_oferta_create(
    *, actor, usuario_nit: str, ruta: str, mercancia: str, descripcion: str, fecha_solicitud: dt.date
) -> SolicitudOferta:
    require_role(actor, *access.USUARIOS)
    usuario_nit = access.nit_access(actor, usuario_nit)
    errores = Errores()
    ruta_obj = validacion.ruta(errores, "ruta", ruta)
    if mercancia not in MERCANCIAS_CON_OFERTA:
        errores["mercancia"] = "Solo se piden ofertas para sistemas especiales, carbón o petróleo (arts. 3 y 4)."
    descripcion = texto(errores, "descripcion", descripcion, largo=300)
    no_futura(errores, "fecha_solicitud", fecha_solicitud)
    errores.revisar()
    return crear_auditado(
        SolicitudOferta,
        actor=actor,
        accion="reserva.ofertas.solicitar",
        usuario_nit=usuario_nit,
        ruta=ruta_obj,
        mercancia=mercancia,
        descripcion=descripcion,
        fecha_solicitud=fecha_solicitud,
    )


@transaction.atomic
def oferta_add(
    *,
    actor,
    solicitud: SolicitudOferta,
    armador: str,
    nacional: bool,
    flete_usd: Decimal | None,
    fecha_zarpe: dt.date,
    arribo_estimado: dt.date,
    demoras_usd: Decimal | None,
    tiempos_libres: str,
    operacion_portuaria: str,
    caracteristicas_nave: str,
) -> Oferta:
    require_role(actor, *access.USUARIOS)
    solicitud = access.solicitud_oferta_access(actor, solicitud.pk)
    errores = Errores()
    armador = texto(errores, "armador", armador, largo=200)
    usd(errores, "flete_usd", flete_usd)
    usd(errores, "demoras_usd", demoras_usd)
    tiempos_libres = texto(errores, "tiempos_libres", tiempos_libres, largo=200)
    operacion_portuaria = texto(errores, "operacion_portuaria", operacion_portuaria, largo=300)
    caracteristicas_nave = texto(errores, "caracteristicas_nave", caracteristicas_nave, largo=300)
    if arribo_estimado < fecha_zarpe:
        errores["arribo_estimado"] = "El arribo estimado no puede ser anterior al zarpe."
    errores.revisar()
    _sin_calificar(solicitud)
    return crear_auditado(
        Oferta,
        actor=actor,
        accion="reserva.ofertas.registrar",
        solicitud=solicitud,
        armador=armador,
        nacional=bool(nacional),
        flete_usd=flete_usd,
        fecha_zarpe=fecha_zarpe,
        arribo_estimado=arribo_estimado,
        demoras_usd=demoras_usd,
        tiempos_libres=tiempos_libres,
        operacion_portuaria=operacion_portuaria,
        caracteristicas_nave=caracteristicas_nave,
    )


@transaction.atomic
def ofertas_qualify(
    *, actor, solicitud: SolicitudOferta, calificacion: str, motivo: str, fecha: dt.date
) -> SolicitudOferta:
    """Art. 6: Dimar qualifies whether the national offer was equal or better."""
    require_role(actor, *access.DIMAR)
    solicitud = bloquear_en_alcance(solicitud, access.solicitud_oferta_access, actor)
    errores = Errores()
    if calificacion not in (SolicitudOferta.Calificacion.IGUALES_O_MEJORES, SolicitudOferta.Calificacion.PEORES):
        errores["calificacion"] = "Use «iguales_o_mejores» o «peores»."
    motivo = texto(errores, "motivo", motivo, largo=4000)
    no_futura(errores, "fecha", fecha)
    errores.revisar()
    _sin_calificar(solicitud)
    if not solicitud.ofertas.filter(nacional=True).exists():
        raise ApplicationError(
            ErrorReserva.SIN_OFERTA_NACIONAL, "No hay una oferta de un armador nacional registrada para comparar."
        )
    return cambiar_auditado(
        solicitud,
        actor=actor,
        accion="reserva.ofertas.calificar",
        calificacion=calificacion,
        motivo_calificacion=motivo,
        fecha_calificacion=fecha,
    )


def _sin_calificar(solicitud: SolicitudOferta) -> None:
    if solicitud.calificacion:
        raise ApplicationError(
            ErrorReserva.OFERTA_CALIFICADA,
            f"Dimar ya calificó esta solicitud ({solicitud.get_calificacion_display().lower()}).",
        )
