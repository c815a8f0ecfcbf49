"""Standing conditions: a foreign vessel's yearly bank guarantee, its landings, and UPME's call on the guarantee when
the vessel falls short of its minimum landing (R-26); the Armada's convenio with its wholesaler and an acuicultora's
cultivation permit (R-27)."""

import datetime as dt
from decimal import Decimal

from django.db import transaction

from core.actos.models import Autoridad
from core.actos.services import acto_expedir
from core.auditoria.audit import audit_record, guardar_auditado, snapshot
from core.comun.errors import ApplicationError, DatosInvalidos, no_futura, unico
from core.comun.fechas import fecha_larga
from core.comun.galones import round2
from core.identidad.access import require_role
from core.models import Capitania, Distribuidor
from core.registro import TipoActo
from core.vencimientos import calendario
from cupos.access import ESCRITORES
from cupos.errors import ErrorCupos
from cupos.models import Beneficiario, ConvenioArmada, Desembarque, GarantiaNave
from cupos.selectors.condiciones import convenio_vigente
from cupos.services.procedimiento import _persona

# R-26 (D1891, foreign vessels): «garantía bancaria … por un valor no inferior al 10 % del valor de la pesca
# mínima a desembarcar». Also enforced by the table's CHECK constraint.
PORCENTAJE_GARANTIA = Decimal("0.10")
TIPO_ACTO_EJECUCION = "ejecucion_garantia"


def _nave_extranjera(beneficiario: Beneficiario) -> None:
    if beneficiario.tipo != Beneficiario.Tipo.NAVE_EXTRANJERA:
        raise DatosInvalidos(
            {"beneficiario": "La garantía bancaria y los desembarques se registran solo para naves extranjeras (R-26)."}
        )


@transaction.atomic
def garantia_registrar(
    *, actor, beneficiario: Beneficiario, anio: int, desembarque_minimo_kg: Decimal, valor_desembarque_minimo: Decimal,
    banco: str, numero: str, valor: Decimal, vigente_hasta: dt.date, soporte: str, moneda: str = "COP",
) -> GarantiaNave:
    """R-26: record a foreign vessel's guarantee for a year. It must cover at least 10 % of the declared value of
    the minimum catch; once recorded it lifts the refusal of certificates (`garantia_vencida`) up to its end."""
    require_role(actor, *ESCRITORES)
    _nave_extranjera(beneficiario)
    errores = {}
    minimo_valor = round2(Decimal(valor_desembarque_minimo) * PORCENTAJE_GARANTIA)
    if Decimal(valor) < minimo_valor:
        errores["valor"] = (
            f"La garantía debe cubrir al menos el 10 % del valor declarado del desembarque mínimo: "
            f"{_monto(minimo_valor, moneda)} o más (R-26)."
        )
    if Decimal(desembarque_minimo_kg) <= 0:
        errores["desembarque_minimo_kg"] = "Indique el desembarque mínimo del año en kilogramos (constancia del ICA)."
    if vigente_hasta < dt.date(anio, 1, 1):
        errores["vigente_hasta"] = f"La garantía del año {anio} no puede vencer antes de que empiece ese año."
    if errores:
        raise DatosInvalidos(errores)
    duplicada = ApplicationError(
        ErrorCupos.GARANTIA_DUPLICADA, f"Ya está registrada la garantía {numero} de {banco} para esta nave."
    )
    if GarantiaNave.objects.filter(beneficiario=beneficiario, banco=banco.strip(), numero=numero.strip()).exists():
        raise duplicada
    garantia = GarantiaNave(
        beneficiario=beneficiario, anio=anio, desembarque_minimo_kg=round2(desembarque_minimo_kg),
        valor_desembarque_minimo=round2(valor_desembarque_minimo), banco=banco.strip(), numero=numero.strip(),
        valor=round2(valor), moneda=moneda, vigente_hasta=vigente_hasta, soporte=soporte.strip(),
        registrada_por=actor if getattr(actor, "pk", None) else None,
    )
    with unico(duplicada):
        return guardar_auditado(garantia, actor=actor, accion="garantia.registrar")


