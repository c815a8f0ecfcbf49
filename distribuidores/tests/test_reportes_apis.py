"""POST/GET /api/v1/reportes-mensuales/ (API.md "Wholesalers"): the binding contract, scope, bad input."""

import io
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from core.identidad.roles import Rol
from core.tests.factories import DistribuidorFactory
from distribuidores.models import ReporteMensual
from distribuidores.tests.archivos import archivo_disperso, bomba_zip, csv_bytes, xlsx_bytes
from distribuidores.tests.archivos.escenario import NIT, registrar_ventas

URL = "/api/v1/reportes-mensuales/"
CAMPOS_DETALLE = {
    "id",
    "estado",
    "filas_validas",
    "filas_con_error",
    "errores",
    "discrepancias",
    "extemporaneo",
    "total_galones",
    "periodo",
    "version",
    "vigente",
    "progreso",
    "mensaje",
}


pytestmark = pytest.mark.usefixtures("media_temporal")


@pytest.fixture
def mayorista(cliente):
    return cliente(Rol.DISTRIBUIDOR)


@pytest.fixture
def enviar(django_capture_on_commit_callbacks):
    def _enviar(api, contenido: bytes, *, nombre="reporte.csv", periodo="2026-04", nit=NIT, **extra):
        datos = {"distribuidor_nit": nit, "periodo": periodo, "archivo": SimpleUploadedFile(nombre, contenido)}
        with django_capture_on_commit_callbacks(execute=True):
            return api.post(URL, datos, format="multipart", **extra)

    return _enviar


@pytest.mark.django_db
def test_post_is_202_and_get_returns_the_contract(mayorista, mundo, enviar):
    registrar_ventas(mundo)
    filas = [
        mundo.fila_nave(),
        mundo.fila_acuicultora(),
        ["2026-04-06", "NADIE", "", "5"],
        ["2026-04-13", mundo.nave.matricula, mundo.cert2.numero, "510"],
    ]
    r = enviar(mayorista, csv_bytes(filas, sep=";", decimal_coma=True))
    assert r.status_code == 202, r.content
    assert {"id", "estado"} <= set(r.json()) and r.json()["estado"] == "recibido"
    d = mayorista.get(f"{URL}{r.json()['id']}/").json()
    assert set(d) >= CAMPOS_DETALLE
    assert (d["estado"], d["filas_validas"], d["filas_con_error"], d["total_galones"]) == ("procesado", 3, 1, "1560.00")
    assert (d["periodo"], d["version"], d["vigente"], d["progreso"], d["extemporaneo"]) == (
        "2026-04",
        1,
        True,
        100,
        True,
    )
    assert d["errores"] == [
        {
            "fila": 4,
            "campo": "identificacion_beneficiario",
            "mensaje": "No existe un beneficiario con identificación o matrícula «NADIE».",
        }
    ]
    assert {(x["fila"], x["codigo"]) for x in d["discrepancias"]} == {
        (5, "excede_certificado"),
        (5, "venta_no_registrada"),
    }
    assert all(set(x) == {"fila", "codigo", "detalle"} for x in d["discrepancias"])
    assert mayorista.get(f"{URL}{d['id']}/errores/").json()["count"] == 1
    assert mayorista.get(f"{URL}{d['id']}/discrepancias/").json()["count"] == 2


@pytest.mark.django_db
def test_a_wholesaler_sees_only_its_own_reports(mayorista, mundo, enviar, cliente):
    otro = cliente(Rol.DISTRIBUIDOR, distribuidor=DistribuidorFactory(nit="811222333"))
    mio = enviar(mayorista, csv_bytes([mundo.fila_nave()])).json()["id"]
    suyo = enviar(otro, csv_bytes([mundo.fila_nave()]), nit="811222333").json()["id"]
    assert [x["id"] for x in mayorista.get(URL).json()["results"]] == [mio]
    assert [x["id"] for x in otro.get(URL).json()["results"]] == [suyo]
    for ruta in ("", "errores/", "discrepancias/"):
        assert mayorista.get(f"{URL}{suyo}/{ruta}").status_code == 404
    analista = cliente(Rol.UPME_ANALISTA)
    assert {x["id"] for x in analista.get(URL).json()["results"]} == {mio, suyo}
    assert [
        x["id"] for x in analista.get(URL, {"distribuidor_nit": "811222333", "periodo": "2026-04"}).json()["results"]
    ] == [suyo]
    assert analista.get(f"{URL}{suyo}/").status_code == 200
    # Another wholesaler's NIT: refused by core.identidad.access.distribuidor_access (403 or 404), nothing created.
    assert enviar(mayorista, b"", nit="811222333").status_code in (403, 404)
    assert enviar(analista, b"").status_code == 403
    assert ReporteMensual.objects.count() == 2


