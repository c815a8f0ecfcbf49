"""The demo data set of the quota regime (cupos.demo): realistic, consistent with R-06 to R-12, loaded once."""

import datetime as dt
from collections import defaultdict
from decimal import Decimal

import pytest
from django.db import transaction

from core import demo as core_demo
from core.comun.galones import CERO
from core.identidad.roles import Rol
from core.models import Alerta, RegistroAuditoria, Usuario
from cupos import calculo
from cupos import demo as cupos_demo
from cupos.models import BajaDimar, Beneficiario, Cupo, Movimiento, Resolucion, TipoAlertaCupos
from cupos.selectors.cupos import cupo_terminos
from cupos.selectors.saldos import beneficiario_saldo

D = dt.date


def contar() -> dict[str, int]:
    modelos = (Beneficiario, Resolucion, Cupo, Movimiento, RegistroAuditoria, Usuario)
    return {m.__name__: m.objects.count() for m in modelos}


@pytest.fixture(scope="module")
def demo_cargado(django_db_setup, django_db_blocker):
    """Load once for the module (~12 s on PostgreSQL) inside a transaction rolled back at the end."""
    with django_db_blocker.unblock(), transaction.atomic():
        core_demo.cargar()
        yield cupos_demo.cargar()
        transaction.set_rollback(True)


@pytest.fixture
def demo(demo_cargado, db):
    return demo_cargado


def test_fleet_acuicultoras_and_armada(demo):
    assert Beneficiario.objects.filter(tipo__in=Beneficiario.TIPOS_NAVE).count() >= 150
    extranjeras = Beneficiario.objects.filter(tipo=Beneficiario.Tipo.NAVE_EXTRANJERA)
    assert extranjeras.exists() and not extranjeras.filter(empresa_nit="").exists()
    bandas = [{"trb__lt": 60}, {"trb__gte": 60, "trb__lte": 300}, {"trb__gt": 300}]
    assert all(Beneficiario.objects.filter(**banda).exists() for banda in bandas)
    assert Beneficiario.objects.filter(tipo=Beneficiario.Tipo.ACUICULTORA, distribuidor__isnull=False).count() == 5
    armada = Beneficiario.objects.get(tipo=Beneficiario.Tipo.ARMADA)
    assert armada.identificacion == "800141397" and armada.distribuidor is not None
    assert armada.cupos.get(resolucion__anio=2026).combustible == Beneficiario.Combustible.ACPM


def test_resolutions_firmezas_and_cancellations(demo):
    r2026 = Resolucion.objects.get(anio=2026, numero="000031")
    assert Resolucion.objects.filter(anio=2025, numero="000045").exists()
    cupos = r2026.cupos
    assert cupos.filter(estado=Cupo.Estado.EN_FIRME).count() > 150
    assert cupos.filter(estado=Cupo.Estado.EXPEDIDO).exists()
    cancelados = cupos.filter(estado=Cupo.Estado.CANCELADO)
    assert 3 <= cancelados.count() <= 4
    for cupo in cancelados:  # nothing consumed from the cancellation on
        assert "Dimar" in cupo.motivo_cancelacion
        assert not cupo.movimientos.filter(tipo=Movimiento.Tipo.DESCUENTO, fecha__gte=cupo.fecha_cancelacion).exists()
        # Dimar reported the baja; the cancellation is UPME's act, which decided it.
        baja = BajaDimar.objects.get(beneficiario=cupo.beneficiario)
        assert baja.fecha == cupo.fecha_cancelacion and cupo in baja.cupos_cancelados.all()
    assert not Alerta.objects.filter(tipo=TipoAlertaCupos.BAJA_DIMAR_POR_DECIDIR, resuelta__isnull=True).exists()
    extranjeras = Beneficiario.objects.filter(tipo=Beneficiario.Tipo.NAVE_EXTRANJERA)
    assert not extranjeras.exclude(actividad="pesca").exists()
    assert not extranjeras.filter(permiso_vigente_hasta__isnull=True).exists()
    fechas = cupos.filter(estado=Cupo.Estado.EN_FIRME).values_list("fecha_firmeza", flat=True)
    assert D(2026, 3, 2) <= min(fechas) and max(fechas) <= D(2026, 4, 15)
    assert RegistroAuditoria.objects.filter(accion="cupo.firmeza").count() > 300  # through the services


