"""Reads of exoneration files: lists in scope, the file with its documents and history, checklists."""

from dataclasses import dataclass

from django.db.models import QuerySet

from reserva import access, requisitos
from reserva.models import Exoneracion


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
        .filter(codigo_verificacion=codigo, estado=Exoneracion.Estado.CONCEDIDA)
        .first()
    )


@dataclass
class ItemChecklist:
    requisito: requisitos.Requisito
    documentos: list

    @property
    def cumple(self) -> bool:
        return bool(self.documentos)


def checklist(exoneracion: Exoneracion) -> list[ItemChecklist]:
    documentos = list(exoneracion.documentos.all())
    return [
        ItemChecklist(r, [d for d in documentos if d.tipo == r.codigo])
        for r in requisitos.tipos_documento(exoneracion.fundamento, exoneracion.clase)
    ]
