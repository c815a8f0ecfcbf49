"""What the open-data tests share (tests/demo/test_datos_abiertos.py, tests/test_datos_nacional.py): the
frictionless validation of every package, the suppression rule on every published cell, and the search
for personal data in every file."""

import csv
import json
import re
from pathlib import Path

from frictionless import Package

from core.datos import registro
from core.datos.publicacion import UMBRAL_SUPRESION

CONJUNTOS = {"combustible-exento", "frontera-volumenes", "reserva-carga", "resoluciones"}


def cadenas_personales() -> tuple[set[str], set[str]]:
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


def textos(valor):
    """Every string inside a JSON value."""
    if isinstance(valor, str):
        yield valor
    elif isinstance(valor, dict):
        for v in valor.values():
            yield from textos(v)
    elif isinstance(valor, list):
        for v in valor:
            yield from textos(v)


def personales_en(raiz: Path, identificadores: set[str], nombres: set[str]) -> list[tuple[str, str]]:
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
            valores = {v.strip() for v in textos(json.loads(texto))}
        encontrados.extend((archivo.name, nombre) for nombre in sorted(valores & nombres))
    return encontrados


def celdas(raiz: Path) -> list[tuple[str, dict, object]]:
    """(file, row, suppression) for every row of every published CSV and every suppression rule."""
    resultado = []
    for conjunto in registro.conjuntos():
        supresiones = [s for a in registro.aportes(conjunto.slug) for s in a.supresiones]
        for archivo in sorted((raiz / conjunto.slug).glob("*/v*/*.csv")):
            with archivo.open(encoding="utf-8", newline="") as f:
                for fila in csv.DictReader(f):
                    resultado.extend((archivo.name, fila, s) for s in supresiones)
    return resultado


def revisar_supresion(raiz: Path) -> tuple[int, int]:
    """Assert the rule on every cell; (suppressed, published) counts of counting cells."""
    suprimidas = publicadas = 0
    for archivo, fila, s in celdas(raiz):
        if fila[s.marca] == "true":
            suprimidas += 1
            assert all(fila[c] == "" for c in (s.conteo, *s.campos)), (archivo, fila)
        else:
            assert fila[s.marca] == "false", (archivo, fila)
            n = int(fila[s.conteo])
            assert n == 0 or n >= UMBRAL_SUPRESION, (archivo, fila)
            publicadas += n > 0
    return suprimidas, publicadas


def validar_paquetes(raiz: Path) -> None:
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
