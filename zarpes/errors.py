"""Error codes of zarpes and certificates: the stable code the API returns, the label a person reads."""

from django.db import models

from zarpes.models import Zarpe


class ErrorZarpes(models.TextChoices):
    CERTIFICADO_ANTERIOR_INVALIDO = (
        "certificado_anterior_invalido", "El certificado presentado no es el último expedido a la nave",
    )
    ZARPE_SIN_CERTIFICADO = "zarpe_sin_certificado", "El zarpe fue negado: no hay combustible que verificar"
    INSPECCION_REGISTRADA = "inspeccion_registrada", "El zarpe ya tiene el informe del inspector"
    # Why a zarpe is denied (stored in Zarpe.motivo and returned by the API as is).
    SIN_CUPO = Zarpe.Motivo.SIN_CUPO.value, Zarpe.Motivo.SIN_CUPO.label
    SIN_CUPO_VIGENTE = Zarpe.Motivo.SIN_CUPO_VIGENTE.value, Zarpe.Motivo.SIN_CUPO_VIGENTE.label
