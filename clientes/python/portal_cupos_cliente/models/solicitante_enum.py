from enum import StrEnum


class SolicitanteEnum(StrEnum):
    COMPRADOR = "comprador"
    USUARIO = "usuario"

    def __str__(self) -> str:
        return str(self.value)
