"""Writes of the border regime: registries, assignments (F-02 to F-05) and deliveries."""

import datetime as dt
from decimal import Decimal
from fractions import Fraction

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from core.access import distribuidor_access, require_role
from core.audit import audit_record, snapshot
from core.calendario import today
from core.errors import ApplicationError, DatosInvalidos, NoEncontrado
from core.galones import round2
from core.roles import Rol
from fronteras import access, calculo, selectors
from fronteras.models import (
    Asignacion,
    AsignacionEstacion,
    CertificadoTransporte,
    CompraHistorica,
    Despacho,
    EstacionServicio,
    Municipio,
)


def _guardar(obj, *, actor, accion: str):
    try:
        obj.full_clean()
    except ValidationError as exc:
        raise DatosInvalidos(exc.message_dict) from exc
    obj.save()
    audit_record(actor=actor, accion=accion, obj=obj)
    return obj


@transaction.atomic
def municipio_create(*, actor, codigo_dane: str, nombre: str, departamento: str, poblacion: int) -> Municipio:
    require_role(actor, *access.ANALISTAS)
    if Municipio.objects.filter(codigo_dane=codigo_dane).exists():
        raise ApplicationError("municipio_duplicado", f"Ya existe el municipio con código DANE {codigo_dane}.")
    return _guardar(Municipio(codigo_dane=codigo_dane.strip(), nombre=nombre.strip(), departamento=departamento.strip(),
                              poblacion=poblacion), actor=actor, accion="municipio.crear")


def municipio_get(codigo_dane: str) -> Municipio:
    municipio = Municipio.objects.filter(codigo_dane=str(codigo_dane).strip()).first()
    if municipio is None:
        raise DatosInvalidos({"municipio": f"No existe un municipio con código DANE «{codigo_dane}»."})
    return municipio


@transaction.atomic
def estacion_create(*, actor, codigo: str, nombre: str, municipio: str, capacidad_certificada_gal: Decimal,
                    fecha_certificado: dt.date, fecha_entrega_certificado: dt.date, empresa_transporte: bool = False,
                    inicio_operacion: dt.date | None = None) -> EstacionServicio:
    require_role(actor, *access.REGISTRO_ESTACIONES)
    if fecha_certificado > today() or fecha_entrega_certificado > today():
        raise DatosInvalidos({"fecha_entrega_certificado": "Las fechas del certificado no pueden ser posteriores a hoy."})
    if fecha_entrega_certificado < fecha_certificado:
        raise DatosInvalidos({"fecha_entrega_certificado": "La entrega no puede ser anterior a la expedición del certificado."})
    if EstacionServicio.objects.filter(codigo=codigo.strip()).exists():
        raise ApplicationError("estacion_duplicada", f"Ya existe la estación {codigo}.")
    return _guardar(EstacionServicio(
        codigo=codigo.strip(), nombre=nombre.strip(), municipio=municipio_get(municipio),
        capacidad_certificada_gal=round2(capacidad_certificada_gal), fecha_certificado=fecha_certificado,
        fecha_entrega_certificado=fecha_entrega_certificado, empresa_transporte=empresa_transporte,
        inicio_operacion=inicio_operacion,
    ), actor=actor, accion="estacion.crear")


@transaction.atomic
def certificado_transporte_register(*, actor, estacion: EstacionServicio, vigente_desde: dt.date,
                                    vigente_hasta: dt.date, subsidio_pct: Decimal) -> CertificadoTransporte:
    """F-04: the yearly certificate of a transport company's subsidy (≥ 25 % of fares)."""
    require_role(actor, Rol.MINMINAS, Rol.UPME_ANALISTA)
    if not estacion.empresa_transporte:
        raise ApplicationError("no_es_empresa_transporte", "La estación no pertenece a una empresa de transporte.")
    return _guardar(CertificadoTransporte(estacion=estacion, vigente_desde=vigente_desde, vigente_hasta=vigente_hasta,
                                          subsidio_pct=subsidio_pct, registrado_por=actor),
                    actor=actor, accion="certificado_transporte.registrar")


