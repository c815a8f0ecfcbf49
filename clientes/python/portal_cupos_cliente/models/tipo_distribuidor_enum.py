from enum import StrEnum


class TipoDistribuidorEnum(StrEnum):
    ESTACION_MARITIMA = "estacion_maritima"
    MAYORISTA = "mayorista"
    TERCERO = "tercero"

    def __str__(self) -> str:
        return str(self.value)
