"""A modifying (or additional) resolution worked line by line (issue 26): UPME's everyday act through the year.

Each line says what changes for one beneficiary:
- `alta`: a new cupo for a beneficiary with none in course (R-24: Dimar's altas are decided within the month);
- `cambio`: new annual gallons for the cupo in course, with its motive (increase, reduction, correction)
  and, optionally, the day it rules from: issuing makes it a new cupo that succeeds the old one when firm
  (R-09), never starting before that day (R-06 `rige_desde`);
- `revocacion`: the cupo in course is cancelled from a date on one of R-12's grounds, with its support.
Issuing goes through the annual resolution's job (cupos.services.asignacion), PDF and bulk firmeza.
"""

import datetime as dt
from decimal import Decimal

from django.db import transaction

from core.auditoria.audit import audit_record
from core.comun.errors import ApplicationError, DatosInvalidos
from core.comun.fechas import fecha_larga
from core.comun.galones import GALONES_MAXIMO, galones, galones_texto
from core.identidad.access import require_role
from core.vencimientos.calendario import today
from cupos.access import ESCRITORES
from cupos.errors import ErrorCupos
from cupos.models import Beneficiario, Cupo, LineaAsignacion, Movimiento, Resolucion
from cupos.selectors.asignacion import sin_derecho_en
from cupos.selectors.modificatorias import consumido_en_el_anio, cupo_en_curso
from cupos.selectors.novedades import bajas_hasta
from cupos.services.borradores import MAX_MOTIVO, bloquear_borrador
from cupos.services.cupos import _causal_valida, cupo_cancel

Accion = LineaAsignacion.Accion
MotivoCambio = LineaAsignacion.MotivoCambio
MAX_CONSIDERANDOS = 20_000


def _no_anual(resolucion: Resolucion) -> None:
    if resolucion.tipo == Resolucion.Tipo.ANUAL:
        raise DatosInvalidos(
            {"accion": "Las altas, cambios y revocaciones se registran en una resolución modificatoria o adicional."}
        )


def _galones(valor, errores: dict) -> Decimal | None:
    if valor is None or valor == "":
        errores["galones_anuales"] = "Indique los galones anuales del cupo."
        return None
    try:
        cantidad = galones(valor)
    except ValueError as exc:
        errores["galones_anuales"] = str(exc)
        return None
    if cantidad <= 0:
        errores["galones_anuales"] = "Los galones anuales deben ser mayores que cero."
    elif cantidad > GALONES_MAXIMO:
        errores["galones_anuales"] = "La cantidad de galones es demasiado grande."
    return cantidad


