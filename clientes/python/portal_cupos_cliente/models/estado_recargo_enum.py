from enum import StrEnum


class EstadoRecargoEnum(StrEnum):
    AUTORIZADO = "autorizado"
    INCOMPLETO = "incompleto"
    NEGADO = "negado"
    PRESENTADO = "presentado"

    def __str__(self) -> str:
        return str(self.value)
