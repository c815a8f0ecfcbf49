"""The configuration `make run` starts (SQLite file, DEBUG on, Celery in-process) runs the main
jobs. The suite's own settings use PostgreSQL, so this runs them in a subprocess with the local
settings, as `make run` does: a wholesaler report that failed on every upload there once hid behind
a green PostgreSQL suite (Django's SQL debug logging broke on a printf format in the SQL)."""

from tests.make_run import en_make_run

GUION = r"""
import io, json
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.conf import settings
from rest_framework.test import APIClient
from core import demo
from core.models import Usuario
assert settings.DEBUG and settings.CELERY_TASK_ALWAYS_EAGER
assert settings.DATABASES["default"]["ENGINE"].endswith("sqlite3")
demo.cargar()

from core.tests.segundo_factor import con_codigo, verificar_sesion
from core.api.auth import token_emitir
def como(username):
    # An API client by token, as an agency's system holds it (the analyst's, issued with the second factor,
    # issue 39: a browser session performs no act through the API).
    cliente = APIClient()
    cliente.credentials(HTTP_AUTHORIZATION=f"Token {token_emitir(Usuario.objects.get(username=username))[1]}")
    return cliente

def en_paginas(username):
    cliente = APIClient()
    cliente.force_login(Usuario.objects.get(username=username))
    verificar_sesion(cliente, Usuario.objects.get(username=username))  # issue 24: the analyst's second factor
    return cliente

analista, oficial, vendedor = como("analista"), como("oficial.cartagena"), como("distribuidor")
nave = analista.post("/api/v1/beneficiarios/", {
    "tipo": "nave_nacional", "nombre": "Doña Lucía", "identificacion": "800111222", "matricula": "MC-05-0420",
    "bandera": "CO", "trb": "120", "actividad": "pesca", "capacidad_combustible_gal": "3000", "capitania": "CP05",
}, format="json").json()["id"]
# API.md's body: the demo already has 2026's annual resolution (R-05: one a year), so this one modifies it.
resolucion = analista.post("/api/v1/resoluciones/", {
    "anio": 2026, "numero": "000042", "fecha_expedicion": "2026-02-20", "transcrita": True,
    "soporte": "Resolución 000042 en papel",
}, format="json").json()["id"]
datos_cupo = analista.post("/api/v1/cupos/", {"resolucion": resolucion, "beneficiario": nave,
                                              "galones_anuales": "24000"}, format="json").json()
cupo = datos_cupo["id"]
# DOMAIN §8: notified in person with a waiver of its recursos on 16 March, the cupo may be firm on the 17th.
for ruta, cuerpo in (("notificaciones", {"medio": "personal"}), ("renuncias", {})):
    analista.post(f"/api/v1/actos/{datos_cupo['acto']}/{ruta}/", {
        "interesado": datos_cupo["interesado"], "fecha": "2026-03-16", "soporte": "Acta", **cuerpo,
    }, format="json")
analista.post(f"/api/v1/cupos/{cupo}/firmeza/", {"fecha_firmeza": "2026-03-17"}, format="json")
zarpe = oficial.post("/api/v1/zarpes/", {
    "nave": nave, "capitania": "CP05", "fecha": "2026-03-20", "galones_solicitados": "800",
    "certificado_anterior": None,
}, format="json").json()
numero = zarpe["certificado"]["numero"]
archivo = io.BytesIO(("fecha;identificacion_beneficiario;certificado;galones\n"
                      f"2026-03-21;800111222;{numero};900,00\n"
                      "2026-03-22;800111222;CP05-2026-999999;50,00\n"
                      "2026-03-23;800111222;;25,00\n").encode())
archivo.name = "marzo.csv"
subida = vendedor.post("/api/v1/reportes-mensuales/", {"distribuidor_nit": "900456123", "periodo": "2026-03",
                                                       "archivo": archivo}, format="multipart")
reporte = vendedor.get(f"/api/v1/reportes-mensuales/{subida.json()['id']}/").json()
relacion = vendedor.get(f"/api/v1/relaciones/{reporte['id']}/xlsx/")
# Issue 14: the bulk firmeza and the resolution's PDF are jobs; in-process here, done when the request ends.
otra = analista.post("/api/v1/beneficiarios/", {
    "tipo": "nave_nacional", "nombre": "Don Pedro", "identificacion": "800111333", "matricula": "MC-05-0421",
    "bandera": "CO", "trb": "120", "actividad": "pesca", "capacidad_combustible_gal": "3000", "capitania": "CP05",
}, format="json").json()["id"]
datos_cupo2 = analista.post("/api/v1/cupos/", {"resolucion": resolucion, "beneficiario": otra,
                                               "galones_anuales": "12000"}, format="json").json()
cupo2 = datos_cupo2["id"]
for ruta, cuerpo in (("notificaciones", {"medio": "personal"}), ("renuncias", {})):
    analista.post(f"/api/v1/actos/{datos_cupo2['acto']}/{ruta}/", {
        "interesado": datos_cupo2["interesado"], "fecha": "2026-03-17", "soporte": "Acta", **cuerpo,
    }, format="json")
paginas = en_paginas("analista")
masiva = paginas.post(f"/resoluciones/{resolucion}/firmeza/",
                      con_codigo(paginas, {"fecha_firmeza": "2026-03-18", "confirmado": "1"}),
                      format="multipart")  # a page's form (the API client's default is JSON)
pedido = paginas.post(f"/resoluciones/{resolucion}/documento/", format="multipart")
documento = paginas.get(f"/resoluciones/{resolucion}/pdf/")
contenido = b"".join(documento.streaming_content) if documento.status_code == 200 else b""
print("RESULTADO " + json.dumps({"subida": subida.status_code, "reporte": reporte, "relacion": relacion.status_code,
    "masiva": masiva.status_code, "cupo2": analista.get(f"/api/v1/cupos/{cupo2}/").json()["estado"],
    "pedido": pedido.status_code, "pdf": documento.status_code, "es_pdf": contenido.startswith(b"%PDF")}))
"""


def test_make_run_procesa_el_reporte_de_un_mayorista(tmp_path):
    resultado = en_make_run(GUION, tmp_path)
    assert resultado["subida"] == 202
    reporte = resultado["reporte"]
    assert reporte["estado"] == "procesado", reporte
    # an unknown certificate and a vessel's row without one are reported sales, not row errors.
    assert (reporte["filas_validas"], reporte["filas_con_error"]) == (3, 0)
    assert reporte["total_galones"] == "975.00"
    sin_certificado = [d for d in reporte["discrepancias"] if d["codigo"] == "venta_sin_certificado_valido"]
    assert sorted(d["fila"] for d in sin_certificado) == [3, 4]
    assert "no existe el certificado CP05-2026-999999" in sin_certificado[0]["detalle"]
    assert resultado["relacion"] == 200  # Art. 15: the relación's XLSX under make run too
    # Issue 14: the bulk firmeza job and the PDF job run in-process under make run too.
    assert (resultado["masiva"], resultado["cupo2"]) == (302, "en_firme")
    assert (resultado["pedido"], resultado["pdf"], resultado["es_pdf"]) == (302, 200, True)
    # the row above its certificate is a discrepancy whose text SQLite formats with printf.
    [discrepancia] = [d for d in reporte["discrepancias"] if d["codigo"] == "excede_certificado"]
    assert "900" in discrepancia["detalle"] and "800" in discrepancia["detalle"] and "%" not in discrepancia["detalle"]
