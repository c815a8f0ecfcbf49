from enum import StrEnum


class CargoFirmaEnum(StrEnum):
    DIRECTOR_GENERAL = "director_general"
    SECRETARIO_GENERAL = "secretario_general"

    def __str__(self) -> str:
        return str(self.value)
