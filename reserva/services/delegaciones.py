"""Art. 16: who signs the exoneration seal. The Director General Marítimo signs; the Secretary
General only under an express delegation, whose act Dimar records here with its validity."""

import dataclasses
import datetime as dt

from django.db import transaction

from core.auditoria.audit import crear_auditado
from core.comun.errors import ApplicationError
from core.comun.fechas import fecha_larga
from core.identidad.access import require_role
from reserva import access
from reserva.errors import ErrorReserva
from reserva.models import Delegacion
from reserva.selectors.exoneraciones import delegacion_vigente
from reserva.validacion import Errores, texto

Cargo = Delegacion.Cargo


@transaction.atomic
def delegacion_register(
    *,
    actor,
    acto: str,
    vigente_desde: dt.date,
    nombre_delegado: str,
    vigente_hasta: dt.date | None = None,
    cargo_delegante: str = Cargo.DIRECTOR_GENERAL,
    cargo_delegado: str = Cargo.SECRETARIO_GENERAL,
) -> Delegacion:
    """Dimar records the act that delegates the signing of the seal (art. 16)."""
    require_role(actor, *access.DIMAR)
    errores = Errores()
    acto = texto(errores, "acto", acto, largo=120)
    nombre_delegado = texto(errores, "nombre_delegado", nombre_delegado, largo=200)
    for campo, valor in (("cargo_delegante", cargo_delegante), ("cargo_delegado", cargo_delegado)):
        if valor not in Cargo.values:
            errores[campo] = f"Use uno de: {', '.join(Cargo.values)}."
    if "cargo_delegado" not in errores and cargo_delegado == cargo_delegante:
        errores["cargo_delegado"] = "Quien delega y quien recibe la delegación deben ser cargos distintos."
    if vigente_hasta is not None and vigente_hasta < vigente_desde:
        errores["vigente_hasta"] = "La vigencia no puede terminar antes de empezar."
    if acto and Delegacion.objects.filter(acto__iexact=acto).exists():
        errores["acto"] = f"Ya está registrada la delegación «{acto}»."
    errores.revisar()
    return crear_auditado(
        Delegacion,
        actor=actor,
        accion="reserva.delegacion.registrar",
        acto=acto,
        vigente_desde=vigente_desde,
        vigente_hasta=vigente_hasta,
        cargo_delegante=cargo_delegante,
        cargo_delegado=cargo_delegado,
        nombre_delegado=nombre_delegado,
        registrada_por=actor,
    )


@dataclasses.dataclass
class Firma:
    cargo: str
    nombre: str
    delegacion: Delegacion | None


def firma_leer(errores: Errores, firma: dict | None) -> tuple[str, str, str]:
    """Art. 16: who signs the seal, as (cargo, acto_delegacion, nombre), or the field's error."""
    if not firma:
        errores["firma"] = (
            "La exoneración concedida la firma el Director General Marítimo, o el Secretario General con "
            "delegación expresa (art. 16): indique el cargo de quien firma."
        )
        return "", "", ""
    cargo = str(firma.get("cargo") or "")
    acto = str(firma.get("acto_delegacion") or "").strip()[:120]
    nombre = str(firma.get("nombre") or "").strip()[:200]
    if cargo not in Cargo.values:
        errores["firma"] = f"Cargo de quien firma: use uno de {', '.join(Cargo.values)}."
    elif cargo == Cargo.SECRETARIO_GENERAL and not acto:
        errores["firma"] = (
            "El Secretario General firma solo por delegación expresa (art. 16): indique el acto de delegación."
        )
    return cargo, acto, nombre


def firma_resolver(*, cargo: str, acto: str, nombre: str, fecha: dt.date, actor) -> Firma:
    """The signer of a decision: the Director General (the name given, or the acting user's), or the
    Secretary General under the delegation `acto` in force on the decision's date."""
    if cargo != Cargo.SECRETARIO_GENERAL:
        return Firma(cargo, nombre or _nombre_de(actor), None)
    delegacion = delegacion_vigente(acto=acto, fecha=fecha)
    if delegacion is None:
        raise ApplicationError(
            ErrorReserva.DELEGACION_NO_VIGENTE,
            f"No hay una delegación registrada con el acto «{acto}» vigente el {fecha_larga(fecha)} que "
            "faculte al Secretario General para firmar el sello (art. 16).",
        )
    return Firma(cargo, nombre or delegacion.nombre_delegado, delegacion)


def _nombre_de(actor) -> str:
    """The Director General's name from the acting user's profile; never the login name (issue 45: the seal read
    «Firmado digitalmente por: dimar»). Without a name in the profile, the position signs: the office's name."""
    return (actor.get_full_name() or "").strip()[:200] or Cargo.DIRECTOR_GENERAL.label
