"""Writes of the stations' purchase history (F-03): one month at a time, or a whole uploaded file
(read and validated by services.compras_archivo)."""

import datetime as dt
from decimal import Decimal

from django.db import transaction

from core.auditoria.audit import audit_record, snapshot
from core.comun.errors import DatosInvalidos
from core.comun.galones import round2
from core.identidad.access import require_role
from core.vencimientos.calendario import today
from fronteras import access
from fronteras.models import CompraHistorica, EstacionServicio
from fronteras.services.compras_archivo import COLUMNAS, Compra, ErrorFila, Resultado, leer, validar


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
            estacion=estacion, periodo=periodo, combustible=combustible,
            defaults={"galones": galones, "fuente": fuente})
        audit_record(actor=actor, accion="compra.registrar", obj=compra, antes=antes)
    return compra


def compras_import(*, actor, archivo, nombre: str = "", fuente: str = "") -> Resultado:
    """Validate the whole file; write it only without errors, all in one transaction (F-03)."""
    require_role(actor, *access.REGISTRO_COMPRAS)
    formato, filas, ignoradas = leer(archivo)
    compras, errores = validar(filas)
    resultado = Resultado(formato=formato, compras=compras, errores=errores, ignoradas=ignoradas)
    if errores:
        return resultado
    if not compras:
        resultado.errores.append(ErrorFila(1, "", "El archivo no tiene filas con datos debajo del encabezado."))
        return resultado
    fuente = fuente.strip() or f"Carga de archivo {nombre}".strip()
    try:
        with transaction.atomic():
            for compra in compras:
                try:
                    compra_register(actor=actor, estacion_id=compra.estacion_id, periodo=compra.periodo,
                                             combustible=compra.combustible, galones=compra.galones,
                                             fuente=fuente[:200])
                except DatosInvalidos as exc:
                    raise _FilaRechazada(compra, exc) from exc
            audit_record(
                actor=actor, accion="compras.importar", objeto_tipo="fronteras.comprahistorica",
                objeto_repr=f"{len(compras)} compras de {resultado.estaciones} estaciones ({nombre or formato})"[:200],
                despues={"archivo": nombre, "formato": formato, "filas": len(compras), "fuente": fuente},
            )
    except _FilaRechazada as rechazo:  # the service refused a row: nothing of the file stays written
        resultado.errores = [ErrorFila(rechazo.compra.fila, campo if campo in COLUMNAS else "", mensaje)
                             for campo, mensajes in rechazo.exc.errores.items() for mensaje in mensajes]
        return resultado
    resultado.registradas = len(compras)
    return resultado


class _FilaRechazada(Exception):
    def __init__(self, compra: Compra, exc: DatosInvalidos):
        super().__init__(exc.detalle)
        self.compra, self.exc = compra, exc
