from enum import StrEnum


class CasoOutputEstadoEnum(StrEnum):
    ABIERTO = "abierto"
    CONFIRMADO = "confirmado"
    DESCARTADO = "descartado"

    def __str__(self) -> str:
        return str(self.value)
