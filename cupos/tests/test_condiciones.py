"""R-26: a foreign vessel's standing conditions all year: its bank guarantee (10 % rule), its landings, landed vs
minimum pro rata, no certificate without a guarantee in force (409 garantia_vencida), and the alerts of R-25."""

import datetime as dt
import importlib
from decimal import Decimal

import pytest
from django.urls import reverse

from core.actos.models import Acto
from core.comun.errors import ApplicationError
from core.identidad.roles import Rol
from core.models import Alerta
from core.tests.factories import CapitaniaFactory
from cupos.models import GarantiaNave, TipoAlertaCupos
from cupos.services.condiciones import desembarque_registrar, garantia_ejecutar, garantia_registrar
from cupos.tests.factories import NaveFactory, extranjera, garantia

D = dt.date
HOY = D(2026, 4, 10)  # day 100 of 2026 (31 + 28 + 31 + 10)

GARANTIA = {
    "anio": 2026, "desembarque_minimo_kg": "365000", "valor_desembarque_minimo": "800000000", "banco": "Banco Agrario",
    "numero": "GB-2026-0042", "valor": "80000000", "vigente_hasta": "2026-12-31",
    "soporte": "Garantía GB-2026-0042 y constancia AUNAP 118 de 2026",
}


@pytest.fixture
def hoy(monkeypatch):
    """The portal's today (cupos/tests/test_procedimiento.py: every module is imported before the patch)."""
    from django.urls import get_resolver

    assert get_resolver().url_patterns
    for app in ("core", "cupos", "zarpes", "distribuidores", "fronteras", "reserva"):
        importlib.import_module(f"{app}.tests.factories")
    estado = {"fecha": HOY}
    monkeypatch.setattr("core.vencimientos.calendario.today", lambda: estado["fecha"])
    return lambda fecha: estado.update(fecha=fecha)


@pytest.fixture
def upme(cliente):
    return cliente(Rol.UPME_ANALISTA)


@pytest.fixture
def analista(crear_usuario):
    return crear_usuario(Rol.UPME_ANALISTA)


# --- The guarantee and the 10 % rule ------------------------------------------------------------------------


@pytest.mark.django_db
def test_r26_api_records_a_foreign_vessels_guarantee(upme, hoy):
    nave = extranjera()
    r = upme.post(f"/api/v1/beneficiarios/{nave.id}/garantias/", GARANTIA, format="json")
    assert r.status_code == 201, r.json()
    cuerpo = r.json()
    assert cuerpo["beneficiario"] == nave.id and cuerpo["numero"] == "GB-2026-0042"
    assert cuerpo["desembarque_minimo_kg"] == "365000.00" and cuerpo["valor"] == "80000000.00"
    assert cuerpo["vigente_hasta"] == "2026-12-31" and cuerpo["moneda"] == "COP"
    assert GarantiaNave.objects.get().registrada_por == upme.usuario


@pytest.mark.django_db
def test_r26_api_refuses_a_guarantee_under_10_percent_of_the_minimums_value(upme, hoy):
    nave = extranjera()
    r = upme.post(f"/api/v1/beneficiarios/{nave.id}/garantias/", {**GARANTIA, "valor": "79999999.99"}, format="json")
    assert r.status_code == 400
    assert "al menos el 10 %" in r.json()["valor"][0] and "COP 80.000.000,00" in r.json()["valor"][0]
    assert not GarantiaNave.objects.exists()
    exacta = upme.post(f"/api/v1/beneficiarios/{nave.id}/garantias/", GARANTIA, format="json")
    assert exacta.status_code == 201  # exactly 10 % is enough


