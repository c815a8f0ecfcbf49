"""Arrivals, manifests and bills of lading through the API (C-02, C-08) and their bad input."""

import datetime as dt
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from core.identidad.roles import Rol
from core.models import RegistroAuditoria
from core.vencimientos.calendario import today
from reserva.models import Arribo, Conocimiento
from reserva.tests.factories import arribo_formulario

pytestmark = pytest.mark.django_db
PDF = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF"


def _arribo(agente, nave, fecha="2026-03-20", agencia="800123456"):
    cuerpo = arribo_formulario(nave, agencia_nit=agencia, fecha_arribo=fecha)
    return agente.post("/api/v1/reserva/arribos/", cuerpo, format="json")


def _bill(arribo_id, **cambios):
    return {
        "arribo": arribo_id,
        "numero": "BL-1",
        "usuario_nit": "900555123",
        "usuario_nombre": "Importadora S.A.S.",
        "mercancia": "ordinaria",
        "embalaje": "contenedor",
        "puerto_cargue": "Houston",
        "pais_cargue": "US",
        "puerto_descargue": "Cartagena",
        "pais_descargue": "CO",
        "toneladas": "120.5",
        "flete_usd": "4820",
        **cambios,
    }


def test_c08_el_aviso_de_arribo_calcula_los_dos_plazos(registros, agente):
    r = _arribo(agente, registros["extranjera"])
    assert r.status_code == 201
    assert (r.json()["vence_sobordo"], r.json()["vence_conocimientos"]) == ("2026-04-08", "2026-04-15")
    arribo = Arribo.objects.get(pk=r.json()["id"])
    assert arribo.capitania.codigo == "CP05"  # Cartagena's capitanía reads it
    assert RegistroAuditoria.objects.filter(accion="reserva.arribo.notificar", objeto_id=str(arribo.pk)).exists()


def test_c08_el_aviso_admite_una_fecha_futura_y_el_nave_por_imo(registros, agente):
    manana = (today() + dt.timedelta(days=5)).isoformat()
    r = agente.post(
        "/api/v1/reserva/arribos/",
        {
            "agencia_nit": "800123456",
            "nave": "9300002",
            "ruta": "R-07",
            "puerto": "Cartagena",
            "fecha_arribo": manana,
            "operacion": "importacion",
            "clase": "general",
            "toneladas_declaradas": "500",
        },
        format="json",
    )
    assert r.status_code == 201


def test_c08_agente_de_otra_agencia_recibe_404(registros, agente, cliente):
    assert _arribo(agente, registros["extranjera"], agencia="800999888").status_code == 404
    ajeno = cliente(Rol.AGENTE_MARITIMO, agencia_nit="800999888")
    arribo = _arribo(agente, registros["extranjera"]).json()["id"]
    assert ajeno.get(f"/api/v1/reserva/arribos/{arribo}/").status_code == 404
    assert ajeno.post("/api/v1/reserva/conocimientos/", _bill(arribo), format="json").status_code == 404
    assert ajeno.get("/api/v1/reserva/arribos/").json()["count"] == 0


def test_c08_registros_desconocidos_son_400(registros, agente):
    r = agente.post(
        "/api/v1/reserva/arribos/",
        {
            "agencia_nit": "800123456",
            "nave": 999999,
            "ruta": "R-99",
            "puerto": "Cartagena",
            "fecha_arribo": "2026-03-20",
            "operacion": "importacion",
            "clase": "general",
            "toneladas_declaradas": "500",
        },
        format="json",
    )
    assert r.status_code == 400 and {"nave", "ruta"} <= set(r.json())


def _sobordo(agente, arribo, fecha, contenido=PDF):
    """The agent files the manifest of that arrival (C-08) on that date, as a PDF unless told otherwise."""
    archivo = SimpleUploadedFile("sobordo.pdf", contenido, content_type="application/pdf")
    return agente.post(
        f"/api/v1/reserva/arribos/{arribo}/sobordo/",
        {"fecha_presentacion": fecha, "archivo": archivo},
        format="multipart",
    )


def test_c08_sobordo_a_tiempo_y_extemporaneo(registros, agente):
    arribo = _arribo(agente, registros["extranjera"]).json()["id"]
    r = _sobordo(agente, arribo, "2026-04-08")
    assert r.status_code == 200 and r.json()["extemporaneo"] is False
    r = _sobordo(agente, arribo, "2026-04-09")
    assert r.status_code == 200 and r.json()["extemporaneo"] is True


def test_c08_sobordo_de_una_nave_que_no_ha_arribado_es_400(registros, agente):
    futura = (today() + dt.timedelta(days=3)).isoformat()
    arribo = _arribo(agente, registros["extranjera"], fecha=futura).json()["id"]
    r = _sobordo(agente, arribo, today().isoformat())
    assert r.status_code == 400 and "fecha_arribo" in r.json()
    assert Arribo.objects.get(pk=arribo).sobordo_presentado is None


