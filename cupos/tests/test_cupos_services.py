"""Life of a cupo: grant, firmeza with the Dimar notice, continuation, cancellation (R-05 to R-12)."""

import datetime as dt
from decimal import Decimal

import pytest
from django.db import DatabaseError, transaction

from core.comun.errors import ApplicationError, DatosInvalidos, PermisoDenegado
from core.identidad.roles import Rol
from core.models import MensajeSaliente, RegistroAuditoria
from cupos.errors import SinCupoVigente
from cupos.models import Cupo, Movimiento, Resolucion, Solicitud
from cupos.selectors import saldos
from cupos.selectors.resoluciones import resolucion_extemporanea
from cupos.services import libro
from cupos.services.cupos import cupo_cancel, cupo_declare_firm, cupo_grant
from cupos.tests.factories import AcuicultoraFactory, ArmadaFactory, NaveFactory, ResolucionFactory, cancelar_en_firme

D = dt.date
BAJA = {"causal": "baja_dimar", "soporte": "Novedades de Dimar"}  # the ground and its support


def otorgar(analista, beneficiario, galones="24000", anio=2026, expedida=None):
    resolucion = ResolucionFactory(anio=anio, fecha_expedicion=expedida or D(anio, 2, 20))
    return cupo_grant(
        actor=analista, resolucion=resolucion, beneficiario=beneficiario, galones_anuales=Decimal(galones)
    )


def en_firme(analista, beneficiario):
    """The beneficiary's 24,000-gallon cupo of 2026, firm since 1 March."""
    return cupo_declare_firm(actor=analista, cupo=otorgar(analista, beneficiario), fecha_firmeza=D(2026, 3, 1))


@pytest.mark.django_db
def test_r01_fuel_follows_the_kind(analista):
    assert otorgar(analista, ArmadaFactory()).combustible == "acpm"
    assert otorgar(analista, AcuicultoraFactory()).combustible == "diesel_marino"
    assert otorgar(analista, NaveFactory()).combustible == "diesel_marino"


@pytest.mark.django_db
def test_one_cupo_per_beneficiary_per_resolution(analista):
    cupo = otorgar(analista, NaveFactory())
    with pytest.raises(ApplicationError) as exc:
        cupo_grant(
            actor=analista, resolucion=cupo.resolucion, beneficiario=cupo.beneficiario, galones_anuales=Decimal(1)
        )
    assert exc.value.codigo == "cupo_duplicado"


@pytest.mark.django_db
def test_r04_late_information_without_cause_loses_the_year(analista):
    nave = NaveFactory()
    Solicitud.objects.create(
        beneficiario=nave,
        anio=2026,
        galones_solicitados=Decimal(1000),
        fecha_radicacion=D(2026, 1, 30),
        extemporanea=True,
    )
    with pytest.raises(ApplicationError) as exc:
        otorgar(analista, nave)
    assert exc.value.codigo == "informacion_extemporanea"
    Solicitud.objects.filter(beneficiario=nave).update(causa_justificada="Cierre de la oficina por inundación")
    assert otorgar(analista, nave).estado == Cupo.Estado.EXPEDIDO


@pytest.mark.django_db
def test_r05_resolution_after_28_february_is_late_also_in_leap_years():
    assert not resolucion_extemporanea(ResolucionFactory(anio=2026, fecha_expedicion=D(2026, 2, 28)))
    assert resolucion_extemporanea(ResolucionFactory(anio=2028, fecha_expedicion=D(2028, 2, 29)))
    # Issue 45: the deadline binds only the annual resolution, never a modifying one of later in the year.
    anual = ResolucionFactory(anio=2029, fecha_expedicion=D(2029, 2, 20))
    modificatoria = ResolucionFactory(anio=2029, numero="000777", fecha_expedicion=D(2029, 6, 3),
                                      tipo=Resolucion.Tipo.MODIFICATORIA, modifica=anual)
    assert not resolucion_extemporanea(modificatoria)


