from enum import StrEnum


class EstadoReporteEnum(StrEnum):
    PROCESADO = "procesado"
    PROCESANDO = "procesando"
    RECHAZADO = "rechazado"
    RECIBIDO = "recibido"

    def __str__(self) -> str:
        return str(self.value)