@pytest.mark.django_db
def test_list_after_reupload_shows_which_version_is_in_force(mayorista, mundo, enviar):
    enviar(mayorista, csv_bytes([mundo.fila_nave()]))
    enviar(mayorista, csv_bytes([mundo.fila_acuicultora()]))
    enviar(mayorista, b"fecha;galones\n")
    filas = mayorista.get(URL, {"periodo": "2026-04"}).json()["results"]
    assert [(x["version"], x["vigente"], x["estado"]) for x in filas] == [
        (3, False, "rechazado"),
        (2, True, "procesado"),
        (1, False, "procesado"),
    ]
    vigentes = mayorista.get(URL, {"vigente": "true"}).json()["results"]
    assert [x["total_galones"] for x in vigentes] == ["300.00"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("datos", "campo"),
    [
        ({"periodo": "2026-13"}, "periodo"),
        ({"periodo": "abril"}, "periodo"),
        ({"periodo": "2099-01"}, "periodo"),
        ({"archivo": None}, "archivo"),
        ({"distribuidor_nit": None}, "distribuidor_nit"),
    ],
)
def test_bad_form_fields_are_400_naming_the_field(mayorista, datos, campo):
    cuerpo = {"distribuidor_nit": NIT, "periodo": "2026-04", "archivo": SimpleUploadedFile("r.csv", b"x")}
    cuerpo.update(datos)
    cuerpo = {k: v for k, v in cuerpo.items() if v is not None}
    r = mayorista.post(URL, cuerpo, format="multipart")
    assert r.status_code == 400 and campo in r.json()


@pytest.mark.django_db
def test_current_month_is_400(mayorista):
    from core.vencimientos.calendario import today

    r = mayorista.post(
        URL,
        {"distribuidor_nit": NIT, "periodo": f"{today():%Y-%m}", "archivo": SimpleUploadedFile("r.csv", b"x")},
        format="multipart",
    )
    assert r.status_code == 400 and "no ha terminado" in r.json()["periodo"][0]


@pytest.mark.django_db
def test_a_50_mb_upload_is_refused_before_its_body_is_read(mayorista, tmp_path):
    from django.test import RequestFactory
    from django.test.client import ClientHandler

    ruta = tmp_path / "grande.csv"
    tamano = 50 * 1024 * 1024
    archivo_disperso(ruta, tamano, inicio=b"fecha,identificacion_beneficiario,certificado,galones\n")
    inicio = (
        b'--L\r\nContent-Disposition: form-data; name="distribuidor_nit"\r\n\r\n'
        + NIT.encode()
        + b'\r\n--L\r\nContent-Disposition: form-data; name="periodo"\r\n\r\n2026-04\r\n--L\r\n'
        b'Content-Disposition: form-data; name="archivo"; filename="grande.csv"\r\nContent-Type: text/csv\r\n\r\n'
    )
    fin = b"\r\n--L--\r\n"

    class Cuerpo(io.RawIOBase):
        """The multipart body streamed from disk; counts what the server reads."""

        def __init__(self):
            self.partes = [io.BytesIO(inicio), open(ruta, "rb"), io.BytesIO(fin)]  # noqa: SIM115
            self.leidos = 0

        def read(self, n=-1):
            while self.partes:
                datos = self.partes[0].read(n if n and n > 0 else 1 << 20)
                if datos:
                    self.leidos += len(datos)
                    return datos
                self.partes.pop(0).close()
            return b""

    cuerpo = Cuerpo()
    environ = RequestFactory()._base_environ(
        PATH_INFO=URL,
        REQUEST_METHOD="POST",
        CONTENT_TYPE="multipart/form-data; boundary=L",
        CONTENT_LENGTH=str(len(inicio) + tamano + len(fin)),
        HTTP_AUTHORIZATION=mayorista._credentials["HTTP_AUTHORIZATION"],
        **{"wsgi.input": cuerpo},
    )
    respuesta = ClientHandler()(environ)
    assert respuesta.status_code == 400
    import json

    assert "El archivo pesa 50,0 MB y el máximo permitido es 20,0 MB" in json.loads(respuesta.content)["archivo"][0]
    assert cuerpo.leidos < 1024 * 1024 and not ReporteMensual.objects.exists()
    for parte in cuerpo.partes:
        parte.close()


@pytest.mark.django_db
def test_the_size_limit_is_a_setting(mayorista, enviar, settings):
    settings.REPORTE_MAX_BYTES = 1024
    r = enviar(mayorista, b"fecha,identificacion_beneficiario,certificado,galones\n" + b"2026-04-06,X,,1\n" * 100)
    assert r.status_code == 400 and "máximo permitido es 0,0 MB" in r.json()["archivo"][0]


@pytest.fixture(scope="module")
def bomba(tmp_path_factory):
    ruta = tmp_path_factory.mktemp("bomba") / "reporte.xlsx"
    bomba_zip(ruta)
    return ruta.read_bytes()


