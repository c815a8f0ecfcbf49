"""Issue 28 §1 on bench/escala.py's national dataset at a reduced size (bench.datos.poblar, inside the
test's transaction): every package validates with frictionless, each suppressed cell really counted 1 to
4 beneficiaries and each published one its count, and no personal data appears."""

import csv
import datetime as dt
import json

import pytest
from django.db import connection
from django.db.models import Count

from core.datos.publicacion import UMBRAL_SUPRESION, publicar, publicar_mes
from tests.datos_abiertos import cadenas_personales, personales_en, revisar_supresion, validar_paquetes

# --- bench/escala.py's national dataset, reduced --------------------------------------------------


@pytest.fixture
def nacional(db, settings, tmp_path):
    """bench/datos.py's build of the national dataset (saldo's generators and escala's steps) at 300
    beneficiaries and 0.05 of the border stations, in the test's transaction."""
    from bench.datos import poblar

    settings.DATOS_ROOT = str(tmp_path)
    connection.ensure_connection()
    with connection.connection.cursor() as cur:
        poblar(cur, 300, 0.05, anios=2, eco=lambda *_: None)
    return tmp_path


@pytest.mark.django_db
def test_nacional_reducido_suprime_y_valida(nacional):
    from zarpes.models import Certificado

    periodo = dt.date(2026, 10, 1)
    resultados = publicar_mes(periodo)
    assert {r.conjunto for r in resultados if r.filas} == {"combustible-exento", "frontera-volumenes"}
    (anual,) = publicar("resoluciones", dt.date(2026, 2, 1)).publicacion and json.loads(
        next((nacional / "resoluciones").glob("2026-02/v1/*.json")).read_text()
    )
    assert (anual["anio"], anual["beneficiarios"], anual["suprimido"]) == (2026, 300, False)
    validar_paquetes(nacional)
    suprimidas, publicadas = revisar_supresion(nacional)
    assert suprimidas > 0 and publicadas > 0
    # Each suppressed certified cell really counted 1 to 4 vessels, and each published one its count.
    reales = {
        (f["capitania__codigo"], f["nave__tipo"]): f["n"]
        for f in Certificado.objects.filter(fecha_expedicion__year=2026, fecha_expedicion__month=10)
        .values("capitania__codigo", "nave__tipo")
        .annotate(n=Count("nave_id", distinct=True))
        .order_by()
    }
    archivo = next((nacional / "combustible-exento").glob("2026-10/v1/*.csv"))
    with archivo.open(encoding="utf-8", newline="") as f:
        filas = list(csv.DictReader(f))
    vistas = 0
    for fila in filas:
        real = reales.get((fila["capitania_codigo"], fila["tipo_beneficiario"]), 0)
        if fila["suprimido_certificados"] == "true":
            assert 0 < real < UMBRAL_SUPRESION, fila
        else:
            assert int(fila["beneficiarios_certificados"]) == real, fila
        vistas += real > 0
    assert vistas == len(reales)
    assert personales_en(nacional, *cadenas_personales()) == []
