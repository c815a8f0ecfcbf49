"""Bad input never crashes the cargo reservation's API: each write endpoint gets a valid body with one
field at a time replaced by garbage (as tests/test_entrada_mala_profunda.py does for the other apps)."""

import pytest

from core.identidad.roles import Rol
from core.tests.basura import BASURA
from reserva.tests.factories import ArriboFactory, ExoneracionFactory


def _casos(r):
    arribo = ArriboFactory(agencia=r["agencia"], ruta=r["ruta"], nave=r["extranjera"]).pk
    exoneracion = ExoneracionFactory(ruta=r["ruta"]).pk
    concedida = ExoneracionFactory(
        ruta=r["ruta"],
        estado="concedida",
        fecha_decision="2026-03-10",
        embarcar_antes_de="2026-04-15",
        firma_cargo="director_general",
    ).pk
    return [
        (Rol.DIMAR, "/api/v1/reserva/rutas/", {"codigo": "R-99", "nombre": "Ruta", "operacion": "importacion"}),
        (Rol.DIMAR, "/api/v1/reserva/agencias/", {"nit": "800111999", "razon_social": "Agencia"}),
        (
            Rol.DIMAR,
            "/api/v1/reserva/naves/",
            {
                "nombre": "Nave",
                "imo": "9555555",
                "bandera": "CO",
                "asimilada": False,
                "vigente_desde": "2026-01-01",
                "vigente_hasta": "2027-01-01",
            },
        ),
        (Rol.DIMAR, "/api/v1/reserva/navieras/", {"nit": "890999111", "razon_social": "Naviera", "rutas": ["R-07"]}),
        (
            Rol.AGENTE_MARITIMO,
            "/api/v1/reserva/arribos/",
            {
                "agencia_nit": "800123456",
                "nave": r["extranjera"].pk,
                "ruta": "R-07",
                "puerto": "Cartagena",
                "fecha_arribo": "2026-03-20",
                "operacion": "importacion",
                "clase": "general",
                "toneladas_declaradas": "10",
            },
        ),
        (
            Rol.AGENTE_MARITIMO,
            "/api/v1/reserva/conocimientos/",
            {
                "arribo": arribo,
                "numero": "BL-1",
                "usuario_nit": "900555123",
                "usuario_nombre": "I",
                "mercancia": "ordinaria",
                "embalaje": "contenedor",
                "puerto_cargue": "Houston",
                "pais_cargue": "US",
                "puerto_descargue": "Cartagena",
                "pais_descargue": "CO",
                "toneladas": "10",
                "flete_usd": "100",
                "exoneracion": None,
            },
        ),
        (Rol.AGENTE_MARITIMO, f"/api/v1/reserva/arribos/{arribo}/conocimientos-entregados/", {"fecha": "2026-04-01"}),
        (
            Rol.USUARIO_CARGA,
            "/api/v1/reserva/exoneraciones/",
            {
                "usuario_nit": "900555123",
                "fundamento": "c",
                "ruta": "R-07",
                "clase": "granel",
                "mercancia": "ordinaria",
                "toneladas": "800",
                "puerto_origen": "Houston",
                "puerto_destino": "Cartagena",
                "licencia": "LI-1",
                "concepto_federacion": False,
                "corredor_nit": "900777888",
            },
        ),
        (
            Rol.DIMAR,
            f"/api/v1/reserva/exoneraciones/{exoneracion}/decidir/",
            {"decision": "aclaracion", "fecha": "2026-03-10", "motivo": "x", "embarcar_antes_de": "2026-03-20"},
        ),
        (
            Rol.USUARIO_CARGA,
            f"/api/v1/reserva/exoneraciones/{concedida}/embarque/",
            {
                "fecha_embarque": "2026-04-01",
                "nave": "N",
                "puerto": "Cartagena",
                "bandera": "PA",
                "fecha_arribo_estimada": "2026-04-10",
            },
        ),
        (
            Rol.USUARIO_CARGA,
            "/api/v1/reserva/contratos-anuales/",
            {
                "usuario_nit": "900555123",
                "anio": 2026,
                "producto": "Trigo",
                "toneladas_anio": "1000",
                "puerto_origen": "A",
                "puerto_destino": "B",
                "toneladas_embarque": "100",
                "periodicidad": "mensual",
                "primer_embarque": "2026-06-01",
                "fecha_presentacion": "2026-04-01",
            },
        ),
        (
            Rol.USUARIO_CARGA,
            "/api/v1/reserva/informes-semestrales/",
            {
                "usuario_nit": "900555123",
                "semestre": "2026-1",
                "fecha_presentacion": "2026-08-10",
                "cargas": [{"toneladas": "10", "clase": "regimen_especial", "flete_tonelada_usd": "3"}],
            },
        ),
        (
            Rol.CONFERENCIA,
            "/api/v1/reserva/recargos/",
            {
                "conferencia": "CONF-CARIBE",
                "concepto": "BAF",
                "portuario": True,
                "fecha_presentacion": "2026-03-02",
                "justificacion": "x",
                "valor_usd": "10",
            },
        ),
        (
            Rol.USUARIO_CARGA,
            "/api/v1/reserva/solicitudes-ofertas/",
            {
                "usuario_nit": "900555123",
                "ruta": "R-07",
                "mercancia": "carbon",
                "descripcion": "x",
                "fecha_solicitud": "2026-02-02",
            },
        ),
        (Rol.DIMAR, "/api/v1/reserva/controles/", {"usuario_nit": "900555123", "anio": 2025, "fecha": "2026-01-05"}),
    ]


def _variantes(cuerpo: dict):
    for campo in cuerpo:
        for valor in BASURA:
            yield campo, valor, {**cuerpo, campo: valor}
        if isinstance(cuerpo[campo], list) and cuerpo[campo] and isinstance(cuerpo[campo][0], dict):
            for sub in cuerpo[campo][0]:
                for valor in BASURA:
                    yield f"{campo}[0].{sub}", valor, {**cuerpo, campo: [{**cuerpo[campo][0], sub: valor}]}


@pytest.mark.django_db
def test_un_campo_malo_en_un_cuerpo_valido_es_4xx_nunca_500(registros, cliente):
    fallos, clientes = [], {}
    for rol, ruta, cuerpo in _casos(registros):
        api = clientes.get(rol) or clientes.setdefault(rol, cliente(rol))
        api.raise_request_exception = False
        valido = api.post(ruta, cuerpo, format="json")
        assert valido.status_code < 500, (ruta, valido.content[:300])
        for campo, valor, variante in _variantes(cuerpo):
            r = api.post(ruta, variante, format="json")
            if r.status_code >= 500:
                fallos.append((ruta, campo, repr(valor)[:30], r.status_code))
    assert not fallos, sorted(set(fallos))
