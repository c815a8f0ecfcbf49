"""C-05 (art. 13): Dimar's yearly control. After 31 December Dimar may ask a user to prove, with
its bills of lading, that it carried the reserved share; the answer is recorded; a possible breach
is sent to the capitanías of the ports where the user's cargo arrived, for investigation."""

import datetime as dt

from django.db import transaction

from core.access import bloquear_en_alcance, require_role
from core.audit import cambiar_auditado, crear_auditado
from core.errors import ApplicationError, unico
from reserva import access, calculo
from reserva.errors import ErrorReserva
from reserva.models import AvisoCapitania, Conocimiento, RequerimientoControl, TipoAlertaReserva
from reserva.selectors.cumplimiento import cumplimiento_de
from reserva.services.avisos import capitania_avisar
from reserva.validacion import Errores, nit, no_futura, texto

Estado = RequerimientoControl.Estado


def control_request(*, actor, usuario_nit: str, anio: int, fecha: dt.date) -> RequerimientoControl:
    require_role(actor, *access.DIMAR)
    errores = Errores()
    usuario_nit = nit(errores, "usuario_nit", usuario_nit)
    no_futura(errores, "fecha", fecha)
    errores.revisar()
    if not calculo.cerrado(anio, fecha):
        raise ApplicationError(
            ErrorReserva.ANIO_ABIERTO,
            f"El control de {anio} se hace al final del año calendario (después del 31 de diciembre).",
        )
    duplicado = ApplicationError(
        ErrorReserva.CONTROL_DUPLICADO, f"Ya se pidió a {usuario_nit} la prueba del cumplimiento de {anio}."
    )
    with unico(duplicado):
        return crear_auditado(
            RequerimientoControl,
            actor=actor,
            accion="reserva.control.solicitar",
            usuario_nit=usuario_nit,
            anio=anio,
            fecha_solicitud=fecha,
        )


@transaction.atomic
def control_answer(*, actor, control: RequerimientoControl, fecha: dt.date, respuesta: str) -> RequerimientoControl:
    """The user's answer (its bills of lading are already in the portal; the answer explains them)."""
    require_role(actor, *access.USUARIOS, *access.DIMAR)
    control = bloquear_en_alcance(control, access.control_access, actor)
    errores = Errores()
    respuesta = texto(errores, "respuesta", respuesta, largo=8000)
    no_futura(errores, "fecha", fecha)
    if "fecha" not in errores and fecha < control.fecha_solicitud:
        errores["fecha"] = "La respuesta no puede ser anterior a la solicitud."
    errores.revisar()
    _abierto(control)
    return cambiar_auditado(
        control,
        actor=actor,
        accion="reserva.control.responder",
        fecha_respuesta=fecha,
        respuesta=respuesta,
        estado=Estado.RESPONDIDO,
    )


@transaction.atomic
def control_close(*, actor, control: RequerimientoControl, fecha: dt.date, remitir: bool) -> RequerimientoControl:
    """Dimar closes the control: archived (complies) or sent to the capitanías as a possible breach."""
    require_role(actor, *access.DIMAR)
    control = bloquear_en_alcance(control, access.control_access, actor)
    errores = Errores()
    no_futura(errores, "fecha", fecha)
    errores.revisar()
    _abierto(control)
    cambiar_auditado(
        control,
        actor=actor,
        accion="reserva.control.remitir" if remitir else "reserva.control.archivar",
        estado=Estado.REMITIDO if remitir else Estado.ARCHIVADO,
        fecha_cierre=fecha,
    )
    if remitir:
        _remitir(control, fecha)
    return control


def _abierto(control: RequerimientoControl) -> None:
    if control.estado in (Estado.ARCHIVADO, Estado.REMITIDO):
        raise ApplicationError(
            ErrorReserva.CONTROL_CERRADO, f"El control de {control.anio} de {control.usuario_nit} ya está cerrado."
        )


def _remitir(control: RequerimientoControl, fecha: dt.date) -> None:
    resumen = cumplimiento_de(usuario_nit=control.usuario_nit, anio=control.anio, fecha=fecha)
    faltas = ", ".join(
        f"{linea.ruta or 'todas las rutas'} {linea.clase}: faltan {linea.faltantes:,.3f} t"
        for linea in resumen.lineas
        if linea.faltantes
    )
    detalle = (
        f"Posible incumplimiento de la reserva de carga de {control.anio} por {control.usuario_nit}"
        f"{': ' + faltas if faltas else ''}. Base de la multa: flete promedio "
        f"USD {resumen.flete_promedio_usd or 0} por tonelada (art. 13)."
    )[:500]
    capitanias = {
        c.arribo.capitania
        for c in Conocimiento.objects.filter(
            usuario_nit=control.usuario_nit,
            arribo__fecha_arribo__year=control.anio,
            arribo__capitania__isnull=False,
        ).select_related("arribo__capitania")
    }
    referencia = f"control-{control.pk}"
    for capitania in sorted(capitanias, key=lambda c: c.codigo):
        payload = {
            "usuario_nit": control.usuario_nit,
            "anio": control.anio,
            "capitania": capitania.codigo,
            "detalle": detalle,
        }
        capitania_avisar(
            capitania=capitania,
            tipo=AvisoCapitania.Tipo.INCUMPLIMIENTO,
            referencia=referencia,
            detalle=detalle,
            mensaje=("reserva.posible_incumplimiento", f"reserva-{referencia}-{capitania.codigo}", payload),
            alerta=TipoAlertaReserva.POSIBLE_INCUMPLIMIENTO_RESERVA,
            vence=dt.date(control.anio, 12, 31),
            fecha=fecha,
        )
