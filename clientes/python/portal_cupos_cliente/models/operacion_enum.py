from enum import StrEnum


class OperacionEnum(StrEnum):
    EXPORTACION = "exportacion"
    IMPORTACION = "importacion"

    def __str__(self) -> str:
        return str(self.value)
