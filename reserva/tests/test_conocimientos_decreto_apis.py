"""The decree's own reading of the bills of lading and the arrivals (issue 25): C-02 (class from the
packing), C-01 (every import reserved, country shares, the decree's date), C-04 (imports judged
across routes, coffee exports per route) and C-08 (the arrival notice)."""

import datetime as dt
from decimal import Decimal

import pytest

from core.identidad.roles import Rol
from core.models import Alerta
from core.vencimientos.plazos import revisar_plazos
from reserva.models import Arribo, AvisoCapitania, Conocimiento, Ruta, TipoAlertaReserva
from reserva.selectors.registros import porcentaje_en
from reserva.tests.factories import arribo_formulario

pytestmark = pytest.mark.django_db


def _arribo(agente, nave, **cambios):
    r = agente.post(
        "/api/v1/reserva/arribos/", arribo_formulario(nave, agencia_nit="800123456", **cambios), format="json"
    )
    assert r.status_code == 201, r.content
    return r.json()


def _bill(agente, arribo, numero, **cambios):
    cuerpo = {
        "arribo": arribo,
        "numero": numero,
        "usuario_nit": "900555123",
        "usuario_nombre": "Importadora del Caribe S.A.S.",
        "mercancia": "ordinaria",
        "embalaje": "contenedor",
        "puerto_cargue": "Houston",
        "pais_cargue": "US",
        "puerto_descargue": "Cartagena",
        "pais_descargue": "CO",
        "toneladas": "100",
        "flete_usd": "4000",
        **cambios,
    }
    return agente.post("/api/v1/reserva/conocimientos/", cuerpo, format="json")


def test_c02_la_clase_sale_del_embalaje_nunca_de_la_mercancia(registros, agente):
    arribo = _arribo(agente, registros["extranjera"])["id"]
    # Bagged coal is general cargo (art. 8), even if the agent calls it bulk: `clase` is never an input.
    r = _bill(agente, arribo, "BL-1", mercancia="carbon", embalaje="embalada", clase="granel")
    assert r.status_code == 201, r.content
    assert (r.json()["clase"], r.json()["mercancia"]) == ("general", "carbon")
    # Drummed oil too; loose ordinary goods (grain) are bulk (art. 7).
    assert _bill(agente, arribo, "BL-2", mercancia="petroleo", embalaje="suelta").json()["clase"] == "general"
    assert _bill(agente, arribo, "BL-3", mercancia="ordinaria", embalaje="granel").json()["clase"] == "granel"
    assert Conocimiento.objects.get(numero="BL-1").clase == "general"


def test_c02_mercancia_y_embalaje_desconocidos_son_400(registros, agente):
    arribo = _arribo(agente, registros["extranjera"])["id"]
    r = _bill(agente, arribo, "BL-1", mercancia="otra", embalaje="bolsa")
    assert r.status_code == 400 and {"mercancia", "embalaje"} <= set(r.json())


def test_c01_toda_importacion_es_general_o_granel_salvo_las_de_cero(registros, agente):
    arribo = _arribo(agente, registros["extranjera"])["id"]
    porcentajes = {
        numero: _bill(agente, arribo, numero, mercancia=mercancia, embalaje=embalaje).json()["porcentaje"]
        for numero, mercancia, embalaje in (
            ("BL-1", "ordinaria", "contenedor"),
            ("BL-2", "carbon", "granel"),  # imported coal in bulk: 10 %, not unreserved
            ("BL-3", "petroleo", "embalada"),  # drummed oil: general cargo, 50 %
            ("BL-4", "zona_franca", "contenedor"),
            ("BL-5", "papel_periodico", "paletizada"),
        )
    }
    assert porcentajes == {"BL-1": "50.00", "BL-2": "10.00", "BL-3": "50.00", "BL-4": "0.00", "BL-5": "0.00"}


