"""The DOMAIN.md cargo example, step by step through the API (C-01, C-03, C-04, C-05, C-08)."""

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from core.identidad.roles import Rol
from reserva.models import AvisoCapitania
from reserva.tests.factories import EN_PAPEL, PNG, arribo_formulario, en_firme, exoneracion_formulario

pytestmark = pytest.mark.django_db


def _bill(agente, arribo, numero, toneladas, flete, **extra):
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
        "toneladas": toneladas,
        "flete_usd": flete,
        **extra,
    }
    r = agente.post("/api/v1/reserva/conocimientos/", cuerpo, format="json")
    assert r.status_code == 201, r.content
    return r.json()


def _arribo(agente, nave):
    r = agente.post("/api/v1/reserva/arribos/", arribo_formulario(nave, agencia_nit="800123456"), format="json")
    assert r.status_code == 201, r.content
    return r.json()


def test_ejemplo_de_carga_del_dominio_paso_a_paso(registros, dimar, agente, importador):
    # C-08: a ship arriving on Friday 2026-03-20: manifest due 2026-04-08 (23 March, 2 and 3 April are
    # holidays), bills of lading 2026-04-15.
    arribo_co = _arribo(agente, registros["colombiana"])
    assert (arribo_co["vence_sobordo"], arribo_co["vence_conocimientos"]) == ("2026-04-08", "2026-04-15")
    arribo_ext = _arribo(agente, registros["extranjera"])

    # C-06: the importer's exoneration for 800 t, granted by Dimar.
    r = importador.post(
        "/api/v1/reserva/exoneraciones/", exoneracion_formulario(usuario_nit="900555123"), format="json"
    )
    assert r.status_code == 201 and r.json()["estado"] == "radicada"
    exoneracion = r.json()["id"]
    # Art. 15: no grant while a document its ground requires is missing (two licence copies, and under
    # (a) the national shipowners' answers); art. 16: the Director General signs.
    assert r.json()["documentos_requeridos"] == ["licencia", "licencia", "respuestas_armadores"]
    decision = {
        "decision": "concedida",
        "fecha": "2026-03-10",
        "motivo": "Sin capacidad nacional en el periodo.",
        "embarcar_antes_de": "2026-04-30",
        "firma": {"cargo": "director_general"},
        **EN_PAPEL,  # decided on paper on 10 March (DOMAIN §8: the act keeps its date)
    }
    url = f"/api/v1/reserva/exoneraciones/{exoneracion}/decidir/"
    assert dimar.post(url, decision, format="json").json()["codigo"] == "exoneracion_incompleta"
    for tipo in ("licencia", "licencia", "respuestas_armadores"):
        archivo = SimpleUploadedFile(f"{tipo}.png", PNG, content_type="image/png")
        r = importador.post(
            f"/api/v1/reserva/exoneraciones/{exoneracion}/documentos/",
            {"tipo": tipo, "archivo": archivo},
            format="multipart",
        )
        assert r.status_code == 201
    r = dimar.post(url, decision, format="json")
    assert r.status_code == 200 and r.json()["estado"] == "concedida" and r.json()["sello_pdf"]
    # P-04: the grant exonerates once firm for the importer, here by its waiver of the recursos.
    en_firme(dimar, r.json()["acto"], "2026-03-10")

    # The bills of lading of 2026.
    _bill(agente, arribo_co["id"], "BL-1", "1000", "40000")
    _bill(agente, arribo_ext["id"], "BL-2", "1500", "57000")
    _bill(agente, arribo_ext["id"], "BL-3", "800", "30400", exoneracion=exoneracion)
    _bill(agente, arribo_ext["id"], "BL-4", "700", "26600")

    # During the year: progress, no verdict.
    r = importador.get(
        "/api/v1/reserva/cumplimiento/", {"usuario_nit": "900555123", "anio": 2026, "fecha": "2026-12-31"}
    )
    assert r.status_code == 200
    datos = r.json()
    assert datos["cerrado"] is False and datos["lineas"][0]["cumple"] is None

    # On 2027-01-01 the year is judged: subject 4,000, exonerated 800, required 50 % of 3,200 = 1,600,
    # carried 1,000 on the Colombian ship → 600 short: not compliant. Fine base 154,000 / 4,000 = 38.50.
    r = dimar.get("/api/v1/reserva/cumplimiento/", {"usuario_nit": "900555123", "anio": 2026, "fecha": "2027-01-01"})
    datos = r.json()
    assert datos["usuario_nit"] == "900555123" and datos["anio"] == 2026 and datos["cerrado"] is True
    assert datos["flete_promedio_usd"] == "38.50"
    assert datos["lineas"] == [
        {
            "ruta": None,  # imports are judged per class across the routes (C-04)
            "operacion": "importacion",
            "clase": "general",
            "porcentaje": "50.00",
            "toneladas_sujetas": "4000.000",
            "toneladas_exoneradas": "800.000",
            "toneladas_reserva": "1000.000",
            "requeridas": "1600.000",
            "faltantes": "600.000",
            "cumple": False,
        }
    ]
    # BL-3 matches its grant (user, commodity, class, Houston → Cartagena, arrived before 30 April): no infraction.
    assert not AvisoCapitania.objects.filter(tipo="embarque_fuera_de_exoneracion").exists()


