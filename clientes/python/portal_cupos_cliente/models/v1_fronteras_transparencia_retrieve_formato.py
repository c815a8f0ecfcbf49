from enum import StrEnum


class V1FronterasTransparenciaRetrieveFormato(StrEnum):
    CSV = "csv"
    JSON = "json"

    def __str__(self) -> str:
        return str(self.value)
