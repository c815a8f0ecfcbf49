from enum import StrEnum


class EstadoZarpeEnum(StrEnum):
    CERTIFICADO = "certificado"
    NEGADO = "negado"

    def __str__(self) -> str:
        return str(self.value)
