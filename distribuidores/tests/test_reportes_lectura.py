"""Reading report files (API.md "Wholesalers"): formats, encodings, delimiters, numbers, guards.

Unit tests of the table reader `core.archivos.tablas` with the report's header, and of `filas`: no database.
"""

import datetime as dt
import io
from decimal import Decimal

import pytest

from core.archivos.tablas import ArchivoRechazado, abrir_tabla, normalizar_nombre
from distribuidores.services.reportes import ENCABEZADO
from distribuidores.services.reportes.filas import Invalido, leer_fecha, leer_galones
from distribuidores.tests.archivos import bomba_zip, csv_bytes, xlsx_bytes

FILA = ["2026-04-10", "MC-05-0001", "CP05-2026-000001", "850.50"]


def leer(contenido: bytes):
    """(description, columns, rows) of a file, or raise ArchivoRechazado."""
    with abrir_tabla(io.BytesIO(contenido), ENCABEZADO, tamano=len(contenido)) as tabla:
        return tabla.descripcion, tabla.columnas, list(tabla.filas)


def rechazo(contenido: bytes) -> str:
    with pytest.raises(ArchivoRechazado) as exc:
        leer(contenido)
    return exc.value.mensaje


# --- Encodings, delimiters, BOM ---


def test_colombian_excel_export_semicolons_decimal_commas_bom():
    contenido = (
        "\ufefffecha;identificacion_beneficiario;certificado;galones\r\n"
        "15/04/2026;MC-05-0001;CP05-2026-000001;1.234,56\r\n"
    )
    descripcion, columnas, filas = leer(contenido.encode("utf-8"))
    assert "UTF-8" in descripcion and "punto y coma" in descripcion
    assert columnas == {"fecha": 0, "identificacion_beneficiario": 1, "certificado": 2, "galones": 3}
    assert filas == [(2, ["15/04/2026", "MC-05-0001", "CP05-2026-000001", "1.234,56"])]
    assert leer_galones(filas[0][1][3]) == Decimal("1234.56")


def test_latin1_accents_are_read_correctly():
    contenido = "fecha;identificacion_beneficiario;certificado;galones\n2026-04-10;Acuícola Ñandú;;10,5\n".encode(
        "latin-1"
    )
    descripcion, _, filas = leer(contenido)
    assert "Latin-1" in descripcion
    assert filas[0][1][1] == "Acuícola Ñandú"


def test_cp1252_specific_characters_are_read():
    contenido = "fecha,identificacion_beneficiario,certificado,galones\n2026-04-10,“Nave” – €,,10\n".encode("cp1252")
    assert leer(contenido)[2][0][1][1] == "“Nave” – €"


def test_bytes_invalid_in_utf8_and_windows1252_are_refused_naming_the_line():
    contenido = b"fecha,identificacion_beneficiario,certificado,galones\n2026-04-10,MC\xe9,,10\n2026-04-11,MC\x81,,10\n"
    mensaje = rechazo(contenido)
    assert "UTF-8" in mensaje and "Latin-1" in mensaje and "línea 3" in mensaje and "0x81" in mensaje


def test_binary_and_other_formats_are_refused_with_a_hint():
    assert "bytes nulos" in rechazo(b"fecha,galones\x00\x00\x00\n")
    assert ".xls" in rechazo(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100)
    assert "UTF-16" in rechazo("fecha\tgalones\n".encode("utf-16"))
    assert "PDF" in rechazo(b"%PDF-1.7\n...")


def test_empty_file_and_blank_lines_only():
    assert "vacío" in rechazo(b"")
    assert "vacío" in rechazo(b"\r\n\r\n  \r\n")


def test_header_only_is_read_as_a_table_without_rows():
    _, _, filas = leer(b"fecha,identificacion_beneficiario,certificado,galones\r\n")
    assert filas == []


