from enum import StrEnum


class MedioEnum(StrEnum):
    AVISO = "aviso"
    PERSONAL = "personal"

    def __str__(self) -> str:
        return str(self.value)