def _concedida(importador, dimar, embarcar_antes_de="2026-04-30") -> int:
    """The importer's 800 t grant (C-06, ground a, Houston → Cartagena, general ordinary cargo), firm."""
    exoneracion = importador.post(
        "/api/v1/reserva/exoneraciones/", exoneracion_formulario(usuario_nit="900555123"), format="json"
    ).json()["id"]
    for tipo in ("licencia", "licencia", "respuestas_armadores"):
        archivo = SimpleUploadedFile(f"{tipo}.png", PNG, content_type="image/png")
        importador.post(
            f"/api/v1/reserva/exoneraciones/{exoneracion}/documentos/",
            {"tipo": tipo, "archivo": archivo},
            format="multipart",
        )
    decision = {
        "decision": "concedida",
        "fecha": "2026-03-10",
        "motivo": "Sin capacidad nacional en el periodo.",
        "embarcar_antes_de": embarcar_antes_de,
        "firma": {"cargo": "director_general"},
        **EN_PAPEL,
    }
    r = dimar.post(f"/api/v1/reserva/exoneraciones/{exoneracion}/decidir/", decision, format="json")
    assert r.status_code == 200, r.content
    en_firme(dimar, r.json()["acto"], "2026-03-10")
    return exoneracion


@pytest.mark.parametrize(
    ("plazo", "cambios", "motivo"),
    [
        ("2026-03-18", {}, "después de la fecha límite"),  # arrives on 20 March, after the grant's deadline
        ("2026-04-30", {"puerto_cargue": "Nueva Orleans"}, "puerto de cargue"),
        ("2026-04-30", {"puerto_descargue": "Barranquilla"}, "puerto de descargue"),
    ],
)
def test_c04_carga_que_no_se_ajusta_a_su_exoneracion_sigue_en_la_base_y_es_infraccion(
    registros, dimar, agente, importador, entrar, plazo, cambios, motivo
):
    """DOMAIN's cargo example with the 800 t bill outside its grant: it stays in the base (subject 4,000,
    exonerated 0, required 2,000, short 1,000) and the infraction goes to the capitanía, once."""
    from core.models import Alerta, MensajeSaliente
    from reserva.models import Conocimiento
    from reserva.services.infracciones import infraccion_fuera_de_exoneracion_notify

    exoneracion = _concedida(importador, dimar, embarcar_antes_de=plazo)
    arribo_co = _arribo(agente, registros["colombiana"])
    arribo_ext = _arribo(agente, registros["extranjera"])
    _bill(agente, arribo_co["id"], "BL-1", "1000", "40000")
    _bill(agente, arribo_ext["id"], "BL-2", "1500", "57000")
    bl3 = _bill(agente, arribo_ext["id"], "BL-3", "800", "30400", exoneracion=exoneracion, **cambios)
    _bill(agente, arribo_ext["id"], "BL-4", "700", "26600")
    datos = dimar.get(
        "/api/v1/reserva/cumplimiento/", {"usuario_nit": "900555123", "anio": 2026, "fecha": "2027-01-01"}
    ).json()
    (linea,) = datos["lineas"]
    assert (linea["toneladas_sujetas"], linea["toneladas_exoneradas"], linea["requeridas"], linea["faltantes"]) == (
        "4000.000",
        "0.000",
        "2000.000",
        "1000.000",
    )
    (aviso,) = AvisoCapitania.objects.filter(tipo="embarque_fuera_de_exoneracion", capitania=registros["cartagena"])
    assert aviso.referencia == f"conocimiento-{bl3['id']}" and motivo in aviso.detalle and "art. 20" in aviso.detalle
    assert MensajeSaliente.objects.filter(tipo="reserva.embarque_fuera_de_exoneracion").exists()
    assert Alerta.objects.filter(tipo="reserva_embarque_fuera_de_exoneracion").count() == 1
    # Idempotent: telling it again sends nothing new.
    avisos, mensajes = AvisoCapitania.objects.count(), MensajeSaliente.objects.count()
    bill = Conocimiento.objects.get(pk=bl3["id"])
    infraccion_fuera_de_exoneracion_notify(conocimiento=bill, fecha=dt.date(2026, 5, 1))
    assert (AvisoCapitania.objects.count(), MensajeSaliente.objects.count()) == (avisos, mensajes)
    assert Alerta.objects.filter(tipo="reserva_embarque_fuera_de_exoneracion").count() == 1
    # The capitanía reads it on its page, in Spanish and without internal codes.
    pagina = entrar(Rol.CAPITANIA_OFICIAL, capitania=registros["cartagena"]).get("/reserva/avisos/").content.decode()
    assert "Embarque fuera de lo autorizado en la exoneración" in pagina and "conocimiento BL-3" in pagina
    assert "embarque_fuera_de_exoneracion" not in pagina


