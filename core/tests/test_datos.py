"""Open data (issue 28 §1, core.datos): versions that never change, small cells suppressed, the files
served to anyone, and the page. The whole registry on the demo and on a generated larger dataset is
in tests/demo/test_datos_abiertos.py."""

import datetime as dt
import hashlib
import json
from decimal import Decimal
from pathlib import Path

import pytest
from frictionless import Package

from core.datos import registro
from core.datos.models import PublicacionDatos
from core.datos.publicacion import NOTA_CORRECCION, UMBRAL_SUPRESION, publicar
from core.datos.registro import Aporte, Campo, Conjunto, Supresion
from core.models import RegistroAuditoria

pytestmark = pytest.mark.django_db

SLUG = "prueba-datos"
PERIODO = dt.date(2026, 3, 1)


class Fuente:
    """The rows the test dataset's contribution returns (the test changes them between publications)."""

    filas: list[dict] = []


@pytest.fixture
def raiz(settings, tmp_path):
    settings.DATOS_ROOT = str(tmp_path / "datos")
    settings.PORTAL_URL_PUBLICA = "https://cupos.example.gov.co"
    return Path(settings.DATOS_ROOT)


@pytest.fixture
def conjunto(raiz):
    """A dataset of one key (zona) and one contribution counting beneficiaries, registered for the test."""
    Fuente.filas = [
        {"zona": "norte", "beneficiarios": 7, "galones": Decimal("1500.50")},
        {"zona": "sur", "beneficiarios": 4, "galones": Decimal("80.00")},
        {"zona": "este", "beneficiarios": 1, "galones": Decimal("12.00")},
        {"zona": "oeste", "beneficiarios": 5, "galones": Decimal("600.00")},
    ]
    registro.registrar_conjunto(
        Conjunto(
            slug=SLUG,
            titulo="Conjunto de prueba",
            descripcion="Filas de prueba.",
            publicador="UPME",
            dimensiones=(Campo("zona", "string", "Zona", "Zona de la prueba."),),
        )
    )
    registro.registrar_aporte(
        SLUG,
        Aporte(
            nombre="prueba",
            campos=(
                Campo("beneficiarios", "integer", "Beneficiarios", "Beneficiarios distintos."),
                Campo("galones", "number", "Galones", "Galones."),
                Campo("suprimido", "boolean", "Suprimido", "true si la fila se suprime."),
            ),
            calcular=lambda periodo: [dict(f) for f in Fuente.filas],
            supresiones=(Supresion("beneficiarios", ("galones",), "suprimido"),),
        ),
    )
    yield registro.conjunto(SLUG)
    registro._conjuntos.pop(SLUG, None)
    registro._aportes.pop(SLUG, None)


def _filas_json(raiz: Path, publicacion: PublicacionDatos) -> dict[str, dict]:
    datos = json.loads((raiz / SLUG / publicacion.archivo("json")).read_text(encoding="utf-8"))
    return {f["zona"]: f for f in datos}


def test_celdas_de_menos_de_cinco_beneficiarios_se_suprimen_y_se_marcan(conjunto, raiz):
    resultado = publicar(SLUG, PERIODO)
    filas = _filas_json(raiz, resultado.publicacion)
    assert UMBRAL_SUPRESION == 5
    assert filas["norte"] == {
        "periodo": "2026-03",
        "zona": "norte",
        "beneficiarios": 7,
        "galones": 1500.5,
        "suprimido": False,
    }
    assert filas["oeste"]["beneficiarios"] == 5 and filas["oeste"]["suprimido"] is False
    for zona in ("sur", "este"):
        assert filas[zona] == {
            "periodo": "2026-03",
            "zona": zona,
            "beneficiarios": None,
            "galones": None,
            "suprimido": True,
        }
    csv = (raiz / SLUG / resultado.publicacion.archivo("csv")).read_text(encoding="utf-8")
    assert csv.splitlines()[0] == "periodo,zona,beneficiarios,galones,suprimido"
    assert "2026-03,sur,,,true" in csv.splitlines()
    assert ",80," not in csv and ",12," not in csv
    assert "2026-03,norte,7,1500.5,false" in csv.splitlines()  # decimals as written, without trailing zeros
    assert resultado.publicacion.celdas_suprimidas == 4


