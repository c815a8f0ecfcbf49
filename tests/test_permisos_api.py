"""Each role reaches only what API.md allows: a table of roles × endpoints.

Every module adds its endpoints to ENDPOINTS. An entry says, for each role, the status it must
get; roles not named get DEFAULT (403 for writes, 200 for reads open to all).
"""

import re
from itertools import count

import pytest

from config.regimenes import REGIMENES
from core.identidad.roles import Rol
from core.tests.factories import UsuarioFactory

_seq = count(1)
ROLES = [r for r in Rol.values]
ANONIMO = "anonimo"


def _capitania():
    n = next(_seq)
    return {"codigo": f"CT{n:03d}", "nombre": f"Capitanía {n}"}


def _distribuidor():
    return {"nit": f"{910000000 + next(_seq)}", "razon_social": "Prueba S.A.S.", "tipo": "mayorista"}


def _usuario():
    return {"username": f"nuevo{next(_seq)}", "password": "Una.Clave.Larga.2026", "rol": "auditor"}


def _nave():
    from core.tests.factories import CapitaniaFactory

    CapitaniaFactory(codigo="CP05", nombre="Cartagena")
    n = next(_seq)
    return {
        "tipo": "nave_nacional",
        "nombre": f"Nave {n}",
        "identificacion": f"{800000000 + n}",
        "matricula": f"MT-{n:05d}",
        "bandera": "CO",
        "trb": "80",
        "actividad": "pesca",
        "capacidad_combustible_gal": "2500",
        "capitania": "CP05",
    }


def _resolucion():
    """An additional resolution of 2026's annual one (R-05: one annual resolution per year)."""
    from cupos.models import Resolucion
    from cupos.tests.factories import ResolucionFactory

    anual = Resolucion.objects.filter(anio=2026, tipo="anual").first() or ResolucionFactory(anio=2026)
    return {"anio": 2026, "numero": f"T-{next(_seq)}", "fecha_expedicion": "2026-02-10", "tipo": "adicional",
            "modifica": anual.id}


def _cupo_firme():
    """A firm cupo of another beneficiary (outside a `beneficiario` user's scope)."""
    import datetime as dt
    from decimal import Decimal

    from cupos.services.cupos import cupo_declare_firm, cupo_grant
    from cupos.tests.factories import NaveFactory, ResolucionFactory

    actor = UsuarioFactory(rol=Rol.UPME_ANALISTA)
    cupo = cupo_grant(
        actor=actor, resolucion=ResolucionFactory(), beneficiario=NaveFactory(), galones_anuales=Decimal(12000)
    )
    return cupo_declare_firm(actor=actor, cupo=cupo, fecha_firmeza=dt.date(2026, 3, 2))


def _cupo_expedido():
    from decimal import Decimal

    from cupos.services.cupos import cupo_grant
    from cupos.tests.factories import NaveFactory, ResolucionFactory

    actor = UsuarioFactory(rol=Rol.UPME_ANALISTA)
    return cupo_grant(
        actor=actor, resolucion=ResolucionFactory(), beneficiario=NaveFactory(), galones_anuales=Decimal(12000)
    )


def _nuevo_cupo():
    from cupos.tests.factories import NaveFactory, ResolucionFactory

    return {"resolucion": ResolucionFactory().id, "beneficiario": NaveFactory().id, "galones_anuales": "6000"}


class Ruta:
    """A path with an object id made when the test runs: Ruta("/api/v1/cupos/{}/saldo/", _cupo_firme)."""

    def __init__(self, plantilla: str, objeto, atributo: str = "id"):
        self.plantilla, self.objeto, self.atributo = plantilla, objeto, atributo

    def __call__(self) -> str:
        return self.plantilla.format(getattr(self.objeto(), self.atributo))

    def __str__(self):
        return self.plantilla.format("{id}")


