from enum import StrEnum


class MotivoFinEnum(StrEnum):
    PERDIDA_DERECHO = "perdida_derecho"
    SIN_CUPO_EN_RESOLUCION = "sin_cupo_en_resolucion"
    SOLICITUD_RECHAZADA = "solicitud_rechazada"
    SUCESION = "sucesion"

    def __str__(self) -> str:
        return str(self.value)
