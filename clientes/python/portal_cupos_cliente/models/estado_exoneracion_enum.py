from enum import StrEnum


class EstadoExoneracionEnum(StrEnum):
    ACLARACION = "aclaracion"
    CONCEDIDA = "concedida"
    NEGADA = "negada"
    RADICADA = "radicada"

    def __str__(self) -> str:
        return str(self.value)
