"""Scope holds on every API detail route: a user of another capitanía, NIT or beneficiary gets 404.

The routes come from the URL resolver, so a new detail route fails here until it says who owns
its objects (ALCANCE) or why it has no scope (SIN_ALCANCE). The objects are built through the API
itself, and the owner's own request must succeed, so a route that answered 404 to everyone fails.
"""

import io
import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from core.identidad.roles import Rol
from core.models import Usuario
from core.tests.factories import CapitaniaFactory, DistribuidorFactory
from cupos.tests.factories import notificar_con_renuncia_por_api

# Route name → who owns its objects: the scoped roles whose users of another scope must get 404.
ALCANCE = {
    "api-beneficiario": [Rol.BENEFICIARIO],
    "api-beneficiario-saldo": [Rol.BENEFICIARIO],
    "api-beneficiario-obligaciones": [Rol.BENEFICIARIO],  # the beneficiary reads its own
    "api-cupo": [Rol.BENEFICIARIO],
    "api-cupo-saldo": [Rol.BENEFICIARIO],
    "api-cupo-movimientos": [Rol.BENEFICIARIO],
    "api-solicitud": [Rol.BENEFICIARIO],  # the beneficiary reads its own application
    "api-zarpe": [Rol.CAPITANIA_OFICIAL, Rol.BENEFICIARIO],
    "api-zarpe-inspeccion": [Rol.CAPITANIA_OFICIAL],
    "api-certificado-anular": [Rol.CAPITANIA_OFICIAL],
    "api-certificado": [Rol.BENEFICIARIO],
    "api-certificado-pdf": [Rol.BENEFICIARIO],
    "api-venta": [Rol.DISTRIBUIDOR],
    "api-reporte-mensual": [Rol.DISTRIBUIDOR],
    "api-reporte-mensual-errores": [Rol.DISTRIBUIDOR],
    "api-reporte-mensual-discrepancias": [Rol.DISTRIBUIDOR],
    "api-relacion-xlsx": [Rol.DISTRIBUIDOR],
    "api-relacion-pdf": [Rol.DISTRIBUIDOR],
    "api-trabajo": [Rol.DISTRIBUIDOR],  # here the report's job; a job is in the scope of what it works on
    "api-relacion-paquete": [Rol.DISTRIBUIDOR],
    "api-relacion-envios": [Rol.DISTRIBUIDOR],
}
# Routes whose objects belong to no capitanía, NIT or beneficiary: national acts read by role.
SIN_ALCANCE = {
    "api-resolucion",
    "api-resolucion-propuesta",
    "api-resolucion-lineas",
    "api-resolucion-lineas-xlsx",
    "api-resolucion-expedir",
    "api-resolucion-firmeza",
    "api-cupo-firmeza",
    "api-cupo-cancelar",
    "api-cupo-comunicacion",
    "api-cupo-fin-continuidad",
    "api-solicitud-aprobar",  # UPME decides applications (ESCRITORES)
    "api-solicitud-rechazar",
    "api-verificar",
    "api-fronteras-volumen",
    "api-fronteras-certificados-transporte",
    "api-fronteras-certificados-conformidad",
    "api-fronteras-gran-consumidor-volumen",
    "api-fronteras-gran-consumidor-ejecutoria",
    "api-fronteras-asignacion",
    "api-fronteras-ejecutoria",
    "api-fronteras-plan",
    "api-fronteras-plan-ajustes",
    "api-fronteras-plan-ajustar",
    "api-fronteras-plan-aprobar",
    "api-fronteras-plan-ejecutoria",
    "api-fronteras-plan-aviso-dian",
    "api-fronteras-plan-informes",
    # a foreign vessel's guarantee and landings are recorded by UPME's analysts only, for any vessel.
    "api-beneficiario-garantias",
    "api-beneficiario-desembarques",
    "api-beneficiario-convenios",  # UPME records the Armada's convenio (ESCRITORES)
    "api-usuario-tokens",  # administrators only (PorRol), any user
    "api-desvio-marcar",  # national cases of diversion, read and marked by the control roles (core.desvios)
    # Issue 43: another capitanía breaks a counter's hold (only while that counter is reachable): by design
    # the caller is not the hold's owner.
    "api-retencion-romper",
}
# Prefixes of routes that another module's own scope test covers (its roles are its own).
# api/v1/actos/ and api/v1/recursos/: core/tests/test_actos.py::test_scope_of_every_route_of_the_procedure.
# api/v1/mostradores/: zarpes/tests/test_mostradores_apis.py::test_a_counter_of_another_capitania_is_not_found.
CUBIERTAS_APARTE = ("api/v1/reserva/", "api/v1/actos/", "api/v1/recursos/", "api/v1/mostradores/")


