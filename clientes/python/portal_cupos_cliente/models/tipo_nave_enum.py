from enum import StrEnum


class TipoNaveEnum(StrEnum):
    NAVE_EXTRANJERA = "nave_extranjera"
    NAVE_NACIONAL = "nave_nacional"

    def __str__(self) -> str:
        return str(self.value)