def test_c04_cumple_cuando_la_reserva_alcanza_lo_requerido(registros, agente, dimar):
    arribo_co = _arribo(agente, registros["colombiana"])
    arribo_ext = _arribo(agente, registros["extranjera"])
    _bill(agente, arribo_co["id"], "BL-1", "600", "24000")
    _bill(agente, arribo_ext["id"], "BL-2", "400", "16000")
    datos = dimar.get(
        "/api/v1/reserva/cumplimiento/", {"usuario_nit": "900555123", "anio": 2026, "fecha": "2027-01-01"}
    ).json()
    linea = datos["lineas"][0]
    assert (linea["requeridas"], linea["toneladas_reserva"], linea["faltantes"], linea["cumple"]) == (
        "500.000",
        "600.000",
        "0.000",
        True,
    )


def test_c03_una_nave_extranjera_asimilada_cuenta_y_una_vencida_no(registros, agente, dimar):
    dimar_nave = dimar.post(
        "/api/v1/reserva/naves/",
        {"nombre": "Asimilada", "imo": "9400001", "bandera": "PA", "asimilada": True, "vigente_desde": "2026-01-01"},
        format="json",
    )
    assert dimar_nave.status_code == 201 and dimar_nave.json()["cuenta_reserva"] is True
    vencida = dimar.post(
        "/api/v1/reserva/naves/",
        {
            "nombre": "Vencida",
            "imo": "9400002",
            "bandera": "CO",
            "asimilada": False,
            "vigente_desde": "2020-01-01",
            "vigente_hasta": "2025-12-31",
        },
        format="json",
    )
    assert vencida.json()["cuenta_reserva"] is False
    from reserva.models import Nave

    for nave_id, numero in ((dimar_nave.json()["id"], "A-1"), (vencida.json()["id"], "V-1")):
        arribo = _arribo(agente, Nave.objects.get(pk=nave_id))
        _bill(agente, arribo["id"], numero, "100", "4000")
    linea = dimar.get("/api/v1/reserva/cumplimiento/", {"usuario_nit": "900555123", "anio": 2026}).json()["lineas"][0]
    assert linea["toneladas_reserva"] == "100.000" and linea["toneladas_sujetas"] == "200.000"


