"""The annual allocation: the proposal and its evidence, lines all or nothing, issuing as a job."""

import datetime as dt
import io
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from openpyxl import Workbook, load_workbook

from core.comun.errors import ApplicationError, DatosInvalidos
from core.models import RegistroAuditoria
from core.segundo_plano.trabajos import recuperar_trabajos
from cupos.models import Cupo, LineaAsignacion, Resolucion
from cupos.selectors.asignacion import columna_de_encabezado, lineas_exportar_xlsx, propuesta, totales
from cupos.services import asignacion
from cupos.services.asignacion import (
    ArchivoInvalido,
    LineasInvalidas,
    lineas_importar_xlsx,
    lineas_set,
    resolucion_expedir,
)
from cupos.services.resoluciones import resolucion_create
from cupos.tests.conftest import solicitud
from cupos.tests.factories import ArmadaFactory, NaveFactory, ResolucionFactory

D = dt.date


def filas(resolucion, **filtros):
    return {b.id: b for b in propuesta(resolucion, **filtros)}


def test_proposal_has_both_origins_and_the_evidence_from_the_records(anio):
    r = filas(anio["r2027"])
    assert set(r) == {anio["lucia"].id, anio["brisa"].id}  # refused, lost right and nothing: no row
    lucia, brisa = r[anio["lucia"].id], r[anio["brisa"].id]
    assert lucia.origen == "solicitud" and brisa.origen == "continuidad"
    assert lucia.galones_solicitados == Decimal("26000.00") and brisa.galones_solicitados is None
    assert lucia.galones_anio_anterior == Decimal("24000.00") and brisa.galones_anio_anterior == Decimal("12000.00")
    assert lucia.consumido_anio_anterior == Decimal("800.00") and brisa.consumido_anio_anterior == Decimal("0.00")
    # the late declaration is not counted, and counted as such.
    assert lucia.declarado_anio_anterior == Decimal("300.00") and lucia.declaraciones_no_contadas == 1
    assert brisa.capacidad_combustible_gal == Decimal("5000.00")
    assert lucia.linea_galones is None and lucia.galones_propuestos == Decimal("26000.00")
    assert lucia.diferencia == Decimal("2000.00") and brisa.diferencia == Decimal("0.00")
    assert list(filas(anio["r2027"], diferencia="aumenta")) == [anio["lucia"].id]
    assert [b.id for b in propuesta(anio["r2027"], orden="-diferencia")] == [anio["lucia"].id, anio["brisa"].id]
    with pytest.raises(DatosInvalidos):
        propuesta(anio["r2027"], orden="galones; DROP")


def test_proposal_is_one_query_for_5_or_50_beneficiaries(anio, analista):
    def consultas():
        with CaptureQueriesContext(connection) as ctx:
            assert list(propuesta(anio["r2027"]))
        return len(ctx.captured_queries)

    antes = consultas()
    for _ in range(45):
        solicitud(NaveFactory())
    assert len(list(propuesta(anio["r2027"]))) == 47
    assert consultas() == antes == 1


def test_lines_are_all_or_nothing_and_name_position_and_field(anio, analista):
    lineas = [
        {"beneficiario": anio["lucia"].id, "galones_anuales": "25000", "motivo": "Consumo menor al pedido."},
        {"beneficiario": anio["brisa"].id, "galones_anuales": "12000"},
        {"beneficiario": anio["perla"].id, "galones_anuales": "-3"},
    ]
    with pytest.raises(LineasInvalidas) as exc:
        lineas_set(usuario=analista, resolucion=anio["r2027"], lineas=lineas)
    assert list(exc.value.errores["lineas"]) == [2]
    assert "galones_anuales" in exc.value.errores["lineas"][2]
    assert not LineaAsignacion.objects.exists()
    # The gallons differ from the request: the reason is required.
    with pytest.raises(LineasInvalidas) as exc:
        lineas_set(usuario=analista, resolucion=anio["r2027"], lineas=[{**lineas[0], "motivo": ""}])
    assert list(exc.value.errores["lineas"][0]) == ["motivo"]


