"""C-08 (art. 12): the bills of lading of an arrival, by form, API or file (CSV/XLSX, all or nothing).

C-02 derives each bill's class from its packing, never from its commodity: bulk (art. 7) only when
the cargo travels unpacked (`embalaje` granel); anything unitized, containerized, palletized or
packed in any form is general cargo (art. 8), bagged coal or drummed oil included. C-01: the bill
names its ports and countries of loading and discharge, so a reciprocity share (art. 10) of its
origin (imports) or destination (exports) can replace the general one. C-10: a special-system import
or a coal or oil export names the request for offers to the national shipowners it was carried
under; on a foreign ship without one, the bill is flagged (`sin_solicitud_oferta`) for Dimar.
"""

import dataclasses
from decimal import Decimal

from django.db import transaction
from django.db.models import Sum

from core.auditoria.audit import audit_record
from core.comun.errors import ApplicationError, DatosInvalidos
from core.comun.fechas import fecha_larga
from core.comun.numeros import entero
from core.identidad.access import require_role
from core.vencimientos.alertas import alertas_resolve_por_referencia
from core.vencimientos.calendario import today
from reserva import access
from reserva.errors import ErrorReserva
from reserva.models import (
    Arribo,
    Clase,
    Conocimiento,
    Embalaje,
    Exoneracion,
    Mercancia,
    SolicitudOferta,
    TipoAlertaReserva,
)
from reserva.paises import pais_valido
from reserva.services.arribos import referencia_arribo
from reserva.services.infracciones import infraccion_fuera_de_exoneracion_notify, investigacion_oferta_open
from reserva.services.ofertas import requiere_oferta
from reserva.services.registros import usuario_carga_registrar
from reserva.validacion import Errores, nit, texto, toneladas, usd


def clase_de(embalaje: str) -> str:
    """C-02 (arts. 7, 8): bulk only when unpacked; every other packing is general cargo."""
    return Clase.GRANEL if embalaje == Embalaje.GRANEL else Clase.GENERAL


@dataclasses.dataclass
class Bill:
    numero: str
    usuario_nit: str
    usuario_nombre: str
    mercancia: str
    embalaje: str
    puerto_cargue: str
    pais_cargue: str
    puerto_descargue: str
    pais_descargue: str
    toneladas: Decimal | None
    flete_usd: Decimal | None
    exoneracion: object = None
    solicitud_oferta: object = None
    clase: str = ""
    sin_solicitud_oferta: bool = False


def _pais(errores: Errores, campo: str, valor) -> str:
    codigo = str(valor or "").strip().upper()
    if not codigo:
        errores[campo] = "Indique el país con su código ISO 3166 de dos letras (p. ej. US, CO)."
    elif not pais_valido(codigo):
        errores[campo] = f"«{codigo[:10]}» no es un código de país ISO 3166 de dos letras (p. ej. US, CO, PA)."
    return codigo


def _revisar(arribo: Arribo, bill: Bill, numeros_previos: set[str], por_exoneracion: dict) -> tuple[dict, Bill]:
    errores = Errores()
    bill.numero = texto(errores, "numero", bill.numero, largo=40)
    bill.usuario_nit = nit(errores, "usuario_nit", bill.usuario_nit)
    bill.usuario_nombre = texto(errores, "usuario_nombre", bill.usuario_nombre, largo=200)
    if bill.mercancia not in Mercancia.values:
        errores["mercancia"] = f"Use una de: {', '.join(Mercancia.values)}."
    if bill.embalaje not in Embalaje.values:
        errores["embalaje"] = f"Use uno de: {', '.join(Embalaje.values)}."
    bill.clase = clase_de(bill.embalaje)
    bill.puerto_cargue = texto(errores, "puerto_cargue", bill.puerto_cargue, largo=120)
    bill.pais_cargue = _pais(errores, "pais_cargue", bill.pais_cargue)
    bill.puerto_descargue = texto(errores, "puerto_descargue", bill.puerto_descargue, largo=120)
    bill.pais_descargue = _pais(errores, "pais_descargue", bill.pais_descargue)
    toneladas(errores, "toneladas", bill.toneladas)
    usd(errores, "flete_usd", bill.flete_usd)
    if bill.numero and bill.numero in numeros_previos:
        errores["numero"] = f"El conocimiento n.º {bill.numero} ya está registrado en este arribo."
    if bill.exoneracion not in (None, ""):
        exoneracion = _exoneracion(bill.exoneracion)
        if exoneracion is None or exoneracion.usuario_nit != bill.usuario_nit:
            errores["exoneracion"] = "No existe una exoneración con ese número para este importador o exportador."
        elif exoneracion.estado != Exoneracion.Estado.CONCEDIDA:
            errores["exoneracion"] = f"La exoneración n.º {exoneracion.pk} no está concedida."
        elif exoneracion.ruta_id != arribo.ruta_id or exoneracion.clase != bill.clase:
            errores["exoneracion"] = (
                f"La exoneración n.º {exoneracion.pk} es de la ruta {exoneracion.ruta.codigo} y de "
                f"{exoneracion.get_clase_display().lower()}, no de las de este conocimiento."
            )
        else:
            bill.exoneracion = exoneracion
            if "toneladas" not in errores:
                por_exoneracion[exoneracion.pk] = por_exoneracion.get(exoneracion.pk, Decimal(0)) + bill.toneladas
    else:
        bill.exoneracion = None
    _solicitud_oferta(errores, arribo, bill)
    return errores, bill


