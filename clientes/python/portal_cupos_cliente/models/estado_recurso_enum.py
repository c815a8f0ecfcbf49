from enum import StrEnum


class EstadoRecursoEnum(StrEnum):
    DECIDIDO = "decidido"
    EN_TRAMITE = "en_tramite"

    def __str__(self) -> str:
        return str(self.value)
