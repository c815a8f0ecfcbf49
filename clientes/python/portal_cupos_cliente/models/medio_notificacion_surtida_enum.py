from enum import StrEnum


class MedioNotificacionSurtidaEnum(StrEnum):
    AVISO = "aviso"
    ELECTRONICA = "electronica"
    PERSONAL = "personal"

    def __str__(self) -> str:
        return str(self.value)
