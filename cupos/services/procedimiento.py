"""A resolution of cupos under the procedure (DOMAIN §8, R-05, R-06): its act, one person concerned per
beneficiary it decides, what a decision on a recurso does to that beneficiary's cupo, and the cupo made firm
and communicated to Dimar (R-06) when the procedure says so (core.actos.services.firmezas_aplicar)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from core.actos.models import Autoridad
from core.actos.services import acto_expedir, interesados_agregar
from core.comun.errors import DatosInvalidos
from cupos.models import Beneficiario, Cupo, Resolucion

TIPO = "resolucion_cupos"
TIPO_CANCELACION = "cancelacion_cupo"  # UPME's cancellation of a vessel's cupo
TIPO_RECHAZO = "rechazo_solicitud"  # an application refused
TIPO_DESISTIMIENTO = "desistimiento_solicitud"  # P-06: an application not completed in time, withdrawn


def _persona(beneficiario: Beneficiario | dict) -> dict:
    b = beneficiario if isinstance(beneficiario, dict) else {
        "id": beneficiario.id, "nombre": beneficiario.nombre, "correo": beneficiario.correo,
        "celular": beneficiario.celular,
        "acepta_notificacion_electronica": beneficiario.acepta_notificacion_electronica,
    }
    return {
        "nombre": b["nombre"], "beneficiario_id": b["id"], "referencia": f"beneficiario:{b['id']}",
        "acepta_electronica": bool(b["acepta_notificacion_electronica"] and (b["correo"] or b["celular"])),
        "correo": b["correo"], "celular": b["celular"],
    }


def _datos(beneficiario_ids: Iterable[int]) -> list[dict]:
    return list(
        Beneficiario.objects.filter(pk__in=list(beneficiario_ids)).order_by("id")
        .values("id", "nombre", "correo", "celular", "acepta_notificacion_electronica")
    )


def expedir_acto(
    *, actor, resolucion: Resolucion, beneficiario_ids: Iterable[int], guardar: bool = True
) -> dict[int, int]:
    """R-05: the resolution is issued as an act, in the caller's transaction: dated today (a transcribed paper
    act keeps its date), one person concerned per beneficiary it decides (granted, changed or revoked), each
    told of it electronically when it accepted that means (P-01). {beneficiario_id: interesado_id}.

    `guardar=False`: the resolution row is not written here (the issuing job writes `acto` and the date in its
    last UPDATE: until then the row stays unlocked for its heartbeat and progress, other connections)."""
    if resolucion.acto_id is not None:  # cupos granted one at a time before its lines were issued
        ya = set(resolucion.acto.interesados.values_list("beneficiario_id", flat=True))
        interesados_agregar(
            acto=resolucion.acto, interesados=[_persona(b) for b in _datos(set(beneficiario_ids) - ya)]
        )
        return dict(resolucion.acto.interesados.values_list("beneficiario_id", "id"))
    acto = acto_expedir(
        actor=actor, tipo=TIPO, referencia=str(resolucion.pk), autoridad=Autoridad.UPME,
        numero=f"{resolucion.numero} de {resolucion.anio}", firmante=resolucion.firmante or "",
        transcrito=resolucion.transcrita, fecha_expedicion=resolucion.fecha_expedicion, soporte=resolucion.soporte,
        interesados=[_persona(b) for b in _datos(beneficiario_ids)],
    )
    resolucion.acto, resolucion.fecha_expedicion = acto, acto.fecha_expedicion
    if guardar:
        Resolucion.objects.filter(pk=resolucion.pk).update(acto=acto, fecha_expedicion=acto.fecha_expedicion)
    return dict(acto.interesados.values_list("beneficiario_id", "id"))


def persona_agregar(*, actor, resolucion: Resolucion, beneficiario: Beneficiario) -> int:
    """A cupo granted one at a time (API.md `POST cupos/`): the first one issues the resolution's act, each
    next one adds its beneficiary to it. The interesado's id. The resolution row is locked: two grants at once
    make one act."""
    fila = Resolucion.objects.select_for_update().only("id", "acto_id").get(pk=resolucion.pk)
    resolucion.acto_id = fila.acto_id
    if resolucion.acto_id is None:
        return expedir_acto(actor=actor, resolucion=resolucion, beneficiario_ids=[beneficiario.id])[beneficiario.id]
    existente = resolucion.acto.interesados.filter(referencia=f"beneficiario:{beneficiario.id}").first()
    if existente is not None:
        return existente.id
    return interesados_agregar(acto=resolucion.acto, interesados=[_persona(beneficiario)])[0].id




def notificacion_con_renuncia(*, actor, cupo: Cupo, fecha: dt.date, soporte: str) -> None:
    """P-01 and P-04 (4) in one diligence, as it often happens at UPME's counter: the beneficiary is notified
    personally and waives its recursos in writing on `fecha`; its cupo may be firm from the next day."""
    from core.actos.services import notificacion_registrar, renuncia_registrar

    fila = Cupo.objects.select_related("interesado").get(pk=cupo.pk)
    if fila.interesado is None:
        raise DatosInvalidos({"cupo": "Este cupo se decidió antes de que el portal llevara el procedimiento."})
    acto_id = fila.interesado.acto_id
    if fila.interesado.notificacion_fecha is None:
        notificacion_registrar(actor=actor, acto_id=acto_id, interesado_id=fila.interesado_id,
                               medio="personal", fecha=fecha, soporte=soporte)
    renuncia_registrar(actor=actor, acto_id=acto_id, interesado_id=fila.interesado_id, fecha=fecha, soporte=soporte)


def _una_persona(
    *, actor, tipo: str, referencia, beneficiario: Beneficiario, numero: str = "", transcrita: bool = False,
    fecha_expedicion: dt.date | None = None, soporte: str = "",
):
    acto = acto_expedir(
        actor=actor, tipo=tipo, referencia=str(referencia), autoridad=Autoridad.UPME, numero=numero,
        transcrito=transcrita, fecha_expedicion=fecha_expedicion if transcrita else None, soporte=soporte,
        interesados=[_persona(beneficiario)],
    )
    return acto.interesados.get()


def cancelacion_expedir(*, actor, cupo: Cupo, transcrita: bool, fecha_expedicion: dt.date | None, soporte: str):
    """R-12 / DOMAIN §8: the cancellation of a cupo as an act of UPME, concerning its beneficiary (notified
    electronically when it accepted that means). Its Interesado. In the caller's transaction."""
    return _una_persona(
        actor=actor, tipo=TIPO_CANCELACION, referencia=cupo.pk, beneficiario=cupo.beneficiario,
        transcrita=transcrita, fecha_expedicion=fecha_expedicion, soporte=soporte,
    )


def rechazo_expedir(*, actor, solicitud) -> int:
    """R-03 / DOMAIN §8: refusing an application is an act of UPME, notified to the applicant with its recursos.
    The act's id. In the caller's transaction."""
    return _una_persona(
        actor=actor, tipo=TIPO_RECHAZO, referencia=solicitud.pk, beneficiario=solicitud.beneficiario,
        numero=f"solicitud {solicitud.anio}",
    ).acto_id



def desistimiento_expedir(*, solicitud) -> int:
    """P-06: the motivated act by which an application not completed in time ends withdrawn, notified to the
    applicant; against it only reposición proceeds (UPME's acts). Issued by the daily job. The act's id."""
    return _una_persona(
        actor=None, tipo=TIPO_DESISTIMIENTO, referencia=solicitud.pk, beneficiario=solicitud.beneficiario,
        numero=f"solicitud {solicitud.anio}",
    ).acto_id
