"""Reads of the offline counter (issue 43): its snapshot and the published device keys."""

from django.utils import timezone

from core.vencimientos.calendario import today
from cupos.models import Retencion
from zarpes.models import Mostrador
from zarpes.selectors.certificados import ultimo_certificado
from zarpes.services.zarpes import prefijo_numero


def instantanea(mostrador: Mostrador) -> dict:
    """What the counter keeps to work offline: its vessels and their active holds, each vessel's last
    certificate (R-14), its blocks of numbers and the next free one."""
    from zarpes.services.mostradores import siguiente_numero

    ahora = timezone.now()
    retenciones = (
        Retencion.objects.activas(ahora)
        .filter(titular=mostrador.titular)
        .select_related("cupo__beneficiario")
        .order_by("cupo__beneficiario__nombre", "id")
    )
    naves = []
    for r in retenciones:
        nave = r.cupo.beneficiario
        ultimo = ultimo_certificado(nave.id)
        naves.append(
            {
                "id": nave.id,
                "nombre": nave.nombre,
                "matricula": nave.matricula,
                "capacidad": nave.capacidad_combustible_gal,
                "ultimo_certificado": ultimo.numero if ultimo else "",
                "retencion": r,
            }
        )
    anio = today().year
    bloques = [
        {
            "anio": b.anio,
            "prefijo": prefijo_numero(mostrador.capitania.codigo, b.anio),
            "desde": b.desde,
            "hasta": b.hasta,
        }
        for b in mostrador.bloques.filter(anio=anio)
    ]
    return {
        "mostrador": mostrador,
        "ahora": ahora,
        "siguiente": siguiente_numero(mostrador, anio),
        "bloques": bloques,
        "naves": naves,
    }


def claves_publicadas() -> list[dict]:
    return [
        {"id": m.id, "capitania": m.capitania.codigo, "huella": m.huella, "clave_publica": m.clave_publica}
        for m in Mostrador.objects.filter(activo=True).select_related("capitania")
    ]
