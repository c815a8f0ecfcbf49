from enum import StrEnum


class EstadoSolicitudEnum(StrEnum):
    APROBADA = "aprobada"
    DESISTIDA = "desistida"
    EN_REVISION = "en_revision"
    RADICADA = "radicada"
    RECHAZADA = "rechazada"

    def __str__(self) -> str:
        return str(self.value)
