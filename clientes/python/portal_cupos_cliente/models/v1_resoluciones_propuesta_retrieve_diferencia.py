from enum import StrEnum


class V1ResolucionesPropuestaRetrieveDiferencia(StrEnum):
    AUMENTA = "aumenta"
    DISMINUYE = "disminuye"
    IGUAL = "igual"
    SIN_ANTERIOR = "sin_anterior"

    def __str__(self) -> str:
        return str(self.value)
