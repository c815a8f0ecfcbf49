"""R-20 / R-22: a wholesaler's monthly report through the services (upload → Celery job → result)."""

import datetime as dt
import itertools
from decimal import Decimal

import pytest
from django.core.files import File
from django.core.files.storage import default_storage

from core.comun.errors import DatosInvalidos, NoEncontrado, PermisoDenegado
from core.identidad.roles import Rol
from core.tests.factories import DistribuidorFactory
from cupos.tests.factories import AcuicultoraFactory
from distribuidores.models import Discrepancia, ErrorFilaReporte, FilaReporte, ReporteMensual
from distribuidores.selectors import reportes as selectors
from distribuidores.services.reportes.ingesta import reporte_upload
from distribuidores.services.ventas import venta_register
from distribuidores.tests.archivos import archivo_disperso, csv_bytes, xlsx_bytes
from distribuidores.tests.archivos.escenario import (
    NIT,
    PERIODO,
    registrar_ventas,
    subir,
)
from distribuidores.tests.factories import certificado_de, soportes_de_venta
from zarpes.models import Certificado
from zarpes.tests.factories import nave_con_cupo

D = dt.date


pytestmark = pytest.mark.usefixtures("media_temporal")


@pytest.fixture
def mayorista(crear_usuario):
    return crear_usuario(Rol.DISTRIBUIDOR)


@pytest.fixture
def cargar(django_capture_on_commit_callbacks, mayorista):
    def _cargar(contenido, actor=None, **kwargs):
        return subir(django_capture_on_commit_callbacks, actor or mayorista, contenido, **kwargs)

    return _cargar


def errores(reporte) -> dict[int, list[tuple[str, str]]]:
    por_fila = {}
    for e in ErrorFilaReporte.objects.filter(reporte=reporte).order_by("fila", "id"):
        por_fila.setdefault(e.fila, []).append((e.campo, e.mensaje))
    return por_fila


def discrepancias(reporte) -> set[tuple[int, str]]:
    return set(Discrepancia.objects.filter(reporte=reporte).values_list("fila", "codigo"))


@pytest.mark.django_db
def test_a_valid_report_is_processed_totalled_and_in_force(mundo, cargar):
    registrar_ventas(mundo)
    reporte = cargar(csv_bytes([mundo.fila_nave(), mundo.fila_acuicultora()], sep=";", bom=True))
    assert reporte.estado == "procesado" and reporte.vigente and reporte.progreso == 100
    assert (reporte.filas_validas, reporte.filas_con_error, reporte.total_galones) == (2, 0, Decimal("1050.00"))
    assert reporte.version == 1 and reporte.procesado is not None
    assert "CSV UTF-8 separado por punto y coma" in reporte.mensaje
    assert not discrepancias(reporte) and not errores(reporte)
    filas = list(
        FilaReporte.objects.filter(reporte=reporte)
        .order_by("fila")
        .values_list("fila", "beneficiario_id", "certificado_numero")
    )
    assert filas == [(2, mundo.nave.id, mundo.cert.numero), (3, mundo.acuicultora.id, "")]
    assert default_storage.exists(reporte.archivo.name)
    assert selectors.galones_reportados(periodo=PERIODO) == Decimal("1050.00")