def test_el_paquete_valida_con_frictionless_y_el_catalogo_lo_lista(conjunto, raiz):
    publicar(SLUG, PERIODO)
    publicar(SLUG, dt.date(2026, 4, 1))
    informe = Package(str(raiz / SLUG / "datapackage.json")).validate()
    assert informe.valid, informe.flatten(["rowNumber", "fieldName", "type", "note"])
    paquete = json.loads((raiz / SLUG / "datapackage.json").read_text())
    assert [r["name"] for r in paquete["resources"]] == [
        f"{SLUG}-2026-03",
        f"{SLUG}-2026-03-json",
        f"{SLUG}-2026-04",
        f"{SLUG}-2026-04-json",
    ]
    descripciones = {f["name"]: f["description"] for f in paquete["resources"][0]["schema"]["fields"]}
    assert descripciones["zona"] == "Zona de la prueba."
    catalogo = json.loads((raiz / "catalogo.jsonld").read_text())
    assert catalogo["@type"] == "dcat:Catalog"
    dcat = next(d for d in catalogo["dcat:dataset"] if d["dct:identifier"] == SLUG)
    assert dcat["dct:license"] == {"@id": "https://creativecommons.org/licenses/by-sa/4.0/"}
    assert dcat["dct:temporal"]["dcat:startDate"]["@value"] == "2026-03-01"
    assert dcat["dct:temporal"]["dcat:endDate"]["@value"] == "2026-04-30"
    assert dcat["dct:accrualPeriodicity"] == {"@id": "http://purl.org/cld/freq/monthly"}
    assert dcat["dcat:contactPoint"]["vcard:hasEmail"]["@id"].startswith("mailto:")
    assert dcat["dct:publisher"]["foaf:name"].startswith("Unidad de Planeación Minero Energética")


def test_la_prueba_de_frictionless_detecta_un_archivo_alterado(conjunto, raiz):
    resultado = publicar(SLUG, PERIODO)
    ruta = raiz / SLUG / resultado.publicacion.archivo("csv")
    ruta.chmod(0o644)
    ruta.write_text(ruta.read_text().replace("norte", "nortx"))
    assert not Package(str(raiz / SLUG / "datapackage.json")).validate().valid


def test_una_correccion_es_una_version_nueva_y_la_anterior_no_cambia(conjunto, raiz):
    primera = publicar(SLUG, PERIODO).publicacion
    ruta_v1 = raiz / SLUG / primera.archivo("csv")
    antes = ruta_v1.read_bytes()
    assert hashlib.sha256(antes).hexdigest() == primera.sha256

    # The same figures: nothing new is recorded or written.
    otra = publicar(SLUG, PERIODO)
    assert not otra.nueva and otra.publicacion == primera
    assert PublicacionDatos.objects.filter(conjunto=SLUG).count() == 1

    # Five more beneficiaries: the difference with version 1 is itself a cell of five (issue 39).
    Fuente.filas[0].update(beneficiarios=12, galones=Decimal("1600.00"))
    segunda = publicar(SLUG, PERIODO, nota="Un reporte tardío del distribuidor.").publicacion
    assert (segunda.version, segunda.nota) == (2, "Un reporte tardío del distribuidor.")
    assert ruta_v1.read_bytes() == antes
    assert _filas_json(raiz, segunda)["norte"]["galones"] == 1600
    # A correction found by the monthly job (no note given) says what it is.
    Fuente.filas[0].update(beneficiarios=17, galones=Decimal("1700.00"))
    tercera = publicar(SLUG, PERIODO).publicacion
    assert (tercera.version, tercera.nota) == (3, NOTA_CORRECCION)
    assert ruta_v1.read_bytes() == antes
    assert RegistroAuditoria.objects.filter(accion="datos.publicar", objeto_tipo="core.publicaciondatos").count() == 3
    paquete = json.loads((raiz / SLUG / "datapackage.json").read_text())
    assert [(r["path"], r["version"]) for r in paquete["resources"]] == [
        (tercera.archivo("csv"), 3),
        (tercera.archivo("json"), 3),
    ]


