"""Reads of standing conditions: a foreign vessel's guarantee in force, landed vs minimum pro rata (R-26); the
Armada's convenios and an acuicultora's permit (R-27)."""

import calendar
import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Max, Q, QuerySet, Sum

from core.comun.galones import CERO, round2
from cupos.models import Beneficiario, ConvenioArmada, Desembarque, GarantiaNave


def garantias_vigentes(fecha: dt.date) -> QuerySet[GarantiaNave]:
    """R-26: the guarantees in force on `fecha` (not ended: `vigente_hasta` on or after it)."""
    return GarantiaNave.objects.filter(vigente_hasta__gte=fecha)


def garantia_vigente(*, beneficiario_id: int, fecha: dt.date) -> GarantiaNave | None:
    """The guarantee in force on `fecha` that lasts longest (the one a zarpe relies on), or None. A guarantee of a
    later year does not count for an earlier one."""
    return (
        garantias_vigentes(fecha).filter(beneficiario_id=beneficiario_id, anio__lte=fecha.year)
        .order_by("-vigente_hasta", "-id").first()
    )


def garantia_del_anio(*, beneficiario_id: int, anio: int) -> GarantiaNave | None:
    """The year's guarantee last recorded: its minimum landing is the year's (a later record corrects it)."""
    return GarantiaNave.objects.filter(beneficiario_id=beneficiario_id, anio=anio).order_by("-id").first()


def garantia_hasta(*, beneficiario_id: int) -> dt.date | None:
    """The last day any recorded guarantee of the vessel covers (ORM path of the zarpe check, R-26)."""
    return GarantiaNave.objects.filter(beneficiario_id=beneficiario_id).aggregate(h=Max("vigente_hasta"))["h"]


def dias_del_anio(anio: int) -> int:
    return 366 if calendar.isleap(anio) else 365


def esperado(minimo: Decimal, fecha: dt.date) -> Decimal:
    """R-26, pro rata: the minimum × days elapsed in the year (the day itself included) / days in the year."""
    transcurridos = (fecha - dt.date(fecha.year, 1, 1)).days + 1
    return round2(Decimal(minimo) * transcurridos / dias_del_anio(fecha.year))


def corte(anio: int, fecha: dt.date) -> dt.date | None:
    """The day the year is looked at: `fecha` within the year, its 31 December once past, None before it starts."""
    if fecha.year < anio:
        return None
    return min(fecha, dt.date(anio, 12, 31))


@dataclass(frozen=True)
class Obligaciones:
    anio: int
    fecha: dt.date
    desembarque_minimo_kg: Decimal | None
    desembarcado_kg: Decimal
    esperado_a_la_fecha_kg: Decimal | None
    garantia: GarantiaNave | None  # the one in force on the day looked at
    desembarques: list

    @property
    def avance(self) -> Decimal | None:
        """Landed over expected to date, in percent (None without a minimum)."""
        if not self.esperado_a_la_fecha_kg:
            return None
        return round2(self.desembarcado_kg * 100 / self.esperado_a_la_fecha_kg)


def obligaciones(*, beneficiario: Beneficiario, anio: int, fecha: dt.date) -> Obligaciones:
    """R-26: what the vessel landed in `anio` up to `fecha` against its minimum and against what it should have
    landed by then pro rata, with the guarantee in force that day."""
    dia = corte(anio, fecha)
    del_anio = garantia_del_anio(beneficiario_id=beneficiario.id, anio=anio)
    minimo = del_anio.desembarque_minimo_kg if del_anio else None
    desembarques = Desembarque.objects.filter(beneficiario_id=beneficiario.id, fecha__year=anio)
    desembarques = desembarques.filter(fecha__lte=dia) if dia is not None else desembarques.none()
    lista = list(desembarques.select_related("puerto").order_by("fecha", "id"))
    desembarcado = round2(sum((d.kg for d in lista), CERO))
    return Obligaciones(
        anio=anio,
        fecha=dia or dt.date(anio, 1, 1),
        desembarque_minimo_kg=minimo,
        desembarcado_kg=desembarcado,
        esperado_a_la_fecha_kg=(esperado(minimo, dia) if dia else CERO) if minimo is not None else None,
        garantia=garantia_vigente(beneficiario_id=beneficiario.id, fecha=dia) if dia else None,
        desembarques=lista,
    )


