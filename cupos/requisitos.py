"""R-03: the documents an application must carry, per kind of beneficiary, with their law.

Rules as data (STYLE habit 7): when a decree changes the list, this table changes, not the
services. Vessels of Colombian flag and the Armada bring no documents: their data come from
Dimar's registry and from the Armada's convenio.
"""

import datetime as dt
from dataclasses import dataclass

from core.vencimientos.calendario import last_day_of_month

D1891 = "Decreto 1891 de 2009, art. 1"

# Marker row (a DocumentoSolicitud without a file) recording that a foreign vessel is *not* a
# tuna vessel, so the CIAT registration does not apply. See `requisitos_para`.
MARCA_NO_ATUNERA = "no_aplica_ciat"


@dataclass(frozen=True)
class Requisito:
    codigo: str
    etiqueta: str
    fundamento: str
    # Only tuna vessels (naves atuneras) must bring it.
    solo_atunera: bool = False
    # The document must have been issued at most this many months before the radicación.
    vigencia_meses: int | None = None

    @property
    def pide_fecha_expedicion(self) -> bool:
        return self.vigencia_meses is not None


ACUICULTORA = (
    Requisito("permiso_cultivo", "Permiso de cultivo vigente expedido por la autoridad competente", f"{D1891}, num. 1"),
    Requisito(
        "galones_solicitados",
        "Indicación del número de galones de combustible que solicita como cupo",
        f"{D1891}, num. 2",
    ),
    Requisito(
        "certificado_consumo_mayorista",
        "Certificación del distribuidor mayorista sobre los galones consumidos el año inmediatamente anterior",
        f"{D1891}, num. 3",
    ),
    Requisito(
        "certificacion_madr",
        "Certificación del Ministerio de Agricultura y Desarrollo Rural de que el cultivo corresponde a la acuicultura",
        f"{D1891}, num. 4",
    ),
    Requisito(
        "extension_cultivo",
        "Extensión del cultivo en hectáreas o metros cuadrados de espejo de agua",
        f"{D1891}, num. 5",
    ),
    Requisito(
        "especie_produccion",
        "Especie cultivada, producción del año anterior (kilos o toneladas) y su proyección",
        f"{D1891}, num. 6",
    ),
    Requisito("inventario_motores", "Inventario de los motores que usarán el combustible y su uso", f"{D1891}, num. 7"),
    Requisito(
        "facilidades_almacenamiento",
        "Descripción de las facilidades de almacenamiento de combustible en las instalaciones acuícolas",
        f"{D1891}, num. 8",
    ),
    Requisito(
        "transporte_combustible",
        "Medio de transporte del combustible a las fincas acuícolas y quién es responsable de él",
        f"{D1891}, num. 9",
    ),
    Requisito(
        "distribuidor_proveedor",
        "Razón social del distribuidor mayorista que proveerá los combustibles",
        f"{D1891}, num. 10",
    ),
    Requisito("proyeccion_consumo", "Proyecto de incrementos de consumo durante el año", f"{D1891}, num. 11"),
)

_EXTRANJERA = f"{D1891}, naves de bandera extranjera"
NAVE_EXTRANJERA = (
    # DOMAIN.md R-03 (decision): "con no menos de un (1) mes de expedición" read as at most one
    # month old on the radicación date.
    Requisito(
        "camara_comercio",
        "Certificado de existencia y representación legal de la empresa expedido por la Cámara de Comercio",
        f"{_EXTRANJERA}, num. 1",
        vigencia_meses=1,
    ),
    Requisito(
        "registro_ciat",
        "Constancia del registro de la nave ante la CIAT (solo naves atuneras)",
        f"{_EXTRANJERA}, num. 2",
        solo_atunera=True,
    ),
    Requisito(
        "constancia_ica",
        "Constancia del ICA con los volúmenes mínimos de producto pesquero a desembarcar",
        f"{_EXTRANJERA}, num. 3",
    ),
    Requisito(
        "garantia_bancaria",
        "Garantía bancaria del 10 % del valor del producto pesquero que descargará",
        f"{_EXTRANJERA}, num. 4",
    ),
)

POR_TIPO: dict[str, tuple[Requisito, ...]] = {
    "acuicultora": ACUICULTORA,
    "nave_extranjera": NAVE_EXTRANJERA,
    "nave_nacional": (),  # data from Dimar
    "armada": (),  # data from the convenio
}


def requisitos_del_tipo(tipo: str) -> tuple[Requisito, ...]:
    """Every document a kind of beneficiary may upload, whether or not it applies to this case."""
    return POR_TIPO.get(tipo, ())


def requisitos_para(tipo: str, *, atunera: bool) -> tuple[Requisito, ...]:
    """The documents an application of this kind must carry. CIAT only for tuna vessels."""
    return tuple(r for r in requisitos_del_tipo(tipo) if atunera or not r.solo_atunera)


def requisito(tipo: str, codigo: str) -> Requisito | None:
    return next((r for r in requisitos_del_tipo(tipo) if r.codigo == codigo), None)


def meses_antes(fecha: dt.date, meses: int) -> dt.date:
    """The same day `meses` calendar months earlier, clamped to the month's end (31 Mar → 28 Feb)."""
    total = fecha.year * 12 + fecha.month - 1 - meses
    anio, mes = divmod(total, 12)
    mes += 1
    return dt.date(anio, mes, min(fecha.day, last_day_of_month(anio, mes).day))
