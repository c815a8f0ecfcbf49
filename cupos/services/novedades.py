"""Dimar's monthly novelties (R-24): altas create vessels awaiting a cupo decision; bajas cancel."""

import datetime as dt

from django.db import transaction
from django.db.models import Q

from core.access import require_role
from core.alertas import alertas_resolve_por_referencia
from core.audit import audit_record
from core.calendario import today
from core.errors import ApplicationError, DatosInvalidos
from core.models import Alerta
from core.roles import Rol
from cupos.models import AltaDimar, BajaDimar, Beneficiario, Cupo, NovedadDimar
from cupos.services.beneficiarios import beneficiario_create_unchecked
from cupos.services.resoluciones import cupo_cancel


def novedades_register(*, actor, periodo: dt.date, altas: list[dict], bajas: list[dict], archivo=None) -> NovedadDimar:
    """Record Dimar's report for a month. All or nothing: one bad row refuses the whole report."""
    require_role(actor, Rol.DIMAR)
    periodo = periodo.replace(day=1)
    if periodo > today().replace(day=1):
        raise DatosInvalidos({"periodo": "El periodo no puede ser un mes futuro."})
    errores: dict[str, list[str]] = {}
    with transaction.atomic():
        novedad = NovedadDimar.objects.create(
            periodo=periodo, fecha_recepcion=today(), registrada_por=actor, archivo=archivo
        )
        for i, datos in enumerate(altas):
            datos = dict(datos)
            if not datos.get("tipo"):
                bandera = (datos.get("bandera") or "CO").upper()
                datos["tipo"] = Beneficiario.Tipo.NAVE_NACIONAL if bandera == "CO" else Beneficiario.Tipo.NAVE_EXTRANJERA
            if datos["tipo"] not in Beneficiario.TIPOS_NAVE:
                errores.setdefault(f"altas[{i}].tipo", []).append("Dimar reporta naves.")
                continue
            try:
                with transaction.atomic():
                    beneficiario = beneficiario_create_unchecked(actor=actor, **datos)
            except DatosInvalidos as exc:
                for campo, mensajes in exc.errores.items():
                    errores.setdefault(f"altas[{i}].{campo}", []).extend(mensajes)
                continue
            except ApplicationError as exc:
                errores.setdefault(f"altas[{i}].matricula", []).append(exc.detalle)
                continue
            AltaDimar.objects.create(novedad=novedad, beneficiario=beneficiario)
        cancelados = 0
        for i, datos in enumerate(bajas):
            matricula = str(datos.get("matricula") or "").strip().upper()
            nave = Beneficiario.objects.filter(matricula=matricula).first()
            if nave is None:
                errores.setdefault(f"bajas[{i}].matricula", []).append(f"No existe una nave con matrícula «{matricula}».")
                continue
            fecha, motivo = datos["fecha"], (datos.get("motivo") or "").strip() or "Baja reportada por Dimar"
            if fecha > today():
                errores.setdefault(f"bajas[{i}].fecha", []).append("La fecha es posterior a hoy.")
                continue
            baja = BajaDimar.objects.create(novedad=novedad, matricula=matricula, fecha=fecha, motivo=motivo, beneficiario=nave)
            afectados = Cupo.objects.filter(beneficiario=nave).filter(
                Q(estado=Cupo.Estado.EXPEDIDO) | Q(estado=Cupo.Estado.EN_FIRME) & (Q(fecha_fin__isnull=True) | Q(fecha_fin__gte=fecha))
            )
            for cupo in afectados:
                cupo_cancel(actor=actor, cupo=cupo, fecha=fecha, motivo=f"Baja Dimar: {motivo}", roles=(Rol.DIMAR,))
                baja.cupos_cancelados.add(cupo)
                cancelados += 1
        if errores:
            raise DatosInvalidos(errores)
        novedad.cupos_cancelados_total = cancelados  # reported back by the API
        audit_record(actor=actor, accion="novedades_dimar.registrar", obj=novedad,
                     despues={"periodo": f"{periodo:%Y-%m}", "altas": len(altas), "bajas": len(bajas), "cupos_cancelados": cancelados})
        alertas_resolve_por_referencia(tipo=Alerta.Tipo.NOVEDADES_DIMAR_VENCIDAS, referencia=f"{periodo:%Y-%m}",
                                       detalle="Dimar presentó las novedades.")
    return novedad


def altas_decidir_por_cupo(*, beneficiario_id: int) -> None:
    """A cupo granted to a vessel reported as alta is UPME's decision on it (R-24)."""
    altas = AltaDimar.objects.filter(beneficiario_id=beneficiario_id, decision=AltaDimar.Decision.PENDIENTE)
    if altas.update(decision=AltaDimar.Decision.CUPO_OTORGADO, decidida=today()):
        Alerta.objects.filter(tipo=Alerta.Tipo.ALTA_SIN_CUPO_VENCIDA, beneficiario_id=beneficiario_id,
                              resuelta__isnull=True).update(resuelta=_ahora(), resolucion_detalle="Se otorgó el cupo.")


@transaction.atomic
def alta_negar(*, actor, alta: AltaDimar, motivo: str) -> AltaDimar:
    """UPME decides not to grant a cupo to a reported vessel, with a reason."""
    require_role(actor, Rol.UPME_ANALISTA)
    if not (motivo or "").strip():
        raise DatosInvalidos({"motivo": "Indique el motivo de la decisión."})
    if alta.decision != AltaDimar.Decision.PENDIENTE:
        raise ApplicationError("alta_decidida", "Esta alta ya tiene decisión.")
    alta.decision, alta.decidida, alta.motivo_decision = AltaDimar.Decision.NEGADA, today(), motivo.strip()
    alta.save()
    audit_record(actor=actor, accion="alta_dimar.negar", obj=alta)
    Alerta.objects.filter(tipo=Alerta.Tipo.ALTA_SIN_CUPO_VENCIDA, beneficiario_id=alta.beneficiario_id,
                          resuelta__isnull=True).update(resuelta=_ahora(), resolucion_detalle="UPME negó el cupo.")
    return alta


def _ahora():
    from django.utils import timezone

    return timezone.now()
