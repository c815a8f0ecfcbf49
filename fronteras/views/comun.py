"""What every page of border zones shares: access errors as 403/404 pages, paging, form errors,
Spanish number wording, periods and the section's own navigation."""

import datetime as dt
from decimal import Decimal

from django.urls import reverse
from django.utils import formats, translation

from core.fechas import MESES
from core.roles import Rol
from core.views.comun import errores_al_formulario, pagina_protegida, paginar, parcial_htmx, puede  # noqa: F401
from fronteras import access

POR_PAGINA = 25

# Who reads the registry pages: fronteras.access.LECTORES, the same roles the API lets read them.
LECTORES = access.LECTORES
LECTORES_REGISTRO = access.LECTORES_REGISTRO
CERTIFICADORES_TRANSPORTE = (Rol.MINMINAS, Rol.UPME_ANALISTA)  # services.certificado_transporte_register
PRIORIZADORES = (*access.ANALISTAS, Rol.MINMINAS)  # services.prioridad_set


def galones_texto(valor) -> str:
    """48.600,00 (es-CO), whatever language the request negotiated."""
    with translation.override("es-co"):
        return formats.number_format(Decimal(valor), 2, use_l10n=True, force_grouping=True)


def mes_largo(fecha: dt.date) -> str:
    """abril de 2026."""
    return f"{MESES[fecha.month - 1]} de {fecha.year}"


def periodo_de(valor: str | None) -> dt.date | None:
    """YYYY-MM → the first day of that month; None when it is not a valid period."""
    try:
        anio, mes = str(valor or "").strip().split("-")
        fecha = dt.date(int(anio), int(mes), 1)
    except (TypeError, ValueError):
        return None
    return fecha if 2000 <= fecha.year <= 2100 else None


def meses_entre(desde: dt.date, hasta: dt.date) -> list[dt.date]:
    """First days of every month from `desde` to `hasta`, newest first."""
    meses, actual = [], hasta.replace(day=1)
    while actual >= desde.replace(day=1):
        meses.append(actual)
        actual = (actual - dt.timedelta(days=1)).replace(day=1)
    return meses


SECCIONES = [
    ("Municipios", "fronteras-municipios", LECTORES_REGISTRO),
    ("Estaciones", "fronteras-estaciones", LECTORES_REGISTRO),
    ("Asignaciones", "fronteras-asignaciones", LECTORES_REGISTRO),
    ("Despachos", "fronteras-despachos", LECTORES),
    ("Consumo mensual", "fronteras-consumo", LECTORES),
    ("Cargar compras", "fronteras-compras-cargar", access.REGISTRO_COMPRAS),
    ("Transparencia", "fronteras-transparencia", ()),
]


def secciones(request, actual: str) -> list[dict]:
    """The section's own navigation (a nav landmark on each page), by role."""
    return [
        {"etiqueta": etiqueta, "url": reverse(nombre), "actual": nombre == actual}
        for etiqueta, nombre, roles in SECCIONES
        if not roles or puede(request.user, roles)
    ]
