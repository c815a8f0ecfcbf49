"""Issue 28 §1 on real data: every dataset the apps register, published from the demo (as `make run`
does) and from bench/escala.py's national dataset at a reduced size, validates with frictionless, has
no cell of 1 to 4 beneficiaries, and carries no matrícula, identification or person's name."""

import csv
import datetime as dt
import json
import re
from pathlib import Path

import pytest
from django.db import connection, transaction
from django.db.models import Count
from django.test import override_settings
from frictionless import Package

from core.datos import registro
from core.datos.models import PublicacionDatos
from core.datos.publicacion import UMBRAL_SUPRESION, publicar, publicar_mes

CONJUNTOS = {"combustible-exento", "frontera-volumenes", "reserva-carga", "resoluciones"}


def _cadenas_personales() -> tuple[set[str], set[str]]:
    """What must never be published: (identifiers, names). Identifiers: the beneficiaries'
    matrículas and identifications and the importers' and exporters' NITs. Names: the beneficiaries'
    (vessels included), the users' and the importers' and exporters'; a vessel named after a place the
    files do name («Santa Marta») is left out."""
    from core.models import Capitania, Usuario
    from cupos.datos import municipio_de
    from cupos.models import Beneficiario
    from fronteras.models import EstacionServicio, Municipio
    from reserva.models import Conocimiento

    identificadores, nombres = set(), set()
    for matricula, identificacion, nombre in Beneficiario.objects.values_list("matricula", "identificacion", "nombre"):
        identificadores.update(c for c in (matricula, identificacion) if c)
        nombres.add(nombre)
    for nombre, apellido in Usuario.objects.values_list("first_name", "last_name"):
        if nombre and apellido:
            nombres.add(f"{nombre} {apellido}")
    for nit, nombre in Conocimiento.objects.values_list("usuario_nit", "usuario_nombre").distinct():
        identificadores.add(nit)
        nombres.add(nombre)
    lugares = {municipio_de(n) for n in Capitania.objects.values_list("nombre", flat=True)}
    lugares.update(Municipio.objects.values_list("nombre", flat=True))
    lugares.update(EstacionServicio.objects.values_list("nombre", flat=True))
    return {c for c in identificadores if len(c) >= 5}, {c for c in nombres if c and c not in lugares}


def _textos(valor):
    """Every string inside a JSON value."""
    if isinstance(valor, str):
        yield valor
    elif isinstance(valor, dict):
        for v in valor.values():
            yield from _textos(v)
    elif isinstance(valor, list):
        for v in valor:
            yield from _textos(v)


def _personales_en(raiz: Path, identificadores: set[str], nombres: set[str]) -> list[tuple[str, str]]:
    """An identifier anywhere in a file's text; a name as a whole value (a CSV cell, a JSON string)."""
    encontrados = []
    for archivo in sorted(p for p in raiz.rglob("*") if p.is_file()):
        texto = archivo.read_text(encoding="utf-8")
        for cadena in sorted(identificadores):
            if cadena in texto and re.search(rf"(?<![\w.]){re.escape(cadena)}(?!\w)", texto):
                encontrados.append((archivo.name, cadena))
        if archivo.suffix == ".csv":
            valores = {celda.strip() for fila in csv.reader(texto.splitlines()) for celda in fila}
        else:
            valores = {v.strip() for v in _textos(json.loads(texto))}
        encontrados.extend((archivo.name, nombre) for nombre in sorted(valores & nombres))
    return encontrados


def _celdas(raiz: Path) -> list[tuple[str, dict, object]]:
    """(file, row, suppression) for every row of every published CSV and every suppression rule."""
    celdas = []
    for conjunto in registro.conjuntos():
        supresiones = [s for a in registro.aportes(conjunto.slug) for s in a.supresiones]
        for archivo in sorted((raiz / conjunto.slug).glob("*/v*/*.csv")):
            with archivo.open(encoding="utf-8", newline="") as f:
                for fila in csv.DictReader(f):
                    celdas.extend((archivo.name, fila, s) for s in supresiones)
    return celdas


