from enum import StrEnum


class DecisionExoneracionEnum(StrEnum):
    ACLARACION = "aclaracion"
    COMPLETAR = "completar"
    CONCEDIDA = "concedida"
    NEGADA = "negada"

    def __str__(self) -> str:
        return str(self.value)