@pytest.mark.django_db
def test_r26_a_guarantee_is_for_a_foreign_vessel_only_and_recorded_by_upme(upme, cliente, hoy):
    nacional = NaveFactory()
    r = upme.post(f"/api/v1/beneficiarios/{nacional.id}/garantias/", GARANTIA, format="json")
    assert r.status_code == 400 and "naves extranjeras" in r.json()["beneficiario"][0]
    nave = extranjera()
    propio = cliente(Rol.BENEFICIARIO, beneficiario=nave)
    assert propio.post(f"/api/v1/beneficiarios/{nave.id}/garantias/", GARANTIA, format="json").status_code == 403
    assert propio.post(
        f"/api/v1/beneficiarios/{nave.id}/desembarques/",
        {"fecha": "2026-04-01", "puerto": "CP05", "kg": "10", "certificado": "X"}, format="json",
    ).status_code == 403


# --- Landings --------------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_r26_api_records_a_landing_in_a_colombian_port(upme, hoy):
    nave = extranjera()
    CapitaniaFactory(codigo="CP01", nombre="Capitanía de Puerto de Buenaventura")
    datos = {"fecha": "2026-04-09", "puerto": "cp01", "kg": "12500.5", "certificado": "AUNAP-DES-2026-0091"}
    r = upme.post(f"/api/v1/beneficiarios/{nave.id}/desembarques/", datos, format="json")
    assert r.status_code == 201, r.json()
    assert r.json() == {"id": r.json()["id"], "beneficiario": nave.id, "fecha": "2026-04-09", "puerto": "CP01",
                        "kg": "12500.50", "certificado": "AUNAP-DES-2026-0091"}
    otra = upme.post(f"/api/v1/beneficiarios/{nave.id}/desembarques/", datos, format="json")
    assert otra.status_code == 409 and otra.json()["codigo"] == "desembarque_duplicado"


@pytest.mark.django_db
def test_r26_a_landing_is_not_future_has_kg_and_a_known_port(upme, hoy):
    nave = extranjera()
    url = f"/api/v1/beneficiarios/{nave.id}/desembarques/"
    base = {"fecha": "2026-04-09", "puerto": "CP05", "kg": "100", "certificado": "C-1"}
    futura = upme.post(url, {**base, "fecha": "2026-04-11"}, format="json")
    assert futura.status_code == 400 and "posterior a hoy" in futura.json()["fecha"][0]
    assert upme.post(url, {**base, "kg": "0"}, format="json").status_code == 400
    extranjero = upme.post(url, {**base, "puerto": "PAPTY"}, format="json")
    assert extranjero.status_code == 400 and "puerto colombiano" in extranjero.json()["puerto"][0]


# --- Obligaciones: landed vs minimum, pro rata ---------------------------------------------------------------


@pytest.mark.django_db
def test_r26_obligaciones_landed_vs_minimum_pro_rata_on_a_fixed_date(upme, cliente, analista, hoy):
    nave = extranjera()
    garantia(nave, anio=2026, desembarque_minimo_kg=Decimal("365000"), vigente_hasta=D(2026, 12, 31),
             numero="GB-1")
    hoy(D(2026, 4, 10))
    for fecha, kg, cert in ((D(2026, 2, 1), "40000", "A-1"), (D(2026, 4, 10), "25000.25", "A-2")):
        desembarque_registrar(actor=analista, beneficiario=nave, fecha=fecha, puerto="CP05", kg=Decimal(kg),
                              certificado=cert)
    r = upme.get(f"/api/v1/beneficiarios/{nave.id}/obligaciones/?anio=2026")
    assert r.status_code == 200, r.json()
    assert r.json() == {
        "anio": 2026, "desembarque_minimo_kg": "365000.00", "desembarcado_kg": "65000.25",
        "esperado_a_la_fecha_kg": "100000.00",  # 365,000 × 100 / 365
        "garantia": {"numero": "GB-1", "valor": "50000000.00", "vigente_hasta": "2026-12-31"},
    }
    # The beneficiary reads its own; another beneficiary's is not found.
    propio = cliente(Rol.BENEFICIARIO, beneficiario=nave)
    propia = propio.get(f"/api/v1/beneficiarios/{nave.id}/obligaciones/?anio=2026")
    assert propia.json()["desembarcado_kg"] == "65000.25"
    ajeno = cliente(Rol.BENEFICIARIO, beneficiario=extranjera())
    assert ajeno.get(f"/api/v1/beneficiarios/{nave.id}/obligaciones/?anio=2026").status_code == 404
    # A past year is looked at on its 31 December; a year without a guarantee has no minimum.
    anterior = upme.get(f"/api/v1/beneficiarios/{nave.id}/obligaciones/?anio=2025").json()
    assert anterior == {"anio": 2025, "desembarque_minimo_kg": None, "desembarcado_kg": "0.00",
                        "esperado_a_la_fecha_kg": None, "garantia": None}
    assert upme.get(f"/api/v1/beneficiarios/{nave.id}/obligaciones/?anio=dos").status_code == 400
    assert upme.get(f"/api/v1/beneficiarios/{nave.id}/obligaciones/?fecha=2026-01-01").status_code == 400


