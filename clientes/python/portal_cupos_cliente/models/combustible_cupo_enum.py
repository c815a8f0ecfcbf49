from enum import StrEnum


class CombustibleCupoEnum(StrEnum):
    ACPM = "acpm"
    DIESEL_MARINO = "diesel_marino"

    def __str__(self) -> str:
        return str(self.value)
