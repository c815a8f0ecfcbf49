from enum import StrEnum


class TipoFilaTransparenciaEnum(StrEnum):
    ESTACION = "estacion"
    GRAN_CONSUMIDOR = "gran_consumidor"

    def __str__(self) -> str:
        return str(self.value)
