from enum import StrEnum


class V1ResolucionesPropuestaRetrieveOrigen(StrEnum):
    CONTINUIDAD = "continuidad"
    MANUAL = "manual"
    SOLICITUD = "solicitud"

    def __str__(self) -> str:
        return str(self.value)
