from enum import StrEnum


class V1ResolucionesPropuestaRetrieveOrden(StrEnum):
    CAPITANIA = "capitania"
    CONSUMIDO_ANIO_ANTERIOR = "consumido_anio_anterior"
    DIFERENCIA = "diferencia"
    GALONES_ANIO_ANTERIOR = "galones_anio_anterior"
    GALONES_SOLICITADOS = "galones_solicitados"
    NOMBRE = "nombre"
    TIPO = "tipo"
    VALUE_0 = "-capitania"
    VALUE_1 = "-consumido_anio_anterior"
    VALUE_2 = "-diferencia"
    VALUE_3 = "-galones_anio_anterior"
    VALUE_4 = "-galones_solicitados"
    VALUE_5 = "-nombre"
    VALUE_6 = "-tipo"

    def __str__(self) -> str:
        return str(self.value)