@pytest.mark.django_db
def test_r06_firmeza_queues_the_dimar_notice_at_once(analista, django_capture_on_commit_callbacks, settings):
    settings.OUTBOX_ENDPOINTS = {}
    cupo = otorgar(analista, NaveFactory(matricula="MC-05-0777"))
    with django_capture_on_commit_callbacks(execute=True):
        cupo = cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=D(2026, 3, 17))
    assert (cupo.estado, cupo.fecha_inicio, cupo.fecha_firmeza) == ("en_firme", D(2026, 3, 17), D(2026, 3, 17))
    assert cupo.dimar_notificado is not None
    mensaje = MensajeSaliente.objects.get(clave=f"cupo_en_firme:{cupo.id}")
    assert mensaje.payload["beneficiario"]["matricula"] == "MC-05-0777"
    assert mensaje.estado == MensajeSaliente.Estado.REGISTRADO  # no endpoint configured: logged
    assert RegistroAuditoria.objects.filter(accion="cupo.firmeza", objeto_id=str(cupo.id)).exists()


@pytest.mark.django_db
def test_r06_firmeza_only_once_and_not_in_the_future(analista):
    cupo = otorgar(analista, NaveFactory())
    with pytest.raises(DatosInvalidos):
        cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=dt.date.today() + dt.timedelta(days=1))
    with pytest.raises(DatosInvalidos):
        cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=D(2026, 2, 1))  # before the resolution
    cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=D(2026, 3, 1))
    with pytest.raises(ApplicationError) as exc:
        cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=D(2026, 3, 2))
    assert exc.value.codigo == "transicion_invalida"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("trb", "fecha", "meses"),
    [
        ("45", D(2026, 3, 1), 1),
        ("60", D(2026, 3, 1), 3),
        ("300", D(2026, 3, 1), 3),
        ("300.50", D(2026, 3, 1), 4),
        ("120", D(2008, 3, 1), 2),  # D3802/2007: 60–300 TRB bimestral
        ("120", D(2005, 3, 1), 1),  # D4335/2004: only acuicultoras accumulate
    ],
)
def test_r10_rule_in_force_on_the_start_date_applies(analista, trb, fecha, meses):
    nave = NaveFactory(trb=Decimal(trb))
    cupo = otorgar(analista, nave, anio=fecha.year, expedida=D(fecha.year, 2, 1))
    cupo = cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=fecha)
    assert cupo.meses_ventana == meses


@pytest.mark.django_db
def test_r10_acuicultora_bimestral_and_armada_monthly(analista):
    a = cupo_declare_firm(actor=analista, cupo=otorgar(analista, AcuicultoraFactory()), fecha_firmeza=D(2026, 3, 1))
    b = cupo_declare_firm(actor=analista, cupo=otorgar(analista, ArmadaFactory()), fecha_firmeza=D(2026, 3, 1))
    assert (a.meses_ventana, b.meses_ventana) == (2, 1)


@pytest.mark.django_db
def test_r09_continuation_across_the_year_boundary(analista):
    """R-09: the 2025 cupo runs into 2026 until the new one is firm; then it ends the day before."""
    nave = NaveFactory(trb=Decimal("120"))
    viejo = cupo_declare_firm(actor=analista, cupo=otorgar(analista, nave, anio=2025), fecha_firmeza=D(2025, 3, 17))
    nuevo = otorgar(analista, nave, galones="36000", anio=2026, expedida=D(2026, 2, 5))
    # January 2026: the 2025 cupo still runs (its Dec–Feb window is open)
    saldo = saldos.beneficiario_saldo(beneficiario_id=nave.id, fecha=D(2026, 1, 20))
    assert saldo.cupo.id == viejo.id
    assert (saldo.ventana.inicio, saldo.ventana.fin) == (D(2025, 12, 1), D(2026, 2, 28))
    assert saldo.disponible == Decimal("4000.00")
    nuevo = cupo_declare_firm(actor=analista, cupo=nuevo, fecha_firmeza=D(2026, 2, 10))
    viejo.refresh_from_db()
    assert viejo.fecha_fin == D(2026, 2, 9)
    # the old window closed on 9 Feb with February prorated 9/28
    saldo_viejo = saldos.cupo_saldo(cupo=viejo, fecha=D(2026, 2, 9))
    assert saldo_viejo.ventana.fin == D(2026, 2, 9)
    assert saldo_viejo.asignado == Decimal("2000.00") * 2 + Decimal("642.86")
    saldo = saldos.beneficiario_saldo(beneficiario_id=nave.id, fecha=D(2026, 2, 10))
    assert saldo.cupo.id == nuevo.id
    assert saldo.disponible == Decimal("2035.71")  # 3000 × 19/28 (10–28 Feb)
    with pytest.raises(SinCupoVigente):
        saldos.cupo_saldo(cupo=viejo, fecha=D(2026, 2, 10))