def _solicitud_oferta(errores: Errores, arribo: Arribo, bill: Bill) -> None:
    """C-10 (arts. 3, 4): link the bill to the request for offers that covers it (same user, route and
    commodity); a bill of that direction on a foreign ship without one is flagged."""
    valor, bill.solicitud_oferta = bill.solicitud_oferta, None
    if valor not in (None, ""):
        pk = entero(valor)
        solicitud = SolicitudOferta.objects.filter(pk=pk).first() if pk is not None and 0 < pk < 2**63 else None
        if solicitud is None or solicitud.usuario_nit != bill.usuario_nit:
            errores["solicitud_oferta"] = "No existe una solicitud de ofertas con ese número para este usuario."
        elif solicitud.ruta_id != arribo.ruta_id or solicitud.mercancia != bill.mercancia:
            errores["solicitud_oferta"] = (
                f"La solicitud de ofertas n.º {solicitud.pk} es de otra ruta o de otra mercancía que este conocimiento."
            )
        else:
            bill.solicitud_oferta = solicitud
    bill.sin_solicitud_oferta = (
        bill.solicitud_oferta is None
        and requiere_oferta(operacion=arribo.operacion, mercancia=bill.mercancia)
        and not arribo.nave.cuenta_reserva_en(arribo.fecha_arribo)
    )


def _exoneracion(valor) -> Exoneracion | None:
    pk = entero(valor)
    if pk is None or not 0 < pk < 2**63:
        return None
    return Exoneracion.objects.select_related("ruta").filter(pk=pk).first()


def _cupo_exoneraciones(por_exoneracion: dict[int, Decimal]) -> None:
    """Bills carried under an exoneration cannot exceed the tonnes it granted."""
    for exoneracion in Exoneracion.objects.select_for_update().filter(pk__in=list(por_exoneracion)):
        usadas = exoneracion.conocimientos.aggregate(t=Sum("toneladas"))["t"] or Decimal(0)
        if usadas + por_exoneracion[exoneracion.pk] > exoneracion.toneladas:
            raise ApplicationError(
                ErrorReserva.EXCEDE_EXONERACION,
                f"La exoneración n.º {exoneracion.pk} cubre {exoneracion.toneladas:,.3f} t y ya tiene "
                f"{usadas:,.3f} t en conocimientos: no alcanza para {por_exoneracion[exoneracion.pk]:,.3f} t más.",
            )


def _guardar(*, actor, arribo: Arribo, bills: list[Bill]) -> list[Conocimiento]:
    hoy = today()
    creados = []
    for bill in bills:
        usuario_carga_registrar(
            nit=bill.usuario_nit,
            razon_social=bill.usuario_nombre,
            regimen_especial=bill.mercancia == Mercancia.REGIMEN_ESPECIAL,
        )
        conocimiento = Conocimiento.objects.create(
            arribo=arribo,
            numero=bill.numero,
            usuario_nit=bill.usuario_nit,
            usuario_nombre=bill.usuario_nombre,
            mercancia=bill.mercancia,
            embalaje=bill.embalaje,
            clase=bill.clase,
            puerto_cargue=bill.puerto_cargue,
            pais_cargue=bill.pais_cargue,
            puerto_descargue=bill.puerto_descargue,
            pais_descargue=bill.pais_descargue,
            toneladas=bill.toneladas,
            flete_usd=bill.flete_usd,
            exoneracion=bill.exoneracion,
            solicitud_oferta=bill.solicitud_oferta,
            sin_solicitud_oferta=bill.sin_solicitud_oferta,
            registrado=hoy,
            extemporaneo=hoy > arribo.vence_conocimientos,
        )
        audit_record(actor=actor, accion="reserva.conocimiento.registrar", obj=conocimiento)
        # C-04 (art. 20): a bill that does not match its grant stays in the base and is an infraction.
        infraccion_fuera_de_exoneracion_notify(conocimiento=conocimiento, fecha=hoy)
        if conocimiento.solicitud_oferta is not None:  # C-10: a bill linked after Dimar's qualification
            investigacion_oferta_open(solicitud=conocimiento.solicitud_oferta, fecha=hoy)
        creados.append(conocimiento)
    alertas_resolve_por_referencia(
        tipo=TipoAlertaReserva.CONOCIMIENTOS_VENCIDOS,
        referencia=referencia_arribo(arribo),
        detalle=f"Conocimientos registrados el {fecha_larga(hoy)}.",
    )
    return creados


