"""Writes on the border's service stations: the registry and its conformity certificates (F-03) and
the transport company's yearly certificate (F-04)."""

import datetime as dt
from decimal import Decimal

from django.db import transaction

from core.auditoria.audit import audit_record, guardar_auditado, snapshot
from core.comun.errors import ApplicationError, DatosInvalidos
from core.comun.fechas import fecha_larga
from core.comun.galones import round2
from core.identidad.access import require_role
from core.vencimientos.calendario import today
from fronteras import access
from fronteras.errors import ErrorFronteras
from fronteras.models import CertificadoConformidad, CertificadoTransporte, EstacionServicio
from fronteras.selectors.municipios import municipio_get


def _fechas_certificado(fecha_certificado: dt.date, fecha_entrega: dt.date, campo: str) -> None:
    if fecha_certificado > today() or fecha_entrega > today():
        raise DatosInvalidos({campo: "Las fechas del certificado no pueden ser posteriores a hoy."})
    if fecha_entrega < fecha_certificado:
        raise DatosInvalidos({campo: "La entrega no puede ser anterior a la expedición del certificado."})


@transaction.atomic
def estacion_create(*, actor, codigo: str, nombre: str, municipio: str, capacidad_certificada_gal: Decimal,
                    fecha_certificado: dt.date, fecha_entrega_certificado: dt.date, empresa_transporte: bool = False,
                    inicio_operacion: dt.date | None = None) -> EstacionServicio:
    """The registry, with the conformity certificate it delivered as its first delivery (F-03)."""
    require_role(actor, *access.REGISTRO_ESTACIONES)
    _fechas_certificado(fecha_certificado, fecha_entrega_certificado, "fecha_entrega_certificado")
    if EstacionServicio.objects.filter(codigo=codigo.strip()).exists():
        raise ApplicationError(ErrorFronteras.ESTACION_DUPLICADA, f"Ya existe la estación {codigo}.")
    estacion = guardar_auditado(EstacionServicio(
        codigo=codigo.strip(), nombre=nombre.strip(), municipio=municipio_get(municipio),
        capacidad_certificada_gal=round2(capacidad_certificada_gal), fecha_certificado=fecha_certificado,
        fecha_entrega_certificado=fecha_entrega_certificado, empresa_transporte=empresa_transporte,
        inicio_operacion=inicio_operacion,
    ), actor=actor, accion="estacion.crear")
    CertificadoConformidad.objects.create(
        estacion=estacion, fecha_expedicion=fecha_certificado, fecha_entrega=fecha_entrega_certificado,
        capacidad_gal=estacion.capacidad_certificada_gal, registrado_por=actor)
    return estacion


@transaction.atomic
def certificado_conformidad_register(*, actor, estacion: EstacionServicio, fecha_expedicion: dt.date,
                                     fecha_entrega: dt.date, capacidad_gal: Decimal) -> CertificadoConformidad:
    """F-03 (art. 5): a new delivery of the conformity certificate, for a new period's allocation. The
    station's registry shows its latest delivery; the earlier ones stay for the periods they served."""
    require_role(actor, *access.REGISTRO_ESTACIONES)
    _fechas_certificado(fecha_expedicion, fecha_entrega, "fecha_entrega")
    if CertificadoConformidad.objects.filter(estacion=estacion, fecha_entrega=fecha_entrega).exists():
        raise ApplicationError(ErrorFronteras.CERTIFICADO_DUPLICADO,
                               f"Ya se registró una entrega del {fecha_larga(fecha_entrega)} para esta estación.")
    certificado = guardar_auditado(CertificadoConformidad(
        estacion=estacion, fecha_expedicion=fecha_expedicion, fecha_entrega=fecha_entrega,
        capacidad_gal=round2(capacidad_gal), registrado_por=actor),
        actor=actor, accion="certificado_conformidad.registrar")
    if fecha_entrega >= estacion.fecha_entrega_certificado:
        estacion = EstacionServicio.objects.select_for_update().get(pk=estacion.pk)
        antes = snapshot(estacion)
        estacion.fecha_certificado, estacion.fecha_entrega_certificado = fecha_expedicion, fecha_entrega
        estacion.capacidad_certificada_gal = certificado.capacidad_gal
        estacion.save(update_fields=["fecha_certificado", "fecha_entrega_certificado", "capacidad_certificada_gal"])
        audit_record(actor=actor, accion="estacion.certificado_vigente", obj=estacion, antes=antes)
    return certificado