@pytest.mark.django_db
def test_r12_cancellation_stops_consumption_from_its_date(analista):
    nave = NaveFactory()
    cupo = en_firme(analista, nave)
    cupo = cancelar_en_firme(
        actor=analista, cupo=cupo, fecha=D(2026, 4, 10), motivo="Baja de matrícula reportada por Dimar", **BAJA
    )
    assert cupo.estado == "cancelado" and cupo.fecha_fin == D(2026, 4, 9)
    assert saldos.beneficiario_saldo(beneficiario_id=nave.id, fecha=D(2026, 4, 9)).disponible > 0
    with pytest.raises(SinCupoVigente):
        saldos.beneficiario_saldo(beneficiario_id=nave.id, fecha=D(2026, 4, 10))
    with transaction.atomic(), pytest.raises(SinCupoVigente):
        libro.cupo_lock_vigente(beneficiario_id=nave.id, fecha=D(2026, 4, 12))
    assert Movimiento.objects.filter(cupo=cupo, tipo="cancelacion").count() == 1
    with pytest.raises(ApplicationError):
        cupo_cancel(actor=analista, cupo=cupo, fecha=D(2026, 4, 11), motivo="otra vez", **BAJA)


@pytest.mark.django_db
def test_r12_cancellation_needs_a_reason(analista):
    cupo = otorgar(analista, NaveFactory())
    with pytest.raises(DatosInvalidos):
        cupo_cancel(actor=analista, cupo=cupo, fecha=D(2026, 3, 1), motivo="  ", **BAJA)


@pytest.mark.django_db
@pytest.mark.parametrize("fecha", [D(1, 1, 1), D(2000, 12, 31)])
def test_r12_cancellation_cannot_predate_the_regime(analista, fecha):
    cupo = otorgar(analista, NaveFactory())
    with pytest.raises(DatosInvalidos) as exc:
        cupo_cancel(actor=analista, cupo=cupo, fecha=fecha, motivo="Baja", **BAJA)
    assert "anterior a 2001, año de la Ley 681" in exc.value.errores["fecha"][0]
    cupo.refresh_from_db()
    assert cupo.estado == "expedido"


@pytest.mark.django_db
def test_r12_a_cancellation_of_a_cupo_not_yet_firm_keeps_it_from_ever_coming_into_force(analista):
    """Dimar may report a baja before the cupo was firm: cancelled, it never comes into force."""
    cupo = cancelar_en_firme(
        actor=analista, cupo=otorgar(analista, NaveFactory()), fecha=D(2026, 1, 15), motivo="Baja Dimar", **BAJA
    )
    assert cupo.estado == "cancelado" and cupo.fecha_cancelacion == D(2026, 1, 15) and cupo.fecha_inicio is None


@pytest.mark.django_db
def test_r11_ledger_rows_cannot_be_edited_or_deleted(analista):
    firme = en_firme(analista, NaveFactory())
    with transaction.atomic():
        cupo = libro.cupo_lock_vigente(beneficiario_id=firme.beneficiario_id, fecha=D(2026, 3, 2))
        mov = libro.movimiento_descuento(actor=analista, cupo=cupo, fecha=D(2026, 3, 2), galones=Decimal(10))
    with pytest.raises(DatabaseError), transaction.atomic():
        Movimiento.objects.filter(pk=mov.pk).update(galones=Decimal(1))
    with pytest.raises(DatabaseError), transaction.atomic():
        Movimiento.objects.filter(pk=mov.pk).delete()