def test_excel_sep_line_tabs_and_comma_quoted_decimals():
    _, _, filas = leer(b"sep=;\nfecha;identificacion_beneficiario;certificado;galones\n2026-04-10;MC-1;C-1;7,5\n")
    assert filas == [(3, ["2026-04-10", "MC-1", "C-1", "7,5"])]
    _, _, filas = leer(b"fecha\tidentificacion_beneficiario\tcertificado\tgalones\n2026-04-10\tMC-1\t\t7.5\n")
    assert filas[0][1][3] == "7.5"
    _, _, filas = leer(b'fecha,identificacion_beneficiario,certificado,galones\n2026-04-10,MC-1,,"1,234.56"\n')
    assert leer_galones(filas[0][1][3]) == Decimal("1234.56")


def test_line_numbers_are_the_ones_the_user_sees_even_with_multiline_cells():
    contenido = b'fecha,identificacion_beneficiario,certificado,galones\n\n2026-04-10,"MC\n1",,1\n2026-04-11,MC-2,,2\n'
    _, _, filas = leer(contenido)
    assert [f[0] for f in filas] == [2, 3, 5]


def test_unclosed_quote_is_refused_not_a_crash():
    contenido = b'fecha,identificacion_beneficiario,certificado,galones\n2026-04-10,"MC-1,,1\n' + b"x" * 200_000
    assert "comillas sin cerrar" in rechazo(contenido)


# --- Header ---


def test_header_is_case_accent_whitespace_and_order_insensitive():
    contenido = " Galones ; CERTIFICADO;Identificación Beneficiario ;Fecha\n1;C;MC;2026-04-10\n".encode()
    _, columnas, _ = leer(contenido)
    assert columnas == {"galones": 0, "certificado": 1, "identificacion_beneficiario": 2, "fecha": 3}
    assert normalizar_nombre("IDENTIFICACIÓN-beneficiario") == "identificacion_beneficiario"


def test_missing_columns_are_named():
    mensaje = rechazo(b"fecha,identificacion_beneficiario\n2026-04-10,MC-1\n")
    assert "faltan las columnas certificado, galones" in mensaje


def test_extra_columns_are_named_and_refused():
    mensaje = rechazo(b"fecha,identificacion_beneficiario,certificado,galones,factura\n2026-04-10,MC-1,,1,F-9\n")
    assert "sobran las columnas «factura»" in mensaje
    assert "repetidas las columnas galones" in rechazo(
        b"fecha,identificacion_beneficiario,certificado,galones,Galones\n"
    )


def test_blank_header_cells_from_excel_trailing_separators_are_ignored():
    _, columnas, filas = leer(b"fecha;identificacion_beneficiario;certificado;galones;;\n2026-04-10;MC-1;;1;;\n")
    assert columnas["galones"] == 3 and len(filas) == 1


def test_a_file_without_header_or_with_another_separator_gets_a_hint():
    assert "¿Falta la fila de encabezado?" in rechazo(b"2026-04-10,MC-1,,1\n")
    assert "coma o con punto y coma" in rechazo(b"fecha|identificacion_beneficiario|certificado|galones\n")


# --- XLSX ---


def test_xlsx_rows_are_streamed_with_their_row_numbers():
    contenido = xlsx_bytes(
        [
            [dt.datetime(2026, 4, 10), "MC-05-0001", "CP05-2026-000001", 850.5],
            [],
            ["15/04/2026", 800123456, None, "7,25"],
        ]
    )
    descripcion, columnas, filas = leer(contenido)
    assert "Excel" in descripcion and columnas["galones"] == 3
    assert filas[0] == (2, (dt.datetime(2026, 4, 10), "MC-05-0001", "CP05-2026-000001", 850.5))
    assert filas[-1][0] == 4 and filas[-1][1][1] == 800123456


def test_xlsx_formulas_are_never_evaluated():
    contenido = xlsx_bytes([["=TODAY()", "=A1", "=1/0", "=SUM(1,2)"]])
    _, _, filas = leer(contenido)
    # data_only: a formula reads as its cached value, and openpyxl never computes one: empty.
    assert filas == [] or all(c is None for c in filas[0][1])


def test_formula_text_is_an_error_for_numeric_columns():
    with pytest.raises(Invalido, match="fórmula"):
        leer_galones("=1+1")
    with pytest.raises(Invalido, match="fórmula"):
        leer_fecha("=HOY()")