def linea_modificatoria_set(
    *,
    usuario,
    resolucion: Resolucion,
    beneficiario: Beneficiario,
    accion: str,
    galones_anuales=None,
    motivo_cambio: str = "",
    fecha_desde: dt.date | None = None,
    causal: str = "",
    soporte: str = "",
    motivo: str = "",
) -> LineaAsignacion:
    """Write (or replace) the beneficiary's line in a draft modifying resolution, after checking it against
    the cupo in course and what the beneficiary has consumed. Refusals: 400 DatosInvalidos by field;
    409 resolucion_expedida, solicitud_rechazada, nave_dada_de_baja."""
    require_role(usuario, *ESCRITORES)
    _no_anual(resolucion)
    motivo = (motivo or "").strip()
    soporte = (soporte or "").strip()
    hoy = today()
    with transaction.atomic():
        resolucion = bloquear_borrador(resolucion)
        beneficiario = Beneficiario.objects.select_for_update().get(pk=beneficiario.pk)
        errores: dict[str, str] = {}
        if accion not in (Accion.ALTA, Accion.CAMBIO, Accion.REVOCACION):
            raise DatosInvalidos({"accion": "Elija qué cambia: un nuevo cupo, un cambio de galones o una revocación."})
        if len(motivo) > MAX_MOTIVO:
            errores["motivo"] = f"El motivo admite hasta {MAX_MOTIVO:,} caracteres.".replace(",", ".")
        cupo = cupo_en_curso(beneficiario_id=beneficiario.id, anio=resolucion.anio, hoy=hoy)
        consumido = consumido_en_el_anio(beneficiario_id=beneficiario.id, anio=resolucion.anio)
        cantidad = None
        if fecha_desde is not None and fecha_desde.year != resolucion.anio:
            errores["fecha_desde"] = f"La fecha debe ser del año {resolucion.anio}, el de la resolución."
        if accion == Accion.ALTA:
            if cupo is not None:
                raise DatosInvalidos(
                    {
                        "accion": f"{beneficiario.nombre} ya tiene un cupo de {galones_texto(cupo.galones_anuales)} "
                        f"galones ({cupo.get_estado_display().lower()}, resolución {cupo.resolucion.numero}): "
                        "registre un cambio de galones o una revocación, no un nuevo cupo."
                    }
                )
            cantidad = _galones(galones_anuales, errores)
            _con_derecho(resolucion, beneficiario)
        elif accion == Accion.CAMBIO:
            if cupo is None:
                raise DatosInvalidos(
                    {"accion": f"{beneficiario.nombre} no tiene un cupo vigente que cambiar: registre un nuevo cupo."}
                )
            cantidad = _galones(galones_anuales, errores)
            if motivo_cambio not in MotivoCambio.values:
                errores["motivo_cambio"] = "Elija el motivo del cambio: aumento, reducción o corrección."
            elif cantidad is not None and "galones_anuales" not in errores:
                actual = cupo.galones_anuales
                if cantidad == actual:
                    errores["galones_anuales"] = (
                        f"El cupo vigente ya es de {galones_texto(actual)} galones: indique los galones nuevos."
                    )
                elif motivo_cambio == MotivoCambio.AUMENTO and cantidad < actual:
                    errores["galones_anuales"] = (
                        f"Un aumento debe superar el cupo vigente de {galones_texto(actual)} galones."
                    )
                elif motivo_cambio == MotivoCambio.REDUCCION and cantidad > actual:
                    errores["galones_anuales"] = (
                        f"Una reducción debe quedar por debajo del cupo vigente de {galones_texto(actual)} galones."
                    )
                elif cantidad < consumido:
                    errores["galones_anuales"] = (
                        f"No se puede dejar el cupo en {galones_texto(cantidad)} galones: el beneficiario ya consumió "
                        f"{galones_texto(consumido)} galones en {resolucion.anio}."
                    )
            if not motivo:
                errores["motivo"] = "Explique por qué cambian los galones (queda en la resolución)."
            if fecha_desde is not None and "fecha_desde" not in errores and fecha_desde < resolucion.fecha_expedicion:
                errores["fecha_desde"] = (
                    "El cambio no puede regir antes de la expedición de la resolución "
                    f"({fecha_larga(resolucion.fecha_expedicion)})."
                )
            _con_derecho(resolucion, beneficiario)
        else:
            if cupo is None:
                raise DatosInvalidos({"accion": f"{beneficiario.nombre} no tiene un cupo vigente que revocar."})
            if fecha_desde is None:
                errores["fecha_desde"] = "Indique desde qué día se revoca el cupo."
            elif fecha_desde > hoy:
                errores["fecha_desde"] = "La revocación no puede tener una fecha futura."
            elif "fecha_desde" not in errores:
                posterior = (
                    Movimiento.objects.filter(cupo=cupo, tipo=Movimiento.Tipo.DESCUENTO, fecha__gte=fecha_desde)
                    .order_by("fecha")
                    .values_list("fecha", flat=True)
                    .first()
                )
                if posterior is not None:
                    errores["fecha_desde"] = (
                        f"El cupo tiene consumo registrado el {fecha_larga(posterior)}: no se puede revocar desde "
                        "una fecha anterior a ese consumo."
                    )
            if causal not in dict(Cupo.CAUSALES_REVOCACION):  # in words (the API's message names the codes)
                errores["causal"] = (
                    "Elija la causal de la revocación: la baja de la nave reportada por Dimar, la inactividad por "
                    "más de tres meses, o la comunicación motivada de una autoridad; para una acuicultora o la "
                    "Armada, la revocación motivada."
                )
                if not soporte:
                    errores["soporte"] = "Indique el soporte de la causal: quién lo expidió, su número y su fecha."
            else:
                try:
                    _causal_valida(cupo=cupo, causal=causal, soporte=soporte, modificatoria=True)
                except DatosInvalidos as exc:
                    for campo, mensajes in exc.errores.items():
                        errores[campo] = " ".join(mensajes)
            if not motivo:
                errores["motivo"] = "Explique el motivo de la revocación (queda en la resolución)."
        if errores:
            raise DatosInvalidos(errores)
        antes = LineaAsignacion.objects.filter(resolucion=resolucion, beneficiario=beneficiario).first()
        valores = {
            "accion": accion,
            "galones_anuales": cantidad if accion != Accion.REVOCACION else None,
            "motivo_cambio": motivo_cambio if accion == Accion.CAMBIO else "",
            "fecha_desde": fecha_desde if accion != Accion.ALTA else None,
            "cupo_modificado": cupo if accion != Accion.ALTA else None,
            "causal": causal if accion == Accion.REVOCACION else "",
            "soporte": soporte if accion == Accion.REVOCACION else "",
            "motivo": motivo,
            "origen": LineaAsignacion.Origen.MANUAL,
            "creada_por": usuario,
        }
        linea, _ = LineaAsignacion.objects.update_or_create(
            resolucion=resolucion, beneficiario=beneficiario, defaults=valores
        )
        audit_record(
            actor=usuario,
            accion="resolucion.linea_modificatoria",
            obj=linea,
            antes=_foto(antes) if antes else {},
            despues=_foto(linea),
        )
    return linea


