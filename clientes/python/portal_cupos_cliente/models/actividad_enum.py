from enum import StrEnum


class ActividadEnum(StrEnum):
    CABOTAJE = "cabotaje"
    PESCA = "pesca"
    REMOLQUE = "remolque"

    def __str__(self) -> str:
        return str(self.value)