def test_c01_porcentajes_del_decreto_como_datos_fechados(db):
    import datetime as dt
    from decimal import Decimal

    from reserva.models import PorcentajeReserva
    from reserva.selectors.registros import porcentaje_en

    hoy = dt.date(2026, 6, 1)
    assert porcentaje_en(operacion="importacion", clase="general", fecha=hoy) == Decimal(50)
    assert porcentaje_en(operacion="importacion", clase="granel", fecha=hoy) == Decimal(10)
    assert porcentaje_en(operacion="importacion", clase="general", mercancia="zona_franca", fecha=hoy) == Decimal(0)
    assert porcentaje_en(operacion="exportacion", clase="general", mercancia="cafe_verde", fecha=hoy) == Decimal(50)
    assert porcentaje_en(operacion="exportacion", clase="general", mercancia="cafe_procesado", fecha=hoy) == Decimal(0)
    assert porcentaje_en(operacion="exportacion", clase="granel", mercancia="carbon", fecha=hoy) is None
    assert all(p.base_legal for p in PorcentajeReserva.objects.all())
    # A new decree is a new dated row, and reciprocity (art. 10) a row for one country.
    PorcentajeReserva.objects.create(
        operacion="importacion",
        clase="general",
        porcentaje=40,
        vigente_desde=dt.date(2027, 1, 1),
        base_legal="Decreto futuro",
    )
    PorcentajeReserva.objects.create(
        operacion="importacion",
        clase="general",
        porcentaje=60,
        pais="US",
        vigente_desde=dt.date(2026, 1, 1),
        base_legal="Reciprocidad, art. 10",
    )
    assert porcentaje_en(operacion="importacion", clase="general", fecha=dt.date(2027, 2, 1)) == Decimal(40)
    assert porcentaje_en(operacion="importacion", clase="general", fecha=hoy, pais="US") == Decimal(60)


def test_c04_un_importador_solo_ve_su_propio_cumplimiento(registros, importador, cliente):
    r = importador.get("/api/v1/reserva/cumplimiento/", {"usuario_nit": "900111222", "anio": 2026})
    assert r.status_code == 404
    assert importador.get("/api/v1/reserva/cumplimiento/", {"anio": 2026}).json()["usuario_nit"] == "900555123"
    assert (
        cliente(Rol.AGENTE_MARITIMO).get("/api/v1/reserva/cumplimiento/", {"usuario_nit": "900555123"}).status_code
        == 403
    )


def test_c04_anio_invalido_es_400(dimar):
    assert (
        dimar.get("/api/v1/reserva/cumplimiento/", {"usuario_nit": "900555123", "anio": "dos mil"}).status_code == 400
    )
    assert dimar.get("/api/v1/reserva/cumplimiento/", {"anio": 2026}).status_code == 400


def test_c04_nacional_para_dimar(registros, agente, dimar):
    arribo = _arribo(agente, registros["colombiana"])
    _bill(agente, arribo["id"], "BL-1", "100", "4000")
    datos = dimar.get("/api/v1/reserva/cumplimiento/nacional/", {"anio": 2026, "orden": "participacion"}).json()
    assert datos["count"] == len(datos["results"])
    datos = datos["results"]
    assert datos[0]["usuario_nit"] == "900555123" and datos[0]["participacion"] == "100.0"
