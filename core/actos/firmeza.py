"""P-04 (Ley 1437 de 2011, art. 87): the day an act is firm for a person, computed, never typed.

An act is firm for a person the day after: (1) its notification, when no recurso proceeds; (2) the notification
of the decision on its recursos; (3) the last day of the term, when none was filed; (4) its written waiver of the
recursos; (5) the acceptance of a withdrawal of the recurso. While a recurso is pending it is not firm."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from core.vencimientos.calendario import add_business_days

UN_DIA = dt.timedelta(days=1)


@dataclass(frozen=True)
class EstadoRecurso:
    en_tramite: bool
    decision_notificada: dt.date | None = None  # when the decision on it was notified to the person


def vence_recursos(notificado: dt.date | None, plazo_dias_habiles: int | None) -> dt.date | None:
    """The last day to file a recurso: `plazo` business days after the notification (art. 76)."""
    if notificado is None or not plazo_dias_habiles:
        return None
    return add_business_days(notificado, plazo_dias_habiles)


def en_firme_desde(
    *,
    notificado: dt.date | None,
    plazo_dias_habiles: int | None,
    renuncia: dt.date | None = None,
    recursos: list[EstadoRecurso] = (),
) -> dt.date | None:
    """The day the act is firm for the person, or None while it is not yet knowable (not notified, a recurso
    pending, a decision not yet notified). `plazo_dias_habiles` None: no recurso proceeds."""
    if any(r.en_tramite for r in recursos):
        return None
    if recursos:
        decisiones = [r.decision_notificada for r in recursos]
        if any(d is None for d in decisiones):
            return None
        return max(decisiones) + UN_DIA
    if renuncia is not None:
        return renuncia + UN_DIA
    if notificado is None:
        return None
    if not plazo_dias_habiles:
        return notificado + UN_DIA
    return vence_recursos(notificado, plazo_dias_habiles) + UN_DIA
