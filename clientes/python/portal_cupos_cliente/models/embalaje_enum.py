from enum import StrEnum


class EmbalajeEnum(StrEnum):
    CONTENEDOR = "contenedor"
    EMBALADA = "embalada"
    GRANEL = "granel"
    PALETIZADA = "paletizada"
    SUELTA = "suelta"

    def __str__(self) -> str:
        return str(self.value)