def compra_register(*, actor, estacion_id: int, periodo: dt.date, combustible: str, galones: Decimal,
                    fuente: str = "") -> CompraHistorica:
    """A month of a station's purchase history (F-03). Registering a month again replaces it."""
    require_role(actor, *access.REGISTRO_COMPRAS)
    estacion = EstacionServicio.objects.filter(pk=estacion_id).first()
    if estacion is None:
        raise DatosInvalidos({"estacion": f"No existe la estación {estacion_id}."})
    periodo = periodo.replace(day=1)
    if periodo >= today().replace(day=1):
        raise DatosInvalidos({"periodo": "Solo se registran compras de meses terminados."})
    galones = round2(galones)
    if galones < 0:
        raise DatosInvalidos({"galones": "Los galones no pueden ser negativos."})
    with transaction.atomic():
        existente = CompraHistorica.objects.select_for_update().filter(
            estacion=estacion, periodo=periodo, combustible=combustible).first()
        antes = snapshot(existente)
        compra, _ = CompraHistorica.objects.update_or_create(
            estacion=estacion, periodo=periodo, combustible=combustible, defaults={"galones": galones, "fuente": fuente})
        audit_record(actor=actor, accion="compra.registrar", obj=compra, antes=antes)
    return compra


def asignacion_create(*, actor, municipio: str, combustible: str, anio_inicio: int, indicador_per_capita: Decimal,
                      factor_gnv: Decimal, factor_flujo: Decimal, fuentes: dict | None = None,
                      resolucion: str = "") -> Asignacion:
    """F-02 to F-04: the municipal volume from stored inputs, split among the eligible stations."""
    require_role(actor, *access.ANALISTAS)
    municipio_obj = municipio_get(municipio)
    if min(indicador_per_capita, factor_gnv, factor_flujo) <= 0:
        raise DatosInvalidos({"indicador_per_capita": "El indicador y los factores deben ser positivos."})
    volumen = calculo.volumen_municipal(indicador=indicador_per_capita, poblacion=municipio_obj.poblacion,
                                        factor_gnv=factor_gnv, factor_flujo=factor_flujo)
    elegibles = selectors.estaciones_elegibles(municipio_id=municipio_obj.id, anio_inicio=anio_inicio)
    if not elegibles:
        raise ApplicationError(
            "sin_estaciones_elegibles",
            f"Ninguna estación de {municipio_obj.nombre} entregó su certificado de conformidad a tiempo "
            f"(31 de enero de {anio_inicio}, expedido a lo sumo 4 meses antes).",
        )
    sumas = selectors.promedio_compras(estacion_ids=[e.id for e in elegibles], combustible=combustible, anio_inicio=anio_inicio)
    insumos = [
        calculo.Insumo(e.id, Fraction(sumas[e.id]) / calculo.MESES_HISTORIA, Fraction(e.capacidad_certificada_gal),
                       e.empresa_transporte)
        for e in elegibles
    ]
    repartos = calculo.repartir(volumen=volumen, insumos=insumos, poblacion=municipio_obj.poblacion)
    fuentes = {
        "poblacion": municipio_obj.fuente_poblacion, "indicador_per_capita": "Indicador nacional de consumo per cápita (UPME)",
        "factor_gnv": "Parque de vehículos a gas natural", "factor_flujo": "Flujo vehicular interurbano", **(fuentes or {}),
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
                capacidad=Decimal(por_id[r.estacion_id].capacidad.numerator),
                participacion=Decimal(calculo.participacion_texto(r.participacion)),
                volumen_mensual=r.volumen_mensual, adicional=r.adicional,
            )
            for r in repartos
        ])
        audit_record(actor=actor, accion="asignacion.crear", obj=asignacion)
    return asignacion


