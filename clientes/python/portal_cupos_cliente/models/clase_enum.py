from enum import StrEnum


class ClaseEnum(StrEnum):
    GENERAL = "general"
    GRANEL = "granel"

    def __str__(self) -> str:
        return str(self.value)
