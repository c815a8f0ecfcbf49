"""Writes of the assignments of maximum volumes (F-02 to F-05): issue from stored inputs as an act (DOMAIN §8),
then final on the day the procedure gives (P-04)."""

import datetime as dt
from decimal import Decimal
from fractions import Fraction

from django.db import transaction
from django.utils import timezone

from core.auditoria.audit import audit_record, snapshot
from core.comun.errors import ApplicationError, DatosInvalidos
from core.identidad.access import require_role
from core.mensajes.outbox import outbox_enqueue
from core.vencimientos.calendario import today
from fronteras import access, calculo
from fronteras.errors import ErrorFronteras
from fronteras.models import Asignacion, AsignacionEstacion
from fronteras.selectors.compras import promedio_compras
from fronteras.selectors.estaciones import estaciones_elegibles
from fronteras.selectors.municipios import municipio_get
from fronteras.services.procedimiento import asignacion_acto_expedir, exigir_ejecutoria, fecha_del_acto


def asignacion_create(*, actor, municipio: str, combustible: str, anio_inicio: int, indicador_per_capita: Decimal,
                      factor_gnv: Decimal, factor_flujo: Decimal, fuentes: dict | None = None,
                      resolucion: str = "", transcrita: bool = False, fecha_expedicion: dt.date | None = None,
                      soporte: str = "") -> Asignacion:
    """F-02 to F-04: the municipal volume from stored inputs, split among the eligible stations, issued as an act
    dated today (F-05, P-05), or transcribed from a paper act with its own past date and support."""
    require_role(actor, *access.ANALISTAS)
    fecha_expedicion = fecha_del_acto(transcrita=transcrita, fecha=fecha_expedicion, soporte=soporte,
                                      campo="fecha_expedicion")
    municipio_obj = municipio_get(municipio)
    if min(indicador_per_capita, factor_gnv, factor_flujo) <= 0:
        raise DatosInvalidos({"indicador_per_capita": "El indicador y los factores deben ser positivos."})
    volumen = calculo.volumen_municipal(indicador=indicador_per_capita, poblacion=municipio_obj.poblacion,
                                        factor_gnv=factor_gnv, factor_flujo=factor_flujo)
    elegibles = estaciones_elegibles(municipio_id=municipio_obj.id, anio_inicio=anio_inicio)
    if not elegibles:
        raise ApplicationError(
            ErrorFronteras.SIN_ESTACIONES_ELEGIBLES,
            f"Ninguna estación de {municipio_obj.nombre} entregó su certificado de conformidad para este periodo "
            f"(del 1 de febrero de {anio_inicio - 1} al 31 de enero de {anio_inicio}, expedido a lo sumo 4 meses "
            "antes).",
        )
    sumas = promedio_compras(estacion_ids=[e.id for e, _ in elegibles], combustible=combustible,
                             anio_inicio=anio_inicio)
    # F-03: the capacity certified by the delivery that serves this period.
    insumos = [
        calculo.Insumo(e.id, Fraction(sumas[e.id]) / calculo.MESES_HISTORIA, Fraction(entrega.capacidad),
                       e.empresa_transporte)
        for e, entrega in elegibles
    ]
    repartos = calculo.repartir(volumen=volumen, insumos=insumos, poblacion=municipio_obj.poblacion)
    fuentes = {
        "poblacion": municipio_obj.fuente_poblacion,
        "indicador_per_capita": "Indicador nacional de consumo per cápita (UPME)",
        "factor_gnv": "Parque de vehículos a gas natural", "factor_flujo": "Flujo vehicular interurbano",
        **(fuentes or {}),
    }
    with transaction.atomic():
        asignacion = Asignacion.objects.create(
            municipio=municipio_obj, combustible=combustible, anio_inicio=anio_inicio,
            indicador_per_capita=indicador_per_capita, factor_gnv=factor_gnv, factor_flujo=factor_flujo,
            poblacion=municipio_obj.poblacion, fuentes=fuentes, volumen_municipal=volumen,
            vigencia_inicio=dt.date(anio_inicio, 1, 1), vigencia_fin=dt.date(anio_inicio + 1, 12, 31),
            resolucion=resolucion, creada_por=actor,
        )
        por_id = {i.estacion_id: i for i in insumos}
        AsignacionEstacion.objects.bulk_create([
            AsignacionEstacion(
                asignacion=asignacion, estacion_id=r.estacion_id,
                promedio_compras=Decimal(por_id[r.estacion_id].promedio_compras.numerator)
                / Decimal(por_id[r.estacion_id].promedio_compras.denominator),
                capacidad=Decimal(por_id[r.estacion_id].capacidad.numerator)
                / Decimal(por_id[r.estacion_id].capacidad.denominator),
                participacion=Decimal(calculo.participacion_texto(r.participacion)),
                volumen_mensual=r.volumen_mensual, adicional=r.adicional,
            )
            for r in repartos
        ])
        asignacion_acto_expedir(actor=actor, asignacion=asignacion, transcrita=transcrita,
                                fecha_expedicion=fecha_expedicion, soporte=soporte)
        audit_record(actor=actor, accion="asignacion.crear", obj=asignacion)
        _enviar_a_ecopetrol(asignacion, AVISO_COPIA)
    return asignacion


