"""Pages of the other duties: offers side by side (C-10), contracts (C-11), reports (C-09), control (C-05)."""

import pytest

from core.identidad.roles import Rol
from reserva.models import ContratoAnual, InformeSemestral, RequerimientoControl, SolicitudOferta

pytestmark = pytest.mark.django_db


def test_c10_ofertas_lado_a_lado_y_calificacion(registros, entrar):
    c = entrar(Rol.USUARIO_CARGA)
    r = c.post(
        "/reserva/ofertas/",
        {"ruta": "R-07", "mercancia": "regimen_especial", "descripcion": "Maquinaria", "fecha_solicitud": "2026-02-02"},
    )
    solicitud = SolicitudOferta.objects.get()
    assert r.status_code == 302
    oferta = {
        "armador": "Naviera Colombiana",
        "nacional": "on",
        "flete_usd": "42000",
        "fecha_zarpe": "2026-03-01",
        "arribo_estimado": "2026-03-12",
        "demoras_usd": "9000",
        "tiempos_libres": "72 h",
        "operacion_portuaria": "Muelle público",
        "caracteristicas_nave": "Multipropósito",
    }
    assert c.post(f"/reserva/ofertas/{solicitud.pk}/agregar/", oferta).status_code == 302
    assert (
        c.post(
            f"/reserva/ofertas/{solicitud.pk}/agregar/",
            {**oferta, "armador": "Foreign Lines", "nacional": "", "flete_usd": "39000"},
        ).status_code
        == 302
    )
    pagina = c.get(f"/reserva/ofertas/{solicitud.pk}/").content.decode()
    assert "Foreign Lines" in pagina and "g) Características de la nave" in pagina
    d = entrar(Rol.DIMAR)
    r = d.post(
        f"/reserva/ofertas/{solicitud.pk}/calificar/",
        {"calificacion": "peores", "motivo": "Flete mayor.", "fecha": "2026-03-15"},
    )
    assert r.status_code == 302 and SolicitudOferta.objects.get().calificacion == "peores"


def test_c11_contrato_por_la_pagina_tardio_y_a_tiempo(registros, entrar):
    c = entrar(Rol.USUARIO_CARGA)
    datos = {
        "anio": 2026,
        "producto": "Trigo",
        "toneladas_anio": "1000",
        "puerto_origen": "Nueva Orleans",
        "puerto_destino": "Barranquilla",
        "toneladas_embarque": "100",
        "periodicidad": "mensual",
        "primer_embarque": "2026-06-01",
        "fecha_presentacion": "2026-05-20",
    }
    r = c.post("/reserva/contratos/", datos)
    assert r.status_code == 400 and "30 días hábiles" in r.content.decode()
    assert c.post("/reserva/contratos/", {**datos, "fecha_presentacion": "2026-04-01"}).status_code == 302
    contrato = ContratoAnual.objects.get()
    d = entrar(Rol.DIMAR)
    assert d.post(f"/reserva/contratos/{contrato.pk}/autorizar/", {"fecha": "2026-04-10"}).status_code == 302
    assert ContratoAnual.objects.get().vence_registro is not None


def test_c09_informe_por_la_pagina(registros, entrar):
    c = entrar(Rol.USUARIO_CARGA)
    r = c.post(
        "/reserva/informes/",
        {
            "semestre": "2026-1",
            "fecha_presentacion": "2026-08-10",
            "cargas": "500; regimen_especial; Shanghái; Buenaventura; 45,10; Cosco; Star; CN",
        },
    )
    assert r.status_code == 302
    assert InformeSemestral.objects.get().cargas[0]["flete_tonelada_usd"] == "45.10"
    r = c.post("/reserva/informes/", {"semestre": "2026-2", "fecha_presentacion": "2026-08-10", "cargas": "1; 2"})
    assert r.status_code == 400


def test_c05_control_por_la_pagina(registros, entrar):
    d = entrar(Rol.DIMAR)
    assert (
        d.post("/reserva/controles/", {"usuario_nit": "900555123", "anio": 2025, "fecha": "2026-01-05"}).status_code
        == 302
    )
    control = RequerimientoControl.objects.get()
    assert (
        d.post(f"/reserva/controles/{control.pk}/cerrar/", {"fecha": "2026-02-01", "remitir": "no"}).status_code == 302
    )
    assert RequerimientoControl.objects.get().estado == "archivado"
    assert entrar(Rol.USUARIO_CARGA).get("/reserva/controles/").status_code == 200


def test_c09_informe_la_clase_por_su_nombre_y_sin_codigos_en_la_pagina(registros, entrar):
    c = entrar(Rol.USUARIO_CARGA)
    pagina = c.get("/reserva/informes/").content.decode()
    assert "regimen_especial" not in pagina and "régimen especial" in pagina
    r = c.post(
        "/reserva/informes/",
        {
            "semestre": "2026-1",
            "fecha_presentacion": "2026-08-10",
            "cargas": "500; Régimen especial; Shanghái; Buenaventura; 45,10; Cosco; Star; CN\n"
            "20; Carbón; Bolívar; Houston; 30; Cosco; Star; CN\n"
            "10; Carga general; Bolívar; Houston; 30; Cosco; Star; CN",
        },
    )
    assert r.status_code == 302
    assert [x["clase"] for x in InformeSemestral.objects.get().cargas] == ["regimen_especial", "carbon", "general"]
    r = c.post(
        "/reserva/informes/",
        {"semestre": "2026-2", "fecha_presentacion": "2026-08-10", "cargas": "1; banano; A; B; 1; N; N; CO"},
    )
    assert r.status_code == 400 and "la clase «banano» no existe" in r.content.decode()
