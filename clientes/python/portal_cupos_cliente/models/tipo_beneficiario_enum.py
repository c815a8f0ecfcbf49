from enum import StrEnum


class TipoBeneficiarioEnum(StrEnum):
    ACUICULTORA = "acuicultora"
    ARMADA = "armada"
    NAVE_EXTRANJERA = "nave_extranjera"
    NAVE_NACIONAL = "nave_nacional"

    def __str__(self) -> str:
        return str(self.value)
