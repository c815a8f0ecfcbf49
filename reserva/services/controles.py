"""C-05 (art. 13): Dimar's yearly control. After 31 December Dimar may ask a user to prove, with
its bills of lading, that it carried the reserved share; the answer is recorded; a possible breach
is sent to the capitanías of the ports where the user's cargo arrived, for investigation. Each
capitanía records its outcome: archived, or a fine in monthly minimum wages (art. 22: "serán en
salarios mínimos mensuales") of the year the fine is imposed, valued with that year's wage."""

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal

from django.db import transaction

from core.actos.models import Autoridad
from core.auditoria.audit import cambiar_auditado, crear_auditado
from core.comun.errors import ApplicationError, unico
from core.comun.fechas import fecha_larga
from core.identidad.access import bloquear_en_alcance, require_role
from core.models import Capitania
from reserva import access, calculo
from reserva.errors import ErrorReserva
from reserva.models import (
    AvisoCapitania,
    Conocimiento,
    RequerimientoControl,
    ResultadoControl,
    SalarioMinimo,
    TipoAlertaReserva,
)
from reserva.selectors.cumplimiento import cumplimiento_de
from reserva.services import procedimiento
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
    referencia = referencia_control(control)
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


MULTA_MAXIMA_SMMLV = Decimal("999999.99")  # numeric(8, 2)


def referencia_control(control: RequerimientoControl) -> str:
    return f"control-{control.pk}"


@transaction.atomic
def control_outcome_record(
    *,
    actor,
    control: RequerimientoControl,
    resultado: str,
    fecha: dt.date,
    acto: str,
    motivo: str,
    multa_smmlv: Decimal | None = None,
    capitania: str = "",
) -> ResultadoControl:
    """C-05 (arts. 13, 22): a capitanía Dimar told of a possible breach records the outcome of its
    investigation. A fine is in monthly minimum wages; the wage is the one registered for the year of
    the act that imposes it, and the peso value is kept with it. A capitanía officer records its own
    capitanía's outcome; Dimar may record it for any capitanía it told."""
    require_role(actor, *access.RESULTADOS_CONTROL)
    control = bloquear_en_alcance(control, access.control_capitania_access, actor)
    errores = Errores()
    capitania_obj = _capitania(errores, actor, capitania)
    if resultado not in ResultadoControl.Resultado.values:
        errores["resultado"] = "Use «multa» o «archivada»."
    acto = texto(errores, "acto", acto, largo=200)
    motivo = texto(errores, "motivo", motivo, largo=8000)
    no_futura(errores, "fecha", fecha)
    if "fecha" not in errores and control.fecha_cierre and fecha < control.fecha_cierre:
        errores["fecha"] = f"El acto no puede ser anterior a la remisión ({fecha_larga(control.fecha_cierre)})."
    if resultado == ResultadoControl.Resultado.MULTA:
        if multa_smmlv is None or not multa_smmlv.is_finite() or multa_smmlv <= 0:
            errores["multa_smmlv"] = "Indique la multa en salarios mínimos mensuales (mayor que cero)."
        elif multa_smmlv > MULTA_MAXIMA_SMMLV or multa_smmlv != multa_smmlv.quantize(Decimal("0.01")):
            errores["multa_smmlv"] = "La multa admite hasta 999.999,99 salarios mínimos, con dos decimales."
    elif multa_smmlv is not None:
        errores["multa_smmlv"] = "Una investigación archivada no lleva multa."
    errores.revisar()
    if not AvisoCapitania.objects.filter(
        capitania=capitania_obj, tipo=AvisoCapitania.Tipo.INCUMPLIMIENTO, referencia=referencia_control(control)
    ).exists():
        raise ApplicationError(
            ErrorReserva.CONTROL_NO_REMITIDO,
            f"Dimar no remitió a {capitania_obj.nombre} el posible incumplimiento de {control.anio} de "
            f"{control.usuario_nit}.",
        )
    campos = {}
    if resultado == ResultadoControl.Resultado.MULTA:
        salario = SalarioMinimo.objects.filter(anio=fecha.year).first()
        if salario is None:
            raise ApplicationError(
                ErrorReserva.SMMLV_NO_REGISTRADO,
                f"No está registrado el salario mínimo mensual de {fecha.year}: Dimar debe registrarlo antes de "
                "fijar la multa en pesos.",
            )
        campos = {
            "multa_smmlv": multa_smmlv,
            "anio_smmlv": salario.anio,
            "valor_smmlv": salario.valor,
            "multa_pesos": (multa_smmlv * salario.valor).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP),
        }
    duplicado = ApplicationError(
        ErrorReserva.RESULTADO_DUPLICADO,
        f"{capitania_obj.nombre} ya registró el resultado de su investigación de este control.",
    )
    with unico(duplicado):
        resultado_obj = crear_auditado(
            ResultadoControl,
            actor=actor,
            accion="reserva.control.resultado",
            control=control,
            capitania=capitania_obj,
            resultado=resultado,
            fecha=fecha,
            acto=acto,
            motivo=motivo,
            registrado_por=actor,
            **campos,
        )
    if resultado_obj.resultado == ResultadoControl.Resultado.MULTA:
        # DOMAIN §8: the fine is the capitanía's act, issued on its own paper and date and recorded here
        # (transcribed, its number as support), notified to the user with reposición before the Capitán de
        # Puerto and apelación before the Director General Marítimo (P-02).
        resultado_obj.acto_procedimiento = procedimiento.expedir(
            actor=actor, tipo=procedimiento.MULTA, objeto=resultado_obj, nit=control.usuario_nit,
            nombre=procedimiento.nombre_usuario(control.usuario_nit), numero=acto[:60],
            autoridad=Autoridad.CAPITANIA, firmante=capitania_obj.nombre, transcrita=True, fecha=fecha,
            soporte=f"{acto} ({capitania_obj.nombre})",
        )
        resultado_obj.save(update_fields=["acto_procedimiento"])
    return resultado_obj


def _capitania(errores: Errores, actor, codigo: str) -> Capitania | None:
    """A capitanía officer acts for its own capitanía; Dimar names one by its code."""
    if access.es_capitania(actor):
        return actor.capitania
    codigo = str(codigo or "").strip()
    capitania = Capitania.objects.filter(codigo=codigo).first() if codigo else None
    if capitania is None:
        errores["capitania"] = "Indique el código de la capitanía que investigó (p. ej. CP05)."
    return capitania
