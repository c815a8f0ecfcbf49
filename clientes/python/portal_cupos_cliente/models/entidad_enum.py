from enum import StrEnum


class EntidadEnum(StrEnum):
    DIMAR = "dimar"
    MINMINAS = "minminas"
    UPME_ANALISTA = "upme_analista"

    def __str__(self) -> str:
        return str(self.value)
