from enum import StrEnum


class EstadoResolucionEnum(StrEnum):
    BORRADOR = "borrador"
    EXPEDIDA = "expedida"
    EXPIDIENDO = "expidiendo"

    def __str__(self) -> str:
        return str(self.value)
