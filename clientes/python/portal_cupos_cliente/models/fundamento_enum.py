from enum import StrEnum


class FundamentoEnum(StrEnum):
    A = "a"
    B = "b"
    C = "c"

    def __str__(self) -> str:
        return str(self.value)