def test_zip_bomb_disguised_as_xlsx_is_refused_before_inflating(tmp_path, monkeypatch):
    import openpyxl

    ruta = tmp_path / "reporte.xlsx"
    comprimido = bomba_zip(ruta)
    assert comprimido < 2 * 1024 * 1024

    def no_abrir(*args, **kwargs):
        raise AssertionError("openpyxl no debe abrir una bomba ZIP")

    monkeypatch.setattr(openpyxl, "load_workbook", no_abrir)
    with open(ruta, "rb") as f, pytest.raises(ArchivoRechazado) as exc, abrir_tabla(f, ENCABEZADO, tamano=comprimido):
        pass
    assert "bomba ZIP" in exc.value.mensaje


def test_damaged_zip_ods_and_non_excel_zip():
    assert "dañado" in rechazo(b"PK\x03\x04" + b"\x00" * 50)
    buffer = io.BytesIO()
    import zipfile

    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        zf.writestr("content.xml", "<x/>")
    assert "ODS" in rechazo(buffer.getvalue())


def test_an_xlsx_with_a_forged_huge_dimension_is_read_quickly():
    contenido = xlsx_bytes([FILA])
    import re
    import zipfile

    entrada, salida = io.BytesIO(contenido), io.BytesIO()
    with zipfile.ZipFile(entrada) as zin, zipfile.ZipFile(salida, "w", zipfile.ZIP_DEFLATED) as zout:
        for item in zin.infolist():
            datos = zin.read(item.filename)
            if item.filename.endswith("sheet1.xml"):
                datos = re.sub(rb'<dimension ref="[^"]+"', b'<dimension ref="A1:XFD3"', datos)
            zout.writestr(item, datos)
    _, _, filas = leer(salida.getvalue())
    assert len(filas[0][1]) <= 64


# --- Values ---


@pytest.mark.parametrize(
    ("texto", "esperado"),
    [
        ("850.5", "850.50"),
        ("1234,5", "1234.50"),
        ("1.234,56", "1234.56"),
        ("1,234.56", "1234.56"),
        ("1.234.567", "1234567.00"),
        ("0,5", "0.50"),
        (" 12 ", "12.00"),
        ("0.125", "0.13"),
        (1500, "1500.00"),
        (850.25, "850.25"),
        ("1\u00a0234,5", "1234.50"),
    ],
)
def test_gallons_with_decimal_point_or_comma(texto, esperado):
    assert leer_galones(texto) == Decimal(esperado)


@pytest.mark.parametrize(
    ("texto", "mensaje"),
    [
        ("-5", "mayores que cero"),
        ("0", "mayores que cero"),
        ("0,001", "mayores que cero"),
        ("abc", "no es una cantidad"),
        ("", "Faltan"),
        (None, "Faltan"),
        ("1e5", "no es una cantidad"),
        ("NaN", "no es una cantidad"),
        ("1.500", "ambiguo"),
        ("12,345", "ambiguo"),
        (True, "no es una cantidad"),
        ("99999999999", "máximo"),
    ],
)
def test_bad_gallons_have_a_clear_message(texto, mensaje):
    with pytest.raises(Invalido, match=mensaje):
        leer_galones(texto)


@pytest.mark.parametrize(
    ("valor", "esperado"),
    [
        ("2026-04-10", dt.date(2026, 4, 10)),
        ("10/04/2026", dt.date(2026, 4, 10)),
        ("1/4/2026", dt.date(2026, 4, 1)),
        (dt.datetime(2026, 4, 10, 0, 0), dt.date(2026, 4, 10)),
        ("2026-04-10 00:00:00", dt.date(2026, 4, 10)),
    ],
)
def test_dates_in_both_formats(valor, esperado):
    assert leer_fecha(valor) == esperado


@pytest.mark.parametrize(
    ("valor", "mensaje"),
    [("31/02/2026", "no es una fecha que exista"), ("04/10/26", "AAAA-MM-DD"), ("", "Falta"), (45000, "AAAA-MM-DD")],
)
def test_bad_dates(valor, mensaje):
    with pytest.raises(Invalido, match=mensaje):
        leer_fecha(valor)


def test_csv_fixture_helper_round_trips():
    contenido = csv_bytes([FILA], sep=";", bom=True)
    assert leer(contenido)[2][0][1] == FILA
