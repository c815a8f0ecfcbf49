from enum import StrEnum


class EstadoAsignacionEnum(StrEnum):
    EJECUTORIADA = "ejecutoriada"
    EXPEDIDA = "expedida"

    def __str__(self) -> str:
        return str(self.value)
