"""Reads of certificates: a vessel's last one (R-14), the one behind a verification code, the sale
that redeemed one, and what annulling one would do."""

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from core.comun.errors import ApplicationError, DatosInvalidos
from core.comun.fechas import fecha_larga
from core.comun.galones import CERO, galones_texto
from cupos import calculo
from cupos.errors import SinCupoVigente
from cupos.models import Cupo
from cupos.selectors import cupos as cupo_selectors
from zarpes.errors import ErrorZarpes
from zarpes.models import Certificado, Inspeccion


def ultimo_certificado(nave_id: int) -> Certificado | None:
    """R-14: the certificate the vessel presents at its next zarpe. An annulled one does not count:
    its zarpe never sailed, so the chain goes on from the one before it."""
    return (
        Certificado.objects.filter(nave_id=nave_id)
        .exclude(estado=Certificado.Estado.ANULADO)
        .order_by("-fecha_expedicion", "-id")
        .first()
    )


def codigo_normalizado(texto: str | None) -> str:
    """A verification code as a person may type it (lower case, spaces, with or without dashes) in
    its printed form: four groups of four, "ABCD-EFGH-JKLM-NPQR"."""
    crudo = "".join(c for c in (texto or "").upper() if c.isascii() and c.isalnum())
    if len(crudo) != 16:
        return (texto or "").strip().upper()[:40]
    return "-".join(crudo[i : i + 4] for i in range(0, 16, 4))


def certificado_por_codigo(codigo: str) -> Certificado | None:
    """Public verification: the certificate behind a verification code, or None."""
    codigo = codigo_normalizado(codigo)
    if not codigo or len(codigo) > 40:
        return None
    return Certificado.objects.select_related("nave").filter(codigo_verificacion=codigo).first()


@dataclass(frozen=True)
class VentaDelCertificado:
    galones: Decimal
    fecha: dt.date
    distribuidor: str


def certificado_venta(certificado_id: int) -> VentaDelCertificado | None:
    """The exempt sale that redeemed the certificate (distribuidores.Venta, through its reverse
    relation: zarpes does not import distribuidores), or None."""
    fila = (
        Certificado.objects.filter(pk=certificado_id, venta__isnull=False)
        .values_list("venta__galones", "venta__fecha", "venta__distribuidor__razon_social")
        .first()
    )
    return VentaDelCertificado(*fila) if fila else None


def reintegro_posible(*, cupo: Cupo, fecha_zarpe: dt.date, fecha: dt.date) -> bool:
    """R-17: gallons return to the cupo only inside the window of the zarpe, while the cupo is in force."""
    try:
        terminos = cupo_selectors.cupo_terminos(cupo)
    except SinCupoVigente:
        return False
    return calculo.window_for(terminos, fecha_zarpe).contiene(fecha) and terminos.vigente(fecha)


@dataclass(frozen=True)
class PlanAnulacion:
    """What annulling the certificate on `fecha` does: the gallons that return, or why none do."""

    certificado: Certificado
    fecha: dt.date
    reintegro: Decimal

    @property
    def ventana_cerrada(self) -> bool:
        return self.reintegro == 0


def certificado_anulacion_plan(*, certificado: Certificado, fecha: dt.date) -> PlanAnulacion:
    """Whether the certificate can be annulled on `fecha` and with what refund; raises the refusal.

    Only a certificate nobody used: not redeemed by a sale, not inspected (an inspection means
    the fuel was taken: the zarpe sailed), and still the vessel's last one (a later zarpe already
    presented it, R-14). The service calls this under its locks; the confirmation page, to say
    what will happen."""
    numero = certificado.numero
    if certificado.estado == Certificado.Estado.ANULADO:
        raise ApplicationError(ErrorZarpes.CERTIFICADO_ANULADO, f"El certificado {numero} ya está anulado.")
    venta = certificado_venta(certificado.id)
    if certificado.estado == Certificado.Estado.REDIMIDO or venta is not None:
        cuando = f": {venta.distribuidor} vendió {galones_texto(venta.galones)} galones el {fecha_larga(venta.fecha)}"
        raise ApplicationError(
            ErrorZarpes.CERTIFICADO_REDIMIDO,
            f"El certificado {numero} ya fue redimido{cuando if venta else ''}. "
            "Un certificado redimido no se anula: el combustible se entregó.",
        )
    if Inspeccion.objects.filter(zarpe_id=certificado.zarpe_id).exists():
        raise ApplicationError(
            ErrorZarpes.INSPECCION_REGISTRADA,
            f"El zarpe del certificado {numero} ya tiene el informe del inspector: la nave tomó el combustible "
            "y zarpó, así que el certificado no se anula. Lo no tomado ya se reintegró con el informe (R-17).",
        )
    ultimo = ultimo_certificado(certificado.nave_id)
    if ultimo is None or ultimo.id != certificado.id:
        raise ApplicationError(
            ErrorZarpes.CERTIFICADO_NO_ES_EL_ULTIMO,
            f"El certificado {numero} ya se presentó en un zarpe posterior de la nave "
            f"({ultimo.numero if ultimo else 'ninguno'}): solo se anula el último certificado expedido (R-14).",
        )
    if fecha < certificado.fecha_expedicion:
        raise DatosInvalidos({"fecha": "La anulación no puede ser anterior a la expedición del certificado."})
    abierta = reintegro_posible(cupo=certificado.cupo, fecha_zarpe=certificado.fecha_expedicion, fecha=fecha)
    return PlanAnulacion(certificado=certificado, fecha=fecha, reintegro=certificado.galones_autorizados if abierta
                         else CERO)


def certificado_previo(certificado: Certificado) -> Certificado | None:
    """The vessel's valid certificate before this one: what its next zarpe presents once this one
    is annulled (R-14)."""
    return (
        Certificado.objects.filter(nave_id=certificado.nave_id)
        .exclude(estado=Certificado.Estado.ANULADO)
        .exclude(pk=certificado.pk)
        .filter(fecha_expedicion__lte=certificado.fecha_expedicion)
        .order_by("-fecha_expedicion", "-id")
        .first()
    )