def test_dona_lucia_follows_the_worked_example_and_has_a_login(demo):
    assert demo == [("beneficiario", "Beneficiario", core_demo.CLAVE_DEMO)]
    nave = Beneficiario.objects.get(nombre="Doña Lucía")
    assert Usuario.objects.get(username="beneficiario").beneficiario == nave
    assert Usuario.objects.get(username="beneficiario").rol == Rol.BENEFICIARIO

    def disponible(fecha):
        return beneficiario_saldo(beneficiario_id=nave.id, fecha=fecha).disponible

    assert disponible(D(2026, 3, 17)) == Decimal("967.74")
    assert disponible(D(2026, 3, 20)) == Decimal("167.74")
    assert disponible(D(2026, 3, 28)) == Decimal("0.00")
    assert disponible(D(2026, 4, 2)) == Decimal("2000.00")
    assert disponible(D(2026, 4, 3)) == Decimal("2100.00")


def test_consumption_never_overdraws_a_window(demo):
    """The bulk-loaded history must hold R-11 exactly as movimiento_descuento would have enforced it."""
    assert 8_000 <= Movimiento.objects.filter(tipo=Movimiento.Tipo.DESCUENTO).count() <= 20_000
    assert Movimiento.objects.filter(tipo=Movimiento.Tipo.REINTEGRO).exists()
    for cupo in Cupo.objects.exclude(estado=Cupo.Estado.EXPEDIDO).exclude(fecha_inicio=None):
        terminos = cupo_terminos(cupo)
        consumido: dict[int, Decimal] = defaultdict(lambda: CERO)
        movimientos = cupo.movimientos.filter(tipo__in=Movimiento.CONSUMO).order_by("fecha", "id")
        for mov in movimientos:
            assert terminos.vigente(mov.fecha)
            ventana = calculo.window_for(terminos, mov.fecha)
            signo = 1 if mov.tipo == Movimiento.Tipo.DESCUENTO else -1
            consumido[ventana.primer_mes] += signo * mov.galones
            assert consumido[ventana.primer_mes] <= calculo.asignado_hasta(terminos, ventana, mov.fecha)


def test_some_cupos_in_force_are_inactive_for_months(demo):
    """R-12's list has something to show: cupos in force with no consumption since August."""
    vigentes = Cupo.objects.filter(estado=Cupo.Estado.EN_FIRME, fecha_fin=None)
    inactivos = vigentes.exclude(movimientos__fecha__gte=D(2026, 8, 28))
    assert 5 <= inactivos.count() <= 40


def test_loading_twice_changes_nothing(demo):
    antes = contar()
    assert cupos_demo.cargar() == demo
    assert contar() == antes


def test_2027_is_ready_to_allocate(demo):
    """Issue 12: a draft annual resolution for 2027 whose proposal shows both origins, 2026 as evidence."""
    from cupos.models import Solicitud
    from cupos.selectors.asignacion import propuesta

    assert set(Resolucion.objects.filter(anio__in=(2025, 2026)).values_list("estado", flat=True)) == {"expedida"}
    r2027 = Resolucion.objects.get(anio=2027, tipo="anual")
    assert r2027.estado == "borrador" and r2027.fuente_consumo_anio == 2026 and r2027.fuente_flota_fecha
    filas = {b.id: b for b in propuesta(r2027)}
    origenes = [b.origen for b in filas.values()]
    assert origenes.count("solicitud") == 8 and origenes.count("continuidad") > 100
    lucia = next(b for b in filas.values() if b.matricula == cupos_demo.MATRICULA_DONA_LUCIA)
    assert (lucia.origen, lucia.galones_anio_anterior, lucia.galones_solicitados) == (
        "solicitud",
        Decimal("24000.00"),
        Decimal("25200.00"),
    )
    assert lucia.consumido_anio_anterior > 0
    sin_derecho = Solicitud.objects.filter(anio=2027).exclude(estado="aprobada")
    assert sin_derecho.count() == 2 and not set(sin_derecho.values_list("beneficiario_id", flat=True)) & set(filas)


@pytest.mark.django_db
def test_r26_demo_foreign_vessels_have_guarantees_and_landings_one_expiring_one_behind(demo):
    from core.vencimientos.calendario import today
    from cupos.models import Desembarque, GarantiaNave
    from cupos.selectors.condiciones import garantia_vigente, obligaciones

    hoy = today()
    extranjeras = list(Beneficiario.objects.filter(tipo=Beneficiario.Tipo.NAVE_EXTRANJERA).order_by("id"))
    assert extranjeras and all(garantia_vigente(beneficiario_id=n.id, fecha=hoy) for n in extranjeras)
    assert GarantiaNave.objects.filter(vigente_hasta__gte=hoy, vigente_hasta__lte=hoy + dt.timedelta(days=30)).exists()
    assert Desembarque.objects.filter(beneficiario__in=extranjeras).count() >= len(extranjeras)
    resumenes = [obligaciones(beneficiario=n, anio=hoy.year, fecha=hoy) for n in extranjeras]
    atrasadas = [r for r in resumenes if r.desembarcado_kg < r.esperado_a_la_fecha_kg]
    assert len(atrasadas) == 1  # the one behind; the others are on track