def test_c01_entre_las_exportaciones_solo_el_cafe_tiene_reserva(registros, agente):
    Ruta.objects.create(codigo="R-03", nombre="Caribe – Europa", operacion="exportacion")
    arribo = _arribo(agente, registros["extranjera"], ruta="R-03", operacion="exportacion")["id"]
    salida = {
        "puerto_cargue": "Santa Marta",
        "pais_cargue": "CO",
        "puerto_descargue": "Hamburgo",
        "pais_descargue": "DE",
    }
    assert _bill(agente, arribo, "E-1", mercancia="cafe_verde", **salida).json()["porcentaje"] == "50.00"
    assert _bill(agente, arribo, "E-2", mercancia="cafe_procesado", **salida).json()["porcentaje"] == "0.00"
    assert _bill(agente, arribo, "E-3", mercancia="carbon", embalaje="granel", **salida).json()["porcentaje"] is None


def test_c01_un_porcentaje_por_pais_vigente_reemplaza_el_general(registros, agente, dimar, importador):
    cuerpo = {
        "pais": "US",
        "operacion": "importacion",
        "clase": "general",
        "porcentaje": "30",
        "vigente_desde": "2026-01-01",
        "acto": "Decreto 1234 de 2025 (reciprocidad, art. 10)",
    }
    assert importador.post("/api/v1/reserva/porcentajes-pais/", cuerpo, format="json").status_code == 403
    r = dimar.post("/api/v1/reserva/porcentajes-pais/", cuerpo, format="json")
    assert r.status_code == 201, r.content
    assert (r.json()["pais"], r.json()["porcentaje"], r.json()["acto"]) == ("US", "30.00", cuerpo["acto"])
    assert dimar.post("/api/v1/reserva/porcentajes-pais/", {**cuerpo, "pais": "XX"}, format="json").status_code == 400
    arribo = _arribo(agente, registros["extranjera"])["id"]
    assert _bill(agente, arribo, "BL-US", toneladas="1000").json()["porcentaje"] == "30.00"
    r = _bill(agente, arribo, "BL-CN", puerto_cargue="Shanghái", pais_cargue="CN", toneladas="1000")
    assert r.json()["porcentaje"] == "50.00"
    # C-04: each share makes its own line; both are imports, judged across routes.
    lineas = dimar.get(
        "/api/v1/reserva/cumplimiento/", {"usuario_nit": "900555123", "anio": 2026, "fecha": "2027-01-01"}
    ).json()["lineas"]
    assert sorted((linea["porcentaje"], linea["requeridas"], linea["ruta"]) for linea in lineas) == [
        ("30.00", "300.000", None),
        ("50.00", "500.000", None),
    ]


def test_c01_el_pais_de_cargue_y_descargue_es_iso_3166(registros, agente):
    arribo = _arribo(agente, registros["extranjera"])["id"]
    r = _bill(agente, arribo, "BL-1", pais_cargue="XX", pais_descargue="ZZ")
    assert r.status_code == 400 and {"pais_cargue", "pais_descargue"} <= set(r.json())
    assert "pais_descargue" in _bill(agente, arribo, "BL-1", pais_descargue="").json()
    assert _bill(agente, arribo, "BL-2", pais_cargue="us").status_code == 201


def test_c01_los_porcentajes_generales_rigen_desde_el_decreto_no_desde_1990_01_01(db):
    assert porcentaje_en(operacion="importacion", clase="general", fecha=dt.date(1990, 1, 15)) is None
    assert porcentaje_en(operacion="importacion", clase="general", fecha=dt.date(1990, 3, 1)) == Decimal(50)
    assert porcentaje_en(operacion="importacion", clase="granel", mercancia="carbon", fecha=dt.date(2026, 1, 1)) == 10


def test_c04_las_importaciones_se_juzgan_por_clase_en_todas_las_rutas(registros, agente, dimar):
    Ruta.objects.create(codigo="R-12", nombre="Asia – Pacífico", operacion="importacion")
    _bill(agente, _arribo(agente, registros["colombiana"])["id"], "BL-1", toneladas="300")
    _bill(agente, _arribo(agente, registros["extranjera"], ruta="R-12")["id"], "BL-2", toneladas="700")
    lineas = dimar.get(
        "/api/v1/reserva/cumplimiento/", {"usuario_nit": "900555123", "anio": 2026, "fecha": "2027-01-01"}
    ).json()["lineas"]
    assert len(lineas) == 1
    assert {k: lineas[0][k] for k in ("ruta", "clase", "toneladas_sujetas", "requeridas", "faltantes", "cumple")} == {
        "ruta": None,
        "clase": "general",
        "toneladas_sujetas": "1000.000",
        "requeridas": "500.000",
        "faltantes": "200.000",
        "cumple": False,
    }


