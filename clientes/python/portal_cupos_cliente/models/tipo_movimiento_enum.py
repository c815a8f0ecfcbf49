from enum import StrEnum


class TipoMovimientoEnum(StrEnum):
    CANCELACION = "cancelacion"
    DESCUENTO = "descuento"
    REINTEGRO = "reintegro"
    VENCIMIENTO = "vencimiento"

    def __str__(self) -> str:
        return str(self.value)
