"""F-05: volumes end with their two years, and the handover month shares the old and new volumes."""

from decimal import Decimal

import pytest

from core.identidad.roles import Rol
from core.models import Alerta
from core.tests.factories import DistribuidorFactory
from core.vencimientos.plazos import revisar_plazos
from fronteras.errors import ErrorFronteras
from fronteras.models import Despacho, TipoAlertaFronteras
from fronteras.selectors.despachos import transparencia
from fronteras.selectors.estaciones import SinVolumenVigente, estacion_volumen, meses_estacion
from fronteras.services.asignaciones import asignacion_create
from fronteras.services.despachos import despacho_register
from fronteras.services.estaciones import certificado_conformidad_register, estacion_create
from fronteras.services.municipios import municipio_create
from fronteras.tests.factories import NIT_TERCERO, D, asignar, contratar, ejecutoriar, visto_bueno

T = TipoAlertaFronteras
def asignacion(actor, anio, indicador, ejecutoria, codigo="54001"):
    a = asignacion_create(actor=actor, municipio=codigo, combustible="acpm", anio_inicio=anio,
                          indicador_per_capita=Decimal(indicador), factor_gnv=Decimal("1"), factor_flujo=Decimal("1"))
    return ejecutoriar(actor, a, ejecutoria)


@pytest.fixture
def periodo_2024(analista):
    """One station of Cúcuta (100,000 inhabitants) certified for 2024: 0.5 gal × 100,000 = 50,000 a month."""
    municipio_create(actor=analista, codigo_dane="54001", nombre="Cúcuta", departamento="Norte de Santander",
                     poblacion=100_000)
    estacion = estacion_create(actor=analista, codigo="U", nombre="Estación Única", municipio="54001",
                               capacidad_certificada_gal=Decimal("8000"), fecha_certificado=D(2023, 11, 10),
                               fecha_entrega_certificado=D(2024, 1, 15))
    return estacion, asignacion(analista, 2024, "0.5", D(2024, 3, 10))


@pytest.fixture
def tercero():
    """The tercero, contracted by Ecopetrol for Cúcuta (F-01; the municipality's fixture comes first), in a
    department whose supply plan has its visto bueno for 2025–2026 (F-07)."""
    tercero = DistribuidorFactory(nit=NIT_TERCERO, tipo="tercero")
    contratar()
    visto_bueno()
    return tercero


@pytest.mark.django_db
def test_f05_volumes_end_after_their_two_years(periodo_2024, ecopetrol, tercero):
    estacion, _ = periodo_2024
    assert estacion_volumen(estacion=estacion, combustible="acpm", fecha=D(2025, 12, 31)).volumen_mes == Decimal(
        "50000.00")
    with pytest.raises(SinVolumenVigente) as exc:
        estacion_volumen(estacion=estacion, combustible="acpm", fecha=D(2026, 1, 2))
    assert "rigieron hasta el 31 de diciembre de 2025" in exc.value.detalle
    with pytest.raises(SinVolumenVigente):
        despacho_register(actor=ecopetrol, distribuidor_nit=NIT_TERCERO, estacion_id=estacion.id,
                          fecha=D(2026, 1, 2), combustible="acpm", galones=Decimal("10"))
    assert not Despacho.objects.exists()
    assert [f["periodo"] for f in meses_estacion(estacion, meses=[D(2025, 12, 1), D(2026, 1, 1)])] == [
        D(2025, 12, 1)]
    assert transparencia(periodo=D(2026, 1, 1)) == []


