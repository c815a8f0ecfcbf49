from enum import StrEnum


class OrigenLineaEnum(StrEnum):
    CONTINUIDAD = "continuidad"
    MANUAL = "manual"
    SOLICITUD = "solicitud"

    def __str__(self) -> str:
        return str(self.value)
