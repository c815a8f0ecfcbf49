from enum import StrEnum


class EstadoRecargoEnum(StrEnum):
    AUTORIZADO = "autorizado"
    NEGADO = "negado"
    PRESENTADO = "presentado"

    def __str__(self) -> str:
        return str(self.value)
