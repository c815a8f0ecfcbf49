from enum import StrEnum


class EstadoCertificadoEnum(StrEnum):
    ANULADO = "anulado"
    REDIMIDO = "redimido"
    VIGENTE = "vigente"

    def __str__(self) -> str:
        return str(self.value)
