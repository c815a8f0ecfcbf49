from enum import StrEnum


class ResultadoEnum(StrEnum):
    ARCHIVADA = "archivada"
    MULTA = "multa"

    def __str__(self) -> str:
        return str(self.value)
