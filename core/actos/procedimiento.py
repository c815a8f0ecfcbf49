"""The steps every write of the procedure shares (P-02, P-04): which recursos proceed against an act, and each
person's term and firmeza recomputed. Below core.actos.services and core.actos.notificacion, which both use them."""

from __future__ import annotations

from core.actos import firmeza
from core.actos.models import Acto, Interesado, Recurso, RecursoProcedente, TipoRecurso


def procedentes(acto: Acto) -> list[RecursoProcedente]:
    """P-02: the recursos that proceed against the act, as the table said on the day it was issued. Against a
    decision on a reposición, only the apelación the authority's acts admit (a reposición decided does not reopen
    reposición); against a decision on an apelación, none."""
    autoridad, solo = acto.autoridad, None
    if acto.recurso_decidido_id:
        recurso = acto.recurso_decidido
        if recurso.tipo != TipoRecurso.REPOSICION:
            return []
        autoridad, solo = recurso.interesado.acto.autoridad, TipoRecurso.APELACION
    filas = RecursoProcedente.objects.filter(autoridad=autoridad, vigente_desde__lte=acto.fecha_expedicion)
    if solo:
        filas = filas.filter(recurso=solo)
    vigentes: dict[str, RecursoProcedente] = {}
    for fila in filas.order_by("recurso", "-vigente_desde"):
        vigentes.setdefault(fila.recurso, fila)
    return list(vigentes.values())


def _plazo(acto: Acto) -> int | None:
    filas = procedentes(acto)
    return max(f.plazo_dias_habiles for f in filas) if filas else None


def recalcular(interesado: Interesado) -> Interesado:
    """P-04 for one person: the last day to file and the day the act is firm for it (None while unknowable)."""
    acto = interesado.acto
    plazo = _plazo(acto)
    estados = []
    for recurso in interesado.recursos.all():
        notificada = None
        if recurso.estado == Recurso.Estado.DECIDIDO:
            decision = Acto.objects.filter(recurso_decidido=recurso).first()
            persona = decision.interesados.first() if decision else None
            notificada = persona.notificacion_fecha if persona else None
        estados.append(firmeza.EstadoRecurso(recurso.estado == Recurso.Estado.EN_TRAMITE, notificada))
    interesado.vence_recursos = firmeza.vence_recursos(interesado.notificacion_fecha, plazo)
    interesado.en_firme_desde = firmeza.en_firme_desde(
        notificado=interesado.notificacion_fecha, plazo_dias_habiles=plazo, renuncia=interesado.renuncia_fecha,
        recursos=estados,
    )
    interesado.save(update_fields=["vence_recursos", "en_firme_desde"])
    return interesado


def _decision_notificada(acto: Acto) -> None:
    """The notification of a decision on a recurso makes the decided act firm for that person (P-04 (2))."""
    if acto.recurso_decidido_id:
        recalcular(acto.recurso_decidido.interesado)
