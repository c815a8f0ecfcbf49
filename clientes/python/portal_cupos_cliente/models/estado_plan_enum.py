from enum import StrEnum


class EstadoPlanEnum(StrEnum):
    AJUSTES_SOLICITADOS = "ajustes_solicitados"
    APROBADO = "aprobado"
    PRESENTADO = "presentado"
    VENCIDO = "vencido"

    def __str__(self) -> str:
        return str(self.value)