# --- Zarpes: no certificate without a guarantee in force (both issuance paths) ------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("ruta", ["postgresql", "orm"])
def test_r26_zarpe_refused_garantia_vencida_the_day_after_and_lifted_by_a_new_guarantee(
    ruta, monkeypatch, crear_usuario, analista
):
    from core.models import RegistroAuditoria
    from zarpes.models import Zarpe
    from zarpes.services.zarpes import zarpe_request
    from zarpes.tests.factories import nave_con_cupo, usar_ruta

    usar_ruta(ruta, monkeypatch)
    oficial = crear_usuario(Rol.CAPITANIA_OFICIAL)
    nave, _ = nave_con_cupo(tipo="nave_extranjera", bandera="PA", empresa_nit="900123456",
                            permiso_vigente_hasta=D(2027, 6, 30), garantia_hasta=D(2026, 3, 24))

    def pedir(fecha, anterior=None):
        return zarpe_request(actor=oficial, nave_id=nave.id, capitania="CP05", fecha=fecha,
                             galones_solicitados=Decimal("100"), certificado_anterior=anterior)

    ultimo_dia = pedir(D(2026, 3, 24))  # the guarantee's last day: still certified
    assert ultimo_dia.estado == "certificado"
    with pytest.raises(ApplicationError) as exc:
        pedir(D(2026, 3, 25), ultimo_dia.certificado.numero)
    assert exc.value.codigo == "garantia_vencida" and exc.value.status_code == 409
    assert "venció el 24 de marzo de 2026" in exc.value.detalle and nave.matricula in exc.value.detalle
    assert Zarpe.objects.count() == 1  # nothing recorded but the audit entry
    assert RegistroAuditoria.objects.filter(accion="zarpe.rechazo_garantia", objeto_id=str(nave.id)).exists()

    garantia_registrar(actor=analista, beneficiario=nave, anio=2026, desembarque_minimo_kg=Decimal("1000"),
                       valor_desembarque_minimo=Decimal("1000000"), banco="Banco de Occidente", numero="GB-NUEVA",
                       valor=Decimal("100000"), vigente_hasta=D(2026, 12, 31), soporte="Póliza renovada")
    assert pedir(D(2026, 3, 25), ultimo_dia.certificado.numero).estado == "certificado"


@pytest.mark.django_db
@pytest.mark.parametrize("ruta", ["postgresql", "orm"])
def test_r26_a_foreign_vessel_with_no_guarantee_gets_no_certificate(ruta, monkeypatch, crear_usuario):
    from zarpes.services.zarpes import zarpe_request
    from zarpes.tests.factories import nave_con_cupo, usar_ruta

    usar_ruta(ruta, monkeypatch)
    oficial = crear_usuario(Rol.CAPITANIA_OFICIAL)
    nave, _ = nave_con_cupo(tipo="nave_extranjera", bandera="PA", empresa_nit="900123456",
                            permiso_vigente_hasta=D(2027, 6, 30), garantia_hasta=None)
    with pytest.raises(ApplicationError) as exc:
        zarpe_request(actor=oficial, nave_id=nave.id, capitania="CP05", fecha=D(2026, 3, 20),
                      galones_solicitados=Decimal("100"), certificado_anterior=None)
    assert exc.value.codigo == "garantia_vencida" and "no tiene registrada una garantía" in exc.value.detalle
    nacional, _ = nave_con_cupo()  # a national vessel has no guarantee to check
    assert zarpe_request(actor=oficial, nave_id=nacional.id, capitania="CP05", fecha=D(2026, 3, 20),
                         galones_solicitados=Decimal("100"), certificado_anterior=None).estado == "certificado"