@transaction.atomic
def asignacion_ejecutoria(*, actor, asignacion: Asignacion, fecha: dt.date) -> Asignacion:
    """F-05: the volumes apply from the day the resolution is final (ejecutoriada)."""
    require_role(actor, *access.ANALISTAS)
    if fecha > today():
        raise DatosInvalidos({"fecha": "La fecha de ejecutoria es posterior a hoy."})
    asignacion = Asignacion.objects.select_for_update().get(pk=asignacion.pk)
    if asignacion.estado != Asignacion.Estado.EXPEDIDA:
        raise ApplicationError("transicion_invalida", "La asignación ya está ejecutoriada.")
    if fecha > asignacion.vigencia_fin:
        raise DatosInvalidos({"fecha": "La ejecutoria no puede ser posterior al fin de la vigencia."})
    antes = snapshot(asignacion)
    asignacion.estado, asignacion.fecha_ejecutoria = Asignacion.Estado.EJECUTORIADA, fecha
    asignacion.save(update_fields=["estado", "fecha_ejecutoria"])
    audit_record(actor=actor, accion="asignacion.ejecutoria", obj=asignacion, antes=antes)
    return asignacion


def despacho_register(*, actor, distribuidor_nit: str, estacion_id: int, fecha: dt.date, combustible: str,
                      galones: Decimal) -> Despacho:
    """F-05: a delivery is checked atomically against the station's month; above it: excede_volumen."""
    require_role(actor, *access.DESPACHADORES)
    distribuidor = distribuidor_access(actor, distribuidor_nit, para_escribir=True)
    if fecha > today():
        raise DatosInvalidos({"fecha": f"La fecha {fecha:%Y-%m-%d} es posterior a hoy."})
    galones = round2(galones)
    if galones <= 0:
        raise DatosInvalidos({"galones": "Los galones deben ser mayores que cero."})
    with transaction.atomic():
        estacion = EstacionServicio.objects.select_for_update().filter(pk=estacion_id).first()
        if estacion is None:
            raise NoEncontrado("No existe esa estación de servicio.")
        volumen = selectors.estacion_volumen(estacion=estacion, combustible=combustible, fecha=fecha)
        if galones > volumen.disponible:
            raise ApplicationError(
                "excede_volumen",
                f"El despacho de {galones} galones supera lo disponible este mes ({volumen.disponible}). "
                "Por encima del volumen máximo la estación vende a precio nacional.",
                extra={"disponible": str(volumen.disponible)},
            )
        despacho = Despacho.objects.create(
            distribuidor=distribuidor, estacion=estacion, asignacion_estacion=volumen.asignacion_estacion, fecha=fecha,
            combustible=combustible, galones=galones, registrado_por=actor,
        )
        audit_record(actor=actor, accion="despacho.registrar", obj=despacho)
    return despacho


def prioridad_set(*, actor, municipio: Municipio, canales: list[tuple[str, str]]) -> None:
    """F-01: record a municipality's contracting priority order: [(canal, proveedor), …] from 1."""
    from fronteras.models import PrioridadContratacion

    require_role(actor, *access.ANALISTAS, Rol.MINMINAS)
    with transaction.atomic():
        antes = list(municipio.prioridades.values("orden", "canal", "proveedor"))
        municipio.prioridades.all().delete()
        try:
            PrioridadContratacion.objects.bulk_create([
                PrioridadContratacion(municipio=municipio, orden=i, canal=canal, proveedor=proveedor)
                for i, (canal, proveedor) in enumerate(canales, start=1)
            ])
        except IntegrityError as exc:
            raise DatosInvalidos({"canales": "Orden de prioridad inválido."}) from exc
        audit_record(actor=actor, accion="prioridad.registrar", obj=municipio, antes={"prioridades": antes},
                     despues={"prioridades": [{"orden": i, "canal": c, "proveedor": p} for i, (c, p) in enumerate(canales, 1)]})
