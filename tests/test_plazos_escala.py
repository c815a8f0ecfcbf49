"""revisar_plazos is set-based (issue 14 §3): its number of queries does not grow with the number of
beneficiaries, whether it raises alerts or re-checks the open ones; and the same run works on the
SQLite database `make run` uses."""

import datetime as dt
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from distribuidores.models import TipoAlertaDistribuidores
from tests.make_run import en_make_run

FECHA = dt.date(2026, 11, 20)  # after the 10th business day of November 2026 (17 November)
OCTUBRE = dt.date(2026, 10, 1)


def sembrar(n: int, analista) -> list:
    """n vessels, each late on every beneficiary deadline as of FECHA: a firm cupo since March and
    never used (R-12), no October declaration (R-21), an undecided alta and a baja in Dimar's October
    report (R-24); one in five is foreign with a permit lapsing within 30 days (R-01)."""
    from cupos.models import AltaDimar, BajaDimar, NovedadDimar, Resolucion
    from cupos.services.cupos import cupo_declare_firm, cupo_grant
    from cupos.tests.factories import NaveFactory, ResolucionFactory, extranjera

    resolucion = Resolucion.objects.filter(anio=2026).first() or ResolucionFactory(
        anio=2026, fecha_expedicion=dt.date(2026, 2, 20)
    )
    novedad = NovedadDimar.objects.filter(periodo=OCTUBRE).first() or NovedadDimar.objects.create(
        periodo=OCTUBRE, fecha_recepcion=dt.date(2026, 11, 6)
    )
    naves = []
    for i in range(n):
        nave = extranjera(permiso_vigente_hasta=dt.date(2026, 12, 10)) if i % 5 == 0 else NaveFactory()
        cupo = cupo_grant(actor=analista, resolucion=resolucion, beneficiario=nave, galones_anuales=Decimal(1200))
        cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=dt.date(2026, 3, 10))
        AltaDimar.objects.create(novedad=novedad, beneficiario=nave)
        BajaDimar.objects.create(
            novedad=novedad, matricula=nave.matricula, fecha=dt.date(2026, 10, 15), motivo="Desguace", beneficiario=nave
        )
        naves.append(nave)
    return naves


def declaran(naves) -> None:
    from distribuidores.models import Declaracion

    Declaracion.objects.bulk_create(
        Declaracion(beneficiario=b, periodo=OCTUBRE, galones_adquiridos=Decimal(100), presentada=FECHA) for b in naves
    )


def consultas(fecha) -> tuple[int, int]:
    from core.vencimientos.plazos import revisar_plazos

    with CaptureQueriesContext(connection) as ctx:
        resultados = revisar_plazos(fecha=fecha)
    return len(ctx.captured_queries), sum(r.levantadas for r in resultados)


@pytest.mark.django_db
def test_revisar_plazos_queries_do_not_grow_with_beneficiaries(settings, crear_usuario):
    if connection.vendor != "postgresql":
        pytest.skip("the query count is measured on PostgreSQL (SQLite has no SELECT ... FOR UPDATE)")
    from core.models import Alerta

    settings.OUTBOX_ENDPOINTS = {}
    analista = crear_usuario()
    medidas = {}
    naves = []
    for n in (5, 50):
        Alerta.objects.all().delete()
        naves += sembrar(n - len(naves), analista)
        levantar, levantadas = consultas(FECHA)
        declaran(naves[: n // 2])  # half of them declare: their alerts resolve on the next run
        revisar, _ = consultas(FECHA)
        declaracion = TipoAlertaDistribuidores.DECLARACION_BENEFICIARIO_VENCIDA
        resueltas = Alerta.objects.filter(tipo=declaracion, resuelta__isnull=False)
        assert resueltas.count() == n // 2
        Alerta.objects.filter(tipo=TipoAlertaDistribuidores.DECLARACION_BENEFICIARIO_VENCIDA).delete()
        from distribuidores.models import Declaracion

        Declaracion.objects.all().delete()
        medidas[n] = (levantar, revisar, levantadas)
    # 5 vessels: 5 inactive cupos, 5 declarations, 5 altas, 5 bajas, 1 permit (+ the non-beneficiary alerts).
    assert medidas[50][2] - medidas[5][2] == 45 * 4 + 9
    assert medidas[5][:2] == medidas[50][:2], medidas


GUION = r"""
import datetime as dt, json
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.conf import settings
assert settings.DATABASES["default"]["ENGINE"].endswith("sqlite3")
settings.OUTBOX_ENDPOINTS = {}
from core.models import Alerta, Usuario
from core.vencimientos.plazos import revisar_plazos
from core.identidad.roles import Rol
from tests.test_plazos_escala import FECHA, declaran, sembrar
analista = Usuario.objects.create_user("analista_sqlite", rol=Rol.UPME_ANALISTA)
naves = sembrar(12, analista)
primera = {r.tipo: r.levantadas for r in revisar_plazos(fecha=FECHA)}
declaran(naves[:5])
segunda = {r.tipo: [r.levantadas, r.resueltas] for r in revisar_plazos(fecha=FECHA)}
print("RESULTADO " + json.dumps({"primera": primera, "segunda": segunda, "total": Alerta.objects.count()}))
"""


def test_revisar_plazos_runs_on_sqlite_as_make_run(tmp_path):
    resultado = en_make_run(GUION, tmp_path)
    primera, segunda = resultado["primera"], resultado["segunda"]
    assert primera["cupo_inactivo"] == primera["declaracion_beneficiario_vencida"] == 12
    assert primera["alta_sin_cupo_vencida"] == primera["baja_dimar_por_decidir"] == 12
    assert primera["permiso_extranjero_por_vencer"] == 3
    assert segunda["declaracion_beneficiario_vencida"] == [0, 5]  # nothing twice; 5 resolved
    assert sum(v[0] for v in segunda.values()) == 0
