from enum import StrEnum


class CombustibleFronteraEnum(StrEnum):
    ACPM = "acpm"
    ELECTROCOMBUSTIBLE = "electrocombustible"
    GASOLINA = "gasolina"

    def __str__(self) -> str:
        return str(self.value)