# F-05 (art. 4): «Una vez se expida la resolución … la UPME enviará copia a Ecopetrol S. A. pero no tendrá
# ninguna aplicación hasta cuando dicho acto administrativo quede ejecutoriado, para cuyo efecto la UPME
# enviará la información correspondiente». Outbox messages (core.mensajes.outbox), as the Dimar notice of R-06.
AVISO_COPIA = "asignacion_frontera_copia"
AVISO_EJECUTORIA = "asignacion_frontera_ejecutoria"
CAMPOS_AVISO = {
    AVISO_COPIA: ("copia_ecopetrol_enviada", "copia_ecopetrol_acuse"),
    AVISO_EJECUTORIA: ("ejecutoria_ecopetrol_enviada", "ejecutoria_ecopetrol_acuse"),
}


def aviso_ecopetrol(asignacion: Asignacion, tipo: str) -> dict:
    """What Ecopetrol receives: the resolution's volumes (the copy) or, once final, its ejecutoria."""
    datos = {
        "asignacion": asignacion.id,
        "resolucion": asignacion.resolucion,
        "municipio": asignacion.municipio.codigo_dane,
        "municipio_nombre": asignacion.municipio.nombre,
        "combustible": asignacion.combustible,
        "vigencia": {"inicio": asignacion.vigencia_inicio.isoformat(), "fin": asignacion.vigencia_fin.isoformat()},
    }
    if tipo == AVISO_EJECUTORIA:
        return {**datos, "fecha_ejecutoria": asignacion.fecha_ejecutoria.isoformat()}
    estaciones = [
        {"estacion": e.estacion.codigo, "volumen_mensual": str(e.volumen_mensual), "adicional": str(e.adicional)}
        for e in asignacion.estaciones.select_related("estacion").order_by("estacion__codigo")
    ]
    return {**datos, "volumen_municipal": str(asignacion.volumen_municipal), "estaciones": estaciones}


def _enviar_a_ecopetrol(asignacion: Asignacion, tipo: str) -> None:
    """Queue the message in the caller's transaction and record when it was sent."""
    outbox_enqueue(tipo=tipo, clave=f"{tipo}:{asignacion.id}", payload=aviso_ecopetrol(asignacion, tipo))
    enviada, _ = CAMPOS_AVISO[tipo]
    setattr(asignacion, enviada, timezone.now())
    asignacion.save(update_fields=[enviada])


def asignacion_ecopetrol_acknowledged(mensaje) -> None:
    """core.registro.registrar_acuse: Ecopetrol acknowledged (or, with no endpoint, the portal registered)."""
    _, acuse = CAMPOS_AVISO[mensaje.tipo]
    Asignacion.objects.filter(pk=mensaje.payload["asignacion"], **{f"{acuse}__isnull": True}).update(
        **{acuse: mensaje.entregado_en or timezone.now()}
    )


@transaction.atomic
def asignacion_ejecutoria(*, actor, asignacion: Asignacion, fecha: dt.date) -> Asignacion:
    """F-05: the volumes apply from the day the resolution is final (ejecutoriada), which is never before the
    act (400) nor before the day it is firm for every station it concerns (P-04: 409 firmeza_anticipada, or
    409 recurso_en_tramite while a station's recurso is pending)."""
    require_role(actor, *access.ANALISTAS)
    if fecha > today():
        raise DatosInvalidos({"fecha": "La fecha de ejecutoria es posterior a hoy."})
    asignacion = Asignacion.objects.select_for_update().get(pk=asignacion.pk)
    if asignacion.estado != Asignacion.Estado.EXPEDIDA:
        raise ApplicationError(ErrorFronteras.TRANSICION_INVALIDA, "La asignación ya está ejecutoriada.")
    exigir_ejecutoria(asignacion.acto, fecha)
    return ejecutoriar(actor=actor, asignacion=asignacion, fecha=fecha)


def ejecutoriar(*, actor, asignacion: Asignacion, fecha: dt.date) -> Asignacion:
    """The assignment final on `fecha` (locked by the caller, the procedure already satisfied), and Ecopetrol
    told (F-05, art. 4). Shared by the analyst's ejecutoria and P-04's daily job (actor None)."""
    if fecha > asignacion.vigencia_fin:
        raise DatosInvalidos({"fecha": "La ejecutoria no puede ser posterior al fin de la vigencia."})
    antes = snapshot(asignacion)
    asignacion.estado, asignacion.fecha_ejecutoria = Asignacion.Estado.EJECUTORIADA, fecha
    asignacion.save(update_fields=["estado", "fecha_ejecutoria"])
    audit_record(actor=actor, accion="asignacion.ejecutoria", obj=asignacion, antes=antes)
    _enviar_a_ecopetrol(asignacion, AVISO_EJECUTORIA)
    return asignacion
