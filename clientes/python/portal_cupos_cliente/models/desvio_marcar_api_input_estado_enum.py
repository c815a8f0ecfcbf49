from enum import StrEnum


class DesvioMarcarApiInputEstadoEnum(StrEnum):
    CONFIRMADO = "confirmado"
    DESCARTADO = "descartado"

    def __str__(self) -> str:
        return str(self.value)
