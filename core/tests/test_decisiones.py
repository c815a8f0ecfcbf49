"""The readings of the decrees (docs/decisiones.md) are a public page, and every link a page makes
to a reading ({% decision "R-xx" %}) lands on an entry that exists."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.template import Context, Template

PLANTILLAS = Path(settings.BASE_DIR) / "templates"


def _anclas(client) -> set[str]:
    r = client.get("/decisiones/")
    assert r.status_code == 200
    return set(re.findall(r'<h[23] id="([^"]+)"', r.content.decode()))


@pytest.mark.django_db
def test_la_pagina_es_publica_y_cada_regla_tiene_su_ancla(client):
    anclas = _anclas(client)
    assert {"r-03", "r-06", "f-07"} <= anclas


@pytest.mark.django_db
def test_cada_enlace_a_una_decision_tiene_su_entrada(client):
    anclas = _anclas(client)
    usadas = set()
    for plantilla in PLANTILLAS.rglob("*.html"):
        texto = plantilla.read_text(encoding="utf-8")
        usadas |= {m.lower() for m in re.findall(r'{%\s*decision\s+"([RFC]-\d+)"', texto)}
    assert usadas - anclas == set()


def test_la_etiqueta_enlaza_al_ancla_de_la_regla():
    html = Template('{% load decisiones %}{% decision "R-17" %}').render(Context())
    assert 'href="/decisiones/#r-17"' in html and "R-17" in html