def _arribo_existente(actor, arribo_id) -> Arribo:
    """A bill for an arrival that does not exist is bad input (400); one outside the agency, a 404."""
    pk = entero(arribo_id)
    if pk is None or not 0 < pk < 2**63 or not Arribo.objects.filter(pk=pk).exists():
        raise DatosInvalidos({"arribo": "No existe ese arribo: notifique primero el arribo de la nave."})
    return access.arribo_access(actor, pk)


def conocimiento_register(
    *,
    actor,
    arribo,
    numero: str,
    usuario_nit: str,
    usuario_nombre: str,
    mercancia: str,
    embalaje: str,
    puerto_cargue: str,
    pais_cargue: str,
    puerto_descargue: str,
    pais_descargue: str,
    toneladas: Decimal | None,
    flete_usd: Decimal | None,
    exoneracion=None,
    solicitud_oferta=None,
) -> Conocimiento:
    """One bill of lading (C-08); a number is unique per arrival. Its class is derived (C-02)."""
    require_role(actor, *access.AGENTES)
    arribo = _arribo_existente(actor, arribo.pk if isinstance(arribo, Arribo) else arribo)
    bill = Bill(
        numero,
        usuario_nit,
        usuario_nombre,
        mercancia,
        embalaje,
        puerto_cargue,
        pais_cargue,
        puerto_descargue,
        pais_descargue,
        toneladas,
        flete_usd,
        exoneracion,
        solicitud_oferta,
    )
    with transaction.atomic():
        arribo = Arribo.objects.select_for_update().select_related("nave").get(pk=arribo.pk)
        previos = set(arribo.conocimientos.values_list("numero", flat=True))
        por_exoneracion: dict = {}
        errores, bill = _revisar(arribo, bill, previos, por_exoneracion)
        if errores:
            raise DatosInvalidos(dict(errores))
        _cupo_exoneraciones(por_exoneracion)
        return _guardar(actor=actor, arribo=arribo, bills=[bill])[0]


@dataclasses.dataclass
class ErrorFila:
    fila: int
    columna: str
    mensaje: str


def conocimientos_import(*, actor, arribo: Arribo, filas: list[tuple[int, dict]]) -> list[Conocimiento]:
    """Many bills from a file's rows (row number, values): all are saved, or none (the errors by row
    and column are raised as `archivo_rechazado` with `errores`)."""
    require_role(actor, *access.AGENTES)
    arribo = access.arribo_access(actor, arribo.pk)
    with transaction.atomic():
        arribo = Arribo.objects.select_for_update().select_related("nave").get(pk=arribo.pk)
        vistos = set(arribo.conocimientos.values_list("numero", flat=True))
        por_exoneracion: dict = {}
        bills, errores_filas = [], []
        for numero_fila, valores in filas:
            bill = Bill(**valores)
            errores, bill = _revisar(arribo, bill, vistos, por_exoneracion)
            errores_filas.extend(ErrorFila(numero_fila, campo, mensaje) for campo, mensaje in errores.items())
            if bill.numero:
                vistos.add(bill.numero)
            bills.append(bill)
        if errores_filas:
            raise ApplicationError(
                ErrorReserva.ARCHIVO_RECHAZADO,
                f"No se guardó ningún conocimiento: el archivo tiene {len(errores_filas)} error(es).",
                status_code=400,
                extra={"errores": [dataclasses.asdict(e) for e in errores_filas[:500]]},
            )
        _cupo_exoneraciones(por_exoneracion)
        return _guardar(actor=actor, arribo=arribo, bills=bills)