def test_una_correccion_no_revela_por_diferencia_una_venta_suprimida(conjunto, raiz):
    """Issue 39: version 2 minus version 1 isolated one late sale of 1,234.56 gal. A cell whose figures
    changed with fewer than five new beneficiaries is suppressed in the correction; version 1 stands."""
    primera = publicar(SLUG, PERIODO).publicacion
    assert _filas_json(raiz, primera)["norte"] == {
        "periodo": "2026-03", "zona": "norte", "beneficiarios": 7, "galones": 1500.5, "suprimido": False
    }
    Fuente.filas[0].update(beneficiarios=8, galones=Decimal("2735.06"))  # one late sale of 1,234.56 gal
    Fuente.filas[3]["galones"] = Decimal("650.00")  # a correction among the same five
    segunda = publicar(SLUG, PERIODO).publicacion
    filas = _filas_json(raiz, segunda)
    for zona in ("norte", "oeste"):
        assert filas[zona]["suprimido"] is True and filas[zona]["galones"] is None, filas[zona]
        assert filas[zona]["beneficiarios"] is None
    assert "2735.06" not in (raiz / SLUG / segunda.archivo("csv")).read_text()
    assert segunda.celdas_suprimidas == primera.celdas_suprimidas + 4
    # Run again with the same figures: nothing new, and no later version leaks what the second hid.
    assert not publicar(SLUG, PERIODO).nueva
    Fuente.filas[0].update(beneficiarios=9, galones=Decimal("2800.00"))
    tercera = publicar(SLUG, PERIODO).publicacion
    assert _filas_json(raiz, tercera)["norte"]["galones"] is None


def test_publicar_datos_no_publica_un_mes_sin_cerrar(conjunto, raiz, monkeypatch):
    """R-20: the reports of March are due on the 10th business day of April: 16 April 2026 (Holy Thursday
    and Good Friday are holidays)."""
    from django.core.management import CommandError, call_command

    from core.datos import tareas
    from core.datos.publicacion import cierre_del_mes, ultimo_mes_cerrado

    assert cierre_del_mes(PERIODO) == dt.date(2026, 4, 16)
    monkeypatch.setattr(tareas, "today", lambda: dt.date(2026, 4, 16))
    with pytest.raises(CommandError, match="aún no ha cerrado"):
        call_command("publicar_datos", "--periodo", "2026-03", "--revisar", "0")
    assert not PublicacionDatos.objects.exists()
    assert ultimo_mes_cerrado(dt.date(2026, 4, 16)) == dt.date(2026, 2, 1)
    assert ultimo_mes_cerrado(dt.date(2026, 4, 17)) == PERIODO
    monkeypatch.setattr(tareas, "today", lambda: dt.date(2026, 4, 17))
    call_command("publicar_datos", "--revisar", "0")  # the default: the last closed month
    assert PublicacionDatos.objects.filter(conjunto=SLUG, periodo=PERIODO).exists()


def test_un_archivo_publicado_nunca_se_sobrescribe(conjunto, raiz):
    """A version folder left on disk by a run that failed before recording it is skipped, not reused."""
    (raiz / SLUG / "2026-03" / "v1").mkdir(parents=True)
    (raiz / SLUG / "2026-03" / "v1" / f"{SLUG}-2026-03.csv").write_text("huérfano")
    publicacion = publicar(SLUG, PERIODO).publicacion
    assert publicacion.version == 2
    assert (raiz / SLUG / "2026-03" / "v1" / f"{SLUG}-2026-03.csv").read_text() == "huérfano"


def test_una_version_escrita_por_otro_proceso_no_se_pisa(conjunto, raiz, monkeypatch):
    """Another process sharing the folder writes v1 between our look at the disk and our write."""
    from core.datos import publicacion as modulo

    original = modulo._escribir_nuevo

    def otro_proceso_primero(ruta, contenido):
        if ruta.parent.name == "v1" and not ruta.exists():
            original(ruta, b"de otro proceso")
        original(ruta, contenido)

    monkeypatch.setattr(modulo, "_escribir_nuevo", otro_proceso_primero)
    publicacion = publicar(SLUG, PERIODO).publicacion
    assert (publicacion.version, publicacion.nota) == (2, NOTA_CORRECCION)
    assert (raiz / SLUG / "2026-03" / "v1" / f"{SLUG}-2026-03.csv").read_bytes() == b"de otro proceso"
    assert (raiz / SLUG / publicacion.archivo("json")).exists()


