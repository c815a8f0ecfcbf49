from enum import StrEnum


class MercanciaEnum(StrEnum):
    CAFE_PROCESADO = "cafe_procesado"
    CAFE_VERDE = "cafe_verde"
    CARBON = "carbon"
    IMPORTACION_MENOR = "importacion_menor"
    ORDINARIA = "ordinaria"
    PAPEL_PERIODICO = "papel_periodico"
    PETROLEO = "petroleo"
    REGIMEN_ESPECIAL = "regimen_especial"
    ZONA_FRANCA = "zona_franca"

    def __str__(self) -> str:
        return str(self.value)
