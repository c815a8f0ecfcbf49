"""C-08: the agent's notice of an arrival and the stamped manifest (sobordo)."""

import datetime as dt
from decimal import Decimal

from django.db import transaction

from core.archivos.documentos import errores_documento, nombre_original
from core.auditoria.audit import audit_record, crear_auditado, snapshot
from core.comun.fechas import fecha_larga
from core.identidad.access import require_role
from core.vencimientos.alertas import alertas_resolve_por_referencia
from core.vencimientos.calendario import today
from reserva import access, calculo, validacion
from reserva.models import Arribo, AvisoCapitania, Clase, TipoAlertaReserva
from reserva.selectors.registros import (
    agencia_por_nit,
    capitania_de_puerto,
    nave_por_referencia,
)
from reserva.services.avisos import capitania_avisar
from reserva.services.registros import agencia_registrar
from reserva.validacion import Errores, guardar_con_archivo, limite_bytes, no_futura, texto, toneladas

# The alert reference of an arrival's deadlines is this prefix and its id (reserva.plazos reads it back).
PREFIJO_REFERENCIA = "arribo-"


def referencia_arribo(arribo: Arribo) -> str:
    """Alert reference of an arrival's deadlines."""
    return f"{PREFIJO_REFERENCIA}{arribo.pk}"


@transaction.atomic
def arribo_notify(
    *,
    actor,
    agencia_nit: str,
    nave,
    ruta: str,
    puerto: str,
    fecha_arribo: dt.date,
    operacion: str,
    clase_carga: str = "",
    toneladas_declaradas: Decimal | None = None,
    fecha_aviso: dt.date | None = None,
    fletamento: bool = False,
    autorizacion_fletamento: str = "",
    carga_exenta: bool = False,
) -> Arribo:
    """C-08 (art. 9 par. 2): before the arrival (or the sailing, for exports) the agent reports the
    ship, its flag and date, and the class and quantity of its cargo (all required); a notice dated
    after the arrival is accepted and flagged. A chartered ship's authorization copy goes to the
    capitanía. The manifest is due on the 10th business day after the arrival; the bills of lading on
    the 15th, owed only when the ship carries goods exonerated or not subject to the reserve (art.
    12, `carga_exenta`). The arrival date may be in the future: this is a notice."""
    require_role(actor, *access.AGENTES)
    agencia_nit = access.agencia_nit_access(actor, agencia_nit)
    errores = Errores()
    agencia = agencia_por_nit(agencia_nit)
    if agencia is None and access.es_agente(actor):
        agencia = agencia_registrar(nit=agencia_nit)  # the agent's own agency, registered on its first notice
    if agencia is None:
        errores["agencia_nit"] = f"No existe una agencia marítima registrada con NIT «{agencia_nit[:20]}»."
    nave_obj = nave_por_referencia(nave)
    if nave_obj is None:
        errores["nave"] = "No existe esa nave en el registro de Dimar (indique su id o su número IMO)."
    ruta_obj = validacion.ruta(errores, "ruta", ruta)
    puerto = texto(errores, "puerto", puerto, largo=120)
    if clase_carga not in Clase.values:
        errores["clase_carga"] = "Indique la clase de la carga: general o a granel (art. 9 par. 2)."
    toneladas(errores, "toneladas_declaradas", toneladas_declaradas)
    autorizacion_fletamento = texto(
        errores, "autorizacion_fletamento", autorizacion_fletamento, largo=120, obligatorio=bool(fletamento)
    )
    fecha_aviso = fecha_aviso or today()
    no_futura(errores, "fecha_aviso", fecha_aviso)
    errores.revisar()
    arribo = crear_auditado(
        Arribo,
        actor=actor,
        accion="reserva.arribo.notificar",
        agencia=agencia,
        nave=nave_obj,
        ruta=ruta_obj,
        puerto=puerto,
        capitania=capitania_de_puerto(puerto),
        fecha_arribo=fecha_arribo,
        operacion=operacion,
        clase_carga=clase_carga,
        toneladas_declaradas=toneladas_declaradas,
        fecha_aviso=fecha_aviso,
        aviso_extemporaneo=fecha_aviso > fecha_arribo,
        fletamento=bool(fletamento),
        autorizacion_fletamento=autorizacion_fletamento if fletamento else "",
        carga_exenta=bool(carga_exenta),
        vence_sobordo=calculo.vence_sobordo(fecha_arribo),
        vence_conocimientos=calculo.vence_conocimientos(fecha_arribo),
        creado_por=actor,
    )
    if arribo.fletamento and arribo.capitania is not None:
        _copia_fletamento(arribo)
    return arribo


