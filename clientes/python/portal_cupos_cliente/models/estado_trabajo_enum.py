from enum import StrEnum


class EstadoTrabajoEnum(StrEnum):
    FALLIDO = "fallido"
    PENDIENTE = "pendiente"
    PROCESANDO = "procesando"
    TERMINADO = "terminado"

    def __str__(self) -> str:
        return str(self.value)