SOLO_UPME = {Rol.UPME_ANALISTA: 201, Rol.ADMINISTRADOR: 201}
LECTORES_SALDO = {
    Rol.UPME_ANALISTA: 200,
    Rol.AUDITOR: 200,
    Rol.CAPITANIA_OFICIAL: 200,
    Rol.DISTRIBUIDOR: 200,
    Rol.ADMINISTRADOR: 200,
    Rol.BENEFICIARIO: 404,
}
# API.md: a wholesaler reaches a beneficiary by id only once it served it or is designated by it; the new
# wholesaler here has done neither, so the beneficiary is outside its scope (404, as for any object).
LECTORES_POR_ID = {**LECTORES_SALDO, Rol.DISTRIBUIDOR: 404}
LECTURA_TODOS = {r: 200 for r in ROLES}
# Art. 15 D1505: the wholesaler's relación for Ecopetrol; R-21: declarations copied to Ecopetrol.
LECTORES_RELACION = {
    Rol.DISTRIBUIDOR: 200, Rol.ECOPETROL: 200, Rol.UPME_ANALISTA: 200, Rol.AUDITOR: 200, Rol.ADMINISTRADOR: 200,
}
LECTORES_DECLARACIONES = {
    Rol.BENEFICIARIO: 200, Rol.ECOPETROL: 200, Rol.UPME_ANALISTA: 200, Rol.AUDITOR: 200, Rol.ADMINISTRADOR: 200,
}

def _extranjera():
    from cupos.tests.factories import extranjera

    return extranjera()


def _garantia():
    return {"anio": 2026, "desembarque_minimo_kg": "1000", "valor_desembarque_minimo": "5000000", "banco": "Banco",
            "numero": f"GB-{next(_seq)}", "valor": "500000", "vigente_hasta": "2026-12-31", "soporte": "Póliza"}


def _desembarque():
    return {"fecha": "2026-03-02", "puerto": "CP05", "kg": "1500", "certificado": f"AUNAP-{next(_seq)}"}


# UPME records a foreign vessel's guarantee and landings; the analysts, the auditor and the vessel read them.
LECTORES_OBLIGACIONES = {Rol.UPME_ANALISTA: 200, Rol.AUDITOR: 200, Rol.ADMINISTRADOR: 200, Rol.BENEFICIARIO: 404}

# (method, path, body factory or None, expected status per role, status for the rest)
ENDPOINTS = [
    ("get", "/api/v1/capitanias/", None, LECTURA_TODOS, 403),
    ("post", "/api/v1/capitanias/", _capitania, SOLO_UPME, 403),
    ("get", "/api/v1/distribuidores/", None, LECTURA_TODOS, 403),
    ("post", "/api/v1/distribuidores/", _distribuidor, SOLO_UPME, 403),
    ("get", "/api/v1/relaciones/", None, LECTORES_RELACION, 403),
    ("get", "/api/v1/declaraciones/", None, LECTORES_DECLARACIONES, 403),
    ("get", "/api/v1/usuarios/", None, {Rol.ADMINISTRADOR: 200}, 403),
    ("post", "/api/v1/usuarios/", _usuario, {Rol.ADMINISTRADOR: 201}, 403),
    ("get", "/api/v1/auditoria/", None, {Rol.AUDITOR: 200, Rol.ADMINISTRADOR: 200}, 403),
    ("get", "/api/v1/yo/", None, LECTURA_TODOS, 403),
    # A wholesaler does not browse beneficiaries: it looks one up by exact matrícula or identificación.
    ("get", "/api/v1/beneficiarios/", None, {**LECTORES_SALDO, Rol.BENEFICIARIO: 200, Rol.DISTRIBUIDOR: 403}, 403),
    ("get", "/api/v1/beneficiarios/?matricula=MT-00001", None, {**LECTORES_SALDO, Rol.BENEFICIARIO: 200}, 403),
    ("get", "/api/v1/beneficiarios/?identificacion=800000001", None, {**LECTORES_SALDO, Rol.BENEFICIARIO: 200}, 403),
    ("post", "/api/v1/beneficiarios/", _nave, SOLO_UPME, 403),
    ("get", Ruta("/api/v1/beneficiarios/{}/", _cupo_firme, "beneficiario_id"), None, LECTORES_POR_ID, 403),
    (
        "get",
        Ruta("/api/v1/beneficiarios/{}/saldo/?fecha=2026-03-10", _cupo_firme, "beneficiario_id"),
        None,
        LECTORES_POR_ID,
        403,
    ),
    ("post", Ruta("/api/v1/beneficiarios/{}/garantias/", _extranjera), _garantia, SOLO_UPME, 403),
    ("post", Ruta("/api/v1/beneficiarios/{}/desembarques/", _extranjera), _desembarque, SOLO_UPME, 403),
    ("get", Ruta("/api/v1/beneficiarios/{}/obligaciones/?anio=2026", _extranjera), None, LECTORES_OBLIGACIONES, 403),
    ("get", "/api/v1/resoluciones/", None, {Rol.UPME_ANALISTA: 200, Rol.AUDITOR: 200, Rol.ADMINISTRADOR: 200}, 403),
    ("post", "/api/v1/resoluciones/", _resolucion, SOLO_UPME, 403),
    (
        "get",
        "/api/v1/cupos/",
        None,
        {Rol.UPME_ANALISTA: 200, Rol.AUDITOR: 200, Rol.ADMINISTRADOR: 200, Rol.BENEFICIARIO: 200},
        403,
    ),
    ("post", "/api/v1/cupos/", _nuevo_cupo, SOLO_UPME, 403),
    ("get", Ruta("/api/v1/cupos/{}/saldo/?fecha=2026-03-10", _cupo_firme), None, LECTORES_POR_ID, 403),
    (
        "post",
        Ruta("/api/v1/cupos/{}/firmeza/", _cupo_expedido),
        lambda: {"fecha_firmeza": "2026-03-01"},
        {Rol.UPME_ANALISTA: 200, Rol.ADMINISTRADOR: 200},
        403,
    ),
    (
        "post",
        Ruta("/api/v1/cupos/{}/cancelar/", _cupo_firme),
        lambda: {"fecha": "2026-04-01", "motivo": "Prueba", "causal": "comunicacion_autoridad",
                 "soporte": "Oficio MinMinas 123 del 2026-03-30", "transcrita": True},
        {Rol.UPME_ANALISTA: 200, Rol.ADMINISTRADOR: 200},
        403,
    ),
]

