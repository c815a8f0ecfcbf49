from enum import StrEnum


class V1ConciliacionRetrieveCodigo(StrEnum):
    CERTIFICADO_USADO_DOS_VECES = "certificado_usado_dos_veces"
    DECLARADO_DISTINTO_DE_VENDIDO = "declarado_distinto_de_vendido"
    REPORTADO_DISTINTO_DE_VENDIDO = "reportado_distinto_de_vendido"
    REPORTE_FALTANTE = "reporte_faltante"
    VENTA_EXCEDE_CERTIFICADO = "venta_excede_certificado"
    VENTA_EXCEDE_SALDO = "venta_excede_saldo"
    VENTA_SIN_CERTIFICADO_VALIDO = "venta_sin_certificado_valido"
    VENTA_SIN_CUPO_VIGENTE = "venta_sin_cupo_vigente"
    VERIFICADO_DISTINTO_DE_VENDIDO = "verificado_distinto_de_vendido"

    def __str__(self) -> str:
        return str(self.value)
