"""The quota regime's error codes (STYLE habit 8): the value is the stable code, the label what a person reads."""

from django.db import models

from core.comun.errors import ApplicationError


class ErrorCupos(models.TextChoices):
    # a foreign vessel's standing conditions.
    GARANTIA_DUPLICADA = "garantia_duplicada", "Esa garantía bancaria ya está registrada para la nave"
    DESEMBARQUE_DUPLICADO = "desembarque_duplicado", "Ese certificado de desembarque ya está registrado"
    GARANTIA_EJECUTADA = "garantia_ejecutada", "La garantía bancaria ya fue ejecutada"
    # the Armada's convenio with its wholesaler; an acuicultora's cultivation permit.
    CONVENIO_DUPLICADO = "convenio_duplicado", "Ese convenio ya está registrado para la Armada"
    SIN_CONVENIO = (
        "sin_convenio", "La Armada no tiene un convenio vigente con ese distribuidor en la fecha de la venta",
    )
    PERMISO_CULTIVO_VENCIDO = (
        "permiso_cultivo_vencido", "El permiso de cultivo de la acuicultora no está vigente en esa fecha",
    )
    SIN_CUPO_VIGENTE = "sin_cupo_vigente", "El beneficiario no tiene un cupo vigente en esa fecha"
    EXCEDE_CUPO = "excede_cupo", "Los galones pedidos superan el saldo disponible de la ventana"
    # Issue 43: a counter's hold on a vessel's balance.
    RETENCION_NO_ACTIVA = "retencion_no_activa", "La retención del saldo venció o ya no está activa"
    MATRICULA_DUPLICADA = "matricula_duplicada", "Ya existe una nave con esa matrícula"
    RESOLUCION_DUPLICADA = "resolucion_duplicada", "Ya existe una resolución con ese número en el año"
    # «se establecerán anualmente mediante resolución motivada»: one annual act per year.
    RESOLUCION_ANUAL_DUPLICADA = (
        "resolucion_anual_duplicada",
        "El año ya tiene su resolución anual: los demás actos del año son modificatorios o adicionales",
    )
    CUPO_DUPLICADO = "cupo_duplicado", "El beneficiario ya tiene un cupo en esta resolución"
    CUPO_DUPLICADO_EN_ANIO = "cupo_duplicado_en_anio", "El beneficiario ya tiene un cupo del año en otra resolución"
    SOLICITUD_RECHAZADA = "solicitud_rechazada", "La solicitud del beneficiario para el año fue rechazada"
    INFORMACION_EXTEMPORANEA = (
        "informacion_extemporanea",
        "La información se entregó fuera de plazo sin causa justificada",
    )
    TRANSICION_INVALIDA = "transicion_invalida", "El estado actual no permite ese cambio"
    SIN_REGLA_ACUMULACION = "sin_regla_acumulacion", "No hay una regla de acumulación vigente para el beneficiario"
    CUPO_POSTERIOR_VIGENTE = "cupo_posterior_vigente", "El beneficiario ya tiene un cupo en firme posterior"
    ALTA_DECIDIDA = "alta_decidida", "Esta alta de Dimar ya tiene decisión"
    SOLICITUD_DUPLICADA = "solicitud_duplicada", "El beneficiario ya tiene una solicitud radicada para ese año"
    SOLICITUD_INCOMPLETA = "solicitud_incompleta", "Faltan requisitos de la solicitud"
    # R-12: the ground must be true on record, and par. 1's grounds are for vessels.
    CAUSAL_SIN_SOPORTE = "causal_sin_soporte", "No hay en el registro una baja de Dimar de esa nave"
    CAUSAL_IMPROCEDENTE = (
        "causal_improcedente",
        "Las causales del parágrafo 1 son para naves; otro cupo se revoca por resolución motivada",
    )
    SOLICITUD_NO_APROBADA = (
        "solicitud_no_aprobada", "Una acuicultora o una nave extranjera no recibe cupo sin solicitud aprobada del año"
    )
    # P-06 (Ley 1437, art. 17): what is missing is asked for within 10 business days of the filing, once.
    REQUERIMIENTO_EXTEMPORANEO = (
        "requerimiento_extemporaneo", "Pasaron los 10 días hábiles para pedir que se complete la solicitud"
    )
    PRORROGA_AGOTADA = "prorroga_agotada", "El plazo para completar la solicitud ya se prorrogó una vez"
    SOLICITUD_EN_PLAZO = "solicitud_en_plazo", "La solicitud se radicó dentro del plazo"
    SOLICITUD_CERRADA = "solicitud_cerrada", "La solicitud ya fue decidida y no admite cambios"
    ARCHIVO_NO_GUARDADO = "archivo_no_guardado", "No se pudo guardar el archivo"
    CUPO_SIN_FIRMEZA = "cupo_sin_firmeza", "El cupo aún no está en firme"
    CONSUMO_FUERA_DE_VIGENCIA = (
        "consumo_fuera_de_vigencia",
        "Hay consumo registrado en días en que el cupo dejaría de estar vigente",
    )
    CUPO_SIN_CONTINUIDAD = "cupo_sin_continuidad", "El cupo no se está consumiendo en continuidad"
    CUPO_DEL_ANIO_OTORGADO = "cupo_del_anio_otorgado", "El beneficiario ya tiene un cupo para ese año"
    RESOLUCION_EXPEDIDA = "resolucion_expedida", "La resolución ya fue expedida: no admite más líneas"
    NAVE_DADA_DE_BAJA = "nave_dada_de_baja", "Dimar reportó la baja de la nave"
    # "no hagan uso del mismo por más de tres (3) meses, sin que medie causa justificada".
    CUPO_NO_INACTIVO = "cupo_no_inactivo", "El cupo no lleva más de tres meses sin uso"
    CAUSA_JUSTIFICADA_REGISTRADA = (
        "causa_justificada_registrada", "La UPME registró una causa justificada de la inactividad del cupo",
    )


class SinCupoVigente(ApplicationError):
    def __init__(self, detalle="El beneficiario no tiene un cupo vigente en esa fecha."):
        super().__init__(ErrorCupos.SIN_CUPO_VIGENTE, detalle)