def test_c08_un_archivo_que_no_es_lo_que_dice_es_400(registros, agente):
    arribo = _arribo(agente, registros["extranjera"]).json()["id"]
    r = _sobordo(agente, arribo, "2026-04-01", contenido=b"MZ\x90\x00 esto es un ejecutable")
    assert r.status_code == 400 and "archivo" in r.json()
    sin_archivo = agente.post(
        f"/api/v1/reserva/arribos/{arribo}/sobordo/", {"fecha_presentacion": "2026-04-01"}, format="multipart"
    )
    assert sin_archivo.status_code == 400 and "archivo" in sin_archivo.json()


def test_c08_sobordo_con_fecha_futura_es_400(registros, agente):
    arribo = _arribo(agente, registros["extranjera"]).json()["id"]
    r = _sobordo(agente, arribo, (today() + dt.timedelta(days=1)).isoformat())
    assert r.status_code == 400 and "fecha_presentacion" in r.json()


def test_c08_conocimiento_registrado(registros, agente):
    arribo = _arribo(agente, registros["extranjera"]).json()["id"]
    r = agente.post("/api/v1/reserva/conocimientos/", _bill(arribo), format="json")
    assert r.status_code == 201
    assert r.json()["toneladas"] == "120.500" and r.json()["flete_usd"] == "4820.00"


def test_c08_conocimiento_de_un_arribo_desconocido_es_400(registros, agente):
    r = agente.post("/api/v1/reserva/conocimientos/", _bill(987654), format="json")
    assert r.status_code == 400 and "arribo" in r.json()


def test_c08_numero_de_conocimiento_duplicado_es_400(registros, agente):
    arribo = _arribo(agente, registros["extranjera"]).json()["id"]
    assert agente.post("/api/v1/reserva/conocimientos/", _bill(arribo), format="json").status_code == 201
    r = agente.post("/api/v1/reserva/conocimientos/", _bill(arribo, toneladas="5"), format="json")
    assert r.status_code == 400 and "numero" in r.json()
    assert Conocimiento.objects.count() == 1


@pytest.mark.parametrize("toneladas", ["0", "-3", "1000000000", "1.2345"])
def test_c08_toneladas_no_positivas_o_fuera_de_la_columna_son_400(registros, agente, toneladas):
    arribo = _arribo(agente, registros["extranjera"]).json()["id"]
    r = agente.post("/api/v1/reserva/conocimientos/", _bill(arribo, toneladas=toneladas), format="json")
    assert r.status_code == 400 and "toneladas" in r.json()
    assert not Conocimiento.objects.exists()


def test_c02_granel_sin_empaque_y_general_empacada_se_aceptan(registros, agente):
    arribo = _arribo(agente, registros["extranjera"]).json()["id"]
    for numero, mercancia, embalaje, clase in [
        ("G-1", "ordinaria", "granel", "granel"),
        ("G-2", "carbon", "embalada", "general"),
    ]:
        cuerpo = _bill(arribo, numero=numero, mercancia=mercancia, embalaje=embalaje)
        r = agente.post("/api/v1/reserva/conocimientos/", cuerpo, format="json")
        assert r.status_code == 201 and r.json()["clase"] == clase, cuerpo


def test_c02_la_base_de_datos_rechaza_granel_empacado(registros):
    from django.db import IntegrityError, transaction

    from reserva.tests.factories import ConocimientoFactory

    with pytest.raises(IntegrityError), transaction.atomic():
        ConocimientoFactory(clase="granel", embalaje="contenedor")
    with pytest.raises(IntegrityError), transaction.atomic():
        ConocimientoFactory(clase="general", embalaje="granel")
    with pytest.raises(IntegrityError), transaction.atomic():
        ConocimientoFactory(toneladas=0)


COLUMNAS = [
    "numero",
    "usuario_nit",
    "usuario_nombre",
    "mercancia",
    "embalaje",
    "puerto_cargue",
    "pais_cargue",
    "puerto_descargue",
    "pais_descargue",
    "toneladas",
    "flete_usd",
]


def _csv(*filas: str, separador=","):
    """A bills-of-lading CSV file: the header row, then these rows."""
    texto = "\n".join([separador.join(COLUMNAS), *filas]) + "\n"
    return SimpleUploadedFile("conocimientos.csv", texto.encode("utf-8"), content_type="text/csv")


def _subir_conocimientos(agente, nave, archivo):
    """Notify an arrival of that vessel and upload its bills of lading as one file."""
    arribo = _arribo(agente, nave).json()["id"]
    return agente.post(
        f"/api/v1/reserva/arribos/{arribo}/conocimientos/archivo/", {"archivo": archivo}, format="multipart"
    )


