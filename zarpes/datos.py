"""zarpes' part of the open data (core.datos): the gallons certified per capitanía, month and kind of
beneficiary (certificates in force or redeemed; annulled ones are left out)."""

import datetime as dt

from django.db.models import Count, Sum

from core.datos.registro import Aporte, Campo, Supresion
from cupos.datos import COMBUSTIBLE, claves, mes
from zarpes.models import Certificado


def _certificados(periodo: dt.date) -> list[dict]:
    inicio, fin = mes(periodo)
    filas = (
        Certificado.objects.filter(fecha_expedicion__range=(inicio, fin))
        .exclude(estado=Certificado.Estado.ANULADO)
        .values("capitania__codigo", "capitania__nombre", "nave__tipo")
        .annotate(
            beneficiarios=Count("nave_id", distinct=True), certificados=Count("id"), galones=Sum("galones_autorizados")
        )
        .order_by()
    )
    return [
        {
            **claves(f["capitania__codigo"], f["capitania__nombre"], f["nave__tipo"]),
            "beneficiarios_certificados": f["beneficiarios"],
            "certificados": f["certificados"],
            "galones_certificados": f["galones"],
        }
        for f in filas
    ]


APORTE = Aporte(
    nombre="zarpes",
    orden=10,
    campos=(
        Campo(
            "beneficiarios_certificados",
            "integer",
            "Beneficiarios certificados",
            "Beneficiarios distintos con al menos un certificado de cupo de exención expedido en el mes por la "
            "capitanía. Vacío si son de 1 a 4 (reserva estadística).",
        ),
        Campo(
            "certificados",
            "integer",
            "Certificados",
            "Certificados de cupo de exención expedidos en el mes (sin los anulados). Vacío si se suprime.",
        ),
        Campo(
            "galones_certificados",
            "number",
            "Galones certificados",
            "Galones autorizados en esos certificados. Vacío si se suprime.",
        ),
        Campo(
            "suprimido_certificados",
            "boolean",
            "Certificados suprimidos",
            "true si las tres columnas anteriores no se publican porque agrupan menos de 5 beneficiarios.",
        ),
    ),
    calcular=_certificados,
    supresiones=(
        Supresion("beneficiarios_certificados", ("certificados", "galones_certificados"), "suprimido_certificados"),
    ),
)


def registrar() -> None:
    from core.datos import registro

    registro.registrar_aporte(COMBUSTIBLE, APORTE)
