"""Reads of the border municipalities (F-01): the searchable list, departments, the priority order."""

import unicodedata

from django.db.models import Count, Max, Q, Sum

from core.comun.errors import DatosInvalidos
from fronteras import calculo
from fronteras.models import Municipio, PrioridadContratacion, RegimenEspecial

ORDENES = {
    "": ("departamento", "nombre"),
    "poblacion_desc": ("-poblacion", "nombre"),
    "poblacion": ("poblacion", "nombre"),
    "nombre": ("nombre",),
}


def municipio_get(codigo_dane: str) -> Municipio:
    """The municipality a service is given by DANE code; an unknown code is a field error."""
    municipio = Municipio.objects.filter(codigo_dane=str(codigo_dane).strip()).first()
    if municipio is None:
        raise DatosInvalidos({"municipio": f"No existe un municipio con código DANE «{codigo_dane}»."})
    return municipio


def municipio_por_codigo(codigo_dane: str) -> Municipio | None:
    return Municipio.objects.filter(codigo_dane=codigo_dane).first()


def municipios_filtrados(filtros: dict):
    qs = Municipio.objects.annotate(
        n_estaciones=Count("estaciones", distinct=True),
        ultimo_anio=Max("asignaciones__anio_inicio"),
    )
    if filtros["q"]:
        qs = qs.filter(Q(nombre__icontains=filtros["q"]) | Q(codigo_dane__startswith=filtros["q"]))
    if filtros["departamento"]:
        qs = qs.filter(departamento=filtros["departamento"])
    if filtros["poblacion"] == "menor":
        qs = qs.filter(poblacion__lt=calculo.POBLACION_MAXIMA_EXTRA)
    elif filtros["poblacion"] == "mayor":
        qs = qs.filter(poblacion__gte=calculo.POBLACION_MAXIMA_EXTRA)
    return qs.order_by(*ORDENES.get(filtros["orden"], ORDENES[""]))


def municipio_list_api(*, departamento: str = ""):
    qs = Municipio.objects.all()
    if departamento:
        qs = qs.filter(departamento=departamento)
    return qs.order_by("departamento", "nombre")


def municipios_resumen() -> dict:
    return Municipio.objects.aggregate(n=Count("id"), poblacion=Sum("poblacion"),
                                       departamentos=Count("departamento", distinct=True))


def departamentos():
    """The departments with border municipalities, for the pages' filters."""
    return Municipio.objects.order_by("departamento").values_list("departamento", flat=True).distinct()


def municipios_opciones():
    """(código DANE, nombre, departamento) of every municipality, by department and name."""
    return Municipio.objects.order_by("departamento", "nombre").values_list("codigo_dane", "nombre", "departamento")


def municipios_para_filtro():
    return Municipio.objects.order_by("departamento", "nombre").only("codigo_dane", "nombre", "departamento")


def municipio_prioridades(municipio: Municipio) -> list[PrioridadContratacion]:
    """F-01: the municipality's contracting priority order, from 1."""
    return list(municipio.prioridades.all())


def q_municipio_sin_asignacion(anio: int):
    return ~Q(asignaciones__anio_inicio__in=[anio, anio - 1])


def clave_departamento(nombre: str) -> str:
    """"Guainía", "GUAINIA" and " guainía " are one department."""
    sin_tildes = unicodedata.normalize("NFKD", nombre).encode("ascii", "ignore").decode()
    return " ".join(sin_tildes.lower().split())


def regimenes_especiales() -> dict[str, RegimenEspecial]:
    """F-01 (art. 2 par. 3): the departments under their own decrees, by normalized name."""
    return {clave_departamento(r.departamento): r for r in RegimenEspecial.objects.all()}


def regimen_de(departamento: str, regimenes: dict | None = None) -> RegimenEspecial | None:
    """The special regime that governs distribution in a department, if any."""
    regimenes = regimenes_especiales() if regimenes is None else regimenes
    return regimenes.get(clave_departamento(departamento))
