"""Reads of zarpes and of the vessels an officer clears."""

import datetime as dt

from django.db.models import QuerySet

from core.selectors import filtrar
from cupos.models import BajaDimar, Beneficiario
from cupos.selectors import beneficiarios as cupo_selectors
from zarpes.models import Zarpe


def zarpe_list(*, capitania: str = "", fecha: dt.date | None = None, estado: str = "", nave_id: int | None = None,
               desde: dt.date | None = None, hasta: dt.date | None = None, matricula: str = "",
               con_inspeccion: bool = False) -> QuerySet[Zarpe]:
    qs = Zarpe.objects.select_related("nave", "capitania", "certificado")
    if con_inspeccion:
        qs = qs.select_related("inspeccion__inspector", "certificado__anulacion")
    qs = filtrar(
        qs, capitania__codigo=(capitania or "").upper(), fecha=fecha, fecha__gte=desde, fecha__lte=hasta,
        estado=estado, nave_id=nave_id, nave__matricula__icontains=matricula,
    )
    return qs.order_by("-fecha", "-id")


def nave_search(*, q: str, limite: int) -> tuple[list[Beneficiario], int]:
    """The first `limite` vessels matching matrícula or name, and how many match in all."""
    # Only vessels clear a port: acuicultoras and the Armada buy without a zarpe.
    encontradas = cupo_selectors.beneficiario_list(q=q).filter(tipo__in=Beneficiario.TIPOS_NAVE)
    naves = list(encontradas[: limite + 1])
    total = len(naves) if len(naves) <= limite else encontradas.count()
    return naves[:limite], total


def nave_id_por_matricula(matricula: str) -> int | None:
    nave = Beneficiario.objects.filter(matricula=matricula).only("id").first()
    return nave.id if nave else None


def nave_baja(*, nave_id: int, fecha: dt.date) -> BajaDimar | None:
    """R-24: Dimar's first baja of the vessel dated on or before `fecha` (no certificate from its date), or None."""
    return BajaDimar.objects.filter(beneficiario_id=nave_id, fecha__lte=fecha).order_by("fecha", "id").first()
