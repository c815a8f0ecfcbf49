"""Notice to the beneficiary when UPME cancels its cupo (core.mensajes.avisos); it reports "no fui yo" from
the notice's link."""

from core.comun.fechas import fecha_larga
from core.comun.galones import galones_texto
from core.mensajes import avisos
from core.mensajes.avisos import Acto
from cupos.models import Cupo

CANCELACION = "cancelacion"  # the act's class in the notice's signed link


def avisar_cancelacion(*, cupo: Cupo, perdido) -> None:
    beneficiario, fecha = cupo.beneficiario, fecha_larga(cupo.fecha_cancelacion)
    avisos.avisar(
        beneficiario=beneficiario, clave=f"cancelacion:{cupo.id}",
        asunto="Cancelación de su cupo de combustible exento",
        resumen=(f"La UPME canceló el cupo de combustible exento de {beneficiario.nombre} desde el {fecha}: desde "
                 "ese día no se expiden certificados ni se venden galones con cargo a él."),
        lineas=[
            f"Cupo: {galones_texto(cupo.galones_anuales)} galones anuales"
            + (f" (resolución {cupo.resolucion.numero})" if cupo.resolucion_id else ""),
            f"Fecha de cancelación: {fecha}",
            f"Galones no consumidos que se pierden: {galones_texto(perdido)}",
            f"Motivo: {cupo.motivo_cancelacion}",
        ],
        acto=f"{CANCELACION}:{cupo.id}",
    )


def describir_cancelacion(cupo_id: str) -> Acto | None:
    cupo = Cupo.objects.select_related("beneficiario").filter(pk=int(cupo_id) if cupo_id.isdigit() else 0).first()
    if cupo is None or cupo.fecha_cancelacion is None:
        return None
    return Acto(f"cancelacion:{cupo.id}",
                f"Cancelación del cupo de {galones_texto(cupo.galones_anuales)} galones anuales de "
                f"{cupo.beneficiario.nombre} desde el {fecha_larga(cupo.fecha_cancelacion)}",
                cupo.beneficiario_id, cupo.id)
