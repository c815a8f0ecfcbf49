"""Upload of stations' purchase history (F-03): CSV and XLSX, validated per row, all-or-nothing."""

import datetime as dt
import io
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook, load_workbook

from core.identidad.roles import Rol
from core.models import RegistroAuditoria
from fronteras.models import CompraHistorica
from fronteras.services import compras_archivo
from fronteras.services.compras import compras_import
from fronteras.services.estaciones import estacion_create
from fronteras.services.municipios import municipio_create

D = dt.date


@pytest.fixture
def estaciones(analista):
    municipio_create(actor=analista, codigo_dane="44430", nombre="Maicao", departamento="La Guajira", poblacion=176_200)
    return {
        codigo: estacion_create(
            actor=analista,
            codigo=codigo,
            nombre=f"EDS {codigo}",
            municipio="44430",
            capacidad_certificada_gal=Decimal("12000"),
            fecha_certificado=D(2025, 11, 1),
            fecha_entrega_certificado=D(2026, 1, 10),
        )
        for codigo in ("EDS-01", "EDS-02")
    }


def archivo(texto: str, *, codificacion="utf-8", nombre="compras.csv") -> io.BytesIO:
    contenido = io.BytesIO(texto.encode(codificacion))
    contenido.name = nombre
    return contenido


def xlsx(*filas: list, nombre="compras.xlsx") -> io.BytesIO:
    """A workbook of purchases: the header row, then these rows."""
    libro = Workbook()
    for fila in [["estacion", "periodo", "combustible", "galones"], *filas]:
        libro.active.append(fila)
    salida = io.BytesIO()
    libro.save(salida)
    salida.seek(0)
    salida.name = nombre
    return salida


def importar(actor, contenido, **kwargs):
    return compras_import(actor=actor, archivo=contenido, nombre=getattr(contenido, "name", ""), **kwargs)


# --- good files ---


@pytest.mark.django_db
def test_csv_utf8_with_bom_comma_and_decimal_point(analista, estaciones):
    r = importar(
        analista,
        archivo(
            "\ufeffestacion,periodo,combustible,galones\n"
            "EDS-01,2025-01,acpm,30000.50\n"
            "EDS-01,2025-01,gasolina,12000\n"
            "eds-02,2025-02,ACPM,10000\n",
            codificacion="utf-8",
        ),
    )
    assert r.valido and r.registradas == 3 and r.estaciones == 2 and r.formato.startswith("CSV UTF-8")
    compra = CompraHistorica.objects.get(estacion=estaciones["EDS-01"], periodo=D(2025, 1, 1), combustible="acpm")
    assert compra.galones == Decimal("30000.50") and compra.fuente == "Carga de archivo compras.csv"
    assert RegistroAuditoria.objects.filter(accion="compra.registrar").count() == 3  # through compra_register
    assert RegistroAuditoria.objects.filter(accion="compras.importar").count() == 1


@pytest.mark.django_db
def test_csv_latin1_semicolon_decimal_comma_any_column_order(analista, estaciones):
    texto = (
        "Galones;Período;Estación;Combustible;Observación\n"
        "1.234,56;2024-12;EDS-02;Gasolina motor;revisado\n"
        "  98765,4 ;2024-11;EDS-02;diésel;\n"
    )
    r = importar(analista, archivo(texto, codificacion="latin-1"), fuente="SICOM, corte de enero de 2026")
    assert r.valido, r.errores
    assert r.formato == "CSV Latin-1 (Windows-1252) separado por punto y coma"
    assert r.ignoradas == ["Observación"]
    galones = dict(CompraHistorica.objects.values_list("combustible", "galones"))
    assert galones == {"gasolina": Decimal("1234.56"), "acpm": Decimal("98765.40")}
    assert set(CompraHistorica.objects.values_list("fuente", flat=True)) == {"SICOM, corte de enero de 2026"}


@pytest.mark.django_db
def test_xlsx_with_numbers_and_dates(analista, estaciones):
    filas = [
        ["EDS-01", "2025-03", "acpm", 31000.25],
        ["EDS-02", dt.datetime(2025, 4, 1), "gasolina", 9000],
        [None, None, None, None],
    ]
    r = importar(analista, xlsx(*filas))
    assert r.valido and r.registradas == 2 and r.formato.startswith("libro de Excel")
    assert CompraHistorica.objects.get(estacion=estaciones["EDS-02"]).periodo == D(2025, 4, 1)


@pytest.mark.django_db
def test_uploading_a_month_again_replaces_it(analista, estaciones):
    importar(analista, archivo("estacion,periodo,combustible,galones\nEDS-01,2025-05,acpm,100\n"))
    importar(analista, archivo("estacion,periodo,combustible,galones\nEDS-01,2025-05,acpm,250\n"))
    assert list(CompraHistorica.objects.values_list("galones", flat=True)) == [Decimal("250.00")]


# --- bad files: every problem by row and column, nothing written ---


