"""distribuidores' part of the open data (core.datos): the gallons sold to beneficiaries per capitanía
(the one that issued the certificate redeemed, else the beneficiary's), month and kind of beneficiary."""

import datetime as dt

from django.db.models import Count, F, Sum
from django.db.models.functions import Coalesce

from core.datos.registro import Aporte, Campo, Supresion
from cupos.datos import COMBUSTIBLE, claves, mes
from distribuidores.models import Venta


def _ventas(periodo: dt.date) -> list[dict]:
    inicio, fin = mes(periodo)
    filas = (
        Venta.objects.filter(fecha__range=(inicio, fin))
        .annotate(
            cap_codigo=Coalesce(F("certificado__capitania__codigo"), F("beneficiario__capitania__codigo")),
            cap_nombre=Coalesce(F("certificado__capitania__nombre"), F("beneficiario__capitania__nombre")),
        )
        .values("cap_codigo", "cap_nombre", "beneficiario__tipo")
        .annotate(beneficiarios=Count("beneficiario_id", distinct=True), ventas=Count("id"), galones=Sum("galones"))
        .order_by()
    )
    return [
        {
            **claves(f["cap_codigo"], f["cap_nombre"], f["beneficiario__tipo"]),
            "beneficiarios_venta": f["beneficiarios"],
            "ventas": f["ventas"],
            "galones_vendidos": f["galones"],
        }
        for f in filas
    ]


APORTE = Aporte(
    nombre="distribuidores",
    orden=20,
    campos=(
        Campo(
            "beneficiarios_venta",
            "integer",
            "Beneficiarios con ventas",
            "Beneficiarios distintos a quienes los distribuidores registraron ventas de combustible exento en el "
            "mes. Vacío si son de 1 a 4 (reserva estadística).",
        ),
        Campo("ventas", "integer", "Ventas", "Ventas registradas en el mes. Vacío si se suprime."),
        Campo("galones_vendidos", "number", "Galones vendidos", "Galones de esas ventas. Vacío si se suprime."),
        Campo(
            "suprimido_ventas",
            "boolean",
            "Ventas suprimidas",
            "true si las tres columnas anteriores no se publican porque agrupan menos de 5 beneficiarios.",
        ),
    ),
    calcular=_ventas,
    supresiones=(Supresion("beneficiarios_venta", ("ventas", "galones_vendidos"), "suprimido_ventas"),),
)


def registrar() -> None:
    from core.datos import registro

    registro.registrar_aporte(COMBUSTIBLE, APORTE)
