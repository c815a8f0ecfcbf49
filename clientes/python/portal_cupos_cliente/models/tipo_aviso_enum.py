from enum import StrEnum


class TipoAvisoEnum(StrEnum):
    AUTORIZACION_FLETAMENTO = "autorizacion_fletamento"
    EMBARQUE_FUERA_DE_EXONERACION = "embarque_fuera_de_exoneracion"
    EXONERACION_CONCEDIDA = "exoneracion_concedida"
    INFRACCION_EMBARQUE = "infraccion_embarque"
    OFERTA_NACIONAL_DESATENDIDA = "oferta_nacional_desatendida"
    POSIBLE_INCUMPLIMIENTO = "posible_incumplimiento"

    def __str__(self) -> str:
        return str(self.value)
