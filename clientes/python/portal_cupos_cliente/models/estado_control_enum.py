from enum import StrEnum


class EstadoControlEnum(StrEnum):
    ARCHIVADO = "archivado"
    REMITIDO = "remitido"
    RESPONDIDO = "respondido"
    SOLICITADO = "solicitado"

    def __str__(self) -> str:
        return str(self.value)
