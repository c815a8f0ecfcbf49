from enum import StrEnum


class RolEnum(StrEnum):
    ADMINISTRADOR = "administrador"
    AGENTE_MARITIMO = "agente_maritimo"
    AUDITOR = "auditor"
    BENEFICIARIO = "beneficiario"
    CAPITANIA_OFICIAL = "capitania_oficial"
    CONFERENCIA = "conferencia"
    DIMAR = "dimar"
    DISTRIBUIDOR = "distribuidor"
    ECOPETROL = "ecopetrol"
    INTEGRACION = "integracion"
    MINMINAS = "minminas"
    UPME_ANALISTA = "upme_analista"
    USUARIO_CARGA = "usuario_carga"

    def __str__(self) -> str:
        return str(self.value)
