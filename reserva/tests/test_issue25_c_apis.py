"""Issue 25, the cargo-reservation rules kept by the decree's own words: C-05, C-09, C-10, C-11, C-12.
Each test is named after its rule and fails without the change that keeps it."""

import datetime as dt

import pytest

from core.identidad.roles import Rol
from core.models import Alerta
from core.vencimientos.plazos import revisar_plazos
from reserva.models import ContratoAnual, TipoAlertaReserva

pytestmark = pytest.mark.django_db


def _recargo(**cambios):
    return {
        "conferencia": "CONF-CARIBE",
        "concepto": "Recargo por congestión",
        "portuario": False,
        "fecha_presentacion": "2026-03-02",
        "justificacion": "Congestión en el puerto de origen.",
        **cambios,
    }


def test_c12_an_incomplete_surcharge_filing_does_not_start_the_clock(registros, dimar, cliente):
    conferencia = cliente(Rol.CONFERENCIA)
    r = conferencia.post("/api/v1/reserva/recargos/", _recargo(), format="json")
    assert r.status_code == 201, r.content
    recargo = r.json()["id"]
    assert r.json()["vence_decision"] == "2026-03-24"  # 15 business days (23 March is a holiday)

    # Dimar finds it incomplete: the term of the filing is void, nothing falls due.
    r = dimar.post(
        f"/api/v1/reserva/recargos/{recargo}/decidir/",
        {"decision": "completar", "fecha": "2026-03-05", "motivo": "Falta el valor y su cálculo por contenedor."},
        format="json",
    )
    assert r.status_code == 200, r.content
    assert r.json()["estado"] == "incompleto" and r.json()["vence_decision"] is None
    revisar_plazos(fecha=dt.date(2026, 4, 30))
    assert not Alerta.objects.filter(tipo=TipoAlertaReserva.RECARGO_DECISION_VENCIDA).exists()

    # The conference completes it on 4 May: the whole term runs from that day.
    r = conferencia.post(
        f"/api/v1/reserva/recargos/{recargo}/completar/",
        {"fecha": "2026-05-04", "complemento": "USD 150 por contenedor, cálculo adjunto."},
        format="json",
    )
    assert r.status_code == 200, r.content
    assert r.json()["estado"] == "presentado"
    assert r.json()["fecha_completa"] == "2026-05-04"
    assert r.json()["vence_decision"] == "2026-05-26"  # 15 business days (18 May is a holiday)
    revisar_plazos(fecha=dt.date(2026, 5, 26))
    assert not Alerta.objects.filter(tipo=TipoAlertaReserva.RECARGO_DECISION_VENCIDA).exists()
    revisar_plazos(fecha=dt.date(2026, 5, 27))
    assert Alerta.objects.filter(tipo=TipoAlertaReserva.RECARGO_DECISION_VENCIDA).count() == 1

    # Completing twice is refused: its term already runs.
    r = conferencia.post(
        f"/api/v1/reserva/recargos/{recargo}/completar/", {"fecha": "2026-05-05", "complemento": "x"}, format="json"
    )
    assert r.status_code == 409 and r.json()["codigo"] == "recargo_no_incompleto"


def _contrato(**cambios):
    return {
        "usuario_nit": "900555123",
        "anio": 2026,
        "producto": "Trigo",
        "toneladas_anio": "120000",
        "puerto_origen": "Nueva Orleans",
        "puerto_destino": "Barranquilla",
        "toneladas_embarque": "30000",
        "periodicidad": "trimestral",
        "primer_embarque": "2026-06-01",
        "fecha_presentacion": "2026-04-10",
        **cambios,
    }


def test_c11_yearly_contracts_are_for_bulk_imports_only(registros, importador):
    for cambio, campo in (({"clase": "general"}, "clase"), ({"operacion": "exportacion"}, "operacion")):
        r = importador.post("/api/v1/reserva/contratos-anuales/", _contrato(**cambio), format="json")
        assert r.status_code == 400 and campo in r.json(), r.content
    assert not ContratoAnual.objects.exists()
    r = importador.post("/api/v1/reserva/contratos-anuales/", _contrato(), format="json")
    assert r.status_code == 201 and r.json()["estado"] == "presentado"


