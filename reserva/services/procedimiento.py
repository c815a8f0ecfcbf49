"""The cargo reservation's decisions under the procedure (DOMAIN §8, C-05, C-06, C-11, C-12, P-06): each one is an
act of core.actos, issued in the deciding service's transaction and notified to the person it concerns (the
importer or exporter by its NIT, the conference by its code), with the recursos of its authority's table (P-02).

What a decision on a recurso does (P-03): «confirma» keeps the act; «revoca» annuls its effect for the petitioner
and the file is open again for a new decision (a new act), as Dimar would decide it anew; «modifica» is not offered
(docs/decisiones.md, «Reserva de carga bajo el procedimiento»). Nothing here runs on the daily firmeza job: the
effect of a grant is read from the petitioner's firmeza where it is used (a shipment, C-07; compliance, C-04)."""

from __future__ import annotations

import datetime as dt

from core.actos.models import Acto, Autoridad, Interesado, Recurso
from core.actos.services import acto_expedir, exigir_firmeza
from core.auditoria.audit import audit_record, snapshot
from core.comun.errors import DatosInvalidos
from core.registro import TipoActo
from core.vencimientos.calendario import today
from reserva import calculo
from reserva.models import ContratoAnual, Exoneracion, Recargo, ResultadoControl, UsuarioCarga

EXONERACION = "reserva_exoneracion"
DESISTIMIENTO = "reserva_desistimiento"
CONTRATO = "reserva_contrato_anual"
RECARGO = "reserva_recargo"
MULTA = "reserva_multa"
REVOCADA = "revocada al decidir el recurso del peticionario (Ley 1437, art. 80)"


def nombre_usuario(nit: str) -> str:
    razon_social = UsuarioCarga.objects.filter(nit=nit).values_list("razon_social", flat=True).first()
    return razon_social or f"NIT {nit}"


def _referencia(tipo: str, pk: int) -> str:
    """`<pk>:<n>`: a file decided again after a revocation gets a new act of the same kind."""
    return f"{pk}:{Acto.objects.filter(tipo=tipo, referencia__startswith=f'{pk}:').count() + 1}"


def expedir(
    *,
    actor,
    tipo: str,
    objeto,
    nit: str,
    nombre: str,
    numero: str,
    autoridad: str = Autoridad.DIMAR,
    firmante: str = "",
    transcrita: bool = False,
    fecha: dt.date | None = None,
    soporte: str = "",
) -> Acto:
    """The decision as an act, in the caller's transaction: dated today, or, transcribed from paper, on `fecha`
    with its support (API.md «Acts»). The person concerned is the petitioner, reached by its NIT (or code)."""
    return acto_expedir(
        actor=actor, tipo=tipo, referencia=_referencia(tipo, objeto.pk), autoridad=autoridad, numero=numero,
        firmante=firmante, transcrito=bool(transcrita), fecha_expedicion=fecha if transcrita else None,
        soporte=soporte or "", interesados=[{"nombre": nombre, "nit": nit, "referencia": f"nit:{nit}"}],
    )


def interesado_id(acto_id: int | None) -> int | None:
    if acto_id is None:
        return None
    return Interesado.objects.filter(acto_id=acto_id).order_by("id").values_list("id", flat=True).first()


def exigir_exoneracion_firme(exoneracion: Exoneracion, fecha: dt.date) -> None:
    """P-04, P-05: a grant is used (a shipment under it, C-07) only from its firmeza for the petitioner, never
    while its recurso is pending (409 recurso_en_tramite / firmeza_anticipada, core.actos)."""
    exigir_firmeza(interesado_id(exoneracion.acto_id), fecha)


def _solo_confirmar_o_revocar(sentido: str) -> None:
    if sentido == Recurso.Sentido.MODIFICA:
        raise DatosInvalidos({
            "sentido": "Esta decisión se confirma o se revoca; para cambiarla, revóquela y decida de nuevo la "
                       "solicitud."
        })


def _bloquear(modelo, campo: str, acto: Acto):
    fila = modelo.objects.select_for_update().filter(**{campo: acto}).first()
    if fila is None:
        raise DatosInvalidos({"sentido": "Este acto ya no es la decisión vigente de la solicitud."})
    return fila


