"""C-10 (arts. 3–6): for special-system imports and coal or oil exports where the exporter pays the
freight, the user asks the national shipowners of the route for offers and must contract them when
equal or better on the seven criteria of art. 5; Dimar qualifies the equality when it investigates.

A request matches its direction: art. 3 speaks of "las cargas de importación de los sistemas especiales",
art. 4 of "contratos de exportación de carbón o petróleo en los que el exportador asuma la
responsabilidad del transporte marítimo, o incluya en el precio de venta el transporte". So a
special-system request is on an import route, a coal or oil request on an export route and says which
of the two ways the exporter bears the freight."""

import datetime as dt
from decimal import Decimal

from django.db import transaction

from core.auditoria.audit import cambiar_auditado, crear_auditado
from core.comun.errors import ApplicationError
from core.identidad.access import bloquear_en_alcance, require_role
from reserva import access, validacion
from reserva.errors import ErrorReserva
from reserva.models import Mercancia, Oferta, Operacion, SolicitudOferta
from reserva.services.infracciones import investigacion_oferta_open
from reserva.validacion import Errores, no_futura, texto, usd

# Art. 3 (special systems) and art. 4 (coal and oil exports).
MERCANCIAS_CON_OFERTA = (Mercancia.REGIMEN_ESPECIAL, Mercancia.CARBON, Mercancia.PETROLEO)
# The direction of each: art. 3 imports, art. 4 exports.
OPERACION_DE_OFERTA = {
    Mercancia.REGIMEN_ESPECIAL: Operacion.IMPORTACION,
    Mercancia.CARBON: Operacion.EXPORTACION,
    Mercancia.PETROLEO: Operacion.EXPORTACION,
}


def requiere_oferta(*, operacion: str, mercancia: str) -> bool:
    """C-10: a bill of this direction and commodity is one arts. 3 and 4 ask offers for."""
    return OPERACION_DE_OFERTA.get(mercancia) == operacion


@transaction.atomic
def solicitud_oferta_create(
    *,
    actor,
    usuario_nit: str,
    ruta: str,
    mercancia: str,
    descripcion: str,
    fecha_solicitud: dt.date,
    responsabilidad_flete: str = "",
) -> SolicitudOferta:
    require_role(actor, *access.USUARIOS)
    usuario_nit = access.nit_access(actor, usuario_nit)
    errores = Errores()
    ruta_obj = validacion.ruta(errores, "ruta", ruta)
    responsabilidad_flete = str(responsabilidad_flete or "").strip()
    if mercancia not in MERCANCIAS_CON_OFERTA:
        errores["mercancia"] = "Solo se piden ofertas para sistemas especiales, carbón o petróleo (arts. 3 y 4)."
    elif ruta_obj is not None and ruta_obj.operacion != OPERACION_DE_OFERTA[mercancia]:
        errores["ruta"] = (
            "Las ofertas de sistemas especiales son para importaciones (art. 3): use una ruta de importación."
            if mercancia == Mercancia.REGIMEN_ESPECIAL
            else "Las ofertas de carbón o petróleo son para exportaciones (art. 4): use una ruta de exportación."
        )
    if mercancia in (Mercancia.CARBON, Mercancia.PETROLEO):
        if responsabilidad_flete not in SolicitudOferta.Flete.values:
            errores["responsabilidad_flete"] = (
                "Indique si el exportador asume el transporte marítimo o lo incluye en el precio de venta: solo "
                "entonces debe pedir ofertas (art. 4)."
            )
    elif responsabilidad_flete:
        errores["responsabilidad_flete"] = "Solo las exportaciones de carbón o petróleo llevan este dato (art. 4)."
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
        responsabilidad_flete=responsabilidad_flete,
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
    """Art. 6: Dimar qualifies whether the national offer was equal or better. Equal or better, and the
    cargo the request covers went on a foreign ship: an investigation goes to the capitanía (C-10)."""
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
    solicitud = cambiar_auditado(
        solicitud,
        actor=actor,
        accion="reserva.ofertas.calificar",
        calificacion=calificacion,
        motivo_calificacion=motivo,
        fecha_calificacion=fecha,
    )
    # C-10: an equal-or-better national offer, and the cargo went on a foreign ship: investigation (C-05's path).
    investigacion_oferta_open(solicitud=solicitud, fecha=fecha)
    return solicitud


def _sin_calificar(solicitud: SolicitudOferta) -> None:
    if solicitud.calificacion:
        raise ApplicationError(
            ErrorReserva.OFERTA_CALIFICADA,
            f"Dimar ya calificó esta solicitud ({solicitud.get_calificacion_display().lower()}).",
        )
