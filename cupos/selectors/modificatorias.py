"""Reads of a modifying resolution's workspace: the beneficiaries the analyst picks (by matrícula, name or
identification, or from Dimar's pending altas, R-24), each with the cupo in force and what it has consumed
in the year, and the lines already written (new cupo, change of gallons, revocation).
"""

import datetime as dt
from decimal import Decimal

from django.db.models import Case, Count, DecimalField, F, OuterRef, Q, QuerySet, Subquery, Sum, When
from django.db.models.functions import Coalesce

from core.comun.galones import round2
from cupos.models import AltaDimar, Beneficiario, Cupo, LineaAsignacion, Movimiento, Resolucion

GALONES = DecimalField(max_digits=14, decimal_places=2)
CERO = Decimal("0.00")


def cupo_en_curso(*, beneficiario_id: int, anio: int, hoy: dt.date) -> Cupo | None:
    """The cupo a modification concerns: the one in force today (R-06, R-09), else the newest cupo of the
    year not cancelled (issued or firm, still waiting to start)."""
    return cupos_en_curso(beneficiario_ids=[beneficiario_id], anio=anio, hoy=hoy).get(beneficiario_id)


def cupos_en_curso(*, beneficiario_ids, anio: int, hoy: dt.date) -> dict[int, Cupo]:
    """`cupo_en_curso` of many beneficiaries in two queries, whatever their number (a modifying resolution
    of the whole fleet writes 10,000 lines at once): beneficiary id → cupo, for those that have one."""
    ids = set(beneficiario_ids)
    en_curso: dict[int, Cupo] = {}
    vigentes = (
        Cupo.objects.vigentes_en(hoy)
        .filter(beneficiario_id__in=ids)
        .select_related("resolucion")
        .order_by("beneficiario_id", "-fecha_inicio")
    )
    for cupo in vigentes:
        en_curso.setdefault(cupo.beneficiario_id, cupo)
    if faltan := ids - en_curso.keys():
        del_anio = (
            Cupo.objects.filter(beneficiario_id__in=faltan, resolucion__anio=anio)
            .exclude(estado=Cupo.Estado.CANCELADO)
            .select_related("resolucion")
            .order_by("beneficiario_id", "-id")
        )
        for cupo in del_anio:
            en_curso.setdefault(cupo.beneficiario_id, cupo)
    return en_curso


def consumido_en_el_anio(*, beneficiario_id: int, anio: int) -> Decimal:
    """R-11's consumption (discounts − refunds) of every cupo of the beneficiary dated in the year."""
    suma = Movimiento.objects.filter(
        cupo__beneficiario_id=beneficiario_id,
        fecha__gte=dt.date(anio, 1, 1),
        fecha__lte=dt.date(anio, 12, 31),
        tipo__in=Movimiento.CONSUMO,
    ).aggregate(t=Sum(Case(When(tipo=Movimiento.Tipo.DESCUENTO, then=F("galones")), default=-F("galones"))))["t"]
    return round2(suma or CERO)


def _con_cupo_y_consumo(qs: QuerySet, *, anio: int, hoy: dt.date, ref: str = "pk") -> QuerySet:
    """Annotate each beneficiary row (or row pointing to one through `ref`) with its cupo in course:
    cupo_id, cupo_galones, cupo_estado, cupo_resolucion; and consumido (in the year). One query."""
    vigente = Q(estado__in=[Cupo.Estado.EN_FIRME, Cupo.Estado.CANCELADO], fecha_inicio__lte=hoy) & (
        Q(fecha_fin__isnull=True) | Q(fecha_fin__gte=hoy)
    )
    del_anio = Q(resolucion__anio=anio) & ~Q(estado=Cupo.Estado.CANCELADO)
    cupo = (
        Cupo.objects.filter(beneficiario=OuterRef(ref))
        .filter(vigente | del_anio)
        .annotate(_vigente=Case(When(vigente, then=1), default=0))
        .order_by("-_vigente", "-id")
    )
    consumo = (
        Movimiento.objects.filter(
            cupo__beneficiario=OuterRef(ref),
            fecha__gte=dt.date(anio, 1, 1),
            fecha__lte=dt.date(anio, 12, 31),
            tipo__in=Movimiento.CONSUMO,
        )
        .order_by()
        .values("cupo__beneficiario")
        .annotate(t=Sum(Case(When(tipo=Movimiento.Tipo.DESCUENTO, then=F("galones")), default=-F("galones"))))
        .values("t")[:1]
    )
    return qs.annotate(
        cupo_id=Subquery(cupo.values("id")[:1]),
        cupo_galones=Subquery(cupo.values("galones_anuales")[:1], output_field=GALONES),
        cupo_estado=Subquery(cupo.values("estado")[:1]),
        cupo_resolucion=Subquery(cupo.values("resolucion__numero")[:1]),
        consumido=Coalesce(Subquery(consumo, output_field=GALONES), CERO, output_field=GALONES),
    )