def decidir_exoneracion(acto, interesado, sentido, galones_anuales) -> None:
    """P-03: a grant or a denial (C-06) revoked on the petitioner's recurso: the file is open again (radicada) for
    Dimar to decide anew; a grant's seal stops verifying."""
    _solo_confirmar_o_revocar(sentido)
    exoneracion = _bloquear(Exoneracion, "acto", acto)
    antes = snapshot(exoneracion)
    exoneracion.estado = Exoneracion.Estado.RADICADA
    exoneracion.fecha_decision = exoneracion.embarcar_antes_de = None
    exoneracion.motivo_decision = f"Decisión {REVOCADA}."
    exoneracion.firma_cargo = exoneracion.firma_nombre = ""
    exoneracion.delegacion = exoneracion.codigo_verificacion = None
    exoneracion.save()
    audit_record(actor=None, accion="reserva.exoneracion.revocar_por_recurso", obj=exoneracion, antes=antes)


def decidir_desistimiento(acto, interesado, sentido, galones_anuales) -> None:
    """P-06: a withdrawal revoked on reposición: the file is open again (radicada), as it was before."""
    _solo_confirmar_o_revocar(sentido)
    exoneracion = _bloquear(Exoneracion, "acto", acto)
    antes = snapshot(exoneracion)
    exoneracion.estado = Exoneracion.Estado.RADICADA
    exoneracion.fecha_decision = exoneracion.vence_completar = None
    exoneracion.motivo_decision = f"Desistimiento {REVOCADA}."
    exoneracion.save()
    audit_record(actor=None, accion="reserva.exoneracion.revocar_por_recurso", obj=exoneracion, antes=antes)


def decidir_contrato(acto, interesado, sentido, galones_anuales) -> None:
    """P-03: a contract's authorization or denial (C-11) revoked: the contract waits for a new decision."""
    _solo_confirmar_o_revocar(sentido)
    contrato = _bloquear(ContratoAnual, "acto", acto)
    antes = snapshot(contrato)
    contrato.estado = ContratoAnual.Estado.PRESENTADO
    contrato.fecha_autorizacion = contrato.fecha_negacion = contrato.vence_registro = contrato.fecha_registro = None
    contrato.motivo_decision = f"Decisión {REVOCADA}."
    contrato.save()
    audit_record(actor=None, accion="reserva.contrato.revocar_por_recurso", obj=contrato, antes=antes)


def decidir_recargo(acto, interesado, sentido, galones_anuales) -> None:
    """P-03: a surcharge's authorization or denial (C-12) revoked: the surcharge waits for a new decision, within
    the term it had (or a whole new one when it had none)."""
    _solo_confirmar_o_revocar(sentido)
    recargo = _bloquear(Recargo, "acto", acto)
    antes = snapshot(recargo)
    recargo.estado = Recargo.Estado.PRESENTADO
    recargo.fecha_decision = None
    recargo.motivo_decision = f"Decisión {REVOCADA}."
    if recargo.vence_decision is None:
        recargo.vence_decision = calculo.vence_decision_recargo(today(), portuario=recargo.portuario)
    recargo.save()
    audit_record(actor=None, accion="reserva.recargo.revocar_por_recurso", obj=recargo, antes=antes)


def decidir_multa(acto, interesado, sentido, galones_anuales) -> None:
    """P-03: a fine (C-05) revoked on reposición or apelación: the investigation ends without sanction."""
    _solo_confirmar_o_revocar(sentido)
    resultado = _bloquear(ResultadoControl, "acto_procedimiento", acto)
    antes = snapshot(resultado)
    resultado.resultado = ResultadoControl.Resultado.ARCHIVADA
    resultado.multa_smmlv = resultado.anio_smmlv = resultado.valor_smmlv = resultado.multa_pesos = None
    resultado.motivo = f"{resultado.motivo}\n\nMulta {REVOCADA}."[:8000]
    resultado.save()
    audit_record(actor=None, accion="reserva.control.revocar_multa_por_recurso", obj=resultado, antes=antes)


TIPOS_ACTO = (
    TipoActo(EXONERACION, "Decisión sobre una exoneración de reserva de carga", decidir=decidir_exoneracion),
    TipoActo(DESISTIMIENTO, "Desistimiento de una solicitud de exoneración", decidir=decidir_desistimiento),
    TipoActo(CONTRATO, "Decisión sobre un contrato anual de carga a granel", decidir=decidir_contrato),
    TipoActo(RECARGO, "Decisión sobre un recargo de conferencia", decidir=decidir_recargo),
    TipoActo(MULTA, "Multa por incumplimiento de la reserva de carga", decidir=decidir_multa),
)