@pytest.mark.django_db
def test_discount_above_the_balance_is_refused(analista):
    firme = en_firme(analista, NaveFactory())
    with transaction.atomic():
        cupo = libro.cupo_lock_vigente(beneficiario_id=firme.beneficiario_id, fecha=D(2026, 3, 2))
        with pytest.raises(ApplicationError) as exc:
            libro.movimiento_descuento(actor=analista, cupo=cupo, fecha=D(2026, 3, 2), galones=Decimal("2000.01"))
    assert exc.value.codigo == "excede_cupo"


@pytest.mark.django_db
@pytest.mark.parametrize("rol", [Rol.AUDITOR, Rol.DISTRIBUIDOR, Rol.CAPITANIA_OFICIAL, Rol.DIMAR])
def test_only_upme_writes_cupos(crear_usuario, rol):
    with pytest.raises(PermisoDenegado):
        otorgar(crear_usuario(rol), NaveFactory())


# --- the decree's grounds of cancellation -------------------------------------------------------


@pytest.mark.django_db
def test_r12_cancellation_records_its_ground_and_support(analista):
    cupo = cancelar_en_firme(
        actor=analista, cupo=en_firme(analista, NaveFactory()), fecha=D(2026, 4, 10),
        causal="comunicacion_autoridad", motivo="La Contraloría informó uso indebido del combustible exento.",
        soporte="Contraloría General, oficio 2026EE-0042 del 2 de abril de 2026",
    )
    cupo.refresh_from_db()
    assert (cupo.causal_cancelacion, cupo.soporte_cancelacion) == (
        "comunicacion_autoridad", "Contraloría General, oficio 2026EE-0042 del 2 de abril de 2026"
    )
    registro = RegistroAuditoria.objects.get(accion="cupo.cancelar")
    assert registro.despues["causal_cancelacion"] == "comunicacion_autoridad"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("causal", "soporte", "campo"),
    [("", "Oficio 1", "causal"), ("otra", "Oficio 1", "causal"), ("baja_dimar", "  ", "soporte")],
)
def test_r12_cancellation_without_a_decree_ground_or_its_support_is_refused(analista, causal, soporte, campo):
    cupo = en_firme(analista, NaveFactory())
    with pytest.raises(DatosInvalidos) as exc:
        cupo_cancel(actor=analista, cupo=cupo, fecha=D(2026, 4, 10), causal=causal, motivo="Baja", soporte=soporte)
    assert campo in exc.value.errores
    cupo.refresh_from_db()
    assert cupo.estado == "en_firme" and not Movimiento.objects.filter(tipo="cancelacion").exists()


@pytest.mark.django_db
@pytest.mark.parametrize("causal", ["baja_dimar", "inactividad", "comunicacion_autoridad"])
def test_r12_baja_and_inactivity_are_grounds_for_vessels_only(analista, causal):
    """R-12: par. 1's three grounds are for vessels; an acuicultora's cupo is revoked by a motivated modifying
    resolution (cupos/tests/test_reglas_tercera_lectura.py)."""
    cupo = en_firme(analista, AcuicultoraFactory())
    with pytest.raises(ApplicationError) as exc:
        cupo_cancel(actor=analista, cupo=cupo, fecha=D(2026, 7, 10), causal=causal, motivo="x", soporte="y")
    assert exc.value.codigo == "causal_improcedente" and "propia de las naves" in exc.value.detalle
    cupo.refresh_from_db()
    assert cupo.estado == "en_firme"