def test_c11_dimar_denies_a_yearly_contract_with_reasons(registros, importador, dimar):
    contrato = importador.post("/api/v1/reserva/contratos-anuales/", _contrato(), format="json").json()["id"]
    r = dimar.post(f"/api/v1/reserva/contratos-anuales/{contrato}/negar/", {"fecha": "2026-04-20"}, format="json")
    assert r.status_code == 400 and "motivo" in r.json()
    r = dimar.post(
        f"/api/v1/reserva/contratos-anuales/{contrato}/negar/",
        {"fecha": "2026-04-20", "motivo": "El suministro no es regular ni continuo: un solo embarque al año."},
        format="json",
    )
    assert r.status_code == 200, r.content
    assert r.json()["estado"] == "negado" and r.json()["fecha_negacion"] == "2026-04-20"
    assert r.json()["motivo_decision"].startswith("El suministro no es regular")
    assert r.json()["vence_registro"] is None
    r = dimar.post(f"/api/v1/reserva/contratos-anuales/{contrato}/autorizar/", {"fecha": "2026-04-21"}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "contrato_negado"
    r = importador.post(
        f"/api/v1/reserva/contratos-anuales/{contrato}/registro/",
        {"fecha": "2026-04-22", "contratos": "CF-1"},
        format="json",
    )
    assert r.status_code == 409 and r.json()["codigo"] == "contrato_negado"


def test_c11_dimar_denies_from_the_contracts_page(registros, entrar, importador):
    pk = importador.post("/api/v1/reserva/contratos-anuales/", _contrato(), format="json").json()["id"]
    contrato = ContratoAnual.objects.get(pk=pk)
    navegador = entrar(Rol.DIMAR)
    r = navegador.post(f"/reserva/contratos/{contrato.pk}/negar/", {"fecha": "2026-04-20", "motivo": ""}, follow=True)
    assert "No se registró" in r.content.decode()
    r = navegador.post(
        f"/reserva/contratos/{contrato.pk}/negar/", {"fecha": "2026-04-20", "motivo": "Carga general."}, follow=True
    )
    assert "Contrato anual negado" in r.content.decode() and "Negado el 20 de abril de 2026" in r.content.decode()
    contrato.refresh_from_db()
    assert contrato.estado == "negado"


def _lista(**cambios):
    return {
        "semestre": "2026-1",
        "fecha_recibo": "2026-07-15",
        "referencia": "Oficio MinCIT 2026-0456",
        "usuarios": [
            {"nit": "900111222", "nombre": "Textiles Plan Vallejo S.A.", "direccion": "Cra 50 # 10-20, Medellín"}
        ],
        **cambios,
    }


def test_c09_el_deber_de_informar_sigue_la_lista_y_los_conocimientos_de_regimen_especial(registros, dimar, importador):
    """The duty follows the user's status: the semester's list, and every user of the semester's
    special-system bills of lading even if no list names it."""
    from reserva import plazos
    from reserva.tests.factories import ConocimientoFactory

    # A special-system bill of a user no list names: it owes the report all the same.
    ConocimientoFactory(
        mercancia="regimen_especial", usuario_nit="900777888", arribo__fecha_arribo=dt.date(2026, 3, 20)
    )
    # Ordinary cargo, or a special-system bill of another semester, owes nothing for 2026-1.
    ConocimientoFactory(mercancia="ordinaria", usuario_nit="900333444", arribo__fecha_arribo=dt.date(2026, 3, 21))
    ConocimientoFactory(mercancia="regimen_especial", usuario_nit="900333444", arribo__fecha_arribo=dt.date(2026, 7, 1))
    revision = plazos.InformeSemestralVencido()
    assert [s.referencia for s in revision.atrasados(dt.date(2026, 8, 31))] == []
    assert [s.referencia for s in revision.atrasados(dt.date(2026, 9, 1))] == ["2026-1:900777888"]

    assert importador.post("/api/v1/reserva/listas-sistemas-especiales/", _lista(), format="json").status_code == 403
    r = dimar.post("/api/v1/reserva/listas-sistemas-especiales/", _lista(usuarios=[]), format="json")
    assert r.status_code == 400 and "usuarios" in r.json()
    r = dimar.post("/api/v1/reserva/listas-sistemas-especiales/", _lista(), format="json")
    assert r.status_code == 201, r.content
    assert r.json()["semestre"] == "2026-1" and r.json()["usuarios"][0]["nit"] == "900111222"
    assert r.json()["remitente"] == "Ministerio de Comercio, Industria y Turismo"
    r = dimar.post("/api/v1/reserva/listas-sistemas-especiales/", _lista(), format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "lista_duplicada"

    assert [s.referencia for s in revision.atrasados(dt.date(2026, 8, 31))] == []
    atrasados = sorted(s.referencia for s in revision.atrasados(dt.date(2026, 9, 1)))
    assert atrasados == ["2026-1:900111222", "2026-1:900777888"]
    assert dimar.get("/api/v1/reserva/listas-sistemas-especiales/").json()["count"] == 1


def test_c09_informe_sin_cargas_es_400_salvo_sin_movimiento_en_la_api_y_en_la_pagina(registros, importador, entrar):
    from reserva.models import InformeSemestral

    cuerpo = {"usuario_nit": "900555123", "semestre": "2026-1", "fecha_presentacion": "2026-08-20"}
    for sin_cargas in ({}, {"cargas": []}, {"cargas": [], "sin_movimiento": False}):
        r = importador.post("/api/v1/reserva/informes-semestrales/", {**cuerpo, **sin_cargas}, format="json")
        assert r.status_code == 400 and "cargas" in r.json(), sin_cargas
    navegador = entrar(Rol.USUARIO_CARGA)
    pagina = navegador.post("/reserva/informes/", {"semestre": "2026-1", "fecha_presentacion": "2026-08-20"})
    assert pagina.status_code == 400 and "declare que no tuvo movimiento" in pagina.content.decode()
    assert not InformeSemestral.objects.exists()
    carga = {"toneladas": "500", "clase": "regimen_especial"}
    r = importador.post(
        "/api/v1/reserva/informes-semestrales/", {**cuerpo, "cargas": [carga], "sin_movimiento": True}, format="json"
    )
    assert r.status_code == 400 and "sin_movimiento" in r.json()
    r = importador.post("/api/v1/reserva/informes-semestrales/", {**cuerpo, "sin_movimiento": True}, format="json")
    assert r.status_code == 201 and r.json()["sin_movimiento"] is True, r.content
    assert InformeSemestral.objects.get().sin_movimiento is True
    pagina = navegador.post(
        "/reserva/informes/", {"semestre": "2025-2", "fecha_presentacion": "2026-02-20", "sin_movimiento": "on"}
    )
    assert pagina.status_code == 302
    assert InformeSemestral.objects.get(anio=2025, semestre=2).sin_movimiento is True
    assert "Sin movimiento" in navegador.get("/reserva/informes/").content.decode()


def test_c09_a_month_end_deadline_on_a_holiday_moves_to_the_next_business_day(registros, importador):
    from reserva import calculo

    # 28 February 2026 is a Saturday, 28 February 2027 a Sunday; 31 August 2026 is a Monday.
    assert calculo.vence_informe(2025, 2) == dt.date(2026, 3, 2)
    assert calculo.vence_informe(2026, 2) == dt.date(2027, 3, 1)
    assert calculo.vence_informe(2026, 1) == dt.date(2026, 8, 31)
    carga = {
        "toneladas": "500",
        "clase": "regimen_especial",
        "puerto_origen": "Shanghái",
        "puerto_destino": "Buenaventura",
    }
    r = importador.post(
        "/api/v1/reserva/informes-semestrales/",
        {"usuario_nit": "900555123", "semestre": "2025-2", "fecha_presentacion": "2026-03-02", "cargas": [carga]},
        format="json",
    )
    assert r.status_code == 201 and r.json()["extemporaneo"] is False, r.content
    assert r.json()["vence"] == "2026-03-02"


def _solicitud(importador, **cambios):
    cuerpo = {
        "usuario_nit": "900555123",
        "ruta": "R-07",
        "mercancia": "regimen_especial",
        "descripcion": "Maquinaria Plan Vallejo",
        "fecha_solicitud": "2026-02-02",
        **cambios,
    }
    return importador.post("/api/v1/reserva/solicitudes-ofertas/", cuerpo, format="json")


def test_c10_offer_requests_match_their_direction(registros, importador):
    from reserva.models import Ruta

    Ruta.objects.create(codigo="X-01", nombre="Caribe – Rotterdam", operacion="exportacion")
    # Special systems are imports (art. 3): not on an export route.
    r = _solicitud(importador, ruta="X-01")
    assert r.status_code == 400 and "ruta" in r.json()
    # Coal and oil are exports (art. 4): not on an import route.
    r = _solicitud(importador, mercancia="carbon", responsabilidad_flete="transporte")
    assert r.status_code == 400 and "ruta" in r.json()
    # ... and only when the exporter carries the freight or prices it in.
    r = _solicitud(importador, ruta="X-01", mercancia="carbon")
    assert r.status_code == 400 and "responsabilidad_flete" in r.json()
    r = _solicitud(importador, ruta="X-01", mercancia="petroleo", responsabilidad_flete="precio")
    assert r.status_code == 201 and r.json()["responsabilidad_flete"] == "precio", r.content
    r = _solicitud(importador)
    assert r.status_code == 201 and r.json()["responsabilidad_flete"] == ""


def test_c10_bills_link_their_request_and_a_foreign_ship_without_one_is_flagged(registros, agente, importador):
    from reserva.tests.factories import arribo_formulario

    solicitud = _solicitud(importador).json()["id"]
    arribo = agente.post(
        "/api/v1/reserva/arribos/",
        arribo_formulario(registros["extranjera"], agencia_nit="800123456"),
        format="json",
    ).json()["id"]
    nacional = agente.post(
        "/api/v1/reserva/arribos/",
        arribo_formulario(registros["colombiana"], agencia_nit="800123456", fecha_arribo="2026-03-21"),
        format="json",
    ).json()["id"]

    def bill(arribo_id, numero, **cambios):
        cuerpo = {
            "arribo": arribo_id,
            "numero": numero,
            "usuario_nit": "900555123",
            "usuario_nombre": "Importadora del Caribe S.A.S.",
            "mercancia": "regimen_especial",
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

    r = bill(arribo, "BL-1")
    assert r.status_code == 201 and r.json()["sin_solicitud_oferta"] is True, r.content
    r = bill(arribo, "BL-2", solicitud_oferta=solicitud)
    assert r.status_code == 201 and r.json()["solicitud_oferta"] == solicitud
    assert r.json()["sin_solicitud_oferta"] is False
    # Not this user's request, or another commodity: 400.
    r = bill(arribo, "BL-3", solicitud_oferta=solicitud, usuario_nit="900111222")
    assert r.status_code == 400 and "solicitud_oferta" in r.json()
    r = bill(arribo, "BL-3", solicitud_oferta=solicitud, mercancia="ordinaria")
    assert r.status_code == 400 and "solicitud_oferta" in r.json()
    # A Colombian ship needs no request; ordinary goods need none either.
    assert bill(nacional, "BL-4").json()["sin_solicitud_oferta"] is False
    assert bill(arribo, "BL-5", mercancia="ordinaria").json()["sin_solicitud_oferta"] is False
    senalados = agente.get("/api/v1/reserva/conocimientos/?sin_solicitud_oferta=true").json()
    assert [c["numero"] for c in senalados["results"]] == ["BL-1"]


OFERTA_NACIONAL = {
    "armador": "Naviera Colombiana S.A.",
    "nacional": True,
    "flete_usd": "42000",
    "fecha_zarpe": "2026-03-01",
    "arribo_estimado": "2026-03-12",
    "demoras_usd": "9000",
    "tiempos_libres": "72 h",
    "operacion_portuaria": "Descargue en muelle público",
    "caracteristicas_nave": "Multipropósito",
}


@pytest.mark.parametrize("calificacion", ["iguales_o_mejores", "peores"])
def test_c10_oferta_nacional_igual_o_mejor_y_carga_en_nave_extranjera_abre_investigacion_en_la_capitania(
    registros, agente, importador, dimar, entrar, calificacion
):
    """Arts. 3–6: the user had to contract the national shipowner whose offer Dimar qualified equal or
    better; its cargo went on a foreign ship, so an investigation goes to the capitanía (C-05's path).
    A worse national offer, or cargo on a Colombian ship, opens nothing."""
    from core.models import MensajeSaliente
    from reserva.models import AvisoCapitania, SolicitudOferta
    from reserva.services.infracciones import investigacion_oferta_open
    from reserva.tests.factories import arribo_formulario

    solicitud = _solicitud(importador).json()["id"]
    assert (
        importador.post(
            f"/api/v1/reserva/solicitudes-ofertas/{solicitud}/ofertas/", OFERTA_NACIONAL, format="json"
        ).status_code
        == 201
    )
    arribos = {}
    for nave, fecha in (("extranjera", "2026-03-20"), ("colombiana", "2026-03-21")):
        arribos[nave] = agente.post(
            "/api/v1/reserva/arribos/",
            arribo_formulario(registros[nave], agencia_nit="800123456", fecha_arribo=fecha),
            format="json",
        ).json()["id"]
    for numero, nave in (("BL-E", "extranjera"), ("BL-N", "colombiana")):
        r = agente.post(
            "/api/v1/reserva/conocimientos/",
            {
                "arribo": arribos[nave],
                "numero": numero,
                "usuario_nit": "900555123",
                "usuario_nombre": "Importadora del Caribe S.A.S.",
                "mercancia": "regimen_especial",
                "embalaje": "contenedor",
                "puerto_cargue": "Houston",
                "pais_cargue": "US",
                "puerto_descargue": "Cartagena",
                "pais_descargue": "CO",
                "toneladas": "100",
                "flete_usd": "4000",
                "solicitud_oferta": solicitud,
            },
            format="json",
        )
        assert r.status_code == 201, r.content
    assert not AvisoCapitania.objects.filter(tipo="oferta_nacional_desatendida").exists()
    r = dimar.post(
        f"/api/v1/reserva/solicitudes-ofertas/{solicitud}/calificar/",
        {"calificacion": calificacion, "motivo": "Menor plazo de arribo.", "fecha": "2026-03-25"},
        format="json",
    )
    assert r.status_code == 200, r.content
    avisos = AvisoCapitania.objects.filter(tipo="oferta_nacional_desatendida")
    if calificacion == "peores":
        assert not avisos.exists()
        return
    (aviso,) = avisos
    assert aviso.capitania == registros["cartagena"] and aviso.referencia == f"oferta-{solicitud}"
    assert "BL-E" in aviso.detalle and "BL-N" not in aviso.detalle and "nave extranjera" in aviso.detalle
    assert MensajeSaliente.objects.filter(tipo="reserva.oferta_nacional_desatendida").count() == 1
    assert Alerta.objects.filter(tipo="reserva_oferta_nacional_desatendida").count() == 1
    investigacion_oferta_open(solicitud=SolicitudOferta.objects.get(pk=solicitud), fecha=dt.date(2026, 3, 26))
    assert avisos.count() == 1  # once per request and capitanía
    assert MensajeSaliente.objects.filter(tipo="reserva.oferta_nacional_desatendida").count() == 1
    pagina = entrar(Rol.CAPITANIA_OFICIAL, capitania=registros["cartagena"]).get("/reserva/avisos/").content.decode()
    assert "Oferta nacional igual o mejor no contratada" in pagina and "oferta_nacional_desatendida" not in pagina
    pagina = entrar(Rol.DIMAR).get(f"/reserva/ofertas/{solicitud}/").content.decode()
    assert "Investigación remitida a la Capitanía de Puerto de Cartagena" in pagina


@pytest.fixture
def remitido(registros, crear_usuario):
    """A 2025 control of NIT 900555123 (1,000 t on a foreign ship at Cartagena) sent to CP05 as a
    possible breach on 2 February 2026."""
    from reserva.services import controles
    from reserva.tests.factories import ConocimientoFactory

    ConocimientoFactory(
        arribo__ruta=registros["ruta"],
        arribo__nave=registros["extranjera"],
        arribo__capitania=registros["cartagena"],
        arribo__fecha_arribo=dt.date(2025, 5, 5),
        toneladas=1000,
        flete_usd=40000,
    )
    dimar = crear_usuario(Rol.DIMAR)
    control = controles.control_request(actor=dimar, usuario_nit="900555123", anio=2025, fecha=dt.date(2026, 1, 5))
    return controles.control_close(actor=dimar, control=control, fecha=dt.date(2026, 2, 2), remitir=True)


def test_c05_the_capitanias_outcome_and_a_fine_in_that_years_minimum_wages(remitido, cliente, dimar):
    from reserva.models import SalarioMinimo

    capitania = cliente(Rol.CAPITANIA_OFICIAL)  # Cartagena, CP05
    url = f"/api/v1/reserva/controles/{remitido.pk}/resultado/"
    multa = {
        "resultado": "multa",
        "fecha": "2026-03-10",
        "acto": "Resolución 0123 de 2026 de la Capitanía de Cartagena",
        "motivo": "Transportó 500 t menos de lo reservado.",
        "multa_smmlv": "10",
    }
    r = capitania.post(url, {**multa, "multa_smmlv": None}, format="json")
    assert r.status_code == 400 and "multa_smmlv" in r.json()
    r = capitania.post(url, {**multa, "resultado": "archivada"}, format="json")
    assert r.status_code == 400 and "multa_smmlv" in r.json()
    # The wage of the year the fine is imposed is dated data: without it, no fine in pesos.
    r = capitania.post(url, multa, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "smmlv_no_registrado"
    SalarioMinimo.objects.create(anio=2025, valor="1423500.00", acto="Decreto de 2024 (prueba)")
    SalarioMinimo.objects.create(anio=2026, valor="1500000.00", acto="Decreto de 2025 (prueba)")
    r = capitania.post(url, multa, format="json")
    assert r.status_code == 201, r.content
    cuerpo = r.json()
    assert (cuerpo["capitania"], cuerpo["resultado"], cuerpo["multa_smmlv"]) == ("CP05", "multa", "10.00")
    assert (cuerpo["anio_smmlv"], cuerpo["valor_smmlv"], cuerpo["multa_pesos"]) == (2026, "1500000.00", "15000000.00")
    r = capitania.post(url, multa, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "resultado_duplicado"
    control = dimar.get("/api/v1/reserva/controles/").json()["results"][0]
    assert control["resultados"][0]["multa_pesos"] == "15000000.00"


def test_c05_only_a_capitania_dimar_told_records_an_outcome(remitido, cliente, dimar, importador):
    from core.tests.factories import CapitaniaFactory

    url = f"/api/v1/reserva/controles/{remitido.pk}/resultado/"
    archivo = {"resultado": "archivada", "fecha": "2026-03-10", "acto": "Auto 7", "motivo": "Probó el cumplimiento."}
    otra = cliente(Rol.CAPITANIA_OFICIAL, capitania=CapitaniaFactory(codigo="CP03"))
    assert otra.post(url, archivo, format="json").status_code == 404
    assert importador.post(url, archivo, format="json").status_code == 403
    r = dimar.post(url, {**archivo, "capitania": "CP03"}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "control_no_remitido"
    r = dimar.post(url, {**archivo, "capitania": "CP05"}, format="json")
    assert r.status_code == 201 and r.json()["multa_pesos"] is None


def test_c05_the_capitania_records_its_outcome_on_its_notices_page(remitido, entrar):
    from reserva.models import ResultadoControl, SalarioMinimo

    SalarioMinimo.objects.create(anio=2026, valor="1500000.00", acto="Decreto de 2025 (prueba)")
    navegador = entrar(Rol.CAPITANIA_OFICIAL)
    pagina = navegador.get("/reserva/avisos/").content.decode()
    assert "Registrar el resultado" in pagina
    datos = {"resultado": "multa", "fecha": "2026-03-10", "acto": "Resolución 0123", "motivo": "Faltaron 500 t."}
    r = navegador.post(f"/reserva/controles/{remitido.pk}/resultado/", datos, follow=True)
    assert "No se registró el resultado" in r.content.decode()  # a fine needs its minimum wages
    r = navegador.post(f"/reserva/controles/{remitido.pk}/resultado/", {**datos, "multa_smmlv": "2,5"}, follow=True)
    pagina = r.content.decode()
    assert "Resultado de la investigación registrado" in pagina
    assert "2,50 salarios mínimos mensuales de 2026" in pagina and "3.750.000,00" in pagina
    assert ResultadoControl.objects.get().multa_pesos == 3750000


def test_c05_dimar_reads_each_capitanias_outcome_on_the_control_page(remitido, cliente, entrar):
    from reserva.models import SalarioMinimo

    SalarioMinimo.objects.create(anio=2026, valor="1500000.00", acto="Decreto de 2025 (prueba)")
    multa = {
        "resultado": "multa",
        "fecha": "2026-03-10",
        "acto": "Resolución 0123",
        "motivo": "Faltaron 500 t.",
        "multa_smmlv": "10",
    }
    url = f"/api/v1/reserva/controles/{remitido.pk}/resultado/"
    assert cliente(Rol.CAPITANIA_OFICIAL).post(url, multa, format="json").status_code == 201
    pagina = entrar(Rol.DIMAR).get("/reserva/controles/").content.decode()
    assert "multa impuesta el 10 de marzo de 2026, 10,00 salarios mínimos mensuales de 2026" in pagina
    assert "15.000.000,00" in pagina


def test_c05_c09_dimar_registers_the_wage_and_the_list_in_the_admin(client, crear_usuario):
    from core.models import RegistroAuditoria
    from reserva.models import ListaSistemasEspeciales, SalarioMinimo

    client.force_login(crear_usuario(Rol.DIMAR, is_staff=True))
    r = client.post(
        "/admin/reserva/salariominimo/add/", {"anio": "2026", "valor": "1500000", "acto": "Decreto de prueba"}
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    assert SalarioMinimo.objects.get(anio=2026).valor == 1500000
    r = client.post(
        "/admin/reserva/listasistemasespeciales/add/",
        {
            "anio": "2026",
            "semestre": "1",
            "remitente": "Ministerio de Comercio, Industria y Turismo",
            "referencia": "Oficio 2026-0456",
            "fecha_recibo": "2026-07-15",
            "usuarios-TOTAL_FORMS": "1",
            "usuarios-INITIAL_FORMS": "0",
            "usuarios-0-nit": "900111222",
            "usuarios-0-nombre": "Textiles Plan Vallejo S.A.",
            "usuarios-0-direccion": "Cra 50 # 10-20, Medellín",
        },
    )
    assert r.status_code == 302, r.content.decode()[:3000]
    lista = ListaSistemasEspeciales.objects.get()
    assert list(lista.usuarios.values_list("nit", flat=True)) == ["900111222"]
    assert RegistroAuditoria.objects.filter(accion="listasistemasespeciales.crear.admin").exists()


def test_c10_the_offers_page_asks_how_the_exporter_bears_the_freight(registros, entrar):
    from reserva.models import Ruta, SolicitudOferta

    Ruta.objects.create(codigo="X-01", nombre="Caribe – Rotterdam", operacion="exportacion")
    navegador = entrar(Rol.USUARIO_CARGA)
    datos = {"ruta": "X-01", "mercancia": "carbon", "descripcion": "Carbón térmico", "fecha_solicitud": "2026-02-02"}
    r = navegador.post("/reserva/ofertas/", datos)
    assert r.status_code == 400 and "precio de venta" in r.content.decode()
    r = navegador.post("/reserva/ofertas/", {**datos, "responsabilidad_flete": "transporte"})
    assert r.status_code == 302
    assert SolicitudOferta.objects.get().responsabilidad_flete == "transporte"


def test_c12_the_conference_completes_its_filing_on_the_surcharges_page(registros, dimar, cliente, entrar):
    conferencia = cliente(Rol.CONFERENCIA)
    recargo = conferencia.post("/api/v1/reserva/recargos/", _recargo(), format="json").json()["id"]
    dimar.post(
        f"/api/v1/reserva/recargos/{recargo}/decidir/",
        {"decision": "completar", "fecha": "2026-03-05", "motivo": "Falta el valor por contenedor."},
        format="json",
    )
    navegador = entrar(conferencia.usuario)
    pagina = navegador.get("/reserva/recargos/").content.decode()
    assert "Sin plazo: falta completar la solicitud" in pagina and "Falta el valor por contenedor." in pagina
    r = navegador.post(
        f"/reserva/recargos/{recargo}/completar/", {"fecha": "2026-05-04", "complemento": ""}, follow=True
    )
    assert "No se completó el recargo" in r.content.decode()
    r = navegador.post(
        f"/reserva/recargos/{recargo}/completar/", {"fecha": "2026-05-04", "complemento": "USD 150."}, follow=True
    )
    assert "Dimar resuelve a más tardar el 26 de mayo de 2026" in r.content.decode()