@pytest.mark.django_db
def test_f05_expired_volume_is_409_in_the_api(periodo_2024, cliente, tercero):
    estacion, _ = periodo_2024
    upme = cliente(Rol.UPME_ANALISTA)
    r = upme.get(f"/api/v1/fronteras/estaciones/{estacion.id}/volumen/?combustible=acpm&fecha=2026-02-10")
    assert r.status_code == 409 and r.json()["codigo"] == ErrorFronteras.SIN_VOLUMEN_VIGENTE
    despachador = cliente(Rol.DISTRIBUIDOR, distribuidor=tercero)
    r = despachador.post("/api/v1/fronteras/despachos/", {"distribuidor_nit": NIT_TERCERO, "estacion": estacion.id,
                                                          "fecha": "2026-02-10", "combustible": "acpm",
                                                          "galones": "5"}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "sin_volumen_vigente"


@pytest.mark.django_db
def test_f05_expiry_raises_an_alert_until_a_new_assignment_is_final(periodo_2024, analista):
    estacion, _ = periodo_2024
    revisar_plazos(fecha=D(2025, 12, 31))
    assert not Alerta.objects.filter(tipo=T.ASIGNACION_FRONTERA_EXPIRADA).exists()
    revisar_plazos(fecha=D(2026, 1, 1))
    revisar_plazos(fecha=D(2026, 1, 2))
    alerta = Alerta.objects.get(tipo=T.ASIGNACION_FRONTERA_EXPIRADA)
    assert alerta.referencia == "54001:acpm:2025-12-31" and alerta.vence == D(2025, 12, 31)
    assert alerta.resuelta is None and "Cúcuta" in alerta.detalle
    # F-03: the 2026 assignment needs a certificate delivered for 2026; then it is made final on 16 March.
    certificado_conformidad_register(actor=analista, estacion=estacion, fecha_expedicion=D(2025, 12, 1),
                                     fecha_entrega=D(2026, 1, 20), capacidad_gal=Decimal("9000"))
    asignacion(analista, 2026, "0.6", D(2026, 3, 16))
    revisar_plazos(fecha=D(2026, 3, 17))
    alerta.refresh_from_db()
    assert alerta.resuelta is not None
    # The old volumes had ended: March has only the new one's 16 days (60,000 × 16/31).
    marzo = estacion_volumen(estacion=estacion, combustible="acpm", fecha=D(2026, 3, 20))
    assert marzo.volumen_mes == Decimal("30967.74")


@pytest.mark.django_db
def test_f05_handover_month_adds_old_days_and_new_days(analista, ejemplo, ecopetrol, tercero):
    """Reassignment final on 11 June: A's June = 48,600 × 10/30 + 58,320 × 20/30 = 16,200 + 38,880."""
    ejecutoriar(analista, asignar(analista), D(2026, 4, 11))
    a = ejemplo["A"]
    despacho_register(actor=ecopetrol, distribuidor_nit=NIT_TERCERO, estacion_id=a.id, fecha=D(2026, 6, 5),
                      combustible="acpm", galones=Decimal("20000"))
    nueva = asignacion(analista, 2026, "0.72", D(2026, 6, 11))  # 0.72 × 120,000 = 86,400; A: 0.675
    assert nueva.estaciones.get(estacion=a).volumen_mensual == Decimal("58320.00")
    junio = estacion_volumen(estacion=a, combustible="acpm", fecha=D(2026, 6, 20))
    assert junio.volumen_mes == Decimal("55080.00") and junio.despachado_mes == Decimal("20000")
    assert junio.disponible == Decimal("35080.00")
    with pytest.raises(Exception) as exc:
        despacho_register(actor=ecopetrol, distribuidor_nit=NIT_TERCERO, estacion_id=a.id, fecha=D(2026, 6, 20),
                          combustible="acpm", galones=Decimal("35080.01"))
    assert exc.value.codigo == ErrorFronteras.EXCEDE_VOLUMEN
    despacho = despacho_register(actor=ecopetrol, distribuidor_nit=NIT_TERCERO, estacion_id=a.id,
                                 fecha=D(2026, 6, 20), combustible="acpm", galones=Decimal("35080"))
    assert despacho.asignacion_estacion.asignacion_id == nueva.id
    fila = next(f for f in transparencia(periodo=D(2026, 6, 1)) if f["estacion_codigo"] == "A")
    assert fila["volumen"] == Decimal("55080.00") and fila["entregado"] == Decimal("55080.00")
    [mes] = meses_estacion(a, meses=[D(2026, 6, 1)])
    assert mes["volumen"] == Decimal("55080.00") and mes["disponible"] == 0
    assert estacion_volumen(estacion=a, combustible="acpm", fecha=D(2026, 7, 1)).volumen_mes == Decimal("58320.00")