@pytest.mark.django_db
def test_r12_inactivity_needs_more_than_three_months_unused_and_no_justified_cause(analista):
    cupo = en_firme(analista, NaveFactory())  # in force from 1 March 2026, never used
    libro.movimiento_descuento(actor=analista, cupo=cupo, fecha=D(2026, 4, 15), galones=Decimal(100),
                               referencia="certificado:CP05-2026-000001", detalle="Zarpe", disponible=Decimal(2000))
    datos = {"actor": analista, "cupo": cupo, "causal": "inactividad", "motivo": "Sin uso",
             "soporte": "Resolución UPME 000321"}
    with pytest.raises(ApplicationError) as exc:  # exactly three months after its last use: not yet
        cancelar_en_firme(fecha=D(2026, 7, 15), **datos)
    assert exc.value.codigo == "cupo_no_inactivo" and "15 de abril de 2026" in exc.value.detalle
    cupo.causa_justificada_inactividad = "Veda"
    cupo.save(update_fields=["causa_justificada_inactividad"])
    with pytest.raises(ApplicationError) as exc:
        cancelar_en_firme(fecha=D(2026, 7, 16), **datos)
    assert exc.value.codigo == "causa_justificada_registrada"
    cupo.causa_justificada_inactividad = ""
    cupo.save(update_fields=["causa_justificada_inactividad"])
    assert cancelar_en_firme(fecha=D(2026, 7, 16), **datos).causal_cancelacion == "inactividad"


@pytest.mark.django_db
def test_r12_the_database_refuses_a_cancelled_cupo_without_ground(analista):
    cupo = cancelar_en_firme(actor=analista, cupo=en_firme(analista, NaveFactory()), fecha=D(2026, 4, 10),
                       causal="baja_dimar", motivo="Baja", soporte="Novedades de Dimar de abril de 2026")
    with pytest.raises(DatabaseError), transaction.atomic():
        Cupo.objects.filter(pk=cupo.pk).update(soporte_cancelacion="")
    with pytest.raises(DatabaseError), transaction.atomic():
        Cupo.objects.filter(pk=cupo.pk).update(causal_cancelacion="")


@pytest.mark.django_db
def test_r12_migration_gives_existing_cancellations_a_ground(analista):
    """0011 classifies cancellations recorded before the ground existed (run here with the check lifted)."""
    import importlib

    from django.apps import apps
    from django.db import connection

    from core.models import Alerta
    from zarpes.tests.factories import baja_dimar

    migracion = importlib.import_module("cupos.migrations.0011_causal_de_cancelacion")
    con_baja, inactivo, otro = (en_firme(analista, NaveFactory()) for _ in range(3))
    baja_dimar(con_baja.beneficiario, D(2026, 4, 1))
    for cupo in (con_baja, inactivo, otro):
        cancelar_en_firme(actor=analista, cupo=cupo, fecha=D(2026, 4, 10), causal="comunicacion_autoridad",
                          motivo=f"Motivo {cupo.id}", soporte="s")
    Alerta.objects.create(tipo="cupo_inactivo", referencia="x", vence=D(2026, 4, 1), detalle="d",
                          fecha_revision=D(2026, 4, 1),
                          cupo=inactivo, resuelta="2026-04-10T12:00:00Z")
    with connection.cursor() as c:  # rolled back with the test's transaction
        c.execute("SET CONSTRAINTS ALL IMMEDIATE")
        c.execute("ALTER TABLE cupos_cupo DROP CONSTRAINT cupo_cancelado_con_causal_y_soporte")
    Cupo.objects.update(causal_cancelacion="", soporte_cancelacion="")

    migracion.clasificar(apps, None)

    def de(cupo):
        cupo.refresh_from_db()
        return cupo.causal_cancelacion, cupo.soporte_cancelacion

    assert de(con_baja) == ("baja_dimar", "Baja reportada por Dimar el 1 de abril de 2026 (novedades de abril de 2026)")
    assert de(inactivo)[0] == "inactividad"
    assert de(otro) == ("comunicacion_autoridad", f"{migracion.POR_CONFIRMAR}Motivo {otro.id}")
