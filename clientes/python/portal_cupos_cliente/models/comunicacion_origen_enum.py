from enum import StrEnum


class ComunicacionOrigenEnum(StrEnum):
    ACUSE = "acuse"
    OFICIO = "oficio"
    REGISTRO_UPME = "registro_upme"

    def __str__(self) -> str:
        return str(self.value)