def _revisar_supresion(raiz: Path) -> tuple[int, int]:
    """Assert the rule on every cell; (suppressed, published) counts of counting cells."""
    suprimidas = publicadas = 0
    for archivo, fila, s in _celdas(raiz):
        if fila[s.marca] == "true":
            suprimidas += 1
            assert all(fila[c] == "" for c in (s.conteo, *s.campos)), (archivo, fila)
        else:
            assert fila[s.marca] == "false", (archivo, fila)
            n = int(fila[s.conteo])
            assert n == 0 or n >= UMBRAL_SUPRESION, (archivo, fila)
            publicadas += n > 0
    return suprimidas, publicadas


def _validar_paquetes(raiz: Path) -> None:
    for conjunto in registro.conjuntos():
        informe = Package(str(raiz / conjunto.slug / "datapackage.json")).validate()
        assert informe.valid, (conjunto.slug, informe.flatten(["resourceName", "rowNumber", "fieldName", "note"]))
    catalogo = json.loads((raiz / "catalogo.jsonld").read_text(encoding="utf-8"))
    assert {d["dct:identifier"] for d in catalogo["dcat:dataset"]} == CONJUNTOS
    for dcat in catalogo["dcat:dataset"]:
        for clave in (
            "dct:title",
            "dct:description",
            "dct:publisher",
            "dct:license",
            "dct:accrualPeriodicity",
            "dct:spatial",
            "dcat:contactPoint",
            "dcat:distribution",
        ):
            assert dcat.get(clave), (dcat["dct:identifier"], clave)


# --- The demo, as `make run` loads and publishes it -------------------------------------------------


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker, tmp_path_factory):
    from tests import demo_completa

    raiz = tmp_path_factory.mktemp("datos-demo")
    with override_settings(DATOS_ROOT=str(raiz)), django_db_blocker.unblock(), transaction.atomic():
        demo_completa.cargar_demo()  # its last loader publishes the demo's closed months (core.datos.demo)
        yield raiz
        transaction.set_rollback(True)


@pytest.mark.django_db
def test_demo_publica_cada_conjunto_y_sus_paquetes_validan(demo):
    publicados = set(PublicacionDatos.objects.values_list("conjunto", flat=True))
    assert publicados == CONJUNTOS
    assert {c.slug for c in registro.conjuntos()} == CONJUNTOS
    with override_settings(DATOS_ROOT=str(demo)):
        _validar_paquetes(demo)


@pytest.mark.django_db
def test_demo_sin_celdas_de_menos_de_cinco(demo):
    suprimidas, publicadas = _revisar_supresion(demo)
    assert suprimidas > 0 and publicadas > 0  # the demo has both: the rule is exercised


@pytest.mark.django_db
def test_demo_sin_datos_personales(demo):
    identificadores, nombres = _cadenas_personales()
    assert "45512873" in identificadores and "Doña Lucía" in nombres  # the demo's own fisherman
    assert _personales_en(demo, identificadores, nombres) == []


def test_la_busqueda_de_datos_personales_encuentra_uno(tmp_path):
    (tmp_path / "x.csv").write_text("periodo,nombre\n2026-03,Doña Lucía\n2026-03,nave CP05-001234-B\n")
    (tmp_path / "x.json").write_text('[{"nombre": "Doña Lucía", "n": 45512873}]')
    assert _personales_en(tmp_path, {"CP05-001234-B", "45512873", "99999999"}, {"Doña Lucía", "Don Pedro"}) == [
        ("x.csv", "CP05-001234-B"),
        ("x.csv", "Doña Lucía"),
        ("x.json", "45512873"),
        ("x.json", "Doña Lucía"),
    ]


@pytest.mark.django_db
def test_demo_pagina_publica(demo, client):
    from tests.crawler import hallazgos, leer

    with override_settings(DATOS_ROOT=str(demo)):
        r = client.get("/datos/")
        assert r.status_code == 200
        texto = leer(r.content.decode()).texto()
        assert hallazgos(texto) == []
        enlaces = [e for e in leer(r.content.decode()).enlaces if e.startswith("/datos/") and e != "/datos/"]
        assert len(enlaces) > 8
        for enlace in enlaces:
            assert client.get(enlace).status_code == 200, enlace


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
    _validar_paquetes(nacional)
    suprimidas, publicadas = _revisar_supresion(nacional)
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
    assert _personales_en(nacional, *_cadenas_personales()) == []
