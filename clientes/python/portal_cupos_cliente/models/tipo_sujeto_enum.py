from enum import StrEnum


class TipoSujetoEnum(StrEnum):
    BENEFICIARIO = "beneficiario"
    DISTRIBUIDOR = "distribuidor"
    ESTACION = "estacion"

    def __str__(self) -> str:
        return str(self.value)