def test_c04_las_exportaciones_de_cafe_se_juzgan_por_ruta(registros, agente, dimar):
    salida = {
        "puerto_cargue": "Santa Marta",
        "pais_cargue": "CO",
        "puerto_descargue": "Hamburgo",
        "pais_descargue": "DE",
    }
    for codigo in ("R-03", "R-04"):
        Ruta.objects.create(codigo=codigo, nombre=f"Exportación {codigo}", operacion="exportacion")
        arribo = _arribo(agente, registros["colombiana"], ruta=codigo, operacion="exportacion")["id"]
        assert _bill(agente, arribo, f"E-{codigo}", mercancia="cafe_verde", **salida).status_code == 201
    lineas = dimar.get("/api/v1/reserva/cumplimiento/", {"usuario_nit": "900555123", "anio": 2026}).json()["lineas"]
    assert [linea["ruta"] for linea in lineas] == ["R-03", "R-04"]


@pytest.mark.parametrize("faltan", [("clase",), ("toneladas_declaradas",), ("clase", "toneladas_declaradas")])
def test_c08_aviso_sin_clase_o_cantidad_es_400_en_la_api_y_en_la_pagina(registros, agente, entrar, faltan):
    """Art. 9 par. 2: the class and quantity of the cargo are part of the notice; without either
    the notice is refused (API.md: `400`), in the API as on the agent's page, and nothing is recorded."""
    cuerpo = arribo_formulario(registros["extranjera"], agencia_nit="800123456")
    for campo in faltan:
        del cuerpo[campo]
    r = agente.post("/api/v1/reserva/arribos/", cuerpo, format="json")
    assert r.status_code == 400 and set(faltan) <= set(r.json())
    formulario = arribo_formulario(registros["extranjera"])
    for campo in faltan:
        del formulario["clase_carga" if campo == "clase" else campo]
    pagina = entrar(Rol.AGENTE_MARITIMO).post("/reserva/arribos/", formulario)
    assert pagina.status_code == 400
    assert "obligatorio" in pagina.content.decode()
    assert not Arribo.objects.exists()
    completo = agente.post(
        "/api/v1/reserva/arribos/", arribo_formulario(registros["extranjera"], agencia_nit="800123456"), format="json"
    )
    assert completo.status_code == 201 and completo.json()["carga_sin_declarar"] is False


def test_c08_un_aviso_posterior_al_arribo_queda_marcado(registros, agente):
    assert _arribo(agente, registros["extranjera"])["aviso_extemporaneo"] is False
    tarde = _arribo(agente, registros["extranjera"], fecha_aviso="2026-03-23")
    assert tarde["aviso_extemporaneo"] is True


def test_c08_la_copia_de_la_autorizacion_de_fletamento_va_a_la_capitania(registros, agente):
    r = agente.post(
        "/api/v1/reserva/arribos/",
        arribo_formulario(registros["extranjera"], agencia_nit="800123456", fletamento=True),
        format="json",
    )
    assert r.status_code == 400 and "autorizacion_fletamento" in r.json()
    arribo = _arribo(agente, registros["extranjera"], fletamento=True, autorizacion_fletamento="AF-2026-031")
    aviso = AvisoCapitania.objects.get(tipo=AvisoCapitania.Tipo.FLETAMENTO)
    assert aviso.capitania == registros["cartagena"] and "AF-2026-031" in aviso.detalle
    assert aviso.referencia == f"arribo-{arribo['id']}"


def test_c08_el_plazo_de_conocimientos_solo_corre_si_trae_carga_exonerada_o_no_sujeta(registros, agente):
    con = _arribo(agente, registros["extranjera"], carga_exenta=True)
    sin = _arribo(agente, registros["colombiana"], carga_exenta=False)
    revisar_plazos(fecha=dt.date(2026, 4, 20))
    alertas = set(
        Alerta.objects.filter(tipo=TipoAlertaReserva.CONOCIMIENTOS_VENCIDOS).values_list("referencia", flat=True)
    )
    assert alertas == {f"arribo-{con['id']}"}
    assert Arribo.objects.get(pk=sin["id"]).carga_exenta is False