@pytest.mark.django_db
def test_each_unreadable_row_gets_a_named_spanish_error_and_is_left_out(mundo, cargar):
    otra = mundo.otra_nave
    acuicola = mundo.acuicultora.identificacion
    filas = [
        mundo.fila_nave(),  # 2 valid
        ["2026-04-06", "NO-EXISTE-99", "", "10"],  # 3 unknown beneficiary
        ["2026-04-09", otra.matricula, "CERT #1", "10"],  # 4 not a certificate number
        ["", otra.matricula, mundo.cert_otra.numero, "10"],  # 5 no date
        ["2026-04-09", acuicola, mundo.cert_otra.numero, "10"],  # 6 acuicultora + cert
        ["2026-04-09", acuicola, "", ""],  # 7 no gallons
        ["2026-04-09", acuicola, "", "-5"],  # 8 negative
        ["2026-04-09", acuicola, "", "0"],  # 9 zero
        ["2026-04-09", acuicola, "", "diez"],  # 10 not a number
        ["2026-03-31", acuicola, "", "10"],  # 11 before the period
        ["2099-01-01", acuicola, "", "10"],  # 12 in the future
        ["10-04-2026", acuicola, "", "10"],  # 13 bad date format
        ["2026-04-10", acuicola, "", "=A2*2"],  # 14 a formula
        ["2026-04-11", acuicola, "", "10"],  # 15 valid
        ["2026-04-11", acuicola, "", "10"],  # 16 duplicate of row 15 (no certificate)
    ]
    reporte = cargar(csv_bytes(filas))
    e = errores(reporte)
    assert reporte.estado == "procesado" and reporte.filas_validas == 2 and reporte.filas_con_error == 13
    esperado = {
        3: ("identificacion_beneficiario", "No existe un beneficiario"),
        4: ("certificado", "no es un número de certificado"),
        5: ("fecha", "Falta la fecha"),
        6: ("certificado", "compran sin certificado"),
        7: ("galones", "Faltan los galones"),
        8: ("galones", "mayores que cero"),
        9: ("galones", "mayores que cero"),
        10: ("galones", "«diez» no es una cantidad"),
        11: ("fecha", "fuera del periodo reportado (2026-04)"),
        12: ("fecha", "posterior a hoy"),
        13: ("fecha", "AAAA-MM-DD"),
        14: ("galones", "fórmula"),
        16: ("fila", "Fila repetida: igual a la fila 15"),
    }
    for fila, (campo, texto) in esperado.items():
        assert any(c == campo and texto in m for c, m in e[fila]), (fila, e.get(fila))
    assert set(e) == set(esperado)
    assert reporte.total_galones == Decimal("760.00")  # the duplicate counts once


@pytest.mark.django_db
def test_r22_a_readable_row_with_a_bad_certificate_is_a_reported_sale_and_a_discrepancy(mundo, cargar):
    """R-22 (API.md reportes-mensuales): unknown, another vessel's, annulled, already used, missing or
    later than the sale: the row counts in the totals and is listed with its reason, never a row error."""
    otra = mundo.otra_nave
    anulado = certificado_de(otra, "200", D(2026, 4, 15))
    Certificado.objects.filter(pk=anulado.pk).update(estado=Certificado.Estado.ANULADO)
    filas = [
        mundo.fila_nave(),  # 2 fine in itself
        ["2026-04-09", otra.matricula, "CP05-2026-999999", "10"],  # 3 unknown certificate
        ["2026-04-09", otra.matricula, mundo.cert.numero, "20"],  # 4 another vessel's certificate
        ["2026-04-16", otra.matricula, anulado.numero, "30"],  # 5 annulled
        ["2026-04-09", otra.matricula, "", "40"],  # 6 a vessel without a certificate
        ["2026-04-04", otra.matricula, mundo.cert_otra.numero, "50"],  # 7 sale before the certificate
        mundo.fila_nave(),  # 8 the same certificate again: already used
    ]
    reporte = cargar(csv_bytes(filas))
    assert not errores(reporte)
    assert (reporte.filas_validas, reporte.filas_con_error) == (7, 0)
    assert reporte.total_galones == Decimal("1650.00")  # 750 × 2 + 10 + 20 + 30 + 40 + 50
    sin_certificado = dict(
        Discrepancia.objects.filter(reporte=reporte, codigo="venta_sin_certificado_valido").values_list(
            "fila", "detalle"
        )
    )
    assert set(sin_certificado) == {3, 4, 5, 6, 7}
    assert "no existe el certificado CP05-2026-999999" in sin_certificado[3]
    assert "fue expedido a otra nave" in sin_certificado[4]
    assert "está anulado" in sin_certificado[5]
    assert "no indica su certificado" in sin_certificado[6]
    assert "anterior a la expedición del certificado" in sin_certificado[7]
    assert all(d.startswith("Venta sin certificado válido") for d in sin_certificado.values())
    assert (8, "certificado_usado_dos_veces") in discrepancias(reporte)
    assert FilaReporte.objects.filter(reporte=reporte).count() == 7


