"""R-25 deadline checks on dates around each deadline: the day before, the day, the day after."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.management import call_command

from core.identidad.roles import Rol
from core.mensajes.notificaciones import alertas_resumen_enviar
from core.models import Alerta, Distribuidor
from core.tests.factories import DistribuidorFactory, UsuarioFactory
from core.vencimientos.plazos import revisar_plazos
from cupos.models import AltaDimar, NovedadDimar, TipoAlertaCupos
from cupos.services.cupos import cupo_declare_firm, cupo_grant, cupo_record_justified_cause
from cupos.services.novedades import novedades_register
from cupos.tests.factories import NaveFactory, ResolucionFactory
from distribuidores.models import Declaracion, ReporteMensual, TipoAlertaDistribuidores

D = dt.date
def alertas(tipo):
    return list(Alerta.objects.filter(tipo=tipo).order_by("referencia").values_list("referencia", flat=True))


def abiertas(tipo):
    return list(Alerta.objects.filter(tipo=tipo, resuelta__isnull=True).values_list("referencia", flat=True))


@pytest.fixture
def sin_distribuidores(db):
    Distribuidor.objects.all().delete()


@pytest.mark.django_db
def test_annual_resolution_alerts_around_1_and_28_february(sin_distribuidores):
    revisar_plazos(fecha=D(2026, 1, 31))
    assert alertas(TipoAlertaCupos.RESOLUCION_ANUAL_POR_VENCER) == []
    revisar_plazos(fecha=D(2026, 2, 1))
    assert alertas(TipoAlertaCupos.RESOLUCION_ANUAL_POR_VENCER) == ["2026"]
    revisar_plazos(fecha=D(2026, 2, 28))
    assert alertas(TipoAlertaCupos.RESOLUCION_ANUAL_VENCIDA) == []
    revisar_plazos(fecha=D(2026, 3, 1))
    assert alertas(TipoAlertaCupos.RESOLUCION_ANUAL_VENCIDA) == ["2026"]
    assert Alerta.objects.get(tipo=TipoAlertaCupos.RESOLUCION_ANUAL_VENCIDA).vence == D(2026, 2, 28)
    borrador = ResolucionFactory(anio=2026, fecha_expedicion=D(2026, 3, 2))
    revisar_plazos(fecha=D(2026, 3, 2))  # a draft never issued counts for nothing
    assert abiertas(TipoAlertaCupos.RESOLUCION_ANUAL_VENCIDA) == ["2026"]
    borrador.estado = "expedida"
    borrador.save(update_fields=["estado"])
    revisar_plazos(fecha=D(2026, 3, 1))  # re-run for the same date: issued later, nothing changes
    assert abiertas(TipoAlertaCupos.RESOLUCION_ANUAL_VENCIDA) == ["2026"]
    revisar_plazos(fecha=D(2026, 3, 2))
    assert abiertas(TipoAlertaCupos.RESOLUCION_ANUAL_VENCIDA) == []
    assert abiertas(TipoAlertaCupos.RESOLUCION_ANUAL_POR_VENCER) == []


@pytest.mark.django_db
def test_leap_year_deadline_is_still_28_february(sin_distribuidores):
    revisar_plazos(fecha=D(2028, 2, 29))
    assert alertas(TipoAlertaCupos.RESOLUCION_ANUAL_VENCIDA) == ["2028"]


@pytest.mark.django_db
def test_dimar_novelties_after_the_fifth_business_day_of_january_2026(sin_distribuidores):
    ResolucionFactory(anio=2026, fecha_expedicion=D(2026, 1, 2))
    revisar_plazos(fecha=D(2026, 1, 8))  # 5th business day: 1 Jan and 12 Jan are holidays
    assert alertas(TipoAlertaCupos.NOVEDADES_DIMAR_VENCIDAS) == []
    revisar_plazos(fecha=D(2026, 1, 9))
    assert alertas(TipoAlertaCupos.NOVEDADES_DIMAR_VENCIDAS) == ["2026-01"]
    alerta = Alerta.objects.get(tipo=TipoAlertaCupos.NOVEDADES_DIMAR_VENCIDAS)
    assert alerta.vence == D(2026, 1, 8) and alerta.rol_responsable == Rol.DIMAR
    novedades_register(actor=UsuarioFactory(rol=Rol.DIMAR), periodo=D(2026, 1, 1), altas=[], bajas=[])
    assert abiertas(TipoAlertaCupos.NOVEDADES_DIMAR_VENCIDAS) == []  # resolved as the report arrives


@pytest.mark.django_db
def test_running_twice_for_one_date_adds_nothing(sin_distribuidores):
    DistribuidorFactory(nit="900111222")
    call_command("revisar_plazos", "--fecha", "2026-03-20")
    antes = Alerta.objects.count()
    call_command("revisar_plazos", "--fecha", "2026-03-20")
    assert antes > 0 and Alerta.objects.count() == antes


def _nave_con_cupo(firmeza=D(2025, 11, 3), anual="12000"):
    analista = UsuarioFactory(rol=Rol.UPME_ANALISTA)
    nave = NaveFactory()
    cupo = cupo_grant(
        actor=analista,
        resolucion=ResolucionFactory(anio=firmeza.year, fecha_expedicion=D(firmeza.year, 1, 5)),
        beneficiario=nave,
        galones_anuales=Decimal(anual),
    )
    return nave, cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=firmeza)


@pytest.mark.django_db
def test_wholesaler_report_and_declaration_after_the_tenth_business_day(
    sin_distribuidores, mailoutbox, django_capture_on_commit_callbacks
):
    mayorista = DistribuidorFactory(nit="900456123")
    UsuarioFactory(rol=Rol.DISTRIBUIDOR, distribuidor=mayorista, email="ventas@petromar.co")
    DistribuidorFactory(nit="830112233", tipo=Distribuidor.Tipo.TERCERO)  # border tercero: no maritime report
    nave, _ = _nave_con_cupo()
    sin_cupo = NaveFactory()
    revisar_plazos(fecha=D(2026, 1, 16))  # the 10th business day of January 2026
    assert alertas(TipoAlertaDistribuidores.REPORTE_DISTRIBUIDOR_VENCIDO) == []
    with django_capture_on_commit_callbacks(execute=True):
        revisar_plazos(fecha=D(2026, 1, 17))
    assert alertas(TipoAlertaDistribuidores.REPORTE_DISTRIBUIDOR_VENCIDO) == ["2025-12:900456123"]
    assert alertas(TipoAlertaDistribuidores.DECLARACION_BENEFICIARIO_VENCIDA) == [f"2025-12:{nave.matricula}"]
    assert sin_cupo.matricula not in "".join(alertas(TipoAlertaDistribuidores.DECLARACION_BENEFICIARIO_VENCIDA))
    # One digest a day per responsible user, not one e-mail per alert.
    assert mailoutbox == []
    alertas_resumen_enviar()
    [correo] = [m for m in mailoutbox if "ventas@petromar.co" in m.to]
    assert "Reporte mensual del distribuidor vencido: 1" in correo.body
    ReporteMensual.objects.create(
        distribuidor=mayorista, periodo=D(2025, 12, 1), archivo="x.csv", nombre_original="x.csv"
    )
    Declaracion.objects.create(
        beneficiario=nave, periodo=D(2025, 12, 1), galones_adquiridos=1, presentada=D(2026, 1, 19)
    )
    revisar_plazos(fecha=D(2026, 1, 19))
    assert abiertas(TipoAlertaDistribuidores.REPORTE_DISTRIBUIDOR_VENCIDO) == []
    assert abiertas(TipoAlertaDistribuidores.DECLARACION_BENEFICIARIO_VENCIDA) == []
    revisar_plazos(fecha=D(2026, 1, 20))
    assert len(alertas(TipoAlertaDistribuidores.REPORTE_DISTRIBUIDOR_VENCIDO)) == 1  # resolved, never raised again


@pytest.mark.django_db
def test_rejected_report_does_not_count(sin_distribuidores):
    mayorista = DistribuidorFactory(nit="900456123")
    ReporteMensual.objects.create(
        distribuidor=mayorista,
        periodo=D(2025, 12, 1),
        archivo="x.csv",
        nombre_original="x.csv",
        estado=ReporteMensual.Estado.RECHAZADO,
    )
    revisar_plazos(fecha=D(2026, 1, 17))
    assert alertas(TipoAlertaDistribuidores.REPORTE_DISTRIBUIDOR_VENCIDO) == ["2025-12:900456123"]


@pytest.mark.django_db
def test_alta_without_cupo_decision_after_the_month(sin_distribuidores):
    ResolucionFactory(anio=2026, fecha_expedicion=D(2026, 1, 2))
    from core.tests.factories import CapitaniaFactory

    CapitaniaFactory(codigo="CP05")
    dimar = UsuarioFactory(rol=Rol.DIMAR)
    novedades_register(
        actor=dimar,
        periodo=D(2026, 6, 1),
        bajas=[],
        altas=[
            {
                "nombre": "Nueva Esperanza",
                "identificacion": "900999",
                "matricula": "MC-05-9001",
                "bandera": "CO",
                "trb": Decimal(80),
                "actividad": "pesca",
                "capacidad_combustible_gal": Decimal(2000),
                "capitania": "CP05",
            }
        ],
    )
    revisar_plazos(fecha=D(2026, 6, 30))
    assert alertas(TipoAlertaCupos.ALTA_SIN_CUPO_VENCIDA) == []
    revisar_plazos(fecha=D(2026, 7, 1))
    assert alertas(TipoAlertaCupos.ALTA_SIN_CUPO_VENCIDA) == ["2026-06:MC-05-9001"]
    alta = AltaDimar.objects.get()
    cupo_grant(
        actor=UsuarioFactory(rol=Rol.UPME_ANALISTA),
        resolucion=ResolucionFactory(anio=2026),
        beneficiario=alta.beneficiario,
        galones_anuales=Decimal(6000),
    )
    alta.refresh_from_db()
    assert alta.decision == AltaDimar.Decision.CUPO_OTORGADO
    assert abiertas(TipoAlertaCupos.ALTA_SIN_CUPO_VENCIDA) == []


@pytest.mark.django_db
def test_inactive_cupo_over_three_months(sin_distribuidores):
    from django.db import transaction

    from cupos.services import libro

    nave, cupo = _nave_con_cupo(firmeza=D(2026, 3, 2))
    with transaction.atomic():
        bloqueado = libro.cupo_lock_vigente(beneficiario_id=nave.id, fecha=D(2026, 4, 10))
        libro.movimiento_descuento(actor=None, cupo=bloqueado, fecha=D(2026, 4, 10), galones=Decimal(100))
    revisar_plazos(fecha=D(2026, 7, 10))  # R-12 "más de tres meses": exactly three is not yet inactive
    assert alertas(TipoAlertaCupos.CUPO_INACTIVO) == []
    revisar_plazos(fecha=D(2026, 7, 11))
    assert alertas(TipoAlertaCupos.CUPO_INACTIVO) == [f"2026-04:{nave.matricula}"]
    cupo_record_justified_cause(actor=UsuarioFactory(rol=Rol.UPME_ANALISTA), cupo=cupo, causa="Nave en astillero")
    revisar_plazos(fecha=D(2026, 7, 12))
    assert abiertas(TipoAlertaCupos.CUPO_INACTIVO) == []


@pytest.mark.django_db
def test_new_cupo_is_not_inactive_before_three_months(sin_distribuidores):
    _nave_con_cupo(firmeza=D(2026, 3, 2))
    revisar_plazos(fecha=D(2026, 6, 1))
    assert alertas(TipoAlertaCupos.CUPO_INACTIVO) == []
    revisar_plazos(fecha=D(2026, 6, 3))
    assert len(alertas(TipoAlertaCupos.CUPO_INACTIVO)) == 1


@pytest.mark.django_db
def test_novedades_are_all_or_nothing():
    from core.comun.errors import DatosInvalidos

    dimar = UsuarioFactory(rol=Rol.DIMAR)
    with pytest.raises(DatosInvalidos) as exc:
        novedades_register(
            actor=dimar,
            periodo=D(2026, 6, 1),
            altas=[{"nombre": "Sin datos"}],
            bajas=[{"matricula": "NO-EXISTE", "fecha": D(2026, 6, 3), "motivo": "x"}],
        )
    assert "bajas[0].matricula" in exc.value.errores
    assert not NovedadDimar.objects.exists()


@pytest.mark.django_db
def test_a_processed_report_resolves_its_alert_at_once(
    sin_distribuidores, settings, tmp_path, django_capture_on_commit_callbacks
):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from distribuidores.services.reportes.ingesta import reporte_upload

    settings.MEDIA_ROOT = str(tmp_path)
    mayorista = DistribuidorFactory(nit="900456123")
    usuario = UsuarioFactory(rol=Rol.DISTRIBUIDOR, distribuidor=mayorista)
    from cupos.tests.factories import AcuicultoraFactory

    analista = UsuarioFactory(rol=Rol.UPME_ANALISTA)
    nave = AcuicultoraFactory(distribuidor=mayorista)
    cupo = cupo_grant(
        actor=analista,
        resolucion=ResolucionFactory(anio=2025, fecha_expedicion=D(2025, 1, 5)),
        beneficiario=nave,
        galones_anuales=Decimal(12000),
    )
    cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=D(2025, 11, 3))
    revisar_plazos(fecha=D(2026, 1, 17))
    assert abiertas(TipoAlertaDistribuidores.REPORTE_DISTRIBUIDOR_VENCIDO) == ["2025-12:900456123"]
    archivo = SimpleUploadedFile(
        "r.csv",
        f"fecha,identificacion_beneficiario,certificado,galones\n2025-12-05,{nave.identificacion},,10\n".encode(),
    )
    with django_capture_on_commit_callbacks(execute=True):
        reporte = reporte_upload(actor=usuario, distribuidor_nit="900456123", periodo=D(2025, 12, 1), archivo=archivo)
    reporte.refresh_from_db()
    assert reporte.estado == "procesado", reporte.mensaje
    assert abiertas(TipoAlertaDistribuidores.REPORTE_DISTRIBUIDOR_VENCIDO) == []
