from enum import StrEnum


class CausalEnum(StrEnum):
    BAJA_DIMAR = "baja_dimar"
    COMUNICACION_AUTORIDAD = "comunicacion_autoridad"
    INACTIVIDAD = "inactividad"

    def __str__(self) -> str:
        return str(self.value)