@pytest.mark.django_db
def test_bad_rows_are_listed_and_nothing_is_written(analista, estaciones):
    futuro = (dt.date.today().replace(day=1) + dt.timedelta(days=40)).strftime("%Y-%m")
    texto = (
        "estacion,periodo,combustible,galones\n"
        "EDS-01,2025-01,acpm,30000\n"  # row 2: fine
        "EDS-99,2025-01,acpm,100\n"  # row 3: unknown station
        "EDS-01,2025-13,acpm,100\n"  # row 4: month 13
        f"EDS-01,{futuro},acpm,100\n"  # row 5: month not finished
        "EDS-01,2025-02,kerosene,100\n"  # row 6: unknown fuel
        "EDS-01,2025-02,acpm,-5\n"  # row 7: negative
        "EDS-01,2025-02,gasolina,mucho\n"  # row 8: not a number
        "EDS-01,2025-01,acpm,1\n"  # row 9: repeats row 2
        ",2025-03,acpm,\n"
    )  # row 10: two empty cells
    r = importar(analista, archivo(texto))
    assert not r.valido and r.registradas == 0
    errores = {(e.fila, e.columna) for e in r.errores}
    assert errores == {
        (3, "estacion"),
        (4, "periodo"),
        (5, "periodo"),
        (6, "combustible"),
        (7, "galones"),
        (8, "galones"),
        (9, "periodo"),
        (10, "estacion"),
        (10, "galones"),
    }
    mensajes = {(e.fila, e.columna): e.mensaje for e in r.errores}
    assert mensajes[(3, "estacion")] == "No existe una estación con código «EDS-99»."
    assert "no ha terminado" in mensajes[(5, "periodo")]
    assert mensajes[(7, "galones")] == "Los galones no pueden ser negativos."
    assert mensajes[(9, "periodo")] == "Repite la estación, el periodo y el combustible de la fila 2."
    assert mensajes[(10, "estacion")] == "Está vacía."
    assert not CompraHistorica.objects.exists()
    assert not RegistroAuditoria.objects.filter(accion__startswith="compra").exists()


@pytest.mark.django_db
def test_a_formula_in_an_xlsx_is_never_evaluated(analista, estaciones):
    r = importar(analista, xlsx(["EDS-01", "2025-03", "acpm", 500], ["EDS-01", "2025-04", "acpm", "=D2*2"]))
    assert [(e.fila, e.columna) for e in r.errores] == [(3, "galones")]
    assert "fórmula" in r.errores[0].mensaje
    assert not CompraHistorica.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("contenido", "mensaje"),
    [
        (b"", "El archivo está vacío"),
        (b"fecha,nit,galones\n2025-01-01,1,2\n", "Faltan las columnas estacion, periodo, combustible"),
        (b"%PDF-1.7 ...", "es un PDF"),
        (b"PK\x03\x04 not really a zip", "El libro de Excel está dañado"),
        ("estacion,periodo".encode("utf-16"), "UTF-16"),
    ],
)
def test_a_file_that_is_not_the_table_is_refused_whole(analista, estaciones, contenido, mensaje):
    with pytest.raises(compras_archivo.ArchivoInvalido) as exc:
        importar(analista, io.BytesIO(contenido))
    assert mensaje in exc.value.detalle
    assert not CompraHistorica.objects.exists()


@pytest.mark.django_db
def test_only_the_roles_that_register_purchases_may_upload(crear_usuario, estaciones):
    from core.comun.errors import PermisoDenegado

    with pytest.raises(PermisoDenegado):
        importar(crear_usuario(Rol.AUDITOR), archivo("estacion,periodo,combustible,galones\nEDS-01,2025-01,acpm,1\n"))
    assert importar(
        crear_usuario(Rol.ECOPETROL), archivo("estacion,periodo,combustible,galones\nEDS-01,2025-01,acpm,1\n")
    ).valido


# --- the page and the templates ---


@pytest.mark.django_db
def test_upload_page_good_and_bad_files(client, analista, estaciones):
    client.force_login(analista)
    url = reverse("fronteras:compras-cargar")
    malo = SimpleUploadedFile(
        "malo.csv", b"estacion;periodo;combustible;galones\nEDS-01;2025-01;acpm;10\nEDS-77;2025-01;acpm;x\n"
    )
    r = client.post(url, {"archivo": malo})
    pagina = r.content.decode()
    assert r.status_code == 400 and "No se guardó ninguna fila: el archivo tiene 2 errores" in pagina
    assert (
        "No existe una estación con código «EDS-77»." in pagina
        and '<td class="num" data-etiqueta="Fila">3</td>' in pagina
    )
    assert not CompraHistorica.objects.exists()
    bueno = SimpleUploadedFile("bueno.csv", b"estacion;periodo;combustible;galones\nEDS-01;2025-01;acpm;10,5\n")
    r = client.post(url, {"archivo": bueno, "fuente": "Reporte SICOM"})
    assert r.status_code == 200 and "Se registró 1 mes de compras" in r.content.decode()
    assert CompraHistorica.objects.get().galones == Decimal("10.50")
    r = client.post(url, {"archivo": SimpleUploadedFile("x.pdf", b"%PDF-1.4")})
    assert r.status_code == 400 and "es un PDF" in r.content.decode()
    r = client.post(url, {})
    assert r.status_code == 400 and "Elija el archivo." in r.content.decode()


@pytest.mark.django_db
def test_templates_download_and_upload_back_unchanged(client, analista, estaciones):
    client.force_login(analista)
    csv = client.get(reverse("fronteras:compras-plantilla", args=["csv"]))
    assert csv.status_code == 200 and csv["Content-Type"].startswith("text/csv")
    assert csv.content.startswith(b"\xef\xbb\xbfestacion,periodo,combustible,galones\r\nEDS-01,")
    libro = client.get(reverse("fronteras:compras-plantilla", args=["xlsx"]))
    hoja = load_workbook(io.BytesIO(libro.content)).active
    assert [c.value for c in hoja[1]] == ["estacion", "periodo", "combustible", "galones"]
    assert importar(analista, archivo(csv.content.decode("utf-8-sig"))).valido
    assert importar(analista, io.BytesIO(libro.content)).valido
    assert client.get(reverse("fronteras:compras-plantilla", args=["ods"])).status_code == 404
