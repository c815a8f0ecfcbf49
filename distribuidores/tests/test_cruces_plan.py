"""A new report's rows are compared with each other once, whatever statistics the planner holds (cruces.py).

Reports arrive by the hundred on the 10th business day, into a table last analyzed before they did: the
planner then expects one row of the new report. The old duplicates check joined the report to its own grouped
rows; with that estimate PostgreSQL nested the grouping inside the join and recomputed it for every row (26 s for
one report of 3,333 rows on bench/pico.py's national day, against 30 ms). The checks now read the report's rows
through a window. Here the table is analyzed with a few small reports, a new report is written, and EXPLAIN
ANALYZE of the checks must show work in proportion to its rows (every node's rows × loops, summed), not to their
square: the old join read 400 × 400 rows here."""

import datetime as dt
import json
from decimal import Decimal

import pytest
from django.db import connection

from core.tests.factories import DistribuidorFactory
from cupos.tests.factories import AcuicultoraFactory
from distribuidores.models import FilaReporte, ReporteMensual
from distribuidores.services.reportes import cruces

pytestmark = pytest.mark.django_db

FILAS = 400


def _reporte(distribuidor, beneficiario, periodo: dt.date, filas: int, certificado=lambda k: "") -> ReporteMensual:
    reporte = ReporteMensual.objects.create(
        distribuidor=distribuidor, periodo=periodo, archivo="r.csv", nombre_original="r.csv",
        estado=ReporteMensual.Estado.PROCESANDO,
    )
    FilaReporte.objects.bulk_create(
        FilaReporte(reporte=reporte, fila=k + 2, fecha=periodo + dt.timedelta(days=k % 28), beneficiario=beneficiario,
                    galones=Decimal(1 + k), certificado_numero=certificado(k))
        for k in range(filas)
    )
    return reporte


def _nodos(plan: dict):
    yield plan
    for hijo in plan.get("Plans", []):
        yield from _nodos(hijo)


def _trabajo(sql: str, parametros: list) -> int:
    """The rows every node of the statement's plan produced, times the times it ran (EXPLAIN ANALYZE, rolled
    back): a grouping recomputed for each row of the report counts the report's rows once per row."""
    with connection.cursor() as cursor:
        cursor.execute("SAVEPOINT plan")
        cursor.execute(f"EXPLAIN (ANALYZE, FORMAT JSON) {sql}", parametros)
        plan = cursor.fetchone()[0]
        cursor.execute("ROLLBACK TO SAVEPOINT plan")
    plan = json.loads(plan) if isinstance(plan, str) else plan
    return sum(n["Actual Rows"] * n["Actual Loops"] for n in _nodos(plan[0]["Plan"]))


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the planner under test is PostgreSQL's")
def test_a_new_reports_rows_are_compared_once_with_statistics_from_before_it():
    distribuidor = DistribuidorFactory()
    acuicultora = AcuicultoraFactory()
    for mes in range(1, 6):
        _reporte(DistribuidorFactory(), acuicultora, dt.date(2025, mes, 1), 20)
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {cruces.FILAS}")  # the statistics of a quiet day: a few small reports
    nuevo = _reporte(distribuidor, acuicultora, dt.date(2026, 4, 1), FILAS)
    assert _trabajo(cruces._DUPLICADOS, [nuevo.id] * cruces._DUPLICADOS.count("%s")) <= 10 * FILAS

    con_certificado = _reporte(distribuidor, acuicultora, dt.date(2026, 5, 1), FILAS, certificado=lambda k: f"C-{k}")
    consulta, parametros = next(
        (c, p) for c, p in cruces._consultas(con_certificado, "j", []) if "ya aparece en la fila" in c
    )
    assert _trabajo(consulta, parametros) <= 10 * FILAS