CONDICIONES_F04 = {
    "soporte_subsidio": "el subsidio de al menos 25 % del pasaje a población vulnerable o estudiantil",
    "conflicto_armado": "los conflictos de grupos al margen de la ley",
    "poblacion_desescolarizada": "la alta población desescolarizada",
    "nbi_superior": "el índice de NBI superior a la media nacional",
}


@transaction.atomic
def certificado_transporte_register(*, actor, estacion: EstacionServicio, vigente_desde: dt.date,
                                    vigente_hasta: dt.date, subsidio_pct: Decimal, fecha_entrega: dt.date | None = None,
                                    **soportes: str) -> CertificadoTransporte:
    """F-04: the yearly certificate of a transport company's subsidy (≥ 25 % of fares): without one
    valid for a month, the station has no extra that month.

    Art. 4 par.: the conditions («población inferior a 200.000 habitantes, tener conflictos de grupos al
    margen de la ley, alta población desescolarizada, índice de NBI superior a la media nacional») are
    certified by the competent authorities and sent «en el plazo señalado en el inciso tercero del
    artículo 5º» (31 January of the year) and renewed each year. Each certification is recorded by its
    reference (`soportes`, optional in the API); population is the municipality's DANE figure, which
    the assignment already checks (calculo.POBLACION_MAXIMA_EXTRA); a delivery after 31 January of the
    certificate's year does not keep that year's extra (400), and a certificate covers one calendar year,
    the one whose 31 January it was delivered for (renewed "cada año")."""
    require_role(actor, *access.CERTIFICADORES_TRANSPORTE)
    desconocidos = set(soportes) - set(CONDICIONES_F04)
    if desconocidos:
        raise DatosInvalidos({c: "Campo desconocido." for c in desconocidos})
    limite = dt.date(vigente_desde.year, 1, 31)
    if fecha_entrega is not None and fecha_entrega > limite:
        raise DatosInvalidos({"fecha_entrega": f"Las certificaciones de {vigente_desde.year} debían entregarse a más "
                                               f"tardar el {fecha_larga(limite)} (art. 4, parágrafo, y art. 5)."})
    if not estacion.empresa_transporte:
        raise ApplicationError(ErrorFronteras.NO_ES_EMPRESA_TRANSPORTE,
                               "La estación no pertenece a una empresa de transporte.")
    if vigente_hasta < vigente_desde:
        raise DatosInvalidos({"vigente_hasta": "La fecha final no puede ser anterior a la inicial."})
    if vigente_hasta.year != vigente_desde.year:
        # Art. 4 par.: renewed "cada año", by 31 January of the year (art. 5): one certificate, one year.
        raise DatosInvalidos({"vigente_hasta": f"El certificado es de un año: cubre a lo sumo hasta el 31 de diciembre "
                                               f"de {vigente_desde.year}; el de {vigente_desde.year + 1} se entrega "
                                               f"a más tardar el 31 de enero de {vigente_desde.year + 1}."})
    if not Decimal("25") <= subsidio_pct <= Decimal("100"):
        raise DatosInvalidos({"subsidio_pct": "El subsidio debe estar entre 25 % y 100 % de la tarifa para "
                                              "conservar el adicional (F-04)."})
    return guardar_auditado(CertificadoTransporte(estacion=estacion, vigente_desde=vigente_desde,
                                                  vigente_hasta=vigente_hasta, subsidio_pct=subsidio_pct,
                                                  fecha_entrega=fecha_entrega, registrado_por=actor,
                                                  **{c: (v or "").strip() for c, v in soportes.items()}),
                            actor=actor, accion="certificado_transporte.registrar")
