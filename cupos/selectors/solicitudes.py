"""Reads of applications (R-03, R-04): the list in the user's scope and each one's document checklist."""

from dataclasses import dataclass

from django.db.models import QuerySet

from core.comun.fechas import fecha_larga
from core.identidad.access import require_role
from core.selectors import filtrar
from cupos import requisitos
from cupos.access import ANALISTAS_Y_BENEFICIARIOS, es_beneficiario
from cupos.models import Beneficiario, DocumentoSolicitud, Solicitud
from cupos.requisitos import MARCA_NO_ATUNERA, Requisito


def solicitud_list(
    *, user, anio: int | None = None, estado: str = "", tipo: str = "", extemporanea: bool | None = None
) -> QuerySet[Solicitud]:
    require_role(user, *ANALISTAS_Y_BENEFICIARIOS)
    qs = Solicitud.objects.select_related("beneficiario")
    if es_beneficiario(user):
        qs = qs.filter(beneficiario_id=user.beneficiario_id)
    qs = filtrar(qs, anio=anio, estado=estado, beneficiario__tipo=tipo)
    if extemporanea is not None:
        qs = qs.filter(extemporanea=extemporanea)
    return qs.order_by("-anio", "-fecha_radicacion", "-id")


def solicitud_es_atunera(solicitud: Solicitud) -> bool:
    """A foreign vessel is treated as a tuna vessel (CIAT required) unless declared otherwise."""
    if solicitud.beneficiario.tipo != Beneficiario.Tipo.NAVE_EXTRANJERA:
        return False
    return not any(d.requisito == MARCA_NO_ATUNERA for d in solicitud.documentos.all())


@dataclass(frozen=True)
class ItemChecklist:
    requisito: Requisito
    documento: DocumentoSolicitud | None
    motivo: str  # why it does not count yet; empty when it does

    @property
    def cumple(self) -> bool:
        return not self.motivo


def solicitud_checklist(solicitud: Solicitud) -> list[ItemChecklist]:
    """R-03: each required document of this application, with whether it counts and why not."""
    documentos = {d.requisito: d for d in solicitud.documentos.all()}
    items = []
    for req in requisitos.requisitos_para(solicitud.beneficiario.tipo, atunera=solicitud_es_atunera(solicitud)):
        documento = documentos.get(req.codigo)
        items.append(ItemChecklist(req, documento, _motivo_faltante(req, documento, solicitud)))
    return items


def solicitud_faltantes(solicitud: Solicitud) -> list[Requisito]:
    """R-03: the required documents still missing (a stale Cámara de Comercio counts as missing)."""
    return [item.requisito for item in solicitud_checklist(solicitud) if not item.cumple]


def _motivo_faltante(req: Requisito, documento: DocumentoSolicitud | None, solicitud: Solicitud) -> str:
    if documento is None or not (documento.archivo or documento.referencia):
        return "No se ha cargado."
    if req.vigencia_meses is None:
        return ""
    if documento.fecha_expedicion is None:
        return "Falta la fecha de expedición del documento."
    # R-03 (decision): issued at most `vigencia_meses` before the radicación.
    desde = requisitos.meses_antes(solicitud.fecha_radicacion, req.vigencia_meses)
    if documento.fecha_expedicion < desde:
        return (
            f"Expedido el {fecha_larga(documento.fecha_expedicion)}: debe tener como máximo "
            f"{_meses(req.vigencia_meses)} a la fecha de radicación ({fecha_larga(solicitud.fecha_radicacion)})."
        )
    return ""


def _meses(n: int) -> str:
    return "un mes" if n == 1 else f"{n} meses"


def solicitud_documento(*, solicitud: Solicitud, requisito: str) -> DocumentoSolicitud | None:
    """The uploaded file of one required item, if any (the application comes from solicitud_access)."""
    return next((d for d in solicitud.documentos.all() if d.requisito == requisito and d.archivo), None)