@pytest.mark.django_db
def test_no_bad_file_ever_makes_the_server_fail(mayorista, mundo, enviar, bomba):
    encabezado = b"fecha,identificacion_beneficiario,certificado,galones\n"
    malos = {
        "vacio.csv": b"",
        "encabezado.csv": encabezado,
        "columnas.csv": b"fecha,beneficiario,galones\n2026-04-06,X,1\n",
        "extra.csv": b"fecha,identificacion_beneficiario,certificado,galones,obs\n",
        "bomba.xlsx": bomba,
        "binario.csv": b"\x00\x01\x02" * 1000,
        "viejo.xls": b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 512,
        "codificacion.csv": encabezado + b"2026-04-06,\x81\x8d,,1\n",
        "formulas.xlsx": xlsx_bytes([["=HOY()", "=A1", "=B2", "=1/0"]]),
        "comillas.csv": encabezado + b'"' + b"a" * 300_000,
        "danado.xlsx": b"PK\x03\x04roto",
        "solo_malas.csv": encabezado + b"2026-04-06,NADIE,,-1\n2099-01-01,NADIE,,cero\n",
    }
    for nombre, contenido in malos.items():
        r = enviar(mayorista, contenido, nombre=nombre)
        assert r.status_code == 202, (nombre, r.content)
        d = mayorista.get(f"{URL}{r.json()['id']}/").json()
        assert d["estado"] == "rechazado" and d["mensaje"] and not d["vigente"], (nombre, d)
        assert "error interno" not in d["mensaje"], (nombre, d["mensaje"])
    assert not ReporteMensual.objects.filter(vigente=True).exists()


@pytest.mark.django_db
def test_idempotency_key_replays_the_first_upload(mayorista, mundo, enviar):
    contenido = csv_bytes([mundo.fila_nave()])
    r1 = enviar(mayorista, contenido, HTTP_IDEMPOTENCY_KEY="reporte-abril-1")
    r2 = enviar(mayorista, contenido, HTTP_IDEMPOTENCY_KEY="reporte-abril-1")
    assert r1.status_code == r2.status_code == 202 and r1.json()["id"] == r2.json()["id"]
    assert r2["Idempotent-Replayed"] == "true" and ReporteMensual.objects.count() == 1
    r3 = enviar(mayorista, csv_bytes([mundo.fila_acuicultora()]), HTTP_IDEMPOTENCY_KEY="reporte-abril-1")
    assert r3.status_code == 422


@pytest.mark.django_db
def test_templates_download_and_read_back(mayorista, mundo, enviar):
    r = mayorista.get(f"{URL}plantilla.csv")
    assert r.status_code == 200 and r["Content-Type"].startswith("text/csv")
    texto = r.content.decode("utf-8-sig").splitlines()
    assert texto[0] == "fecha,identificacion_beneficiario,certificado,galones" and len(texto) == 2
    x = mayorista.get(f"{URL}plantilla.xlsx")
    assert x.status_code == 200 and x.content.startswith(b"PK") and "attachment" in x["Content-Disposition"]
    from openpyxl import load_workbook

    hoja = load_workbook(io.BytesIO(x.content), read_only=True).worksheets[0]
    assert [c for c in next(hoja.iter_rows(values_only=True))] == [
        "fecha",
        "identificacion_beneficiario",
        "certificado",
        "galones",
    ]
    periodo = texto[1][:7]  # the example sale is in last month
    for nombre, contenido in (("plantilla.csv", r.content), ("plantilla.xlsx", x.content)):
        # The example vessel is fictitious: the file is read, only its beneficiary is refused.
        d = mayorista.get(f"{URL}{enviar(mayorista, contenido, nombre=nombre, periodo=periodo).json()['id']}/").json()
        assert [e["campo"] for e in d["errores"]] == ["identificacion_beneficiario"], d
    assert Decimal(texto[1].split(",")[3]) > 0


@pytest.mark.django_db
def test_the_202_carries_its_trabajo_followed_at_trabajos_in_the_wholesalers_scope(mayorista, mundo, enviar, cliente):
    """API.md "Jobs": every 202 carries `trabajo`; another wholesaler's report job is a 404."""
    otro = cliente(Rol.DISTRIBUIDOR, distribuidor=DistribuidorFactory(nit="811222333"))
    r = enviar(mayorista, csv_bytes([mundo.fila_nave()]))
    assert r.status_code == 202 and r.json()["trabajo"] == f"reporte-{r.json()['id']}"
    t = mayorista.get(f"/api/v1/trabajos/{r.json()['trabajo']}/").json()
    assert (t["tipo"], t["estado"], t["progreso"], t["error"]) == ("reporte_mensual", "terminado", 100, None)
    assert t["resultado"]["recurso"] == f"{URL}{r.json()['id']}/" and t["resultado"]["cantidad"] == 1
    assert otro.get(f"/api/v1/trabajos/{r.json()['trabajo']}/").status_code == 404
    assert cliente(Rol.UPME_ANALISTA).get(f"/api/v1/trabajos/{r.json()['trabajo']}/").status_code == 200
    rechazado = enviar(mayorista, b"no es una tabla", periodo="2026-03").json()["trabajo"]
    t = mayorista.get(f"/api/v1/trabajos/{rechazado}/").json()
    assert t["estado"] == "fallido" and t["error"] and t["resultado"] is None
