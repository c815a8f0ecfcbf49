"""Every CSV and XLSX the portal hands out goes through core.archivos.exportar, so text a spreadsheet would
run as a formula (a station named =HYPERLINK(…), a certificate number a wholesaler typed) arrives
as literal text. Each export is downloaded with hostile text in the data it shows."""

import csv
import datetime as dt
import io
import re
from pathlib import Path

import pytest
from django.conf import settings
from openpyxl import load_workbook

from config.regimenes import REGIMENES
from core.archivos.exportar import PELIGROSOS
from core.identidad.roles import Rol

HOSTIL = '=HYPERLINK("http://x","clic")'
CERTIFICADO_HOSTIL = "=cmd|' /C calc'!A0"


APPS = ("core", *REGIMENES)  # config/regimenes.py


def test_no_app_writes_a_csv_or_a_workbook_but_through_core_exportar():
    escritores = re.compile(r"csv\.(writer|DictWriter)\(|\bWorkbook\(|\.save\(salida\)")
    culpables = []
    for app in APPS:
        for archivo in (Path(settings.BASE_DIR) / app).rglob("*.py"):
            if "tests" in archivo.parts or "migrations" in archivo.parts or archivo.name == "exportar.py":
                continue
            if escritores.search(archivo.read_text(encoding="utf-8")):
                culpables.append(str(archivo.relative_to(settings.BASE_DIR)))
    assert culpables == []


@pytest.fixture
def datos_hostiles(crear_usuario):
    """A border station, its municipality and a vessel named like formulas, an assignment in force in
    April 2026, and a wholesaler's report of March with a certificate number that is one."""
    from cupos.tests.factories import NaveFactory
    from distribuidores.tests.test_conciliacion_selectors import con_cupo, mayorista, reporte
    from fronteras.tests.factories import asignar, crear_ejemplo, ejecutoriar

    upme = crear_usuario(Rol.UPME_ANALISTA)
    frontera = crear_ejemplo(upme)
    frontera["A"].nombre, frontera["A"].codigo = HOSTIL, "+A1"
    frontera["A"].save()
    frontera["municipio"].nombre = "@SUM(A1)"
    frontera["municipio"].save()
    ejecutoriar(upme, asignar(upme), dt.date(2026, 4, 11))  # its act recorded before the procedure (DOMAIN §8)

    petromar = mayorista()
    peligrosa = NaveFactory(nombre=HOSTIL)
    con_cupo(peligrosa)
    reporte(petromar.distribuidor, [(peligrosa, "10", CERTIFICADO_HOSTIL)])
    return {"upme": upme}


def _contenido(respuesta) -> bytes:
    return b"".join(respuesta.streaming_content) if respuesta.streaming else respuesta.content


def _celdas(respuesta) -> list:
    if respuesta["Content-Type"].startswith("text/csv"):
        texto = _contenido(respuesta).decode("utf-8-sig")
        return [celda for fila in csv.reader(io.StringIO(texto)) for celda in fila]
    libro = load_workbook(io.BytesIO(_contenido(respuesta)))
    celdas = []
    for hoja in libro.worksheets:
        for fila in hoja.iter_rows():
            for celda in fila:
                assert celda.data_type != "f", (hoja.title, celda.coordinate, celda.value)
                celdas.append(celda.value)
    return celdas


EXPORTES = [
    # (URL, role that downloads it or None for the public, the hostile text the export must carry)
    ("/api/v1/fronteras/transparencia/?periodo=2026-04&formato=csv", None, HOSTIL),
    ("/fronteras/compras/plantilla.csv", Rol.UPME_ANALISTA, "+A1"),
    ("/fronteras/compras/plantilla.xlsx", Rol.UPME_ANALISTA, "+A1"),
    ("/distribuidores/conciliacion/exportar.xlsx?periodo=2026-03", Rol.UPME_ANALISTA, CERTIFICADO_HOSTIL),
    ("/api/v1/reportes-mensuales/plantilla.csv", Rol.UPME_ANALISTA, None),
    ("/api/v1/reportes-mensuales/plantilla.xlsx", Rol.UPME_ANALISTA, None),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "rol", "hostil"), EXPORTES, ids=[e[0].split("?")[0] for e in EXPORTES])
def test_every_export_writes_formula_like_text_as_literal_text(client, crear_usuario, datos_hostiles, url, rol,
                                                                hostil):
    if rol is not None:
        client.force_login(crear_usuario(rol))
    respuesta = client.get(url)
    assert respuesta.status_code == 200, respuesta.content[:300]
    celdas = [c for c in _celdas(respuesta) if isinstance(c, str)]
    assert not [c for c in celdas if c.startswith(PELIGROSOS)]
    if hostil is not None:
        assert "'" + hostil in celdas


def test_the_helper_escapes_every_dangerous_prefix_and_leaves_numbers_alone():
    from decimal import Decimal

    from core.archivos.exportar import celda_segura, csv_bytes, texto_seguro

    for prefijo in PELIGROSOS:
        assert texto_seguro(prefijo + "1+1") == "'" + prefijo + "1+1"
    assert texto_seguro("Nave Uno") == "Nave Uno" and texto_seguro(Decimal("-5")) == Decimal("-5")
    assert celda_segura("\x00=1\x07") == "'=1"
    assert csv_bytes(["a"], [["=1"]], bom=False) == b"a\r\n'=1\r\n"
