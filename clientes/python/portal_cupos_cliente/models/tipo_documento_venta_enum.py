from enum import StrEnum


class TipoDocumentoVentaEnum(StrEnum):
    CERTIFICADO_DESEMBARQUE = "certificado_desembarque"
    CERTIFICADO_EXENCION = "certificado_exencion"
    CONVENIO = "convenio"
    DECLARACION_EXPRESA = "declaracion_expresa"
    LICENCIA_PESCA = "licencia_pesca"
    PERMISO_CULTIVO = "permiso_cultivo"
    RESOLUCION_UPME = "resolucion_upme"
    ZARPE = "zarpe"

    def __str__(self) -> str:
        return str(self.value)
