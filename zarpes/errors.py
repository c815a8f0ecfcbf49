"""Error codes of zarpes and certificates: the stable code the API returns, the label a person reads."""

from django.db import models

from zarpes.models import Zarpe


class ErrorZarpes(models.TextChoices):
    CERTIFICADO_ANTERIOR_INVALIDO = (
        "certificado_anterior_invalido", "El certificado presentado no es el último expedido a la nave",
    )
    # from Dimar's baja of the vessel on, no certificate is issued to it.
    NAVE_DADA_DE_BAJA = "nave_dada_de_baja", "La nave fue dada de baja por Dimar"
    # a foreign vessel gets no certificate from the day after its operating permit ends.
    PERMISO_VENCIDO = "permiso_vencido", "El permiso de operación de la nave extranjera está vencido"
    # nor from the day after its bank guarantee ends (a new guarantee recorded lifts it).
    GARANTIA_VENCIDA = "garantia_vencida", "La garantía bancaria de la nave extranjera está vencida"
    ZARPE_SIN_CERTIFICADO = "zarpe_sin_certificado", "El zarpe fue negado: no hay combustible que verificar"
    INSPECCION_REGISTRADA = "inspeccion_registrada", "El zarpe ya tiene el informe del inspector"
    # a sale already redeemed the certificate for more than the inspector verified.
    INSPECCION_MENOR_QUE_VENTA = (
        "inspeccion_menor_que_venta", "El informe verifica menos galones de los ya vendidos con el certificado",
    )
    # the register of the inspectors each capitanía designates.
    INSPECTOR_YA_DESIGNADO = (
        "inspector_ya_designado", "La persona ya está designada como inspector en esa capitanía en esas fechas",
    )
    DESIGNACION_TERMINADA = "designacion_terminada", "La designación del inspector ya terminó"
    DESIGNACION_CON_INFORMES = (
        "designacion_con_informes", "El inspector firmó informes después de la fecha de terminación propuesta",
    )
    # Annulment of a certificate whose zarpe never sailed.
    CERTIFICADO_REDIMIDO = "certificado_redimido", "El certificado ya fue redimido"
    CERTIFICADO_ANULADO = "certificado_anulado", "El certificado está anulado"
    CERTIFICADO_NO_ES_EL_ULTIMO = (
        "certificado_no_es_el_ultimo", "El certificado ya se presentó en un zarpe posterior de la nave",
    )
    # Issue 43: the officer's counter that keeps working offline.
    MOSTRADOR_NO_ALCANZABLE = (
        "mostrador_no_alcanzable", "El mostrador que retiene el saldo no está en línea: la retención se mantiene",
    )
    FIRMA_INVALIDA = "firma_invalida", "La firma del mostrador no corresponde al acto"
    NUMERO_FUERA_DE_BLOQUE = "numero_fuera_de_bloque", "El número no pertenece al bloque reservado al mostrador"
    NUMERO_YA_USADO = "numero_ya_usado", "Ese número de certificado ya se usó en otro acto"
    MOSTRADOR_INACTIVO = "mostrador_inactivo", "El mostrador fue dado de baja"
    # Why a zarpe is denied (stored in Zarpe.motivo and returned by the API as is).
    SIN_CUPO = Zarpe.Motivo.SIN_CUPO.value, Zarpe.Motivo.SIN_CUPO.label
    SIN_CUPO_VIGENTE = Zarpe.Motivo.SIN_CUPO_VIGENTE.value, Zarpe.Motivo.SIN_CUPO_VIGENTE.label