def _foto(linea: LineaAsignacion) -> dict:
    return {
        "beneficiario": linea.beneficiario_id,
        "accion": linea.accion,
        "galones_anuales": str(linea.galones_anuales) if linea.galones_anuales is not None else None,
        "motivo_cambio": linea.motivo_cambio,
        "fecha_desde": linea.fecha_desde.isoformat() if linea.fecha_desde else None,
        "cupo_modificado": linea.cupo_modificado_id,
        "causal": linea.causal,
        "soporte": linea.soporte,
        "motivo": linea.motivo,
    }


def _con_derecho(resolucion: Resolucion, beneficiario: Beneficiario) -> None:
    """A new cupo for a beneficiary refused for the year (R-04) or a vessel Dimar reported as baja (R-24)
    cannot be granted."""
    sin = (
        Beneficiario.objects.filter(pk=beneficiario.pk)
        .annotate(_sin=sin_derecho_en(resolucion.anio))
        .values_list("_sin", flat=True)
        .first()
    )
    if sin:
        raise ApplicationError(
            ErrorCupos.SOLICITUD_RECHAZADA,
            f"No se puede asignar cupo para {resolucion.anio} a {beneficiario.nombre}: su solicitud del año fue "
            "rechazada, o entregó la información fuera de plazo sin causa justificada.",
        )
    baja = bajas_hasta(beneficiario_ids=[beneficiario.pk], hasta=None).get(beneficiario.pk)
    if baja is not None:
        raise ApplicationError(
            ErrorCupos.NAVE_DADA_DE_BAJA,
            f"Dimar reportó la baja de {beneficiario.nombre} (matrícula {baja[1]}) desde el {fecha_larga(baja[0])}: "
            "no puede recibir un cupo nuevo. Si tiene uno vigente, revóquelo.",
        )


def considerandos_set(*, usuario, resolucion: Resolucion, considerandos: str) -> Resolucion:
    """The considerations of a draft resolution, written on its page (they are printed in its PDF)."""
    require_role(usuario, *ESCRITORES)
    texto = (considerandos or "").strip()
    if len(texto) > MAX_CONSIDERANDOS:
        raise DatosInvalidos(
            {"considerandos": f"Los considerandos admiten hasta {MAX_CONSIDERANDOS:,} caracteres.".replace(",", ".")}
        )
    with transaction.atomic():
        resolucion = bloquear_borrador(resolucion)
        antes = resolucion.considerandos
        resolucion.considerandos = texto
        resolucion.save(update_fields=["considerandos"])
        audit_record(
            actor=usuario,
            accion="resolucion.considerandos",
            obj=resolucion,
            antes={"considerandos": antes},
            despues={"considerandos": texto},
        )
    return resolucion


def revocar_en_expedicion(*, actor, resolucion: Resolucion, linea: LineaAsignacion, interesado_id: int) -> Cupo:
    """Issuing (inside its transaction): a revocation line cancels its cupo (R-12) through cupo_cancel,
    citing the resolution in the support. The beneficiary is concerned by the resolution's act
    (`interesado_id`), and the revocation takes effect from its firmeza (P-05), never before the act: a draft's
    earlier date becomes the act's."""
    cupo = Cupo.objects.get(pk=linea.cupo_modificado_id)
    if cupo.estado == Cupo.Estado.CANCELADO:
        raise ApplicationError(
            ErrorCupos.TRANSICION_INVALIDA,
            f"No se puede expedir: el cupo de {linea.beneficiario.nombre} que se revoca ya fue cancelado. "
            "Quite esa línea.",
        )
    soporte = f"Resolución UPME {resolucion.numero} de {resolucion.anio}: {linea.soporte}"
    return cupo_cancel(
        actor=actor,
        cupo=cupo,
        fecha=max(linea.fecha_desde, resolucion.acto.fecha_expedicion),
        causal=linea.causal,
        motivo=linea.motivo,
        soporte=soporte[:300],
        interesado_id=interesado_id,
    )
