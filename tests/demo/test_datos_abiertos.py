"""Issue 28 §1 on the demo: every dataset the apps register, published as `make run` does, validates
with frictionless, has no cell of 1 to 4 beneficiaries, and carries no matrícula, identification or
person's name; the page and every file it links answer without login. The same on bench/escala.py's
national dataset at a reduced size: tests/test_datos_nacional.py."""

import pytest
from django.test import override_settings

from core.datos import registro
from core.datos.models import PublicacionDatos
from tests.datos_abiertos import CONJUNTOS, cadenas_personales, personales_en, revisar_supresion, validar_paquetes

# --- The demo, as `make run` loads and publishes it (tests/demo/conftest.py) ------------------------


@pytest.mark.django_db
def test_demo_publica_cada_conjunto_y_sus_paquetes_validan(demo):
    publicados = set(PublicacionDatos.objects.values_list("conjunto", flat=True))
    assert publicados == CONJUNTOS
    assert {c.slug for c in registro.conjuntos()} == CONJUNTOS
    with override_settings(DATOS_ROOT=str(demo)):
        validar_paquetes(demo)


@pytest.mark.django_db
def test_demo_sin_celdas_de_menos_de_cinco(demo):
    suprimidas, publicadas = revisar_supresion(demo)
    assert suprimidas > 0 and publicadas > 0  # the demo has both: the rule is exercised


@pytest.mark.django_db
def test_demo_sin_datos_personales(demo):
    identificadores, nombres = cadenas_personales()
    assert "45512873" in identificadores and "Doña Lucía" in nombres  # the demo's own fisherman
    assert personales_en(demo, identificadores, nombres) == []


def test_la_busqueda_de_datos_personales_encuentra_uno(tmp_path):
    (tmp_path / "x.csv").write_text("periodo,nombre\n2026-03,Doña Lucía\n2026-03,nave CP05-001234-B\n")
    (tmp_path / "x.json").write_text('[{"nombre": "Doña Lucía", "n": 45512873}]')
    assert personales_en(tmp_path, {"CP05-001234-B", "45512873", "99999999"}, {"Doña Lucía", "Don Pedro"}) == [
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
