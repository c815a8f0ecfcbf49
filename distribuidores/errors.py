"""Codes of the wholesalers' module: refusals of a sale or a declaration, the sale check's answers,
the discrepancies of a monthly report, and the catalogue of the monthly reconciliation (R-22).

The value is the stable code the API and the pages show; the label is what a person reads.
`sin_cupo_vigente` is cupos' code (cupos.selectors.SinCupoVigente); it is not repeated here.
"""

from django.db import models


class ErrorDistribuidores(models.TextChoices):
    # Refusals of venta_register and declaracion_register
    CERTIFICADO_DE_OTRA_NAVE = "certificado_de_otra_nave", "El certificado fue expedido a otra nave"
    CERTIFICADO_REDIMIDO = "certificado_redimido", "El certificado ya fue redimido"
    # API.md "Wholesalers": the verification code printed under the QR proves the vessel handed the paper over.
    CERTIFICADO_NO_PRESENTADO = (
        "certificado_no_presentado", "Falta el código de verificación del certificado, o no es el suyo",
    )
    CERTIFICADO_ANULADO = "certificado_anulado", "El certificado está anulado"
    EXCEDE_CERTIFICADO = "excede_certificado", "La venta excede los galones del certificado"
    EXCEDE_CUPO = "excede_cupo", "La venta excede el saldo disponible del cupo"
    DISTRIBUIDOR_NO_AUTORIZADO = "distribuidor_no_autorizado", "El beneficiario compra solo a su distribuidor designado"
    DISTRIBUIDOR_NO_HABILITADO = (
        "distribuidor_no_habilitado",
        "Solo un distribuidor mayorista activo o una estación de servicio marítimo habilitada vende combustible exento",
    )
    DECLARACION_DUPLICADA = "declaracion_duplicada", "Ya existe la declaración de ese mes"
    RELACION_ENVIADA = "relacion_enviada", "La relación ya se envió a ese productor o importador"
    # D1505 art. 5 par. 3 num. 1, «Permiso de cultivo, vigente a la fecha de entrega del combustible».
    PERMISO_CULTIVO_VENCIDO = (
        "permiso_cultivo_vencido", "El permiso de cultivo de la acuicultora no está vigente en la fecha de la venta",
    )
    # Answers of the check before a sale (selectors.ventas.venta_verificar)
    SIN_DATOS = "sin_datos", "Falta el número del certificado o el beneficiario"
    NAVE_REQUIERE_CERTIFICADO = "nave_requiere_certificado", "Una nave compra solo con su certificado de cupo"
    CERTIFICADO_INEXISTENTE = "certificado_inexistente", "No existe el certificado"
    CERTIFICADO_POSTERIOR = "certificado_posterior", "El certificado se expidió después de la venta"
    # Discrepancies of one monthly report (services.reportes.cruces, Discrepancia.codigo)
    CERTIFICADO_USADO_DOS_VECES = "certificado_usado_dos_veces", "Certificado usado más de una vez"
    VENTA_SIN_CERTIFICADO_VALIDO = "venta_sin_certificado_valido", "Venta sin certificado válido"
    VENTA_NO_REGISTRADA = "venta_no_registrada", "Venta reportada que no se registró en el portal"


class DiscrepanciaConciliacion(models.TextChoices):
    """R-22: the discrepancies of the monthly reconciliation, in the order the page lists them."""

    VENTA_SIN_CERTIFICADO_VALIDO = "venta_sin_certificado_valido", "Venta a una nave sin certificado válido"
    VENTA_EXCEDE_CERTIFICADO = "venta_excede_certificado", "Venta por encima del certificado"
    CERTIFICADO_USADO_DOS_VECES = "certificado_usado_dos_veces", "Certificado usado más de una vez"
    VENTA_SIN_CUPO_VIGENTE = "venta_sin_cupo_vigente", "Venta a un beneficiario sin cupo vigente"
    VENTA_EXCEDE_SALDO = "venta_excede_saldo", "Venta por encima del saldo (Armada o acuicultora)"
    VERIFICADO_DISTINTO_DE_VENDIDO = (
        "verificado_distinto_de_vendido", "Galones verificados por el inspector distintos de los vendidos",
    )
    DECLARADO_DISTINTO_DE_VENDIDO = "declarado_distinto_de_vendido", "Galones declarados distintos de los vendidos"
    REPORTADO_DISTINTO_DE_VENDIDO = (
        "reportado_distinto_de_vendido", "Galones reportados distintos de las ventas registradas",
    )
    REPORTE_FALTANTE = "reporte_faltante", "Reporte mensual faltante"
