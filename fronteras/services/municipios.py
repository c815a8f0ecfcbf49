"""Writes on the border municipalities: the registry and the contracting priority order (F-01)."""

from django.db import IntegrityError, transaction

from core.auditoria.audit import audit_record, guardar_auditado
from core.comun.errors import ApplicationError, DatosInvalidos
from core.identidad.access import require_role
from core.models import Distribuidor
from fronteras import access
from fronteras.errors import ErrorFronteras
from fronteras.models import Municipio, PrioridadContratacion


@transaction.atomic
def municipio_create(*, actor, codigo_dane: str, nombre: str, departamento: str, poblacion: int,
                     decreto_designacion: str = "", designacion_desde=None, designacion_hasta=None) -> Municipio:
    """F-01: a border-zone municipality, with the decree that designates it and its dates when known."""
    require_role(actor, *access.ANALISTAS)
    if designacion_desde and designacion_hasta and designacion_hasta < designacion_desde:
        raise DatosInvalidos({"designacion_hasta": "La designación no puede terminar antes de empezar."})
    if (designacion_desde or designacion_hasta) and not (decreto_designacion or "").strip():
        raise DatosInvalidos({"decreto_designacion": "Indique el decreto que designa el municipio zona de frontera."})
    if Municipio.objects.filter(codigo_dane=codigo_dane).exists():
        raise ApplicationError(ErrorFronteras.MUNICIPIO_DUPLICADO,
                               f"Ya existe el municipio con código DANE {codigo_dane}.")
    return guardar_auditado(Municipio(codigo_dane=codigo_dane.strip(), nombre=nombre.strip(),
                                      departamento=departamento.strip(), poblacion=poblacion,
                                      decreto_designacion=(decreto_designacion or "").strip(),
                                      designacion_desde=designacion_desde, designacion_hasta=designacion_hasta),
                            actor=actor, accion="municipio.crear")


def prioridad_set(*, actor, municipio: Municipio, canales: list[tuple]) -> None:
    """F-01: record a municipality's contracting priority order, [(canal, proveedor[, motivo]), …] from 1.

    Art. 2: «con sujeción al siguiente orden de prelación»: (1) plants of the department, (2) plants of the
    neighbouring municipalities or departments, (3) «los terceros previamente aprobados y registrados por
    el Ministerio de Minas y Energía», (4) the zone's stations. The order is kept (no channel before one of
    a higher tier); a channel below the first tier carries the reason why the higher ones cannot serve; a
    tercero is named by the NIT (or name) of a tercero registered in the portal's registry."""
    require_role(actor, *access.PRIORIZADORES)
    filas = [(c[0], (c[1] or "").strip(), (c[2] if len(c) > 2 else "") or "") for c in canales]
    errores = _prioridad_errores(filas)
    if errores:
        raise DatosInvalidos({"canales": errores})
    with transaction.atomic():
        antes = list(municipio.prioridades.values("orden", "canal", "proveedor", "motivo"))
        municipio.prioridades.all().delete()
        try:
            PrioridadContratacion.objects.bulk_create([
                PrioridadContratacion(municipio=municipio, orden=i, canal=canal, proveedor=proveedor,
                                      motivo=motivo.strip(), tercero=_tercero(proveedor) if canal == TERCERO else None)
                for i, (canal, proveedor, motivo) in enumerate(filas, start=1)
            ])
        except IntegrityError as exc:
            raise DatosInvalidos({"canales": "Orden de prioridad inválido."}) from exc
        despues = [{"orden": i, "canal": c, "proveedor": p, "motivo": m} for i, (c, p, m) in enumerate(filas, 1)]
        audit_record(actor=actor, accion="prioridad.registrar", obj=municipio, antes={"prioridades": antes},
                     despues={"prioridades": despues})


TERCERO = PrioridadContratacion.Canal.TERCERO
NIVEL = {canal: i for i, canal in enumerate(PrioridadContratacion.ORDEN_LEGAL)}


def _tercero(proveedor: str) -> Distribuidor | None:
    """A tercero «previamente aprobado y registrado por el Ministerio de Minas y Energía»: one in the registry."""
    terceros = Distribuidor.objects.filter(tipo=Distribuidor.Tipo.TERCERO, activo=True)
    return terceros.filter(nit=proveedor).first() or terceros.filter(razon_social__iexact=proveedor).first()


def _prioridad_errores(filas: list[tuple[str, str, str]]) -> list[str]:
    errores = []
    for i, (canal, proveedor, motivo) in enumerate(filas, start=1):
        nombre = PrioridadContratacion.Canal(canal).label
        if i > 1 and NIVEL[canal] < NIVEL[filas[i - 2][0]]:
            errores.append(f"Posición {i}: «{nombre}» no puede ir después de "
                           f"«{PrioridadContratacion.Canal(filas[i - 2][0]).label}»: el orden de prelación del "
                           "decreto se mantiene.")
        if NIVEL[canal] > 0 and not motivo.strip():
            errores.append(f"Posición {i}: indique por qué los canales de mayor prelación no pueden atender el "
                           f"municipio antes de contratar «{nombre}».")
        if canal == TERCERO and _tercero(proveedor) is None:
            errores.append(f"Posición {i}: «{proveedor or 'sin proveedor'}» no es un tercero aprobado y registrado "
                           "por el Ministerio de Minas y Energía (indique su NIT).")
    return errores
