from enum import StrEnum


class TipoResolucionEnum(StrEnum):
    ADICIONAL = "adicional"
    ANUAL = "anual"
    MODIFICATORIA = "modificatoria"

    def __str__(self) -> str:
        return str(self.value)