def test_a_line_replaces_an_earlier_one_of_the_same_beneficiary(anio, analista):
    r = anio["r2027"]
    assert (
        lineas_set(
            usuario=analista, resolucion=r, lineas=[{"beneficiario": anio["lucia"].id, "galones_anuales": 26000}]
        )
        == 1
    )
    n = lineas_set(
        usuario=analista,
        resolucion=r,
        lineas=[
            {"beneficiario": anio["brisa"].id, "galones_anuales": "11000"},
            {"beneficiario": anio["lucia"].id, "galones_anuales": "20000", "motivo": "Ajuste"},
            {"beneficiario": anio["brisa"].id, "galones_anuales": "12500.5"},
        ],
    )
    assert n == 2
    lineas = {linea.beneficiario_id: linea for linea in r.lineas.all()}
    assert lineas[anio["lucia"].id].galones_anuales == Decimal("20000.00")
    assert lineas[anio["brisa"].id].galones_anuales == Decimal("12500.50")
    assert (lineas[anio["lucia"].id].origen, lineas[anio["brisa"].id].origen) == ("solicitud", "continuidad")
    t = totales(r)
    assert (t["lineas"], t["galones"], t["galones_anio_anterior"]) == (2, Decimal("32500.50"), Decimal("60000.00"))
    fila = filas(r)[anio["lucia"].id]
    assert (fila.linea_galones, fila.linea_motivo, fila.galones_propuestos) == (
        Decimal("20000.00"),
        "Ajuste",
        Decimal("20000.00"),
    )


@pytest.mark.parametrize("quien", ["rosa", "tobias"])
def test_refused_or_lost_right_gets_no_line(anio, analista, quien):
    with pytest.raises(ApplicationError) as exc:
        lineas_set(
            usuario=analista,
            resolucion=anio["r2027"],
            lineas=[
                {"beneficiario": anio["brisa"].id, "galones_anuales": "1000"},
                {"beneficiario": anio[quien].id, "galones_anuales": "1000"},
            ],
        )
    assert exc.value.codigo == "solicitud_rechazada" and exc.value.extra["posiciones"] == [1]
    assert not LineaAsignacion.objects.exists()