# --- Cargo reservation (API.md "Cargo reservation") ---

def _reserva_registros():
    from reserva.models import Agencia, Nave, Ruta

    Ruta.objects.get_or_create(codigo="R-07", defaults={"nombre": "Golfo – Caribe", "operacion": "importacion"})
    Agencia.objects.get_or_create(nit="800123456", defaults={"razon_social": "Agencia del Caribe S.A.S."})
    nave, _ = Nave.objects.get_or_create(imo="9300002", vigente_desde="2020-01-01",
                                         defaults={"nombre": "Atlantic Star", "bandera": "PA"})
    return nave


def _reserva_ruta():
    return {"codigo": f"R-{next(_seq)}", "nombre": "Ruta de prueba", "operacion": "importacion"}


def _reserva_arribo():
    nave = _reserva_registros()
    return {"agencia_nit": "800123456", "nave": nave.id, "ruta": "R-07", "puerto": "Cartagena",
            "fecha_arribo": "2026-03-20", "operacion": "importacion", "clase": "general",
            "toneladas_declaradas": "500"}


def _reserva_exoneracion():
    _reserva_registros()
    return {"usuario_nit": "900555123", "fundamento": "a", "ruta": "R-07", "clase": "general",
            "mercancia": "ordinaria", "toneladas": "800",
            "puerto_origen": "Houston", "puerto_destino": "Cartagena", "licencia": "LI-1"}


def _reserva_recargo():
    return {"conferencia": "CONF-CARIBE", "concepto": "BAF", "portuario": False, "fecha_presentacion": "2026-03-02",
            "justificacion": "Alza del combustible."}


LECTORES_CUMPLIMIENTO = {Rol.DIMAR: 200, Rol.AUDITOR: 200, Rol.UPME_ANALISTA: 200, Rol.CAPITANIA_OFICIAL: 200,
                         Rol.USUARIO_CARGA: 200, Rol.ADMINISTRADOR: 200}
