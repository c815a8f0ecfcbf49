from enum import StrEnum


class EstadoCupoEnum(StrEnum):
    CANCELADO = "cancelado"
    EN_FIRME = "en_firme"
    EXPEDIDO = "expedido"

    def __str__(self) -> str:
        return str(self.value)
