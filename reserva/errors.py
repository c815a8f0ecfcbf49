"""Error codes of the cargo reservation (API.md "Cargo reservation"): value = the stable code the
API returns, label = what a person reads."""

from django.db import models


class ErrorReserva(models.TextChoices):
    FALTA_CONCEPTO_FEDERACION = (
        "falta_concepto_federacion",
        "La exoneración de café requiere el concepto favorable de la Federación de Cafeteros",
    )
    EXONERACION_DECIDIDA = "exoneracion_decidida", "La solicitud de exoneración ya fue decidida"
    EXONERACION_INCOMPLETA = (
        "exoneracion_incompleta",
        "Faltan documentos que el fundamento de la exoneración exige: no se puede conceder",
    )
    DELEGACION_NO_VIGENTE = (
        "delegacion_no_vigente",
        "El acto de delegación no está registrado o no estaba vigente en la fecha de la decisión",
    )
    DEMORA_FUERA_DE_TERMINO = (
        "demora_fuera_de_termino",
        "El aviso de demora se da antes de que venza el término para decidir",
    )
    EXONERACION_EN_TRAMITE = "exoneracion_en_tramite", "La solicitud no está esperando documentos"
    EXONERACION_NO_CONCEDIDA = "exoneracion_no_concedida", "La exoneración no está concedida"
    EXCEDE_EXONERACION = "excede_exoneracion", "Los conocimientos superan las toneladas exoneradas"
    PRESENTACION_TARDIA = "presentacion_tardia", "Presentado con menos de 30 días de antelación al primer embarque"
    RECARGO_DECIDIDO = "recargo_decidido", "El recargo ya fue resuelto"
    RECARGO_INCOMPLETO = "recargo_incompleto", "Dimar ya pidió completar el recargo"
    RECARGO_NO_INCOMPLETO = "recargo_no_incompleto", "Dimar no ha pedido completar el recargo"
    CONTRATO_NEGADO = "contrato_negado", "Dimar negó el contrato anual"
    LISTA_DUPLICADA = "lista_duplicada", "Ya se registró la lista de usuarios de ese semestre"
    CONTROL_NO_REMITIDO = "control_no_remitido", "El posible incumplimiento no se remitió a esa capitanía"
    RESULTADO_DUPLICADO = "resultado_duplicado", "La capitanía ya registró el resultado de su investigación"
    SMMLV_NO_REGISTRADO = "smmlv_no_registrado", "No está registrado el salario mínimo del año de la multa"
    CONTRATO_NO_AUTORIZADO = "contrato_no_autorizado", "El contrato anual no ha sido autorizado"
    CONTRATO_YA_AUTORIZADO = "contrato_ya_autorizado", "El contrato anual ya fue autorizado"
    CONTRATO_YA_REGISTRADO = "contrato_ya_registrado", "Los contratos de fletamento ya fueron registrados"
    INFORME_DUPLICADO = "informe_duplicado", "Ya se presentó el informe de ese semestre"
    ANIO_ABIERTO = "anio_abierto", "El año calendario aún no ha terminado"
    CONTROL_DUPLICADO = "control_duplicado", "Ya se solicitó la prueba de cumplimiento de ese año"
    CONTROL_CERRADO = "control_cerrado", "El control anual ya está cerrado"
    OFERTA_CALIFICADA = "oferta_calificada", "Dimar ya calificó la igualdad de estas ofertas"
    SIN_OFERTA_NACIONAL = "sin_oferta_nacional", "No hay oferta de un armador nacional que comparar"
    ARCHIVO_NO_GUARDADO = "archivo_no_guardado", "No se pudo guardar el archivo"
    ARCHIVO_RECHAZADO = "archivo_rechazado", "El archivo de conocimientos tiene errores"
