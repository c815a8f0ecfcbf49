"""Reads of the other duties: contracts, reports, surcharges, offers, controls, in the user's scope."""

from django.db.models import QuerySet

from reserva import access
from reserva.models import (
    AvisoCapitania,
    ContratoAnual,
    InformeSemestral,
    ListaSistemasEspeciales,
    Recargo,
    RequerimientoControl,
    SolicitudOferta,
)


def contrato_list(*, user) -> QuerySet[ContratoAnual]:
    return access.por_nit_visibles(user, ContratoAnual.objects.all()).order_by("-anio", "-id")


def informe_list(*, user) -> QuerySet[InformeSemestral]:
    return access.por_nit_visibles(user, InformeSemestral.objects.all()).order_by("-anio", "-semestre", "usuario_nit")


def recargo_list(*, user) -> QuerySet[Recargo]:
    return access.recargos_visibles(user, Recargo.objects.select_related("conferencia")).order_by(
        "-fecha_presentacion", "-id"
    )


def solicitud_oferta_list(*, user) -> QuerySet[SolicitudOferta]:
    return access.por_nit_visibles(user, SolicitudOferta.objects.select_related("ruta").prefetch_related("ofertas"))


def control_list(*, user) -> QuerySet[RequerimientoControl]:
    controles = RequerimientoControl.objects.prefetch_related("resultados__capitania")
    return access.por_nit_visibles(user, controles).order_by("-anio", "-id")


def lista_sistemas_especiales_list() -> QuerySet[ListaSistemasEspeciales]:
    """C-09: the semesters' lists of special-system users (Dimar's registry; names and addresses)."""
    return ListaSistemasEspeciales.objects.prefetch_related("usuarios").order_by("-anio", "-semestre")


def referencia_oferta(solicitud: SolicitudOferta) -> str:
    """The reference of a C-10 investigation: one per request (and capitanía)."""
    return f"oferta-{solicitud.pk}"


def investigaciones_de_oferta(solicitud: SolicitudOferta) -> QuerySet[AvisoCapitania]:
    """C-10: the investigations sent to the capitanías because the national offer was equal or better
    and the cargo went on a foreign ship."""
    return AvisoCapitania.objects.filter(
        tipo=AvisoCapitania.Tipo.OFERTA_NACIONAL_DESATENDIDA, referencia=referencia_oferta(solicitud)
    ).select_related("capitania")