# --- Alerts (R-25) ---------------------------------------------------------------------------------------------


def _revisar(fecha):
    from core.vencimientos.plazos import revisar_plazos

    return {r.tipo: r.levantadas for r in revisar_plazos(fecha=fecha)}


def _con_cupo(**campos):
    from zarpes.tests.factories import nave_con_cupo

    return nave_con_cupo(tipo="nave_extranjera", bandera="PA", empresa_nit="900123456",
                         permiso_vigente_hasta=D(2027, 6, 30), **campos)[0]


@pytest.mark.django_db
def test_r26_garantia_por_vencer_raised_30_days_before_once_and_closed_by_a_new_one(analista):
    nave = _con_cupo(garantia_hasta=D(2026, 7, 15))
    extranjera()  # no cupo: nothing to alert
    assert _revisar(D(2026, 6, 14))[TipoAlertaCupos.GARANTIA_POR_VENCER] == 0
    assert _revisar(D(2026, 6, 15))[TipoAlertaCupos.GARANTIA_POR_VENCER] == 1
    assert _revisar(D(2026, 6, 16))[TipoAlertaCupos.GARANTIA_POR_VENCER] == 0  # once
    alerta = Alerta.objects.get(tipo=TipoAlertaCupos.GARANTIA_POR_VENCER)
    assert alerta.beneficiario_id == nave.id and "vence el 15 de julio de 2026" in alerta.detalle
    garantia(nave, vigente_hasta=D(2027, 7, 15), numero="GB-RENOVADA")
    _revisar(D(2026, 6, 20))
    alerta.refresh_from_db()
    assert alerta.resuelta is not None


@pytest.mark.django_db
def test_r26_desembarques_rezagados_at_the_quarters_end_once(analista):
    rezagada = _con_cupo(garantia_hasta=None)
    al_dia = _con_cupo(garantia_hasta=None)
    for nave, kg in ((rezagada, "89999.99"), (al_dia, "90000")):  # 365,000 × 90 / 365 = 90,000 by 31 March
        garantia(nave, anio=2026, desembarque_minimo_kg=Decimal("365000"), vigente_hasta=D(2026, 12, 31))
        desembarque_registrar(actor=analista, beneficiario=nave, fecha=D(2026, 3, 31), puerto="CP05",
                              kg=Decimal(kg), certificado=f"C-{nave.id}")
    assert _revisar(D(2026, 3, 30))[TipoAlertaCupos.DESEMBARQUES_REZAGADOS] == 0  # 2025's last quarter: nothing
    assert _revisar(D(2026, 3, 31))[TipoAlertaCupos.DESEMBARQUES_REZAGADOS] == 1
    assert _revisar(D(2026, 4, 1))[TipoAlertaCupos.DESEMBARQUES_REZAGADOS] == 0  # once per quarter
    alerta = Alerta.objects.get(tipo=TipoAlertaCupos.DESEMBARQUES_REZAGADOS)
    assert alerta.beneficiario_id == rezagada.id and alerta.referencia.startswith("2026-03-31:")
    assert "debía llevar 90.000,00 kg" in alerta.detalle and "89.999,99 kg" in alerta.detalle
    desembarque_registrar(actor=analista, beneficiario=rezagada, fecha=D(2026, 4, 2), puerto="CP05",
                          kg=Decimal("1"), certificado="C-PONE-AL-DIA")
    _revisar(D(2026, 4, 2))
    alerta.refresh_from_db()
    assert alerta.resuelta is not None  # caught up with what the quarter's end expected


