"""Bad input never crashes the server, past the first check: each write endpoint gets a valid body
with one field at a time replaced by garbage, so the garbage reaches the services, the domain
code and the database (dates at the calendar's ends, ids past bigint, NUL, huge and odd numbers)."""

import datetime as dt
from html.parser import HTMLParser
from urllib.parse import urljoin

import pytest

from core.identidad.roles import Rol
from core.tests.basura import BASURA
from core.tests.factories import CapitaniaFactory, DistribuidorFactory
from cupos.tests.factories import ALTA_NOVEDAD
from distribuidores.tests.factories import certificado_de, soportes_de_venta
from fronteras.tests.factories import ASIGNACION_CUCUTA
from zarpes.tests.factories import nave_con_cupo


@pytest.fixture
def escenario(crear_usuario, cliente):
    CapitaniaFactory(codigo="CP05", nombre="Cartagena")
    DistribuidorFactory(nit="900456123", razon_social="Petromar S.A.S.")
    nave, cupo = nave_con_cupo()
    zarpe = certificado_de(nave, "100", dt.date(2026, 3, 20)).zarpe
    upme = cliente(Rol.UPME_ANALISTA)
    upme.post(
        "/api/v1/fronteras/municipios/",
        {"codigo_dane": "54001", "nombre": "Cúcuta", "departamento": "Norte de Santander", "poblacion": 120000},
        format="json",
    )
    estacion = upme.post(
        "/api/v1/fronteras/estaciones/",
        {
            "codigo": "A",
            "nombre": "Estación A",
            "municipio": "54001",
            "capacidad_certificada_gal": 10000,
            "fecha_certificado": "2025-12-01",
            "fecha_entrega_certificado": "2026-01-10",
        },
        format="json",
    ).json()["id"]
    resolucion = upme.post(
        "/api/v1/resoluciones/", {"anio": 2027, "numero": "F-1", "fecha_expedicion": "2026-11-20"}, format="json"
    ).json()["id"]
    return {
        "nave": nave,
        "cupo": cupo,
        "zarpe": zarpe,
        "estacion": estacion,
        "resolucion": resolucion,
        "certificado": zarpe.certificado.numero,
    }


