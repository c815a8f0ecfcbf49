from enum import StrEnum


class FundamentoEnum(StrEnum):
    A = "a"
    B = "b"
    C = "c"
    D = "d"

    def __str__(self) -> str:
        return str(self.value)