@pytest.mark.django_db
def test_r26_desembarque_minimo_incumplido_on_31_december_once(analista):
    corta = _con_cupo(garantia_hasta=None)
    cumplida = _con_cupo(garantia_hasta=None)
    for nave, kg in ((corta, "364999"), (cumplida, "365000")):
        garantia(nave, anio=2026, desembarque_minimo_kg=Decimal("365000"), vigente_hasta=D(2026, 12, 31))
        desembarque_registrar(actor=analista, beneficiario=nave, fecha=D(2026, 11, 30), puerto="CP05",
                              kg=Decimal(kg), certificado=f"C-{nave.id}")
    assert _revisar(D(2026, 12, 30))[TipoAlertaCupos.DESEMBARQUE_MINIMO_INCUMPLIDO] == 0
    assert _revisar(D(2026, 12, 31))[TipoAlertaCupos.DESEMBARQUE_MINIMO_INCUMPLIDO] == 1
    assert _revisar(D(2027, 1, 5))[TipoAlertaCupos.DESEMBARQUE_MINIMO_INCUMPLIDO] == 0
    alerta = Alerta.objects.get(tipo=TipoAlertaCupos.DESEMBARQUE_MINIMO_INCUMPLIDO)
    assert alerta.beneficiario_id == corta.id and alerta.referencia == f"2026-12-31:{corta.matricula}"
    assert "364.999,00 kg" in alerta.detalle and "365.000,00 kg" in alerta.detalle


# --- UPME's decision on a shortfall: the call on the guarantee, an act ------------------------------------------


@pytest.mark.django_db
def test_r26_calling_the_guarantee_is_an_act_of_upme_recorded_on_it(analista, hoy):
    nave = extranjera()
    g = garantia(nave, numero="GB-EJ")
    ejecutada = garantia_ejecutar(actor=analista, garantia_id=g.id, fecha=HOY,
                                  motivo="Desembarcó 20.000 kg de 365.000 kg en 2026.")
    assert ejecutada.ejecutada_el == HOY and ejecutada.acto_ejecucion is not None
    acto = Acto.objects.get(pk=ejecutada.acto_ejecucion_id)
    assert acto.tipo == "ejecucion_garantia" and acto.autoridad == "upme"
    assert acto.interesados.get().beneficiario_id == nave.id
    with pytest.raises(ApplicationError) as exc:
        garantia_ejecutar(actor=analista, garantia_id=g.id, fecha=HOY, motivo="Otra vez")
    assert exc.value.codigo == "garantia_ejecutada"


# --- The beneficiary page ----------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_r26_beneficiary_page_shows_the_conditions_chart_and_table_and_records_a_landing(client, analista, hoy):
    nave = extranjera()
    garantia(nave, anio=2026, desembarque_minimo_kg=Decimal("365000"), vigente_hasta=D(2026, 12, 31),
             numero="GB-PAG")
    client.force_login(analista)
    url = reverse("cupos:beneficiario", args=[nave.id])
    pagina = client.get(url).content.decode()
    assert "Condiciones de la nave extranjera" in pagina and 'id="grafico-condiciones"' in pagina
    assert "365.000,00" in pagina and "100.000,00" in pagina  # minimum and expected by 10 April
    assert "js/condiciones_nave.js" in pagina and 'id="datos-condiciones"' in pagina
    r = client.post(reverse("cupos:desembarque-nuevo", args=[nave.id]), {
        "desembarque-fecha": "2026-04-08", "desembarque-puerto": "CP05", "desembarque-kg": "1234,5",
        "desembarque-certificado": "AUNAP-77",
    })
    assert r.status_code == 302
    pagina = client.get(url).content.decode()
    assert "AUNAP-77" in pagina and "1.234,50" in pagina
    mala = client.post(reverse("cupos:garantia-nueva", args=[nave.id]), {
        "garantia-anio": "2026", "garantia-desembarque_minimo_kg": "1000", "garantia-valor_desembarque_minimo": "1000",
        "garantia-banco": "B", "garantia-numero": "N", "garantia-valor": "99", "garantia-moneda": "COP",
        "garantia-vigente_hasta": "2026-12-31", "garantia-soporte": "S",
    })
    assert mala.status_code == 400 and "al menos el 10 %" in mala.content.decode()
