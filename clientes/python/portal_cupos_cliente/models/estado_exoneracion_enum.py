from enum import StrEnum


class EstadoExoneracionEnum(StrEnum):
    ACLARACION = "aclaracion"
    COMPLETAR = "completar"
    CONCEDIDA = "concedida"
    DESISTIDA = "desistida"
    NEGADA = "negada"
    RADICADA = "radicada"

    def __str__(self) -> str:
        return str(self.value)