def _casos(e):
    """(role, path, a valid body): one per write endpoint of API.md."""
    nave, cupo, zarpe = e["nave"], e["cupo"], e["zarpe"]
    return [
        (
            Rol.CAPITANIA_OFICIAL,
            "/api/v1/zarpes/",
            {
                "nave": nave.id,
                "capitania": "CP05",
                "fecha": "2026-03-25",
                "galones_solicitados": "10",
                "certificado_anterior": e["certificado"],
            },
        ),
        (
            Rol.CAPITANIA_OFICIAL,
            f"/api/v1/zarpes/{zarpe.id}/inspeccion/",
            {"fecha": "2026-03-26", "galones_verificados": "90"},
        ),
        (
            Rol.DISTRIBUIDOR,
            "/api/v1/ventas/",
            {
                "distribuidor_nit": "900456123",
                "beneficiario": nave.id,
                "fecha": "2026-03-21",
                "galones": "50",
                "certificado": e["certificado"],
                **soportes_de_venta(nave, certificado=e["certificado"]),
            },
        ),
        (
            Rol.UPME_ANALISTA,
            "/api/v1/declaraciones/",
            {"beneficiario": nave.id, "periodo": "2026-10", "galones_adquiridos": "1200.5"},
        ),
        (
            Rol.UPME_ANALISTA,
            "/api/v1/beneficiarios/",
            {
                "tipo": "nave_nacional",
                "nombre": "Nave Nueva",
                "identificacion": "800123",
                "matricula": "MT-00001",
                "bandera": "CO",
                "trb": "80",
                "actividad": "pesca",
                "capacidad_combustible_gal": "2500",
                "capitania": "CP05",
            },
        ),
        (Rol.UPME_ANALISTA, "/api/v1/resoluciones/", {"anio": 2027, "numero": "F-2", "fecha_expedicion": "2026-11-20",
                                                     "tipo": "adicional", "modifica": e["resolucion"]}),
        (
            Rol.UPME_ANALISTA,
            "/api/v1/cupos/",
            {"resolucion": e["resolucion"], "beneficiario": nave.id, "galones_anuales": 24000},
        ),
        (Rol.UPME_ANALISTA, f"/api/v1/cupos/{cupo.id}/firmeza/", {"fecha_firmeza": "2026-03-01"}),
        (
            Rol.UPME_ANALISTA,
            f"/api/v1/cupos/{cupo.id}/cancelar/",
            {"fecha": "2026-04-01", "motivo": "Prueba", "causal": "comunicacion_autoridad", "soporte": "Oficio 1"},
        ),
        (
            Rol.DIMAR,
            "/api/v1/novedades-dimar/",
            {
                "periodo": "2026-06",
                "altas": [ALTA_NOVEDAD],
                "bajas": [{"matricula": nave.matricula, "fecha": "2026-06-10", "motivo": "Matrícula cancelada"}],
            },
        ),
        (
            Rol.UPME_ANALISTA,
            "/api/v1/fronteras/municipios/",
            {"codigo_dane": "81065", "nombre": "Arauquita", "departamento": "Arauca", "poblacion": 40000},
        ),
        (
            Rol.UPME_ANALISTA,
            "/api/v1/fronteras/estaciones/",
            {
                "codigo": "B",
                "nombre": "Estación B",
                "municipio": "54001",
                "capacidad_certificada_gal": 100,
                "fecha_certificado": "2025-12-01",
                "fecha_entrega_certificado": "2026-01-10",
            },
        ),
        (
            Rol.UPME_ANALISTA,
            "/api/v1/fronteras/compras/",
            {"estacion": e["estacion"], "periodo": "2025-06", "combustible": "acpm", "galones": "1000"},
        ),
        (
            Rol.UPME_ANALISTA,
            "/api/v1/fronteras/asignaciones/",
            ASIGNACION_CUCUTA,
        ),
        (
            Rol.DISTRIBUIDOR,
            "/api/v1/fronteras/despachos/",
            {
                "distribuidor_nit": "900456123",
                "estacion": e["estacion"],
                "fecha": "2026-04-15",
                "combustible": "acpm",
                "galones": "1000",
            },
        ),
        (
            Rol.ECOPETROL,
            "/api/v1/fronteras/planes/",
            {"departamento": "Arauca", "fecha_presentacion": "2026-11-20", "descripcion": "Plan de abastecimiento"},
        ),
        (Rol.UPME_ANALISTA, "/api/v1/capitanias/", {"codigo": "CP99", "nombre": "Capitanía de prueba"}),
        (
            Rol.UPME_ANALISTA,
            "/api/v1/distribuidores/",
            {"nit": "910000001", "razon_social": "Prueba S.A.S.", "tipo": "mayorista"},
        ),
        (
            Rol.ADMINISTRADOR,
            "/api/v1/usuarios/",
            {"username": "nuevo1", "password": "Una.Clave.Larga.2026", "rol": "capitania_oficial", "capitania": "CP05"},
        ),
    ]


def _variantes(cuerpo: dict):
    for campo in cuerpo:
        for valor in BASURA:
            yield campo, valor, {**cuerpo, campo: valor}
        if isinstance(cuerpo[campo], list) and cuerpo[campo] and isinstance(cuerpo[campo][0], dict):
            for sub in cuerpo[campo][0]:  # inside the first item of a list of objects (Dimar's altas, bajas)
                for valor in BASURA:
                    yield f"{campo}[0].{sub}", valor, {**cuerpo, campo: [{**cuerpo[campo][0], sub: valor}]}


@pytest.mark.django_db
def test_one_bad_field_in_a_valid_body_gets_a_4xx_never_a_500(escenario, cliente):
    fallos = []
    clientes = {}
    for rol, ruta, cuerpo in _casos(escenario):
        api = clientes.get(rol) or clientes.setdefault(rol, cliente(rol))
        api.raise_request_exception = False  # a crash must show as the 500 it would be in production
        for campo, valor, variante in _variantes(cuerpo):
            r = api.post(ruta, variante, format="json")
            if r.status_code >= 500:
                fallos.append((ruta, campo, repr(valor)[:30], r.status_code))
    assert not fallos, sorted(set(f[1:] for f in fallos))