@pytest.mark.django_db
def test_discrepancies_of_r22_per_row(mundo, cargar):
    registrar_ventas(mundo)
    sin_cupo = AcuicultoraFactory(distribuidor=DistribuidorFactory(nit=NIT))
    filas = [
        mundo.fila_nave(),  # 2 fine (sale registered)
        mundo.fila_nave(fecha="2026-04-20", galones="20"),  # 3 same certificate again
        ["2026-04-13", mundo.nave.matricula, mundo.cert2.numero, "520"],  # 4 above its 500 gal, no sale
        ["2026-04-14", sin_cupo.identificacion, "", "40"],  # 5 no cupo in force, no sale
        mundo.fila_acuicultora(),  # 6 fine
    ]
    reporte = cargar(csv_bytes(filas))
    assert reporte.estado == "procesado" and reporte.filas_validas == 5
    assert discrepancias(reporte) == {
        (3, "certificado_usado_dos_veces"),
        (4, "excede_certificado"),
        (4, "venta_no_registrada"),
        (5, "sin_cupo_vigente"),
        (5, "venta_no_registrada"),
    }
    detalle = Discrepancia.objects.get(reporte=reporte, codigo="excede_certificado").detalle
    assert "520.00" in detalle and "500.00" in detalle and mundo.cert2.numero in detalle
    d = Discrepancia.objects.get(reporte=reporte, fila=3)
    assert d.periodo == PERIODO and d.distribuidor_id == reporte.distribuidor_id and d.beneficiario_id == mundo.nave.id
    assert "ya aparece en la fila 2" in d.detalle


@pytest.mark.django_db
def test_certificate_reported_or_redeemed_by_another_wholesaler(mundo, cargar, crear_usuario):
    otro = crear_usuario(Rol.DISTRIBUIDOR, distribuidor=DistribuidorFactory(nit="811222333"))
    venta_register(
        actor=otro,
        distribuidor_nit="811222333",
        beneficiario_id=mundo.otra_nave.id,
        fecha=D(2026, 4, 9),
        galones=Decimal("100"),
        certificado=mundo.cert_otra.numero,
        codigo_verificacion=mundo.cert_otra.codigo_verificacion,
        **soportes_de_venta(mundo.otra_nave, certificado=mundo.cert_otra.numero),
    )
    suyo = cargar(csv_bytes([mundo.fila_nave()]), actor=otro, nit="811222333")
    assert suyo.estado == "procesado" and suyo.vigente
    filas = [mundo.fila_nave(), ["2026-04-09", mundo.otra_nave.matricula, mundo.cert_otra.numero, "100"]]
    reporte = cargar(csv_bytes(filas))
    assert {(2, "certificado_usado_dos_veces"), (3, "certificado_usado_dos_veces")} <= discrepancias(reporte)
    textos = set(
        Discrepancia.objects.filter(reporte=reporte, codigo="certificado_usado_dos_veces").values_list(
            "detalle", flat=True
        )
    )
    assert any("otro reporte mensual vigente (2026-04, de otro distribuidor)" in t for t in textos)
    assert any("redimido en una venta registrada por otro distribuidor" in t for t in textos)


@pytest.mark.django_db
def test_reupload_replaces_the_version_in_force_and_never_counts_twice(mundo, cargar):
    v1 = cargar(csv_bytes([mundo.fila_nave(), mundo.fila_acuicultora()]))
    assert selectors.galones_reportados(periodo=PERIODO) == Decimal("1050.00")
    v2 = cargar(csv_bytes([mundo.fila_nave(galones="700")]))
    v1.refresh_from_db()
    assert (v1.version, v1.vigente, v2.version, v2.vigente) == (1, False, 2, True)
    assert "Reemplaza la versión 1" in v2.mensaje
    assert selectors.galones_reportados(periodo=PERIODO) == Decimal("700.00")
    assert ReporteMensual.objects.filter(distribuidor__nit=NIT, periodo=PERIODO, vigente=True).count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("contenido", "texto"),
    [
        (b"", "vacío"),
        (b"fecha,identificacion_beneficiario,certificado,galones\r\n", "solo tiene el encabezado"),
        (
            b"fecha,identificacion,galones\r\n2026-04-06,X,1\r\n",
            "faltan las columnas identificacion_beneficiario, certificado",
        ),
        (b"fecha,identificacion_beneficiario,certificado,galones,placa\r\n", "sobran las columnas «placa»"),
        (
            b"fecha,identificacion_beneficiario,certificado,galones\r\n2026-04-06,NADIE,,1\r\n",
            "Ninguna de las 1 filas es válida",
        ),
    ],
)
def test_a_rejected_upload_changes_nothing_and_keeps_its_file(mundo, cargar, contenido, texto):
    v1 = cargar(csv_bytes([mundo.fila_nave()]))
    v2 = cargar(contenido)
    v1.refresh_from_db()
    assert v2.estado == "rechazado" and texto in v2.mensaje and not v2.vigente
    assert v1.vigente and selectors.galones_reportados(periodo=PERIODO) == Decimal("750.00")
    assert not FilaReporte.objects.filter(reporte=v2).exists() and not Discrepancia.objects.filter(reporte=v2).exists()
    assert default_storage.exists(v2.archivo.name) and v2.version == 2


