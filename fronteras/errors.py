"""Error codes of the border regime (F-01 to F-07): the code is what the API returns, the label
what a person reads."""

from django.db import models


class ErrorFronteras(models.TextChoices):
    MUNICIPIO_DUPLICADO = "municipio_duplicado", "Ya existe un municipio con ese código DANE"
    ESTACION_DUPLICADA = "estacion_duplicada", "Ya existe una estación con ese código"
    NO_ES_EMPRESA_TRANSPORTE = "no_es_empresa_transporte", "La estación no pertenece a una empresa de transporte"
    SIN_ESTACIONES_ELEGIBLES = (
        "sin_estaciones_elegibles", "Ninguna estación del municipio entregó su certificado a tiempo"
    )
    SIN_VOLUMEN_VIGENTE = "sin_volumen_vigente", "La estación no tiene un volumen máximo vigente"
    EXCEDE_VOLUMEN = "excede_volumen", "El despacho supera el volumen disponible del mes"
    CONTRATO_DUPLICADO = "contrato_duplicado", "Ya está registrado ese contrato con Ecopetrol"
    DISTRIBUIDOR_NO_CONTRATADO = (
        "distribuidor_no_contratado",
        "El distribuidor no tiene un contrato vigente con Ecopetrol para ese municipio",
    )
    SIN_VISTO_BUENO = (
        "sin_visto_bueno",
        "El departamento no tiene un plan de abastecimiento aprobado, en firme y vigente",
    )
    TRANSICION_INVALIDA = "transicion_invalida", "El estado actual no permite esta operación"
    PLAN_EN_CURSO = "plan_en_curso", "El departamento ya tiene un plan de abastecimiento en curso"
    PLAN_SIN_CAMBIOS = "plan_sin_cambios", "El plan modificado es idéntico al aprobado"
    INFORME_DUPLICADO = "informe_duplicado", "Ya se presentó el informe anual de ese año"
    ARCHIVO_INVALIDO = "archivo_invalido", "El archivo no es una tabla de compras"
    CERTIFICADO_DUPLICADO = "certificado_duplicado", "Ya se registró una entrega del certificado en esa fecha"
    GRAN_CONSUMIDOR_DUPLICADO = "gran_consumidor_duplicado", "Ya existe un gran consumidor con ese NIT"
