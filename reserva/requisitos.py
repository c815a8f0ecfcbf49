"""C-06 (art. 15; art. 2 par. 2): the documents an exoneration file carries, by ground, as data."""

from dataclasses import dataclass

from reserva.models import MERCANCIAS_CAFE, Clase

ART15 = "Decreto de reserva de carga de 1990, art. 15"


@dataclass(frozen=True)
class Requisito:
    codigo: str
    etiqueta: str
    fundamento: str
    cantidad: int = 1  # how many copies the file must carry


# Art. 15 inc. 1: "acompañada de dos (2) fotocopias autenticadas de la respectiva licencia, registro o permiso".
LICENCIA = Requisito(
    "licencia",
    "Fotocopia autenticada de la licencia, registro o permiso previo (se exigen dos copias)",
    f"{ART15}, inc. 1",
    cantidad=2,
)
POR_FUNDAMENTO = {
    "a": (
        Requisito(
            "respuestas_armadores",
            "Respuestas escritas de los armadores nacionales de la ruta, con el lapso en que no pueden movilizar "
            "la carga (o copias de los requerimientos no respondidos)",
            f"{ART15}, num. 1",
        ),
    ),
    "b": (
        Requisito(
            "uso_fuerzas_armadas",
            "Prueba de que la carga es para uso exclusivo de las Fuerzas Armadas, sin fines de comercialización",
            f"{ART15}, num. 2",
        ),
    ),
    "c": (
        Requisito(
            "cotizaciones_nacionales",
            "Cotizaciones vigentes de los armadores colombianos de la ruta",
            f"{ART15}, num. 3",
        ),
        Requisito(
            "cotizaciones_extranjeras",
            "Cotizaciones de los armadores extranjeros con quienes se transportaría",
            f"{ART15}, num. 3",
        ),
        Requisito(
            "razones", "Razones por las que los fletes nacionales afectan la economía nacional", f"{ART15}, num. 3"
        ),
    ),
    "d": (
        Requisito(
            "condiciones_comprador",
            "Condiciones de negociación del comprador que exigen la exoneración",
            "Decreto de reserva de carga de 1990, art. 2 par. 2",
        ),
    ),
}
CONCEPTO_FEDERACION = Requisito(
    "concepto_federacion",
    "Concepto favorable de la Federación Nacional de Cafeteros",
    "Decreto de reserva de carga de 1990, art. 2 par. 2",
)
OTRO = Requisito("otro", "Otro documento (aclaraciones)", ART15)


def requisitos_para(fundamento: str, mercancia: str) -> tuple[Requisito, ...]:
    """The documents a file of this ground and commodity must carry (coffee: the Federación's concept)."""
    requisitos = (LICENCIA, *POR_FUNDAMENTO.get(fundamento, ()))
    if mercancia in MERCANCIAS_CAFE or fundamento == "d":
        requisitos += (CONCEPTO_FEDERACION,)
    return requisitos


def tipos_documento(fundamento: str, mercancia: str) -> tuple[Requisito, ...]:
    """What may be uploaded to a file: its requirements and clarifications."""
    return (*requisitos_para(fundamento, mercancia), OTRO)


def faltantes(fundamento: str, mercancia: str, cargados: dict[str, int]) -> list[str]:
    """C-06: the document types still missing (a type owed twice and loaded once is missing), given
    how many of each type the file carries."""
    return [r.codigo for r in requisitos_para(fundamento, mercancia) if cargados.get(r.codigo, 0) < r.cantidad]


def necesita_corredor(fundamento: str, clase: str) -> bool:
    """Art. 15 par. 2: bulk under ground (c) is filed through the Colombian charter broker."""
    return fundamento == "c" and clase == Clase.GRANEL


def etiqueta(codigo: str) -> str:
    """The Spanish name of a document type, for messages."""
    todos = (LICENCIA, *(r for grupo in POR_FUNDAMENTO.values() for r in grupo), CONCEPTO_FEDERACION, OTRO)
    return next((r.etiqueta for r in todos if r.codigo == codigo), codigo)
