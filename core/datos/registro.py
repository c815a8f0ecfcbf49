"""What each app publishes as open data, registered in its AppConfig.ready().

A dataset (`Conjunto`) names its key columns (`dimensiones`, e.g. month, capitanía, beneficiary kind);
each contribution (`Aporte`) adds measure columns and computes, for a month, rows carrying the keys and
its measures. Several apps may contribute to one dataset (zarpes the gallons certified, distribuidores
the gallons sold): publishing joins their rows on the keys. A contribution's `supresiones` say which
of its cells count beneficiaries: a cell counting 1 to 4 is emptied with its measures and flagged.
"""

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field

# Table Schema types (https://specs.frictionlessdata.io/table-schema/#types-and-formats) used here.
TIPOS = {"string", "integer", "number", "boolean", "date", "year", "yearmonth"}


@dataclass(frozen=True)
class Campo:
    """A column: its name (the CSV header), its Table Schema type, and what it means, in Spanish."""

    nombre: str
    tipo: str
    titulo: str
    descripcion: str
    # A column of codes: every (code, Spanish label) it may hold (the schema's enum; the page lists them).
    valores: tuple[tuple[str, str], ...] = ()

    def __post_init__(self):
        if self.tipo not in TIPOS:
            raise ValueError(f"Tipo de columna desconocido: {self.tipo!r}")


@dataclass(frozen=True)
class Supresion:
    """`conteo`: the column counting distinct beneficiaries; when it is 1 to 4 it is emptied, and so are
    `campos`, and `marca` (a boolean column) is true."""

    conteo: str
    campos: tuple[str, ...]
    marca: str


@dataclass(frozen=True)
class Aporte:
    """A contribution's columns and `calcular(periodo)` → rows (dicts with the dataset's keys, except
    `periodo`, and these columns) for the month starting on `periodo`."""

    nombre: str
    campos: tuple[Campo, ...]
    calcular: Callable[[dt.date], list[dict]]
    supresiones: tuple[Supresion, ...] = ()
    orden: int = 0


@dataclass(frozen=True)
class Conjunto:
    """A dataset. `slug` is its path under /datos/; `publicador` the agency that answers for it
    ("UPME" or "Dimar"); `dimensiones` its key columns after `periodo` (added by core)."""

    slug: str
    titulo: str
    descripcion: str
    publicador: str
    dimensiones: tuple[Campo, ...]
    palabras_clave: tuple[str, ...] = ()
    cobertura_espacial: str = "Colombia"
    # What the monthly file covers, for the page and the metadata (e.g. "el año hasta el fin del mes").
    alcance_del_mes: str = "el mes"
    orden: int = 500
    tema: str = "Minas y Energía"
    aportes: list[Aporte] = field(default_factory=list, compare=False)


PUBLICADORES = {
    "UPME": ("Unidad de Planeación Minero Energética (UPME)", "https://www.upme.gov.co/"),
    "Dimar": ("Dirección General Marítima (Dimar)", "https://www.dimar.mil.co/"),
}

_conjuntos: dict[str, Conjunto] = {}
_aportes: dict[str, dict[str, Aporte]] = {}


def registrar_conjunto(conjunto: Conjunto) -> None:
    if conjunto.publicador not in PUBLICADORES:
        raise ValueError(f"Publicador desconocido: {conjunto.publicador!r}")
    _conjuntos[conjunto.slug] = conjunto


def registrar_aporte(slug: str, aporte: Aporte) -> None:
    """A contribution to the dataset `slug` (registered by this app or another, in any order)."""
    _aportes.setdefault(slug, {})[aporte.nombre] = aporte


def conjuntos() -> list[Conjunto]:
    """Every dataset that has at least one contribution, in page order."""
    return sorted((c for c in _conjuntos.values() if _aportes.get(c.slug)), key=lambda c: (c.orden, c.slug))


def conjunto(slug: str) -> Conjunto | None:
    c = _conjuntos.get(slug)
    return c if c is not None and _aportes.get(slug) else None


def aportes(slug: str) -> list[Aporte]:
    return sorted(_aportes.get(slug, {}).values(), key=lambda a: (a.orden, a.nombre))
