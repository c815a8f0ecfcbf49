"""Pure computations of the cargo reservation: deadlines (business days, Ley 4 de 1913 art. 62)
and the yearly arithmetic of C-04/C-05. Neither reads nor writes the database."""

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal

from dateutil.relativedelta import relativedelta

from core.vencimientos.calendario import add_business_days, business_days_between, is_business_day, last_day_of_month

# C-08 (arts. 11, 12): after the arrival.
DIAS_SOBORDO = 10
DIAS_CONOCIMIENTOS = 15
# C-06 (art. 16 par.): under ground (c) the shipment deadline is at most 30 days after the grant.
DIAS_MAXIMO_EMBARQUE_C = 30
# (decision) The decree sets no term for the exoneration decision: the general term of a petition,
# 15 days (Ley 1755 de 2015, art. 14).
DIAS_DECISION_EXONERACION = 15
# C-11 (art. 21).
DIAS_ANTELACION_CONTRATO = 30
DIAS_REGISTRO_CONTRATO = 30
# C-12 (art. 23).
DIAS_RECARGO = 15
DIAS_RECARGO_PORTUARIO = 30

TRES = Decimal("0.001")
DOS = Decimal("0.01")


def vence_sobordo(fecha_arribo: dt.date) -> dt.date:
    """C-08: the manifest is due on the 10th business day after the arrival."""
    return add_business_days(fecha_arribo, DIAS_SOBORDO)


def vence_conocimientos(fecha_arribo: dt.date) -> dt.date:
    """C-08: the bills of lading are due on the 15th business day after the arrival."""
    return add_business_days(fecha_arribo, DIAS_CONOCIMIENTOS)


def limite_embarque_c(fecha_decision: dt.date) -> dt.date:
    """C-06: the latest shipment deadline Dimar may set under ground (c)."""
    return add_business_days(fecha_decision, DIAS_MAXIMO_EMBARQUE_C)


def vence_decision_exoneracion(fecha_radicacion: dt.date) -> dt.date:
    return add_business_days(fecha_radicacion, DIAS_DECISION_EXONERACION)


def vence_completar(fecha_requerimiento: dt.date) -> dt.date:
    """C-06 (Ley 1437 art. 17, Ley 1755/2015): the petitioner has one month to complete the file; a
    deadline falling on a non-business day moves to the next business day (Ley 4 de 1913, art. 62)."""
    return siguiente_habil(fecha_requerimiento + relativedelta(months=1))


def vence_reanudado(vence_anterior: dt.date, suspendido_desde: dt.date, reanudado: dt.date) -> dt.date:
    """C-06 (Ley 1437 art. 17): the request to complete stops the term; when the documents arrive it
    runs again for the business days that were left when it stopped."""
    restantes = business_days_between(suspendido_desde, vence_anterior)
    return add_business_days(reanudado, max(restantes, 1))


def limite_prorroga(vence: dt.date) -> dt.date:
    """Ley 1437 art. 14 par.: the new term may not exceed twice the one first set."""
    return add_business_days(vence, DIAS_DECISION_EXONERACION)


def siguiente_habil(fecha: dt.date) -> dt.date:
    """Ley 4 de 1913, art. 62: a deadline that falls on a holiday or a non-business day moves to the
    next business day."""
    while not is_business_day(fecha):
        fecha += dt.timedelta(days=1)
    return fecha


def limite_presentacion_contrato(primer_embarque: dt.date) -> dt.date:
    """C-11: the last day to file a yearly contract, 30 business days before the first shipment."""
    return add_business_days(primer_embarque, -DIAS_ANTELACION_CONTRATO)


def vence_registro_contrato(fecha_autorizacion: dt.date) -> dt.date:
    return add_business_days(fecha_autorizacion, DIAS_REGISTRO_CONTRATO)


def vence_decision_recargo(fecha_presentacion: dt.date, *, portuario: bool) -> dt.date:
    """C-12: 15 business days from a complete filing, 30 when the surcharge is port-related."""
    return add_business_days(fecha_presentacion, DIAS_RECARGO_PORTUARIO if portuario else DIAS_RECARGO)


def fin_semestre(anio: int, semestre: int) -> dt.date:
    return dt.date(anio, 6, 30) if semestre == 1 else dt.date(anio, 12, 31)


def vence_informe(anio: int, semestre: int) -> dt.date:
    """C-09 (art. 14): reports are sent "semestralmente en los meses de febrero y agosto": the 1st
    semester in August of the same year, the 2nd in February of the next, due on the month's last day
    (decision). A month's term ends on its calendar day, "pero si el último día fuere feriado o de
    vacaciones, se extenderá el plazo hasta el primer día hábil" (Ley 4 de 1913, art. 62)."""
    ultimo = dt.date(anio, 8, 31) if semestre == 1 else last_day_of_month(anio + 1, 2)
    return siguiente_habil(ultimo)


def semestre_de_texto(texto: str) -> tuple[int, int] | None:
    """ "2026-1" → (2026, 1); anything else → None."""
    partes = str(texto or "").strip().split("-")
    if len(partes) != 2 or not all(p.isascii() and p.isdecimal() for p in partes) or len(partes[0]) != 4:
        return None
    anio, semestre = int(partes[0]), int(partes[1])
    return (anio, semestre) if semestre in (1, 2) and 1990 <= anio <= 2100 else None


def cerrado(anio: int, fecha: dt.date) -> bool:
    """C-04: a calendar year is judged after 31 December."""
    return fecha > dt.date(anio, 12, 31)


def requeridas(porcentaje: Decimal, sujetas: Decimal, exoneradas: Decimal) -> Decimal:
    """C-04: share × (tonnes subject − tonnes exonerated), 3 decimals, half up."""
    base = max(Decimal(0), sujetas - exoneradas)
    return (porcentaje * base / Decimal(100)).quantize(TRES, rounding=ROUND_HALF_UP)


def faltantes(requeridas_t: Decimal, reserva: Decimal) -> Decimal:
    return max(Decimal(0), requeridas_t - reserva).quantize(TRES)


def flete_promedio(fletes: Decimal, toneladas: Decimal) -> Decimal | None:
    """C-05 (art. 13 par. 1): the fine base, the average freight per tonne of all the year's cargo."""
    if not toneladas:
        return None
    return (fletes / toneladas).quantize(DOS, rounding=ROUND_HALF_UP)
