from enum import StrEnum


class TipoAvisoEnum(StrEnum):
    AUTORIZACION_FLETAMENTO = "autorizacion_fletamento"
    EXONERACION_CONCEDIDA = "exoneracion_concedida"
    INFRACCION_EMBARQUE = "infraccion_embarque"
    POSIBLE_INCUMPLIMIENTO = "posible_incumplimiento"

    def __str__(self) -> str:
        return str(self.value)