def _rutas_con_parametros(patrones=None, prefijo=""):
    for p in get_resolver().url_patterns if patrones is None else patrones:
        ruta = prefijo + str(p.pattern)
        if isinstance(p, URLResolver):
            yield from _rutas_con_parametros(p.url_patterns, ruta)
        elif isinstance(p, URLPattern) and ruta.startswith("api/v1/") and "<" in ruta:
            yield ruta, p.name


def test_cada_ruta_de_detalle_declara_su_alcance():
    sin_declarar = [
        (ruta, nombre)
        for ruta, nombre in _rutas_con_parametros()
        if nombre not in ALCANCE and nombre not in SIN_ALCANCE and not ruta.startswith(CUBIERTAS_APARTE)
    ]
    assert sin_declarar == []


@pytest.fixture
def mundo(cliente, django_capture_on_commit_callbacks):
    """One vessel at CP05 with a firm cupo, a certificate, a sale and a report of one wholesaler."""
    analista = cliente(Rol.UPME_ANALISTA)
    CapitaniaFactory(codigo="CP05", nombre="Capitanía de Puerto de Cartagena")
    nave = analista.post(
        "/api/v1/beneficiarios/",
        {
            "tipo": "nave_nacional",
            "nombre": "Doña Lucía",
            "identificacion": "800111222",
            "matricula": "MC-05-0420",
            "bandera": "CO",
            "trb": "120",
            "actividad": "pesca",
            "capacidad_combustible_gal": "3000",
            "capitania": "CP05",
        },
        format="json",
    )
    assert nave.status_code == 201, nave.content
    nave_id = nave.json()["id"]
    resolucion = analista.post(
        "/api/v1/resoluciones/",
        {
            "anio": 2026,
            "numero": "000042",
            "fecha_expedicion": "2026-02-20",
            "transcrita": True,
            "soporte": "Resolución 000042 en papel",
        },
        format="json",
    ).json()["id"]
    datos_cupo = analista.post(
        "/api/v1/cupos/", {"resolucion": resolucion, "beneficiario": nave_id, "galones_anuales": "24000"}, format="json"
    ).json()
    cupo = datos_cupo["id"]
    notificar_con_renuncia_por_api(analista, datos_cupo, "2026-03-16")  # DOMAIN §8: firm from the next day
    r = analista.post(f"/api/v1/cupos/{cupo}/firmeza/", {"fecha_firmeza": "2026-03-17"}, format="json")
    assert r.status_code == 200, r.content
    oficial = cliente(Rol.CAPITANIA_OFICIAL)
    zarpe = oficial.post(
        "/api/v1/zarpes/",
        {
            "nave": nave_id,
            "capitania": "CP05",
            "fecha": "2026-03-20",
            "galones_solicitados": "800",
            "certificado_anterior": None,
        },
        format="json",
    ).json()
    numero = zarpe["certificado"]["numero"]
    vendedor = cliente(Rol.DISTRIBUIDOR)
    nit = vendedor.usuario.distribuidor.nit
    venta = vendedor.post(
        "/api/v1/ventas/",
        {
            "distribuidor_nit": nit,
            "beneficiario": nave_id,
            "fecha": "2026-03-21",
            "galones": "800",
            "certificado": numero,
            "codigo_verificacion": zarpe["certificado"]["codigo_verificacion"],  # the paper, handed over
            "factura": "FE-2026-0001",
            "documentos": [
                {"tipo": "licencia_pesca", "referencia": "AUNAP-LP-1"},
                {"tipo": "zarpe", "referencia": f"Zarpe {zarpe['id']}"},
                {"tipo": "certificado_desembarque", "referencia": "CD-1"},
                {"tipo": "certificado_exencion", "referencia": numero},
            ],
        },
        format="json",
    )
    assert venta.status_code == 201, venta.content
    csv = io.BytesIO(
        f"fecha,identificacion_beneficiario,certificado,galones\n2026-03-21,800111222,{numero},800\n".encode()
    )
    csv.name = "reporte.csv"
    # A second certificate, not sold: the one the annulment route acts on (a redeemed one is a 409).
    libre = oficial.post(
        "/api/v1/zarpes/",
        {
            "nave": nave_id,
            "capitania": "CP05",
            "fecha": "2026-03-22",
            "galones_solicitados": "100",
            "certificado_anterior": numero,
        },
        format="json",
    ).json()
    with django_capture_on_commit_callbacks(execute=True):  # processed: its relación (art. 15) exists
        reporte = vendedor.post(
            "/api/v1/reportes-mensuales/",
            {"distribuidor_nit": nit, "periodo": "2026-03", "archivo": csv},
            format="multipart",
        )
    assert reporte.status_code == 202, reporte.content
    solicitud = analista.post(
        "/api/v1/solicitudes/",
        {"beneficiario": nave_id, "anio": 2026, "galones_solicitados": "24000", "fecha_radicacion": "2026-01-20"},
        format="json",
    )
    assert solicitud.status_code == 201, solicitud.content
    valores = {
        "solicitud_id": solicitud.json()["id"],
        "beneficiario_id": nave_id,
        "cupo_id": cupo,
        "zarpe_id": zarpe["id"],
        "numero": numero,
        "numero_libre": libre["certificado"]["numero"],
        "venta_id": venta.json()["id"],
        "reporte_id": reporte.json()["id"],
        "trabajo_id": reporte.json()["trabajo"],
    }
    barco = Usuario._meta.get_field("beneficiario").related_model.objects.get(pk=nave_id)
    duenos = {
        Rol.BENEFICIARIO: cliente(Rol.BENEFICIARIO, beneficiario=barco),
        Rol.CAPITANIA_OFICIAL: oficial,
        Rol.DISTRIBUIDOR: vendedor,
    }
    return valores, duenos


