"""Reads of exoneration files: lists in scope, the file with its documents and history, checklists."""

import datetime as dt
from collections import Counter
from dataclasses import dataclass

from django.db.models import Q, QuerySet

from core.actos.models import Recurso
from reserva import access, requisitos
from reserva.models import Delegacion, Exoneracion


def exoneracion_list(*, user, estado: str = "") -> QuerySet[Exoneracion]:
    qs = access.exoneraciones_visibles(user, Exoneracion.objects.select_related("ruta"))
    if estado:
        qs = qs.filter(estado=estado)
    return qs.order_by("-fecha_radicacion", "-id")


def exoneracion_por_codigo(codigo: str) -> Exoneracion | None:
    codigo = str(codigo or "").strip().upper()[:20]
    if not codigo:
        return None
    return (
        Exoneracion.objects.select_related("ruta")
        .filter(codigo_verificacion=codigo, estado__in=(Exoneracion.Estado.CONCEDIDA, Exoneracion.Estado.NEGADA))
        .first()
    )


@dataclass
class ItemChecklist:
    requisito: requisitos.Requisito
    documentos: list

    @property
    def cumple(self) -> bool:
        return len(self.documentos) >= self.requisito.cantidad


def checklist(exoneracion: Exoneracion) -> list[ItemChecklist]:
    documentos = list(exoneracion.documentos.all())
    return [
        ItemChecklist(r, [d for d in documentos if d.tipo == r.codigo])
        for r in requisitos.tipos_documento(exoneracion.fundamento, exoneracion.mercancia)
    ]


def documentos_faltantes(exoneracion: Exoneracion) -> list[str]:
    """C-06 (art. 15): the document types its ground requires that the file does not yet carry (the
    licence counts twice: two authenticated copies)."""
    cargados = Counter(exoneracion.documentos.values_list("tipo", flat=True))
    return requisitos.faltantes(exoneracion.fundamento, exoneracion.mercancia, cargados)


def delegacion_vigente(*, acto: str, fecha: dt.date) -> Delegacion | None:
    """Art. 16: the recorded delegation to the Secretary General named `acto`, in force on `fecha`."""
    return (
        Delegacion.objects.filter(
            acto__iexact=str(acto or "").strip()[:120],
            cargo_delegado=Delegacion.Cargo.SECRETARIO_GENERAL,
            vigente_desde__lte=fecha,
        )
        .filter(Q(vigente_hasta__isnull=True) | Q(vigente_hasta__gte=fecha))
        .first()
    )


def delegacion_list() -> QuerySet[Delegacion]:
    return Delegacion.objects.order_by("-vigente_desde", "-id")


def exoneraciones_en_efecto(ids, fecha: dt.date) -> set[int]:
    """C-04 with P-04: of these exonerations, the grants in effect for the petitioner on `fecha` (firm by then and
    no recurso pending; or decided before the procedure)."""
    concedidas = Exoneracion.objects.filter(pk__in=set(ids), estado=Exoneracion.Estado.CONCEDIDA)
    sin_acto = set(concedidas.filter(acto__isnull=True).values_list("pk", flat=True))
    previas = set(concedidas.filter(acto__previo=True).values_list("pk", flat=True))
    firmes = set(
        concedidas.filter(acto__interesados__en_firme_desde__lte=fecha)
        .exclude(acto__interesados__recursos__estado=Recurso.Estado.EN_TRAMITE)
        .values_list("pk", flat=True)
    )
    return sin_acto | previas | firmes
