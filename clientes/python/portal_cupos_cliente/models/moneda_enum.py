from enum import StrEnum


class MonedaEnum(StrEnum):
    COP = "COP"
    USD = "USD"

    def __str__(self) -> str:
        return str(self.value)