def _intruso(cliente, rol):
    """A user of `rol` with another capitanía, NIT or beneficiary than the owners'."""
    if rol == Rol.CAPITANIA_OFICIAL:
        return cliente(rol, capitania=CapitaniaFactory(codigo="CP01", nombre="Capitanía de Puerto de Buenaventura"))
    if rol == Rol.DISTRIBUIDOR:
        return cliente(rol, distribuidor=DistribuidorFactory(nit="860002400", razon_social="Otro S.A.S."))
    return cliente(rol)  # the conftest gives a beneficiary user a vessel of its own


CUERPOS = {
    # 800 verified, as many as were sold: fewer would be 409 inspeccion_menor_que_venta.
    "api-zarpe-inspeccion": {"fecha": "2026-03-22", "galones_verificados": "800"},
    "api-certificado-anular": {"motivo": "La nave no zarpó."},
}
# Routes that act on another object of the fixture than the one their parameter names.
OTROS_VALORES = {"api-certificado-anular": {"numero": "numero_libre"}}


def _cuerpo(nombre):
    return CUERPOS.get(nombre)


@pytest.mark.django_db
@pytest.mark.parametrize(("nombre", "rol"), [(n, r) for n, roles in ALCANCE.items() for r in roles])
def test_fuera_de_alcance_es_404_y_el_dueno_si_llega(cliente, mundo, nombre, rol):
    valores, duenos = mundo
    ruta = next(r for r, n in _rutas_con_parametros() if n == nombre)
    valores = {**valores, **{k: valores[v] for k, v in OTROS_VALORES.get(nombre, {}).items()}}
    url = "/" + re.sub(r"<(?:int:|str:)?(\w+)>", lambda m: str(valores[m.group(1)]), ruta)
    metodo = "post" if _cuerpo(nombre) else "get"
    intruso = _intruso(cliente, rol)
    r = getattr(intruso, metodo)(url, _cuerpo(nombre), format="json")
    assert r.status_code == 404, (url, rol, r.status_code, r.content[:200])
    r = getattr(duenos[rol], metodo)(url, _cuerpo(nombre), format="json")
    assert r.status_code in (200, 201), (url, rol, r.status_code, r.content[:200])
