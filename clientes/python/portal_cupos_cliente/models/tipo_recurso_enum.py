from enum import StrEnum


class TipoRecursoEnum(StrEnum):
    APELACION = "apelacion"
    REPOSICION = "reposicion"

    def __str__(self) -> str:
        return str(self.value)