def test_archivos_publicos_sin_ingresar(conjunto, raiz, client):
    publicacion = publicar(SLUG, PERIODO).publicacion
    r = client.get(f"/datos/{SLUG}/{publicacion.archivo('csv')}")
    assert r.status_code == 200 and r["Content-Type"].startswith("text/csv")
    assert b"".join(r.streaming_content) == (raiz / SLUG / publicacion.archivo("csv")).read_bytes()
    assert "immutable" in r["Cache-Control"]
    r = client.get(f"/datos/{SLUG}/datapackage.json")
    assert r.status_code == 200 and json.loads(b"".join(r.streaming_content))["name"] == SLUG
    assert "immutable" not in r["Cache-Control"]
    r = client.get(f"/datos/{SLUG}/metadatos.jsonld")
    assert r.status_code == 200 and r["Content-Type"] == "application/ld+json"
    r = client.get("/datos/catalogo.jsonld")
    assert r.status_code == 200
    assert json.loads(b"".join(r.streaming_content))["@id"] == "https://cupos.example.gov.co/datos/catalogo.jsonld"
    for ruta in (
        f"/datos/{SLUG}/2026-03/v9/{SLUG}-2026-03.csv",
        f"/datos/{SLUG}/../../etc/passwd",
        "/datos/otro/datapackage.json",
        f"/datos/{SLUG}/2026-03/v1/.tmp-x",
    ):
        assert client.get(ruta).status_code == 404, ruta


def test_la_pagina_de_datos_abiertos_es_publica_y_en_espanol(conjunto, raiz, client):
    from tests.crawler import hallazgos, leer

    publicacion = publicar(SLUG, PERIODO).publicacion
    Fuente.filas[1]["beneficiarios"] = 9
    publicar(SLUG, PERIODO, nota="Se sumaron ventas reportadas tarde.")
    r = client.get("/datos/")
    assert r.status_code == 200
    html = r.content.decode()
    assert "Conjunto de prueba" in html and "Marzo de 2026" in html
    assert "Se sumaron ventas reportadas tarde." in html
    assert f'href="/datos/{SLUG}/{publicacion.archivo("csv")}"' in html  # the old version stays linked
    assert 'href="/datos/catalogo.jsonld"' in html
    assert hallazgos(leer(html).texto()) == []
    assert 'href="/datos/"' in client.get("/ingresar/").content.decode()  # the public footer links it


def test_publicar_datos_por_comando(conjunto, raiz):
    from django.core.management import CommandError, call_command

    call_command("publicar_datos", "--periodo", "2026-03", "--revisar", "0")
    assert PublicacionDatos.objects.filter(conjunto=SLUG, periodo=PERIODO, version=1).exists()
    with pytest.raises(CommandError, match="no es un periodo"):
        call_command("publicar_datos", "--periodo", "marzo")


def test_la_tarea_mensual_esta_programada():
    """The migration's schedule (run again here: a transactional test elsewhere may have emptied the table)."""
    import importlib

    from django.apps import apps
    from django_celery_beat.models import PeriodicTask

    from core.datos.tasks import publicar_datos_task

    migracion = importlib.import_module("core.migrations.0020_publicacion_datos")
    migracion.programar_publicacion(apps, None)
    migracion.programar_publicacion(apps, None)  # idempotent
    tarea = PeriodicTask.objects.get(task=publicar_datos_task.name)
    assert tarea.enabled and tarea.crontab.day_of_month == "1" and tarea.crontab.hour == "5"
    assert str(tarea.crontab.timezone) == "America/Bogota"


@pytest.mark.django_db
def test_issue45_un_despliegue_nuevo_responde_el_catalogo_con_todos_los_conjuntos(client, raiz):
    """Before the first monthly publication /datos/catalogo.jsonld answered 404: a harvester polling a new
    deployment gets the catalogue with every dataset, even with no distributions yet."""
    assert not (raiz / "catalogo.jsonld").exists()
    r = client.get("/datos/catalogo.jsonld")
    assert r.status_code == 200 and r["Content-Type"].startswith("application/ld+json")
    catalogo = json.loads(r.content)
    assert catalogo["@type"] == "dcat:Catalog"
    assert len(catalogo["dcat:dataset"]) == len(registro.conjuntos()) > 0