@pytest.mark.django_db
def test_unexpected_failure_rejects_with_a_generic_message_and_leaves_nothing_half_written(
    mundo, cargar, monkeypatch, caplog
):
    from distribuidores.services.reportes import cruces as conciliacion

    v1 = cargar(csv_bytes([mundo.fila_nave()]))

    def falla(*args):
        raise RuntimeError("fallo inesperado")

    monkeypatch.setattr(conciliacion, "_consultas", falla)
    v2 = cargar(csv_bytes([mundo.fila_nave(), mundo.fila_acuicultora(), ["2026-04-06", "NADIE", "", "1"]]))
    v1.refresh_from_db()
    assert v2.estado == "rechazado" and "error interno" in v2.mensaje and v1.vigente
    assert (
        not FilaReporte.objects.filter(reporte=v2).exists() and not ErrorFilaReporte.objects.filter(reporte=v2).exists()
    )
    assert "fallo inesperado" in caplog.text


@pytest.mark.django_db
def test_deadline_is_the_10th_business_day_and_lateness_uses_the_calendar(
    mayorista, monkeypatch, django_capture_on_commit_callbacks
):
    from distribuidores.services.reportes import ingesta as services

    # May 2026: the 1st is a holiday (Día del Trabajo), so the 10th business day is Friday the 15th.
    for hoy, tarde in ((D(2026, 5, 15), False), (D(2026, 5, 18), True)):
        monkeypatch.setattr(services, "today", lambda hoy=hoy: hoy)
        reporte = subir(django_capture_on_commit_callbacks, mayorista, b"")
        assert (reporte.fecha_limite, reporte.extemporaneo) == (D(2026, 5, 15), tarde)


@pytest.mark.django_db
def test_only_finished_months_are_reported(mayorista):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from core.vencimientos.calendario import today

    for periodo in (today().replace(day=1), (today() + dt.timedelta(days=40)).replace(day=1)):
        with pytest.raises(DatosInvalidos) as exc:
            reporte_upload(
                actor=mayorista, distribuidor_nit=NIT, periodo=periodo, archivo=SimpleUploadedFile("r.csv", b"x")
            )
        assert "no ha terminado" in exc.value.errores["periodo"][0]
    assert not ReporteMensual.objects.exists()


@pytest.mark.django_db
def test_a_50_mb_file_is_refused_from_its_size_without_being_read(mayorista, tmp_path):
    ruta = tmp_path / "reporte.csv"
    archivo_disperso(ruta, 50 * 1024 * 1024, inicio=b"fecha,identificacion_beneficiario,certificado,galones\n")
    leidos = []

    class Vigilado(File):
        def read(self, *args):
            datos = super().read(*args)
            leidos.append(len(datos))
            return datos

    with open(ruta, "rb") as f, pytest.raises(DatosInvalidos) as exc:
        reporte_upload(actor=mayorista, distribuidor_nit=NIT, periodo=PERIODO, archivo=Vigilado(f, name="reporte.csv"))
    assert exc.value.errores["archivo"][0].startswith("El archivo pesa 50,0 MB y el máximo permitido es 20,0 MB")
    assert sum(leidos) == 0 and not ReporteMensual.objects.exists()


@pytest.mark.django_db
def test_who_may_upload(mayorista, crear_usuario):
    from django.core.files.uploadedfile import SimpleUploadedFile

    archivo = SimpleUploadedFile("r.csv", b"")
    with pytest.raises(PermisoDenegado):
        reporte_upload(actor=crear_usuario(Rol.UPME_ANALISTA), distribuidor_nit=NIT, periodo=PERIODO, archivo=archivo)
    DistribuidorFactory(nit="811222333")
    with pytest.raises((NoEncontrado, PermisoDenegado)):  # core.identidad.access decides which refusal
        reporte_upload(actor=mayorista, distribuidor_nit="811222333", periodo=PERIODO, archivo=archivo)
    admin = crear_usuario(Rol.ADMINISTRADOR)
    assert reporte_upload(actor=admin, distribuidor_nit="811222333", periodo=PERIODO, archivo=archivo).version == 1