@transaction.atomic
def desembarque_registrar(
    *, actor, beneficiario: Beneficiario, fecha: dt.date, puerto: str, kg: Decimal, certificado: str
) -> Desembarque:
    """R-26: a landing in a Colombian port (one of Dimar's capitanías), with its AUNAP/ICA certificate."""
    require_role(actor, *ESCRITORES)
    _nave_extranjera(beneficiario)
    no_futura(fecha, calendario.today())
    errores = {}
    capitania = Capitania.objects.filter(codigo=str(puerto).strip().upper()).first()
    if capitania is None:
        errores["puerto"] = f"«{puerto}» no es un puerto colombiano registrado: use el código de su capitanía."
    kg = round2(kg)
    if kg <= 0:
        errores["kg"] = "Los kilogramos desembarcados deben ser mayores que cero."
    if errores:
        raise DatosInvalidos(errores)
    duplicado = ApplicationError(
        ErrorCupos.DESEMBARQUE_DUPLICADO, f"El certificado de desembarque {certificado} ya está registrado."
    )
    if Desembarque.objects.filter(beneficiario=beneficiario, certificado=certificado.strip()).exists():
        raise duplicado
    desembarque = Desembarque(
        beneficiario=beneficiario, fecha=fecha, puerto=capitania, kg=kg, certificado=certificado.strip(),
        registrado_por=actor if getattr(actor, "pk", None) else None,
    )
    with unico(duplicado):
        return guardar_auditado(desembarque, actor=actor, accion="desembarque.registrar")


@transaction.atomic
def garantia_ejecutar(*, actor, garantia_id: int, fecha: dt.date, motivo: str) -> GarantiaNave:
    """R-26: UPME's call on the guarantee for a shortfall of landings: recorded on the guarantee and issued as an
    act of UPME concerning the vessel's beneficiary, notified with its recursos (DOMAIN §8)."""
    require_role(actor, *ESCRITORES)
    garantia = GarantiaNave.objects.select_for_update().select_related("beneficiario").filter(pk=garantia_id).first()
    if garantia is None:
        raise DatosInvalidos({"garantia": "No existe esa garantía."})
    if garantia.ejecutada_el is not None:
        raise ApplicationError(
            ErrorCupos.GARANTIA_EJECUTADA,
            f"La garantía {garantia.numero} ya se ejecutó el {fecha_larga(garantia.ejecutada_el)}.",
        )
    no_futura(fecha, calendario.today())
    if not motivo.strip():
        raise DatosInvalidos({"motivo": "Motive la ejecución de la garantía: qué desembarque faltó y por qué."})
    antes = snapshot(garantia)
    acto = acto_expedir(
        actor=actor, tipo=TIPO_ACTO_EJECUCION, referencia=str(garantia.pk), autoridad=Autoridad.UPME,
        numero=f"garantía {garantia.numero}", interesados=[_persona(garantia.beneficiario)],
    )
    garantia.ejecutada_el, garantia.motivo_ejecucion, garantia.acto_ejecucion = fecha, motivo.strip(), acto
    garantia.save(update_fields=["ejecutada_el", "motivo_ejecucion", "acto_ejecucion"])
    audit_record(actor=actor, accion="garantia.ejecutar", obj=garantia, antes=antes)
    return garantia


def _ejecucion_decidir(acto, interesado, sentido: str, galones_anuales) -> None:
    """P-03: the call on a guarantee revoked on the beneficiary's recurso is undone on the guarantee."""
    if sentido == "modifica":
        raise DatosInvalidos({"sentido": "La ejecución de una garantía se confirma o se revoca."})
    for garantia in GarantiaNave.objects.select_for_update().filter(acto_ejecucion=acto):
        antes = snapshot(garantia)
        garantia.ejecutada_el, garantia.motivo_ejecucion = None, ""
        garantia.save(update_fields=["ejecutada_el", "motivo_ejecucion"])
        audit_record(actor=None, accion="garantia.ejecucion_revocada", obj=garantia, antes=antes)


TIPO_ACTO_GARANTIA = TipoActo(
    tipo=TIPO_ACTO_EJECUCION, etiqueta="Ejecución de la garantía bancaria de nave extranjera",
    decidir=_ejecucion_decidir,
)


def _monto(valor: Decimal, moneda: str) -> str:
    """es-CO: thousands with «.», cents with «,»."""
    entero, _, decimales = f"{valor:,.2f}".partition(".")
    return f"{moneda} {entero.replace(',', '.')},{decimales}"


# --- the Armada's convenio, an acuicultora's cultivation permit ------------------------------------------


