from enum import StrEnum


class CausalCancelacionEnum(StrEnum):
    BAJA_DIMAR = "baja_dimar"
    COMUNICACION_AUTORIDAD = "comunicacion_autoridad"
    INACTIVIDAD = "inactividad"
    RECURSO = "recurso"
    REVOCACION_MOTIVADA = "revocacion_motivada"

    def __str__(self) -> str:
        return str(self.value)