def beneficiarios_buscar(*, resolucion: Resolucion, q: str, hoy: dt.date) -> QuerySet[Beneficiario]:
    """Active beneficiaries whose matrícula, name or identification contains `q` (empty: none), with their
    cupo in course, consumption of the year and whether the resolution already has a line for them."""
    q = (q or "").strip()
    if not q:
        return Beneficiario.objects.none()
    qs = Beneficiario.objects.filter(
        Q(matricula__icontains=q) | Q(nombre__icontains=q) | Q(identificacion__icontains=q)
    ).order_by("nombre", "id")
    linea = LineaAsignacion.objects.filter(resolucion=resolucion, beneficiario=OuterRef("pk")).order_by()
    return _con_cupo_y_consumo(qs, anio=resolucion.anio, hoy=hoy).annotate(
        linea_accion=Subquery(linea.values("accion")[:1])
    )


def altas_por_decidir(*, resolucion: Resolucion, hoy: dt.date) -> QuerySet[AltaDimar]:
    """R-24: vessels Dimar reported as altas still without UPME's decision, oldest month first."""
    linea = LineaAsignacion.objects.filter(resolucion=resolucion, beneficiario=OuterRef("beneficiario")).order_by()
    return (
        AltaDimar.objects.filter(decision=AltaDimar.Decision.PENDIENTE)
        .select_related("beneficiario", "novedad")
        .annotate(linea_accion=Subquery(linea.values("accion")[:1]))
        .order_by("novedad__periodo", "beneficiario__nombre", "id")
    )


def lineas(resolucion: Resolucion, *, hoy: dt.date) -> QuerySet[LineaAsignacion]:
    """The lines of a modifying resolution, by beneficiary name, each with the cupo it changes (or the one
    in course) and the beneficiary's consumption of the year."""
    qs = LineaAsignacion.objects.filter(resolucion=resolucion).select_related(
        "beneficiario", "cupo_modificado__resolucion"
    )
    return _con_cupo_y_consumo(qs, anio=resolucion.anio, hoy=hoy, ref="beneficiario").order_by(
        "beneficiario__nombre", "id"
    )


def resumen(resolucion: Resolucion) -> dict:
    """How many lines of each kind, and the gallons of the cupos it will issue."""
    filas = LineaAsignacion.objects.filter(resolucion=resolucion)
    por_accion = dict(filas.order_by().values("accion").annotate(n=Count("id")).values_list("accion", "n"))
    galones = filas.exclude(accion=LineaAsignacion.Accion.REVOCACION).aggregate(g=Sum("galones_anuales"))["g"]
    return {
        "lineas": sum(por_accion.values()),
        "altas": por_accion.get(LineaAsignacion.Accion.ALTA, 0) + por_accion.get(LineaAsignacion.Accion.ASIGNACION, 0),
        "cambios": por_accion.get(LineaAsignacion.Accion.CAMBIO, 0),
        "revocaciones": por_accion.get(LineaAsignacion.Accion.REVOCACION, 0),
        "galones": galones or CERO,
    }


def firmes_desde_hoy(resolucion: Resolucion, *, hoy: dt.date) -> list[dict]:
    """Issue 45: the lines granting gallons (altas and changes) whose beneficiary holds a cupo that is firm
    and rules from `hoy` or later (typically made firm this morning by the daily job): the new cupo cannot
    become firm starting on or before that day (R-09, `_posteriores_en_firme` in cupos.services.firmezas),
    so the issuing's confirmation names each one and the first day its firmeza can be declared. One query.
    [{beneficiario, desde (the firm cupo's start), firmeza_desde}] by name."""
    filas = (
        LineaAsignacion.objects.filter(resolucion=resolucion)
        .exclude(accion=LineaAsignacion.Accion.REVOCACION)
        .annotate(
            firme_desde=Subquery(
                Cupo.objects.filter(
                    beneficiario_id=OuterRef("beneficiario_id"), estado=Cupo.Estado.EN_FIRME, fecha_inicio__gte=hoy
                )
                .order_by("-fecha_inicio")
                .values("fecha_inicio")[:1]
            )
        )
        .filter(firme_desde__isnull=False)
        .values("beneficiario__nombre", "firme_desde", "fecha_desde")
        .order_by("beneficiario__nombre")
    )
    return [
        {
            "beneficiario": f["beneficiario__nombre"],
            "desde": f["firme_desde"],
            "firmeza_desde": f["firme_desde"] + dt.timedelta(days=1),
        }
        for f in filas
        # A change that rules from a later day than the firm cupo's start succeeds it without conflict.
        if f["fecha_desde"] is None or f["fecha_desde"] <= f["firme_desde"]
    ]
