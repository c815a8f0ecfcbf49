from enum import StrEnum


class NivelEnum(StrEnum):
    B_B = "B-B"
    B_LT = "B-LT"
    B_LTA = "B-LTA"
    B_T = "B-T"

    def __str__(self) -> str:
        return str(self.value)