# --- The browser: every form a role can reach, one field at a time ---

BASURA_FORMULARIO = (
    "",
    "x" * 3000,
    "\x00",
    "-1",
    "99999999999999999999999",
    "1e400",
    "NaN",
    "0001-01-01",
    "9999-12-31",
    "2026-02-30",
    "१२३",
)
NO_SEGUIR = ("/salir/", "/admin/", "/api/", "/static/", "/media/", "/verificar/")
PAGINAS_POR_ROL = 60


class _Formularios(HTMLParser):
    """The links and the POST forms of a page: (action, [(name, value)]), file inputs left out."""

    def __init__(self):
        super().__init__()
        self.enlaces, self.formularios, self._actual, self._select = [], [], None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "a" and a.get("href", "").startswith("/"):
            self.enlaces.append(a["href"].split("#")[0])
        elif tag == "form" and a.get("method", "get").lower() == "post":
            self._actual = (a.get("action") or "", [])
            self.formularios.append(self._actual)
        elif self._actual is not None and a.get("name") and tag in ("input", "textarea", "select"):
            if a.get("type") in ("file", "submit", "button", "reset"):
                return
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            self._actual[1].append((a["name"], a.get("value") or ""))
            self._select = len(self._actual[1]) - 1 if tag == "select" else None
        elif tag == "option" and self._select is not None and self._actual is not None:
            nombre, valor = self._actual[1][self._select]
            if not valor or "selected" in a:
                self._actual[1][self._select] = (nombre, a.get("value", ""))

    def handle_endtag(self, tag):
        if tag == "form":
            self._actual = None
        elif tag == "select":
            self._select = None


def _recorrer(client) -> list[tuple[str, list]]:
    """Breadth-first from the home page over same-site links; the POST forms found on the way."""
    vistas, cola, formularios = set(), ["/"], []
    while cola and len(vistas) < PAGINAS_POR_ROL:
        ruta = cola.pop(0)
        if ruta in vistas or ruta.startswith(NO_SEGUIR):
            continue
        vistas.add(ruta)
        r = client.get(ruta)
        assert r.status_code < 500, (ruta, r.status_code)
        if r.status_code != 200 or not r.get("Content-Type", "").startswith("text/html"):
            continue
        lector = _Formularios()
        lector.feed(r.content.decode())
        cola.extend(e for e in lector.enlaces if e not in vistas)
        formularios.extend((urljoin(ruta, accion or ruta), campos) for accion, campos in lector.formularios)
    return formularios


@pytest.mark.django_db
def test_every_browser_form_survives_one_bad_field(escenario, crear_usuario, client):
    fallos, probados = [], set()
    for rol in Rol.values:
        usuario = crear_usuario(
            rol, **({"capitania": escenario["nave"].capitania} if rol == Rol.CAPITANIA_OFICIAL else {})
        )
        client.force_login(usuario)
        client.raise_request_exception = False
        for accion, campos in _recorrer(client):
            llave = (rol, accion.split("?")[0], tuple(sorted(n for n, _ in campos)))
            if accion.startswith(NO_SEGUIR) or llave in probados:
                continue
            probados.add(llave)
            for i, (nombre, _) in enumerate(campos):
                for valor in BASURA_FORMULARIO:
                    datos = [(n, valor if j == i else v) for j, (n, v) in enumerate(campos)]
                    cuerpo = {}
                    for n, v in datos:
                        cuerpo.setdefault(n, []).append(v)
                    r = client.post(accion, cuerpo)
                    if r.status_code >= 500:
                        fallos.append((rol, accion, nombre, repr(valor)[:20], r.status_code))
    assert len(probados) >= 20, probados  # the crawl reached the forms (a broken crawl must not pass quietly)
    assert not fallos, sorted(set(f[1:] for f in fallos))
