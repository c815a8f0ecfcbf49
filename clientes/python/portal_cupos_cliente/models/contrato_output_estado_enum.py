from enum import StrEnum


class ContratoOutputEstadoEnum(StrEnum):
    AUTORIZADO = "autorizado"
    NEGADO = "negado"
    PRESENTADO = "presentado"

    def __str__(self) -> str:
        return str(self.value)
