"""Helpers to build a vessel with a firm cupo (R-06) for zarpe tests."""

import datetime as dt
from decimal import Decimal

from core.roles import Rol
from core.tests.factories import UsuarioFactory
from cupos.services.cupos import cupo_declare_firm, cupo_grant
from cupos.tests.factories import NaveFactory, ResolucionFactory


def nave_con_cupo(*, anual="24000", firmeza=dt.date(2026, 3, 17), trb="120", capacidad="3000", **nave):
    analista = UsuarioFactory(rol=Rol.UPME_ANALISTA)
    barco = NaveFactory(trb=Decimal(trb), capacidad_combustible_gal=Decimal(capacidad), **nave)
    resolucion = ResolucionFactory(anio=firmeza.year, fecha_expedicion=min(firmeza, dt.date(firmeza.year, 2, 20)))
    cupo = cupo_grant(actor=analista, resolucion=resolucion, beneficiario=barco, galones_anuales=Decimal(anual))
    return barco, cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=firmeza)


def usar_ruta(ruta: str, monkeypatch) -> None:
    """Force one implementation of issuance: "postgresql" (zarpes/services/zarpes_sql.py) or "orm" (every database)."""
    from zarpes.services import zarpes_sql

    monkeypatch.setattr(zarpes_sql, "usar", (lambda: True) if ruta == "postgresql" else (lambda: False))
