"""Reads of the year's resolutions (R-05) and the cupos granted in each."""

import datetime as dt
import hashlib
import json

from django.db.models import Count, IntegerField, Max, Min, OuterRef, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce, Length

from core.comun.galones import CERO
from cupos.models import Cupo, DocumentoResolucion, FirmezaMasiva, LineaAsignacion, Resolucion


def resolucion_extemporanea(resolucion: Resolucion) -> bool:
    """R-05: the annual resolution is due by 28 February of its year (the 28th also in leap years). The deadline
    binds only the annual act: a modifying or additional resolution issued later in the year is not late
    (issue 45: the dashboard marked them so)."""
    if resolucion.tipo != Resolucion.Tipo.ANUAL or resolucion.fecha_expedicion is None:
        return False
    return resolucion.fecha_expedicion > dt.date(resolucion.anio, 2, 28)


def resolucion_get(*, resolucion_id: int) -> Resolucion | None:
    return Resolucion.objects.filter(pk=resolucion_id).first()


def _contar(modelo, campo="resolucion"):
    filas = modelo.objects.filter(**{campo: OuterRef("pk")}).values(campo).annotate(n=Count("id")).values("n")
    return Coalesce(Subquery(filas, output_field=IntegerField()), Value(0))


def resolucion_list(*, anio: int | None = None) -> QuerySet[Resolucion]:
    """Every resolution (of a year), with `n_lineas` and `n_cupos` (one query, no N+1)."""
    qs = Resolucion.objects.annotate(n_lineas=_contar(LineaAsignacion), n_cupos=_contar(Cupo))
    if anio is not None:
        qs = qs.filter(anio=anio)
    return qs.order_by("-anio", "-fecha_expedicion", "-id")


def resolucion_list_con_totales() -> QuerySet[Resolucion]:
    """Every resolution with its number of cupos, of still-issued ones, and of gallons granted."""
    return Resolucion.objects.annotate(
        n_cupos=Count("cupos"),
        n_expedidos=Count("cupos", filter=Q(cupos__estado=Cupo.Estado.EXPEDIDO)),
        galones=Sum("cupos__galones_anuales"),
    ).order_by("-anio", "-fecha_expedicion", "-id")


def resolucion_cupos(*, resolucion: Resolucion, q: str = "") -> QuerySet[Cupo]:
    """The resolution's cupos by beneficiary name; `q` searches name, matrícula or identification."""
    qs = resolucion.cupos.select_related("beneficiario")
    q = (q or "").strip()
    if q:
        qs = qs.filter(
            Q(beneficiario__nombre__icontains=q)
            | Q(beneficiario__matricula__icontains=q)
            | Q(beneficiario__identificacion__icontains=q)
        )
    return qs.order_by("beneficiario__nombre", "id")


def resolucion_resumen(*, resolucion: Resolucion) -> dict:
    """Cupos per state and the totals of the whole resolution, in one grouped query."""
    filas = (
        resolucion.cupos.values("estado")
        .annotate(n=Count("id"), anual=Sum("galones_anuales"), mensual=Sum("cuota_mensual"))
        .order_by()
    )
    por_estado = {valor: 0 for valor in Cupo.Estado.values}
    total_anual = total_mensual = CERO
    for fila in filas:
        por_estado[fila["estado"]] = fila["n"]
        total_anual += fila["anual"] or CERO
        total_mensual += fila["mensual"] or CERO
    return {
        "por_estado": por_estado,
        "total": sum(por_estado.values()),
        "total_anual": total_anual,
        "total_mensual": total_mensual,
    }


def resolucion_expedidos_count(*, resolucion: Resolucion) -> int:
    """How many cupos of the resolution still wait for their firmeza (R-06)."""
    return resolucion.cupos.filter(estado=Cupo.Estado.EXPEDIDO).count()


def debidos(cupos, fecha):
    """R-06 / P-04: of these cupos, those the procedure lets be firm on `fecha`: the beneficiary's term ran, it
    waived its recursos, or their decision was notified (`en_firme_desde` on or before `fecha`, and no recurso
    pending, which clears that date). A cupo decided before the procedure existed is not held back."""
    return cupos.filter(
        Q(interesado__isnull=True) | Q(interesado__acto__previo=True) | Q(interesado__en_firme_desde__lte=fecha)
    )


def resolucion_debidos_count(*, resolucion: Resolucion, fecha) -> int:
    """How many of the resolution's issued cupos may be firm on `fecha` (the rest wait for their term)."""
    return debidos(resolucion.cupos.filter(estado=Cupo.Estado.EXPEDIDO), fecha).count()


# The resolution's bookkeeping (who created it, the issuing job's progress and heartbeat): the PDF
# does not show them, so they never make a stored document out of date.
SIN_EFECTO_EN_EL_DOCUMENTO = frozenset(
    {"id", "creada", "creada_por_id", "progreso", "error_expedicion", "expedida_en", "expedida_por_id",
     "latido", "intentos", "acto_id"}
)


def resolucion_huella(resolucion: Resolucion) -> str:
    """What the resolution's document depends on, as one hash: the act's own fields and, in one
    aggregate query, its cupos (how many, which, their lines, states, firmeza and cancellation dates,
    and the length of the names shown). A cupo granted or cancelled, a firmeza, a line changed or a
    beneficiary renamed gives another one, so a stored document built before it is out of date."""
    estados = {
        f"n_{valor}": Count("id", filter=Q(estado=valor)) for valor in Cupo.Estado.values
    }
    datos = Cupo.objects.filter(resolucion=resolucion).aggregate(
        n=Count("id"), suma_id=Sum("id"), max_id=Max("id"), suma_benef=Sum("beneficiario_id"),
        galones=Sum("galones_anuales"), cuota=Sum("cuota_mensual"),
        firmeza_min=Min("fecha_firmeza"), firmeza_max=Max("fecha_firmeza"), con_firmeza=Count("fecha_firmeza"),
        cancelacion_max=Max("fecha_cancelacion"), con_cancelacion=Count("fecha_cancelacion"),
        letras=Sum(Length("beneficiario__nombre") + Length("beneficiario__matricula")
                   + Length("beneficiario__identificacion")),
        **estados,
    )
    propios = {
        campo.attname: getattr(resolucion, campo.attname)
        for campo in Resolucion._meta.concrete_fields
        if campo.attname not in SIN_EFECTO_EN_EL_DOCUMENTO
    }
    texto = json.dumps([propios, datos], sort_keys=True, default=str)
    return hashlib.sha256(texto.encode()).hexdigest()


def documento_ultimo(*, resolucion: Resolucion) -> DocumentoResolucion | None:
    """The latest stored PDF of the resolution (maybe out of date)."""
    return resolucion.documentos.filter(estado=DocumentoResolucion.Estado.LISTO).order_by("-terminado", "-id").first()


def documento_en_curso(*, resolucion: Resolucion) -> DocumentoResolucion | None:
    return resolucion.documentos.filter(estado__in=DOCUMENTO_EN_CURSO).order_by("-id").first()


def firmeza_masiva_ultima(*, resolucion: Resolucion) -> FirmezaMasiva | None:
    return resolucion.firmezas_masivas.order_by("-id").first()


DOCUMENTO_EN_CURSO = (DocumentoResolucion.Estado.EN_ESPERA, DocumentoResolucion.Estado.GENERANDO)
FIRMEZA_EN_CURSO = (FirmezaMasiva.Estado.EN_ESPERA, FirmezaMasiva.Estado.EN_CURSO)