ENDPOINTS += [
    ("get", "/api/v1/reserva/rutas/", None, {r: 200 for r in ROLES if r not in (
        Rol.DISTRIBUIDOR, Rol.BENEFICIARIO, Rol.MINMINAS, Rol.ECOPETROL)}, 403),
    ("post", "/api/v1/reserva/rutas/", _reserva_ruta, {Rol.DIMAR: 201, Rol.ADMINISTRADOR: 201}, 403),
    ("post", "/api/v1/reserva/arribos/", _reserva_arribo, {Rol.AGENTE_MARITIMO: 201, Rol.ADMINISTRADOR: 201}, 403),
    ("get", "/api/v1/reserva/cumplimiento/?usuario_nit=900555123&anio=2026", None, LECTORES_CUMPLIMIENTO, 403),
    ("post", "/api/v1/reserva/exoneraciones/", _reserva_exoneracion, {Rol.USUARIO_CARGA: 201, Rol.ADMINISTRADOR: 201},
     403),
    ("post", "/api/v1/reserva/recargos/", _reserva_recargo, {Rol.CONFERENCIA: 201, Rol.ADMINISTRADOR: 201}, 403),
]

# API.md «Roles»: the zarpes are read by the capitanía (its own), Dimar (every capitanía), UPME's analysts, the
# auditor and the beneficiary (its own); the border registries by the roles of the border regime.
LECTORES_ZARPES = {Rol.CAPITANIA_OFICIAL: 200, Rol.DIMAR: 200, Rol.UPME_ANALISTA: 200, Rol.AUDITOR: 200,
                   Rol.BENEFICIARIO: 200, Rol.ADMINISTRADOR: 200}
LECTORES_FRONTERAS = {Rol.UPME_ANALISTA: 200, Rol.AUDITOR: 200, Rol.MINMINAS: 200, Rol.ECOPETROL: 200,
                      Rol.DISTRIBUIDOR: 200, Rol.ADMINISTRADOR: 200}
ENDPOINTS += [
    ("get", "/api/v1/zarpes/", None, LECTORES_ZARPES, 403),
    ("get", "/api/v1/fronteras/municipios/", None, LECTORES_FRONTERAS, 403),
]


def _esperado(metodo: str, esperados: dict, resto: int, rol: str) -> int:
    """An integration account (the root conftest's speaks for Dimar) reads what Dimar reads and writes only
    what a view opens to its system (API.md "Conventions")."""
    if rol == Rol.INTEGRACION:
        return esperados.get(rol, esperados.get(Rol.DIMAR, resto) if metodo == "get" else 403)
    return esperados.get(rol, resto)


CASOS = [
    pytest.param(metodo, ruta, cuerpo, rol, _esperado(metodo, esperados, resto, rol), id=f"{metodo} {ruta} {rol}")
    for metodo, ruta, cuerpo, esperados, resto in ENDPOINTS
    for rol in [*ROLES, ANONIMO]
]


@pytest.mark.django_db
@pytest.mark.parametrize(("metodo", "ruta", "cuerpo", "rol", "esperado"), CASOS)
def test_role_reaches_only_what_api_md_allows(api, cliente, metodo, ruta, cuerpo, rol, esperado):
    client = api if rol == ANONIMO else cliente(rol)
    if rol == ANONIMO:
        esperado = 401
    ruta = ruta() if callable(ruta) else ruta
    datos = cuerpo() if cuerpo else None
    r = getattr(client, metodo)(ruta, datos, format="json") if datos else getattr(client, metodo)(ruta)
    assert r.status_code == esperado, r.content[:300]


def _app_de(ruta: str) -> str:
    """The app whose view answers `ruta` (its module's first segment)."""
    from django.urls import resolve

    return resolve(re.sub(r"\?.*", "", ruta)).func.__module__.split(".")[0]


def test_every_app_with_an_api_has_rows_in_the_table():
    """Issue 38: a new regime's API (config/regimenes.py) is not silently left out of the table of roles."""
    from django.urls import URLPattern, URLResolver, get_resolver

    def rutas(patrones, prefijo=""):
        for p in patrones:
            if isinstance(p, URLResolver):
                yield from rutas(p.url_patterns, prefijo + str(p.pattern))
            elif isinstance(p, URLPattern) and (prefijo + str(p.pattern)).startswith("api/v1/"):
                yield p.callback.__module__.split(".")[0]

    con_api = set(rutas(get_resolver().url_patterns)) & {"core", *REGIMENES}
    en_tabla = {_app_de(str(ruta).replace("{id}", "1")) for _, ruta, *_ in ENDPOINTS}
    assert con_api - en_tabla == set(), f"Apps con API sin filas en ENDPOINTS: {sorted(con_api - en_tabla)}"
    assert {"core", *REGIMENES} - {"fronteras"} <= con_api  # the walk sees the apps' routes


