from enum import StrEnum


class ResponsabilidadFleteEnum(StrEnum):
    PRECIO = "precio"
    TRANSPORTE = "transporte"

    def __str__(self) -> str:
        return str(self.value)
