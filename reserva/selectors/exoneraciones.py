"""Reads of exoneration files: lists in scope, the file with its documents and history, checklists."""

import datetime as dt
from collections import Counter
from dataclasses import dataclass

from django.db.models import Q, QuerySet

from core.actos.models import Recurso
from core.comun.fechas import fecha_larga
from reserva import access, requisitos
from reserva.models import Delegacion, Exoneracion
from reserva.selectors.registros import mismo_puerto


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


def desajustes_con_concesion(conocimiento, exoneracion: Exoneracion, *, mismo=mismo_puerto) -> list[str]:
    """C-04 (art. 20): why a bill of lading does not match the grant it names, in Spanish (empty when it
    matches): another user, commodity or class, a port of loading or discharge other than the grant's,
    or loaded (its arrival or sailing date) after the grant's deadline. Only a matching bill leaves the
    yearly base as exonerated. `mismo` compares two port names (a caller may pass a cached one)."""
    motivos = []
    if conocimiento.usuario_nit != exoneracion.usuario_nit:
        motivos.append(
            f"el conocimiento es de {conocimiento.usuario_nit} y la exoneración de {exoneracion.usuario_nit}"
        )
    if conocimiento.mercancia != exoneracion.mercancia:
        motivos.append(
            f"la mercancía ({conocimiento.get_mercancia_display().lower()}) no es la exonerada "
            f"({exoneracion.get_mercancia_display().lower()})"
        )
    if conocimiento.clase != exoneracion.clase:
        motivos.append(
            f"la clase ({conocimiento.get_clase_display().lower()}) no es la exonerada "
            f"({exoneracion.get_clase_display().lower()})"
        )
    if not mismo(conocimiento.puerto_cargue, exoneracion.puerto_origen):
        motivos.append(
            f"puerto de cargue «{conocimiento.puerto_cargue}» distinto del autorizado ({exoneracion.puerto_origen})"
        )
    if not mismo(conocimiento.puerto_descargue, exoneracion.puerto_destino):
        motivos.append(
            f"puerto de descargue «{conocimiento.puerto_descargue}» distinto del autorizado "
            f"({exoneracion.puerto_destino})"
        )
    fecha = conocimiento.arribo.fecha_arribo
    if exoneracion.embarcar_antes_de is not None and fecha > exoneracion.embarcar_antes_de:
        motivos.append(
            f"embarcada el {fecha_larga(fecha)}, después de la fecha límite "
            f"{fecha_larga(exoneracion.embarcar_antes_de)}"
        )
    return motivos