# --- Who sees what (issue 15): an officer reads vessels only; a wholesaler looks one up, never browses ---


@pytest.fixture
def beneficiarios_de_cada_tipo():
    """A vessel and an acuicultora, each with a cupo in force in March 2026."""
    from cupos.tests.factories import AcuicultoraFactory
    from distribuidores.tests.factories import con_cupo

    nave = _cupo_firme().beneficiario
    acuicultora = AcuicultoraFactory()
    return {"nave": nave, "acuicultora": acuicultora, "cupo_acuicultora": con_cupo(acuicultora, anual="12000")}


@pytest.mark.django_db
def test_an_officer_sees_vessels_with_their_balances_not_acuicultoras_nor_the_armada(
    cliente, beneficiarios_de_cada_tipo
):
    from cupos.tests.factories import ArmadaFactory

    b = beneficiarios_de_cada_tipo
    armada = ArmadaFactory()
    oficial = cliente(Rol.CAPITANIA_OFICIAL)
    ids = {r["id"] for r in oficial.get("/api/v1/beneficiarios/?page_size=500").json()["results"]}
    assert b["nave"].id in ids and not {b["acuicultora"].id, armada.id} & ids
    assert oficial.get(f"/api/v1/beneficiarios/{b['nave'].id}/saldo/?fecha=2026-03-10").status_code == 200
    for ruta in (f"/api/v1/beneficiarios/{b['acuicultora'].id}/", f"/api/v1/beneficiarios/{armada.id}/",
                 f"/api/v1/beneficiarios/{b['acuicultora'].id}/saldo/?fecha=2026-03-10",
                 f"/api/v1/cupos/{b['cupo_acuicultora'].id}/saldo/?fecha=2026-03-10"):
        assert oficial.get(ruta).status_code == 404, ruta
    analista = cliente(Rol.UPME_ANALISTA)
    assert analista.get(f"/api/v1/beneficiarios/{b['acuicultora'].id}/").status_code == 200


@pytest.mark.django_db
def test_a_wholesaler_looks_a_beneficiary_up_but_cannot_list_them(cliente, beneficiarios_de_cada_tipo):
    nave = beneficiarios_de_cada_tipo["nave"]
    mayorista = cliente(Rol.DISTRIBUIDOR)
    r = mayorista.get("/api/v1/beneficiarios/")
    assert r.status_code == 403 and r.json()["codigo"] == "permiso_denegado"
    assert mayorista.get("/api/v1/beneficiarios/?q=a").status_code == 403
    r = mayorista.get(f"/api/v1/beneficiarios/?matricula={nave.matricula.lower()}")
    assert r.status_code == 200 and [f["id"] for f in r.json()["results"]] == [nave.id]
    r = mayorista.get(f"/api/v1/beneficiarios/?identificacion={nave.identificacion}")
    assert nave.id in [f["id"] for f in r.json()["results"]]
    # API.md: by id, only the beneficiaries it served or that designate it; this one, neither
    assert mayorista.get(f"/api/v1/beneficiarios/{nave.id}/saldo/?fecha=2026-03-10").status_code == 404


@pytest.mark.django_db
def test_the_beneficiary_pages_and_menu_are_for_those_who_may_browse_them(client, crear_usuario,
                                                                         beneficiarios_de_cada_tipo):
    b = beneficiarios_de_cada_tipo
    client.force_login(crear_usuario(Rol.DISTRIBUIDOR))
    assert client.get("/beneficiarios/").status_code == 403
    assert client.get(f"/beneficiarios/{b['nave'].id}/").status_code == 403
    assert 'href="/beneficiarios/"' not in client.get("/").content.decode()

    client.force_login(crear_usuario(Rol.CAPITANIA_OFICIAL))
    pagina = client.get("/beneficiarios/")
    assert pagina.status_code == 200 and 'href="/beneficiarios/"' in client.get("/").content.decode()
    assert b["nave"].nombre in pagina.content.decode() and b["acuicultora"].nombre not in pagina.content.decode()
    assert client.get(f"/beneficiarios/{b['acuicultora'].id}/").status_code == 404
    assert client.get(f"/beneficiarios/{b['nave'].id}/").status_code == 200