def test_c08_conocimientos_por_archivo_csv(registros, agente):
    filas = (
        "A-1;900555123;Importadora S.A.S.;ordinaria;contenedor;Houston;US;Cartagena;CO;100,5;4000",
        "A-2;900555124;Otra S.A.S.;Carbón;granel;Houston;US;Cartagena;CO;2000;30000",
    )
    r = _subir_conocimientos(agente, registros["extranjera"], _csv(*filas, separador=";"))
    assert r.status_code == 201 and r.json()["registrados"] == 2


def test_c08_archivo_con_errores_no_guarda_nada_y_nombra_fila_y_columna(registros, agente):
    filas = (
        "A-1,900555123,Importadora S.A.S.,ordinaria,contenedor,Houston,US,Cartagena,CO,100,4000",
        "A-1,900555123,Importadora S.A.S.,hulla,bolsa,Houston,XX,Cartagena,CO,-5,4000",
    )
    r = _subir_conocimientos(agente, registros["extranjera"], _csv(*filas))
    assert r.status_code == 400 and r.json()["codigo"] == "archivo_rechazado"
    errores = {(e["fila"], e["columna"]) for e in r.json()["errores"]}
    assert {(3, "numero"), (3, "toneladas"), (3, "mercancia"), (3, "embalaje"), (3, "pais_cargue")} <= errores
    assert not Conocimiento.objects.exists()


def test_c08_archivo_que_no_es_una_tabla_es_400(registros, agente):
    r = _subir_conocimientos(agente, registros["extranjera"], SimpleUploadedFile("c.csv", PDF))
    assert r.status_code == 400 and r.json()["codigo"] == "archivo_rechazado"


def test_c08_conocimientos_por_xlsx(registros, agente):
    import openpyxl

    libro = openpyxl.Workbook()
    hoja = libro.active
    hoja.append(COLUMNAS)
    hoja.append(
        [
            "X-1",
            "900555123",
            "Importadora S.A.S.",
            "ordinaria",
            "paletizada",
            "Houston",
            "US",
            "Cartagena",
            "CO",
            50.25,
            2000,
        ]
    )
    binario = io.BytesIO()
    libro.save(binario)
    r = _subir_conocimientos(agente, registros["extranjera"], SimpleUploadedFile("c.xlsx", binario.getvalue()))
    assert r.status_code == 201, r.content
    assert Conocimiento.objects.get().toneladas == 50.25


def test_c08_idempotency_key_en_el_aviso(registros, agente):
    cuerpo = {
        "agencia_nit": "800123456",
        "nave": registros["extranjera"].id,
        "ruta": "R-07",
        "puerto": "Cartagena",
        "fecha_arribo": "2026-03-20",
        "operacion": "importacion",
        "clase": "general",
        "toneladas_declaradas": "500",
    }
    r1 = agente.post("/api/v1/reserva/arribos/", cuerpo, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    r2 = agente.post("/api/v1/reserva/arribos/", cuerpo, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert r1.json() == r2.json() and Arribo.objects.count() == 1


def test_c08_un_importador_no_notifica_arribos(registros, importador):
    assert _arribo(importador, registros["extranjera"]).status_code == 403


def test_registros_de_dimar(dimar, agente):
    nave = {
        "nombre": "Bogotá",
        "imo": "IMO 9123456",
        "bandera": "co",
        "asimilada": False,
        "vigente_desde": "2026-01-01",
    }
    pasos = [
        (dimar, "rutas", {"codigo": "R-01", "nombre": "Caribe – Europa", "operacion": "exportacion"}, 201),
        (dimar, "rutas", {"codigo": "R-01", "nombre": "Otra", "operacion": "importacion"}, 400),
        (dimar, "agencias", {"nit": "800111222", "razon_social": "Agencia S.A.S."}, 201),
        (dimar, "agencias", {"nit": "no-es-nit", "razon_social": "X"}, 400),
        (dimar, "naves", nave, 201),
        (dimar, "navieras", {"nit": "890100200", "razon_social": "Naviera Colombiana S.A.", "rutas": ["R-01"]}, 201),
        (agente, "rutas", {"codigo": "R-02", "nombre": "X", "operacion": "importacion"}, 403),
    ]
    respuestas = {}
    for quien, registro, cuerpo, estado in pasos:
        r = quien.post(f"/api/v1/reserva/{registro}/", cuerpo, format="json")
        assert r.status_code == estado, (registro, cuerpo, r.content)
        respuestas[registro] = r.json()
    assert respuestas["naves"]["cuenta_reserva"] is True and respuestas["naves"]["imo"] == "9123456"


def test_c08_la_agencia_del_agente_se_registra_en_su_primer_aviso(registros, cliente):
    from reserva.models import Agencia

    nuevo = cliente(Rol.AGENTE_MARITIMO, agencia_nit="800777666")
    r = _arribo(nuevo, registros["extranjera"], agencia="800777666")
    assert r.status_code == 201 and Agencia.objects.filter(nit="800777666").exists()
