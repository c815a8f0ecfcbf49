from enum import StrEnum


class CalificacionEnum(StrEnum):
    IGUALES_O_MEJORES = "iguales_o_mejores"
    PEORES = "peores"

    def __str__(self) -> str:
        return str(self.value)