def rezagadas(
    *, anio: int, fecha: dt.date, hasta: dt.date | None = None, ids=None, al_cierre: bool = False
):
    """R-25/R-26: the foreign vessels whose landings of `anio` dated up to `hasta` (default `fecha`) are below what
    their year's guarantee asks pro rata on `fecha` (`al_cierre`: below the whole minimum); `ids` narrows to those
    vessels. One query: each vessel's latest guarantee of the year, with the sum of its landings.
    Yields (beneficiario, minimo, esperado, desembarcado)."""
    hasta = hasta or fecha
    garantias_del_anio = GarantiaNave.objects.filter(anio=anio, beneficiario__tipo=Beneficiario.Tipo.NAVE_EXTRANJERA)
    if ids is not None:
        garantias_del_anio = garantias_del_anio.filter(beneficiario_id__in=ids)
    ultimas = (
        garantias_del_anio
        .order_by()
        .values("beneficiario_id")
        .annotate(ultima=Max("id"))
        .values("ultima")
    )
    garantias = (
        GarantiaNave.objects.filter(pk__in=ultimas)
        .select_related("beneficiario")
        .annotate(
            desembarcado=Sum(
                "beneficiario__desembarques__kg",
                filter=Q(beneficiario__desembarques__fecha__year=anio, beneficiario__desembarques__fecha__lte=hasta),
            )
        )
        .order_by("beneficiario_id")
    )
    for g in garantias.iterator(chunk_size=2000):
        meta = g.desembarque_minimo_kg if al_cierre else esperado(g.desembarque_minimo_kg, fecha)
        desembarcado = round2(g.desembarcado or CERO)
        if desembarcado < meta:
            yield g.beneficiario, g.desembarque_minimo_kg, meta, desembarcado


# --- R-27 -------------------------------------------------------------------------------------------------------


def convenios_de(*, beneficiario_id: int) -> QuerySet[ConvenioArmada]:
    """The Armada's convenios, the one that ends last first."""
    return (
        ConvenioArmada.objects.filter(beneficiario_id=beneficiario_id).select_related("distribuidor")
        .order_by("-vigente_hasta", "-id")
    )


def convenio_vigente(*, beneficiario_id: int, distribuidor_id: int, fecha: dt.date) -> ConvenioArmada | None:
    """R-27: the Armada's convenio with that wholesaler in force on `fecha` (start and end days included)."""
    return (
        ConvenioArmada.objects.filter(
            beneficiario_id=beneficiario_id, distribuidor_id=distribuidor_id, vigente_desde__lte=fecha,
            vigente_hasta__gte=fecha,
        ).order_by("-vigente_hasta", "-id").first()
    )


def tiene_convenio(*, beneficiario_id: int, distribuidor_id: int) -> bool:
    """R-18: the Armada buys from the wholesaler of its convenio, whichever it designated when registered."""
    return ConvenioArmada.objects.filter(beneficiario_id=beneficiario_id, distribuidor_id=distribuidor_id).exists()


def acuicultoras_con_permiso_vencido(ids, fecha: dt.date) -> dict[int, str]:
    """R-27: of these beneficiaries (ids or a queryset of ids), the acuicultoras whose recorded cultivation permit
    ended before `fecha`: {id: name}."""
    return dict(
        Beneficiario.objects.filter(
            pk__in=ids, tipo=Beneficiario.Tipo.ACUICULTORA, permiso_cultivo_vigente_hasta__lt=fecha
        ).values_list("id", "nombre")
    )
