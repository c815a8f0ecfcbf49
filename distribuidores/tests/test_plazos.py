"""The monthly deadlines of this module (R-20, R-21, R-25): who is alerted."""

import datetime as dt
from decimal import Decimal

import pytest

from core.identidad.roles import Rol
from core.models import Alerta, Distribuidor
from core.tests.factories import DistribuidorFactory, UsuarioFactory
from core.vencimientos.plazos import revisar_plazos
from cupos.services.cupos import cupo_declare_firm, cupo_grant
from cupos.tests.factories import AcuicultoraFactory, ArmadaFactory, NaveFactory, ResolucionFactory
from distribuidores.models import Declaracion, TipoAlertaDistribuidores

D = dt.date
T = TipoAlertaDistribuidores
def referencias(tipo) -> list[str]:
    return sorted(Alerta.objects.filter(tipo=tipo, resuelta__isnull=True).values_list("referencia", flat=True))


def con_cupo(beneficiario):
    analista = UsuarioFactory(rol=Rol.UPME_ANALISTA)
    cupo = cupo_grant(
        actor=analista, resolucion=ResolucionFactory(anio=2025, fecha_expedicion=D(2025, 1, 5)),
        beneficiario=beneficiario, galones_anuales=Decimal("12000"),
    )
    return cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=D(2025, 11, 3))


@pytest.mark.django_db
def test_r20_only_wholesalers_are_alerted_for_the_monthly_report():
    """Art. 21 par. 2: "Los distribuidores mayoristas … deberán informar": not maritime stations."""
    Distribuidor.objects.all().delete()
    DistribuidorFactory(nit="900456123", tipo=Distribuidor.Tipo.MAYORISTA)
    DistribuidorFactory(nit="800234567", tipo=Distribuidor.Tipo.ESTACION_MARITIMA)
    DistribuidorFactory(nit="860002400", tipo=Distribuidor.Tipo.MAYORISTA, activo=False)
    revisar_plazos(fecha=D(2026, 1, 17))  # after the 10th business day of January 2026
    assert referencias(T.REPORTE_DISTRIBUIDOR_VENCIDO) == ["2025-12:900456123"]


@pytest.mark.django_db
def test_r20_a_stations_alert_raised_before_is_resolved():
    Distribuidor.objects.all().delete()
    estacion = DistribuidorFactory(nit="800234567", tipo=Distribuidor.Tipo.ESTACION_MARITIMA)
    Alerta.objects.create(
        tipo=T.REPORTE_DISTRIBUIDOR_VENCIDO, referencia="2025-12:800234567", vence=D(2026, 1, 16),
        detalle="x", fecha_revision=D(2026, 1, 17), distribuidor=estacion,
    )
    revisar_plazos(fecha=D(2026, 1, 19))
    assert referencias(T.REPORTE_DISTRIBUIDOR_VENCIDO) == []


@pytest.mark.django_db
def test_r21_acuicultoras_are_alerted_for_their_declaration_too():
    """Art. 1 counts aquaculture as fishing; art. 21 par. 1: the beneficiaries declare monthly."""
    Distribuidor.objects.all().delete()
    nave, acuicola, armada = NaveFactory(), AcuicultoraFactory(), ArmadaFactory()
    for beneficiario in (nave, acuicola, armada):
        con_cupo(beneficiario)
    revisar_plazos(fecha=D(2026, 1, 17))
    assert referencias(T.DECLARACION_BENEFICIARIO_VENCIDA) == sorted(
        [f"2025-12:{nave.matricula}", f"2025-12:{acuicola.identificacion}"]
    )
    Declaracion.objects.create(
        beneficiario=acuicola, periodo=D(2025, 12, 1), galones_adquiridos=1, presentada=D(2026, 1, 19)
    )
    revisar_plazos(fecha=D(2026, 1, 19))
    assert referencias(T.DECLARACION_BENEFICIARIO_VENCIDA) == [f"2025-12:{nave.matricula}"]