def test_issuing_turns_every_line_into_a_cupo_in_one_job(anio, analista, django_capture_on_commit_callbacks):
    r = anio["r2027"]
    armada = ArmadaFactory()
    lineas_set(
        usuario=analista,
        resolucion=r,
        lineas=[
            {"beneficiario": anio["lucia"].id, "galones_anuales": "26000"},
            {"beneficiario": anio["brisa"].id, "galones_anuales": "12000"},
            {"beneficiario": armada.id, "galones_anuales": "100000"},
        ],
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert resolucion_expedir(usuario=analista, resolucion=r).estado == "expidiendo"
    r.refresh_from_db()
    assert (r.estado, r.progreso, r.error_expedicion, r.expedida_por) == ("expedida", 100, "", analista)
    cupos = {c.beneficiario_id: c for c in r.cupos.all()}
    assert len(cupos) == 3 and {c.estado for c in cupos.values()} == {"expedido"}
    assert cupos[anio["lucia"].id].cuota_mensual == Decimal("2166.67")
    assert cupos[armada.id].combustible == "acpm"
    assert RegistroAuditoria.objects.filter(accion="cupo.otorgar", objeto_id=str(cupos[armada.id].id)).exists()
    with pytest.raises(ApplicationError) as exc:
        lineas_set(usuario=analista, resolucion=r, lineas=[{"beneficiario": anio["perla"].id, "galones_anuales": 1}])
    assert exc.value.codigo == "resolucion_expedida"
    with pytest.raises(ApplicationError) as exc:
        resolucion_expedir(usuario=analista, resolucion=r)
    assert exc.value.codigo == "resolucion_expedida"


def test_a_failure_midway_writes_nothing_and_returns_to_draft(
    anio, analista, monkeypatch, django_capture_on_commit_callbacks
):
    r = anio["r2027"]
    naves = [NaveFactory() for _ in range(4)]
    lineas_set(
        usuario=analista, resolucion=r, lineas=[{"beneficiario": n.id, "galones_anuales": "1000"} for n in naves]
    )
    monkeypatch.setattr(asignacion, "LOTE", 2)
    original, llamadas = asignacion._crear_lote, []

    def falla_en_el_segundo_lote(*args):
        llamadas.append(1)
        if len(llamadas) == 2:
            raise RuntimeError("disco lleno")
        return original(*args)

    monkeypatch.setattr(asignacion, "_crear_lote", falla_en_el_segundo_lote)
    otorgados = RegistroAuditoria.objects.filter(accion="cupo.otorgar").count()
    with django_capture_on_commit_callbacks(execute=True):
        resolucion_expedir(usuario=analista, resolucion=r)
    r.refresh_from_db()
    assert len(llamadas) == 2
    assert r.estado == "borrador" and "no se creó ningún cupo" in r.error_expedicion
    assert not Cupo.objects.filter(resolucion=r).exists()
    assert RegistroAuditoria.objects.filter(accion="cupo.otorgar").count() == otorgados
    assert r.lineas.count() == 4  # the lines stay: fix and issue again
    monkeypatch.setattr(asignacion, "_crear_lote", original)
    with django_capture_on_commit_callbacks(execute=True):
        resolucion_expedir(usuario=analista, resolucion=r)
    r.refresh_from_db()
    assert (r.estado, r.error_expedicion, r.cupos.count()) == ("expedida", "", 4)


def test_an_application_refused_after_its_line_stops_the_issuing(anio, analista, django_capture_on_commit_callbacks):
    r = anio["r2027"]
    lineas_set(usuario=analista, resolucion=r, lineas=[{"beneficiario": anio["brisa"].id, "galones_anuales": "1"}])
    solicitud(anio["brisa"], estado="rechazada")
    with pytest.raises(ApplicationError) as exc:
        resolucion_expedir(usuario=analista, resolucion=r)
    assert exc.value.codigo == "solicitud_rechazada" and "Brisa del Mar" in exc.value.detalle
    r.refresh_from_db()
    assert r.estado == "borrador"


def test_the_sweeper_requeues_or_abandons_a_stuck_issuing(anio, analista):
    r = anio["r2027"]
    lineas_set(usuario=analista, resolucion=r, lineas=[{"beneficiario": anio["brisa"].id, "galones_anuales": "1"}])
    viejo = timezone.now() - dt.timedelta(hours=1)
    # Queued but never taken (the broker was down): queued again, and (eager) issued.
    Resolucion.objects.filter(pk=r.pk).update(estado="expidiendo", latido=None, intentos=0)
    recuperar_trabajos()
    r.refresh_from_db()
    assert r.estado == "expedida" and r.cupos.count() == 1
    # A worker died on it too many times: back to draft with the reason.
    otra = ResolucionFactory(anio=2027, numero="000011", fecha_expedicion=D(2026, 6, 10))
    LineaAsignacion.objects.create(resolucion=otra, beneficiario=anio["perla"], galones_anuales=1)
    Resolucion.objects.filter(pk=otra.pk).update(estado="expidiendo", latido=viejo, intentos=5)
    recuperar_trabajos()
    otra.refresh_from_db()
    assert otra.estado == "borrador" and "interrumpió" in otra.error_expedicion
    assert not otra.cupos.exists()


def _subir(libro: Workbook, nombre="lineas.xlsx"):
    salida = io.BytesIO()
    libro.save(salida)
    return SimpleUploadedFile(nombre, salida.getvalue())


def test_xlsx_template_round_trip_with_row_and_column_errors(anio, analista):
    r = anio["r2027"]
    libro = load_workbook(io.BytesIO(lineas_exportar_xlsx(r)))
    hoja = libro.active
    encabezado = [c.value for c in hoja[1]]
    # Issue 26: headers in words («Galones anuales asignados»), never snake_case codes.
    assert "Galones anuales asignados" in encabezado and "Galones año anterior" in encabezado
    assert not any("_" in (e or "") for e in encabezado)
    col = {columna_de_encabezado(nombre): i + 1 for i, nombre in enumerate(encabezado)}
    assert hoja.max_row == 4  # headers, a note on some columns, and the two rows of the proposal
    ids = [hoja.cell(row=f, column=col["beneficiario"]).value for f in (3, 4)]
    assert sorted(ids) == sorted([anio["lucia"].id, anio["brisa"].id])
    fila_lucia = 3 if ids[0] == anio["lucia"].id else 4
    fila_brisa = 7 - fila_lucia
    assert hoja.cell(row=fila_lucia, column=col["galones_solicitados"]).value == 26000
    hoja.cell(row=fila_lucia, column=col["galones_anuales"]).value = "26.000,00"
    hoja.cell(row=fila_brisa, column=col["galones_anuales"]).value = "mucho"
    with pytest.raises(ArchivoInvalido) as exc:
        lineas_importar_xlsx(usuario=analista, resolucion=r, archivo=_subir(libro))
    [error] = exc.value.filas
    assert error["fila"] == fila_brisa and error["campo"] == "galones_anuales" and error["columna"].startswith("N")
    assert f"Fila {fila_brisa}, columna N (Galones anuales asignados)" in exc.value.errores["archivo"][0]
    assert not LineaAsignacion.objects.exists()
    hoja.cell(row=fila_brisa, column=col["galones_anuales"]).value = 12000
    assert lineas_importar_xlsx(usuario=analista, resolucion=r, archivo=_subir(libro)) == 2
    assert r.lineas.get(beneficiario=anio["lucia"]).galones_anuales == Decimal("26000.00")
    # A template downloaded before issue 26 (snake_case headers, its second row) is still read.
    for codigo, numero in col.items():
        hoja.cell(row=1, column=numero).value = codigo
    hoja.cell(row=2, column=col["beneficiario"]).value = "Id del beneficiario (no lo cambie)"
    hoja.cell(row=fila_brisa, column=col["galones_anuales"]).value = 13000
    assert lineas_importar_xlsx(usuario=analista, resolucion=r, archivo=_subir(libro)) == 2
    assert r.lineas.get(beneficiario=anio["brisa"]).galones_anuales == Decimal("13000.00")
    with pytest.raises(DatosInvalidos):
        lineas_importar_xlsx(usuario=analista, resolucion=r, archivo=SimpleUploadedFile("x.xlsx", b"no es zip"))


def test_additional_resolution_for_a_late_applicant_with_a_justified_cause(anio, analista):
    anual = anio["r2027"]
    tardio = NaveFactory(nombre="Gaviota")
    solicitud(tardio, extemporanea=True, causa_justificada="Hospitalización del armador.")
    with pytest.raises(DatosInvalidos):
        resolucion_create(actor=analista, anio=2027, numero="000099", fecha_expedicion=D(2026, 6, 12), tipo="adicional")
    adicional = resolucion_create(
        actor=analista, anio=2027, numero="000099", fecha_expedicion=D(2026, 6, 12), tipo="adicional", modifica=anual
    )
    assert adicional.estado == "borrador" and adicional.modifica == anual
    assert anio["lucia"].id in filas(adicional)  # no cupo in 2027 yet
    assert tardio.id in filas(adicional) and anio["brisa"].id not in filas(adicional)  # no continuation here
    lineas_set(usuario=analista, resolucion=adicional, lineas=[{"beneficiario": tardio.id, "galones_anuales": "26000"}])
    assert adicional.lineas.get().origen == "solicitud"


# --- one annual resolution per year ----------------------------------------------------------


def test_r05_a_second_annual_resolution_for_the_year_is_refused(analista):
    anual = resolucion_create(actor=analista, anio=2027, numero="000008", fecha_expedicion=D(2026, 11, 27))
    with pytest.raises(ApplicationError) as exc:
        resolucion_create(actor=analista, anio=2027, numero="000099", fecha_expedicion=D(2026, 11, 28))
    assert exc.value.codigo == "resolucion_anual_duplicada" and exc.value.status_code == 409
    assert "ya tiene su resolución anual (la 000008, en estado borrador)" in exc.value.detalle
    assert list(Resolucion.objects.filter(anio=2027).values_list("numero", flat=True)) == ["000008"]
    otra = resolucion_create(
        actor=analista,
        anio=2027,
        numero="000099",
        fecha_expedicion=D(2026, 11, 28),
        tipo="modificatoria",
        modifica=anual,
    )
    assert otra.tipo == "modificatoria"
    assert resolucion_create(actor=analista, anio=2026, numero="000099", fecha_expedicion=D(2026, 2, 1)).tipo == "anual"


def test_r05_the_database_keeps_one_annual_resolution_per_year(analista):
    from django.db import IntegrityError, transaction

    resolucion_create(actor=analista, anio=2027, numero="000008", fecha_expedicion=D(2026, 11, 27))
    with pytest.raises(IntegrityError), transaction.atomic():
        Resolucion.objects.create(anio=2027, numero="000099", fecha_expedicion=D(2026, 11, 28), tipo="anual")


def test_r05_migration_turns_extra_annual_resolutions_into_modifying_ones(analista):
    import importlib

    from django.apps import apps

    migracion = importlib.import_module("cupos.migrations.0012_una_resolucion_anual_por_anio")
    with connection.cursor() as c:  # rolled back with the test's transaction
        c.execute("SET CONSTRAINTS ALL IMMEDIATE")
        c.execute("DROP INDEX resolucion_anual_unica_por_anio")
    borrador = Resolucion.objects.create(anio=2027, numero="000008", fecha_expedicion=D(2026, 11, 1))
    expedida = Resolucion.objects.create(
        anio=2027, numero="000099", fecha_expedicion=D(2026, 11, 20), estado="expedida"
    )
    migracion.una_anual_por_anio(apps, None)
    borrador.refresh_from_db()
    expedida.refresh_from_db()
    assert (expedida.tipo, expedida.modifica_id) == ("anual", None)  # the issued act stays the annual one
    assert (borrador.tipo, borrador.modifica_id) == ("modificatoria", expedida.id)
    assert "ya tenía la resolución anual 000099" in borrador.considerandos
