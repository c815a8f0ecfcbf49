"""The portal's roles (API.md "Users and roles") and what each may reach."""

from django.db import models


class Rol(models.TextChoices):
    UPME_ANALISTA = "upme_analista", "Analista UPME"
    CAPITANIA_OFICIAL = "capitania_oficial", "Oficial de Capitanía de Puerto"
    DIMAR = "dimar", "Dimar"
    DISTRIBUIDOR = "distribuidor", "Distribuidor mayorista"
    BENEFICIARIO = "beneficiario", "Beneficiario"
    AUDITOR = "auditor", "Auditor"
    MINMINAS = "minminas", "MinMinas — Dirección de Hidrocarburos"
    ECOPETROL = "ecopetrol", "Ecopetrol"
    AGENTE_MARITIMO = "agente_maritimo", "Agente marítimo"
    USUARIO_CARGA = "usuario_carga", "Importador o exportador (reserva de carga)"
    CONFERENCIA = "conferencia", "Representante de conferencia marítima"
    ADMINISTRADOR = "administrador", "Administrador"
    # An agency's system (API.md "Conventions"): exchanges the data of the agency it speaks for
    # (Usuario.entidad), never signs nor decides an act, and never opens a page.
    INTEGRACION = "integracion", "Sistema de integración de una entidad"


# The agencies an integration account may speak for: those whose people sign or decide acts (the others
# have roles that never sign, which their systems use as they are).
ENTIDADES_INTEGRACION = {
    "upme_analista": "UPME",
    "dimar": "Dimar",
    "minminas": "MinMinas",
}


# Roles whose users read every record of the maritime regime.
LECTURA_TOTAL = frozenset({Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.ADMINISTRADOR})
