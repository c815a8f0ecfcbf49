"""C-06 (art. 15; art. 2 par. 2): the documents an exoneration file carries, by ground, as data."""

from dataclasses import dataclass

from reserva.models import CLASES_CAFE, CLASES_GRANEL

ART15 = "Decreto de reserva de carga de 1990, art. 15"


@dataclass(frozen=True)
class Requisito:
    codigo: str
    etiqueta: str
    fundamento: str


LICENCIA = Requisito("licencia", "Fotocopia autenticada de la licencia, registro o permiso previo", f"{ART15}, inc. 1")
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
}
CONCEPTO_FEDERACION = Requisito(
    "concepto_federacion",
    "Concepto favorable de la Federación Nacional de Cafeteros",
    "Decreto de reserva de carga de 1990, art. 2 par. 2",
)
OTRO = Requisito("otro", "Otro documento (aclaraciones)", ART15)


def requisitos_para(fundamento: str, clase: str) -> tuple[Requisito, ...]:
    """The documents a file of this ground and class must carry."""
    requisitos = (LICENCIA, *POR_FUNDAMENTO.get(fundamento, ()))
    if clase in CLASES_CAFE:
        requisitos += (CONCEPTO_FEDERACION,)
    return requisitos


def tipos_documento(fundamento: str, clase: str) -> tuple[Requisito, ...]:
    """What may be uploaded to a file: its requirements and clarifications."""
    return (*requisitos_para(fundamento, clase), OTRO)


def necesita_corredor(fundamento: str, clase: str) -> bool:
    """Art. 15 par. 2: bulk under ground (c) is filed through the Colombian charter broker."""
    return fundamento == "c" and clase in CLASES_GRANEL