@transaction.atomic
def convenio_registrar(
    *, actor, beneficiario: Beneficiario, distribuidor_nit: str, numero: str, vigente_desde: dt.date,
    vigente_hasta: dt.date,
) -> ConvenioArmada:
    """R-27 (D1505 art. 5 par. 2): record the Armada's convenio with its wholesaler. From then on a sale to the Armada
    by that wholesaler dated within the convenio is allowed; any other is `409 sin_convenio`."""
    require_role(actor, *ESCRITORES)
    if beneficiario.tipo != Beneficiario.Tipo.ARMADA:
        raise DatosInvalidos(
            {"beneficiario": "El convenio con un distribuidor mayorista se registra solo para la Armada Nacional "
             "(R-27)."}
        )
    errores = {}
    nit = str(distribuidor_nit or "").strip()
    distribuidor = Distribuidor.objects.filter(nit=nit).first()
    if distribuidor is None:
        errores["distribuidor_nit"] = f"No existe un distribuidor con NIT {nit}."
    elif distribuidor.tipo != Distribuidor.Tipo.MAYORISTA:
        errores["distribuidor_nit"] = (
            f"{distribuidor.razon_social} no es distribuidor mayorista: la Armada compra a un mayorista (R-18)."
        )
    numero = str(numero or "").strip()
    if not numero:
        errores["numero"] = "Indique el número del convenio."
    if vigente_hasta < vigente_desde:
        errores["vigente_hasta"] = "El convenio no puede terminar antes de empezar."
    if errores:
        raise DatosInvalidos(errores)
    duplicado = ApplicationError(
        ErrorCupos.CONVENIO_DUPLICADO, f"El convenio {numero} ya está registrado para {beneficiario.nombre}."
    )
    if ConvenioArmada.objects.filter(beneficiario=beneficiario, numero=numero).exists():
        raise duplicado
    convenio = ConvenioArmada(
        beneficiario=beneficiario, distribuidor=distribuidor, numero=numero, vigente_desde=vigente_desde,
        vigente_hasta=vigente_hasta, registrado_por=actor if getattr(actor, "pk", None) else None,
    )
    with unico(duplicado):
        return guardar_auditado(convenio, actor=actor, accion="convenio.registrar")


def exigir_convenio(*, beneficiario: Beneficiario, distribuidor, fecha: dt.date) -> ConvenioArmada | None:
    """R-27: a sale to the Armada needs a convenio in force with that seller on the sale's date (`409 sin_convenio`).
    Any other beneficiary: nothing to check (None)."""
    if beneficiario.tipo != Beneficiario.Tipo.ARMADA:
        return None
    convenio = convenio_vigente(beneficiario_id=beneficiario.id, distribuidor_id=distribuidor.id, fecha=fecha)
    if convenio is None:
        raise ApplicationError(
            ErrorCupos.SIN_CONVENIO,
            f"{beneficiario.nombre} no tiene un convenio vigente con {distribuidor.razon_social} el "
            f"{fecha_larga(fecha)}: la venta exenta a la Armada se hace solo al distribuidor mayorista del convenio "
            "en vigor en la fecha de la venta (R-27).",
        )
    return convenio


def error_permiso_cultivo_vencido(
    nombres: list[str], fecha: dt.date, momento: str, hasta: dt.date | None = None, **extra
) -> ApplicationError:
    """R-27 (D1891 num. 1): the cultivation permit is in force on the application's date, the grant's and each
    sale's. `momento` says which («la radicación de la solicitud», «el otorgamiento del cupo»); `hasta`, when one
    acuicultora is named, the day its permit ended."""
    quienes = ", ".join(nombres[:10]) + (f" y {len(nombres) - 10} más" if len(nombres) > 10 else "")
    vencio = f" venció el {fecha_larga(hasta)}:" if hasta else ""
    return ApplicationError(
        ErrorCupos.PERMISO_CULTIVO_VENCIDO,
        f"El permiso de cultivo de {quienes}{vencio} no está vigente el {fecha_larga(fecha)}, fecha de {momento}. "
        "La acuicultora necesita su permiso de cultivo vigente (R-27); la UPME registra primero el permiso renovado.",
        extra=extra or None,
    )


def exigir_permiso_cultivo(*, beneficiario: Beneficiario, fecha: dt.date, momento: str) -> None:
    """R-27: `409 permiso_cultivo_vencido` when the acuicultora's recorded permit ended before `fecha`. A permit
    not recorded (data from before the field existed) is not refused here (docs/decisiones.md)."""
    if beneficiario.tipo != Beneficiario.Tipo.ACUICULTORA:
        return
    hasta = beneficiario.permiso_cultivo_vigente_hasta
    if hasta is not None and hasta < fecha:
        raise error_permiso_cultivo_vencido([beneficiario.nombre], fecha, momento, hasta)