@pytest.mark.django_db
def test_xlsx_report_with_date_and_number_cells(mundo, cargar):
    filas = [
        [dt.datetime(2026, 4, 6), mundo.nave.matricula, mundo.cert.numero, 750],
        [dt.datetime(2026, 4, 7), int(mundo.acuicultora.identificacion), None, "300,00"],
        [dt.datetime(2026, 4, 8), mundo.acuicultora.identificacion, None, "=D3*2"],
    ]
    reporte = cargar(xlsx_bytes(filas), nombre="abril.xlsx")
    assert reporte.estado == "procesado" and "libro de Excel" in reporte.mensaje
    assert (reporte.filas_validas, reporte.total_galones) == (2, Decimal("1050.00"))
    assert reporte.archivo.name.endswith(".xlsx")
    assert errores(reporte)[4][0][0] == "galones"  # the formula is never evaluated


@pytest.mark.django_db
def test_shared_identification_is_settled_by_the_certificate_and_nit_check_digit_is_accepted(mundo, cargar):
    gemela, _ = nave_con_cupo(identificacion=mundo.nave.identificacion)
    cert_gemela = certificado_de(gemela, "300", D(2026, 4, 10))
    mundo.acuicultora.identificacion = "901.555.444"
    mundo.acuicultora.save()
    filas = [
        ["2026-04-06", mundo.nave.identificacion, mundo.cert.numero, "750"],
        ["2026-04-10", mundo.nave.identificacion, cert_gemela.numero, "300"],
        ["2026-04-10", mundo.nave.identificacion, "", "300"],
        ["2026-04-07", "901555444-1", "", "300"],
    ]
    reporte = cargar(csv_bytes(filas))
    benef = dict(FilaReporte.objects.filter(reporte=reporte).values_list("fila", "beneficiario_id"))
    assert benef == {2: mundo.nave.id, 3: gemela.id, 5: mundo.acuicultora.id}
    assert "corresponde a 2 beneficiarios" in errores(reporte)[4][0][1]


@pytest.mark.django_db
def test_progress_moves_in_steps_and_ends_at_100(mundo, cargar, monkeypatch):
    from django.db import connection

    from distribuidores.services.reportes import ingesta as services

    if connection.vendor != "postgresql":
        pytest.skip("SQLite has one writer at a time: progress is written only at the end")

    vistos = []
    original = services._anotar_progreso
    monkeypatch.setattr(services, "LOTE", 100)
    monkeypatch.setattr(services, "_anotar_progreso", lambda con, rid, p: vistos.append(p) or original(con, rid, p))
    filas = [mundo.fila_acuicultora(galones=str(i + 1)) for i in range(4000)]  # ~170 KB
    reporte = cargar(csv_bytes(filas))
    assert reporte.progreso == 100 and reporte.filas_validas == 4000
    assert len(vistos) >= 10 and vistos == sorted(vistos) and vistos[-1] == 90
    assert all(b - a >= 5 for a, b in itertools.pairwise(vistos[:-1]))


@pytest.mark.django_db
def test_processing_again_or_out_of_order_never_double_counts(mundo, mayorista):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from distribuidores.services.reportes.ingesta import reporte_process

    v1 = reporte_upload(
        actor=mayorista,
        distribuidor_nit=NIT,
        periodo=PERIODO,
        archivo=SimpleUploadedFile("a.csv", csv_bytes([mundo.fila_nave()])),
    )
    v2 = reporte_upload(
        actor=mayorista,
        distribuidor_nit=NIT,
        periodo=PERIODO,
        archivo=SimpleUploadedFile("b.csv", csv_bytes([mundo.fila_acuicultora()])),
    )
    assert reporte_process(reporte_id=v2.id).vigente
    viejo = reporte_process(reporte_id=v1.id)  # a slow worker finishes the older version last
    assert viejo.estado == "procesado" and not viejo.vigente and "más reciente" in viejo.mensaje
    assert reporte_process(reporte_id=v2.id).filas_validas == 1  # a redelivered job is a no-op
    assert FilaReporte.objects.filter(reporte=v2).count() == 1
    assert selectors.galones_reportados(periodo=PERIODO) == Decimal("300.00")


@pytest.mark.django_db
def test_a_database_outage_is_retried_then_the_report_is_rejected(mundo, mayorista, monkeypatch):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.db import OperationalError

    from distribuidores import tasks

    reporte = reporte_upload(
        actor=mayorista,
        distribuidor_nit=NIT,
        periodo=PERIODO,
        archivo=SimpleUploadedFile("a.csv", csv_bytes([mundo.fila_nave()])),
    )

    def caida(**kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(tasks, "reporte_process", caida)
    assert tasks.procesar_reporte_task.apply(args=[reporte.id]).get() == "rechazado"
    reporte.refresh_from_db()
    assert reporte.estado == "rechazado" and "error interno" in reporte.mensaje
