"""Helpers of the zarpes page tests (the fixtures that use them live in conftest.py).

Dates follow DOMAIN.md's worked example: cupo firm on 2026-03-17, 24,000 gal/year, capacity
3,000 gal → 967.74 available in March.
"""

import datetime as dt
import uuid
from decimal import Decimal

from django.urls import reverse

from zarpes.services.zarpes import zarpe_request

D = dt.date
HOY = D(2026, 3, 20)
MODULOS_CON_HOY = (
    "zarpes.services.zarpes", "zarpes.services.inspecciones", "zarpes.services.certificados", "zarpes.views.oficial",
    "zarpes.views.certificados", "zarpes.views.inspectores", "zarpes.forms", "core.web.forms",
    "zarpes.services.mostradores",
)
URL = "/zarpes/"


def fijar_hoy(monkeypatch, fecha):
    for modulo in MODULOS_CON_HOY:
        monkeypatch.setattr(f"{modulo}.today", lambda fecha=fecha: fecha)


def expedir(cliente, nave, galones, *, anterior="", fecha=HOY, token=None, htmx=False):
    datos = {"nave": nave.id, "token": str(token or uuid.uuid4()), "certificado_anterior": anterior,
             "galones_solicitados": galones, "fecha": fecha.isoformat()}
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return cliente.post(reverse("zarpes:expedir"), datos, **extra)


def pedir(oficial, nave, fecha, galones, anterior=None, capitania="CP05"):
    return zarpe_request(actor=oficial, nave_id=nave.id, capitania=capitania, fecha=fecha,
                         galones_solicitados=Decimal(str(galones)), certificado_anterior=anterior)


def zarpe_de_800(oficial):
    """A new vessel with its cupo, and its zarpe of 800 gallons at CP05 on 20 March 2026."""
    from zarpes.tests.factories import nave_con_cupo

    nave, _ = nave_con_cupo()
    return pedir(oficial, nave, dt.date(2026, 3, 20), 800)


def html(respuesta) -> str:
    return respuesta.content.decode()