def _copia_fletamento(arribo: Arribo) -> None:
    """Art. 9 par. 2: before the arrival, the agent hands the capitanía the copy of the charter
    authorization; the capitanía's page lists it."""
    capitania_avisar(
        capitania=arribo.capitania,
        tipo=AvisoCapitania.Tipo.FLETAMENTO,
        referencia=referencia_arribo(arribo),
        detalle=(
            f"{arribo.agencia.razon_social}: {arribo.nave.nombre} ({arribo.nave.bandera}) llega a {arribo.puerto} el "
            f"{fecha_larga(arribo.fecha_arribo)} fletada; autorización de fletamento {arribo.autorizacion_fletamento}."
        )[:500],
        mensaje=(
            "reserva.autorizacion_fletamento",
            f"reserva-fletamento-{arribo.pk}",
            {
                "arribo": arribo.pk,
                "capitania": arribo.capitania.codigo,
                "nave": arribo.nave.nombre,
                "fecha_arribo": arribo.fecha_arribo.isoformat(),
                "autorizacion_fletamento": arribo.autorizacion_fletamento,
            },
        ),
        alerta=None,
        vence=arribo.fecha_arribo,
        fecha=arribo.fecha_aviso,
    )


def sobordo_present(*, actor, arribo: Arribo, fecha_presentacion: dt.date, archivo) -> Arribo:
    """C-08 (art. 11): the manifest stamped by customs, within 10 business days of the arrival.
    A late one is accepted and marked `extemporaneo`; a second upload replaces the file."""
    require_role(actor, *access.AGENTES)
    arribo = access.arribo_access(actor, arribo.pk)
    errores = Errores(errores_documento(archivo, limite=limite_bytes()))
    if arribo.fecha_arribo > today():
        errores["fecha_arribo"] = (
            f"La nave aún no ha arribado ({fecha_larga(arribo.fecha_arribo)}): "
            "el sobordo se presenta después del arribo."
        )
    no_futura(errores, "fecha_presentacion", fecha_presentacion)
    if "fecha_presentacion" not in errores and fecha_presentacion < arribo.fecha_arribo:
        errores["fecha_presentacion"] = (
            f"El sobordo no puede presentarse antes del arribo ({fecha_larga(arribo.fecha_arribo)})."
        )
    errores.revisar()
    with transaction.atomic():
        arribo = Arribo.objects.select_for_update().get(pk=arribo.pk)
        antes = snapshot(arribo)
        arribo.sobordo_presentado = fecha_presentacion
        arribo.sobordo_extemporaneo = fecha_presentacion > arribo.vence_sobordo
        arribo.sobordo_nombre = nombre_original(archivo)

        def guardar():
            arribo.save()
            audit_record(actor=actor, accion="reserva.sobordo.presentar", obj=arribo, antes=antes)
            alertas_resolve_por_referencia(
                tipo=TipoAlertaReserva.SOBORDO_VENCIDO,
                referencia=referencia_arribo(arribo),
                detalle=f"Sobordo presentado el {fecha_larga(fecha_presentacion)}.",
            )

        guardar_con_archivo(arribo.sobordo, archivo, guardar)
    return arribo


@transaction.atomic
def conocimientos_entregar(*, actor, arribo: Arribo, fecha: dt.date) -> Arribo:
    """C-08 (art. 12): the agent declares the bills of lading of the arrival complete."""
    require_role(actor, *access.AGENTES)
    arribo = access.arribo_access(actor, arribo.pk)
    errores = Errores()
    no_futura(errores, "fecha", fecha)
    if "fecha" not in errores and fecha < arribo.fecha_arribo:
        errores["fecha"] = f"La entrega no puede ser anterior al arribo ({fecha_larga(arribo.fecha_arribo)})."
    errores.revisar()
    arribo = Arribo.objects.select_for_update().get(pk=arribo.pk)
    antes = snapshot(arribo)
    arribo.conocimientos_entregados = fecha
    arribo.save(update_fields=["conocimientos_entregados"])
    audit_record(actor=actor, accion="reserva.conocimientos.entregar", obj=arribo, antes=antes)
    alertas_resolve_por_referencia(
        tipo=TipoAlertaReserva.CONOCIMIENTOS_VENCIDOS,
        referencia=referencia_arribo(arribo),
        detalle=f"Conocimientos entregados el {fecha_larga(fecha)}.",
    )
    return arribo
