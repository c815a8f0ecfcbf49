from enum import StrEnum


class ExoneracionVerificadaEstadoEnum(StrEnum):
    CONCEDIDA = "concedida"
    NEGADA = "negada"

    def __str__(self) -> str:
        return str(self.value)
