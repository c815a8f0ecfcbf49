"""The API fuzzer in CI (issue 15): schemathesis over every operation of the OpenAPI schema.

The schema comes from the app itself (drf-spectacular), the requests go straight into Django's
WSGI handler (no server), authenticated as an administrator (who passes every role check), on
the test's PostgreSQL transaction. Each operation gets data that fits its schema and data that
does not (how "?beneficiario=²" was found). Two checks: no answer is a 5xx, and every documented
answer matches its schema (API.md decides what the answer is; the schema follows it). A fixed
seed (derandomize) and a bounded number of examples keep it reproducible and within CI time.

schemathesis' own pytest plugin (`@schema.parametrize()`) needs a pytest private attribute that
pytest 9 removed, so each operation is a plain parametrized test around the operation's
Hypothesis strategy: the same generation and the same checks.
"""

import datetime as dt
import json
import re
from decimal import Decimal

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error, response_schema_conformance

from core.api.auth import token_emitir
from core.identidad.roles import Rol

EJEMPLOS = {GenerationMode.POSITIVE: 12, GenerationMode.NEGATIVE: 8}  # per operation


def _esquema():
    from django.core.wsgi import get_wsgi_application
    from drf_spectacular.generators import SchemaGenerator
    from drf_spectacular.renderers import OpenApiJsonRenderer

    crudo = json.loads(OpenApiJsonRenderer().render(SchemaGenerator().get_schema(request=None, public=True)))
    esquema = schemathesis.openapi.from_dict(crudo)
    esquema.app = get_wsgi_application()
    return esquema


ESQUEMA = _esquema()
OPERACIONES = sorted(resultado.ok().label for resultado in ESQUEMA.get_all_operations())


@pytest.fixture
def en_la_transaccion_del_test():
    """Django closes "old" connections when a request starts and ends; under the test's transaction
    that would close the connection the test holds. Django's own test client does the same."""
    for senal in (signals.request_started, signals.request_finished):
        senal.disconnect(close_old_connections)
    yield
    for senal in (signals.request_started, signals.request_finished):
        senal.connect(close_old_connections)


@pytest.fixture
def objetos_reales(crear_usuario):
    """One real object per path parameter, so data that fits the schema goes past the lookup into
    the services (a random id is only ever a 404). Data that does not fit keeps random ids."""
    from core.tests.factories import CapitaniaFactory
    from cupos.tests.factories import AcuicultoraFactory, ResolucionFactory
    from distribuidores.tests.factories import con_cupo
    from distribuidores.tests.test_conciliacion_selectors import mayorista, reporte, vender
    from fronteras.tests.factories import asignar, crear_ejemplo, presentar
    from zarpes.services.zarpes import zarpe_request
    from zarpes.tests.factories import nave_con_cupo

    cp05 = CapitaniaFactory(codigo="CP05", nombre="Cartagena")
    petromar = mayorista()
    acuicultora = AcuicultoraFactory(distribuidor=petromar.distribuidor)
    con_cupo(acuicultora, anual="12000")
    venta = vender(petromar, acuicultora, "10")  # no certificate: an acuicultora's sale
    upme, ecopetrol = crear_usuario(Rol.UPME_ANALISTA), crear_usuario(Rol.ECOPETROL)
    nave, cupo = nave_con_cupo()
    zarpe = zarpe_request(actor=crear_usuario(Rol.CAPITANIA_OFICIAL, capitania=cp05), nave_id=nave.id,
                          capitania="CP05", fecha=dt.date(2026, 3, 20), galones_solicitados=Decimal(100),
                          certificado_anterior=None)
    frontera = crear_ejemplo(upme)
    return {
        "beneficiario_id": nave.id, "cupo_id": cupo.id, "zarpe_id": zarpe.id,
        "numero": zarpe.certificado.numero, "codigo": zarpe.certificado.codigo_verificacion,
        "resolucion_id": ResolucionFactory(anio=2027).id, "estacion_id": frontera["A"].id,
        "asignacion_id": asignar(upme).id, "plan_id": presentar(ecopetrol).id, "venta_id": venta.id,
        "reporte_id": reporte(petromar.distribuidor, [(acuicultora, "10", ""), (nave, "5", "NO-EXISTE")]).id,
    }


@pytest.fixture
def token_administrador(crear_usuario):
    return token_emitir(crear_usuario(Rol.ADMINISTRADOR, username="fuzzer"))[1]


def test_every_api_operation_is_fuzzed():
    assert len(OPERACIONES) >= 70 and "GET /api/v1/cupos/" in OPERACIONES


@pytest.mark.django_db
@pytest.mark.parametrize("modo", list(EJEMPLOS))
@pytest.mark.parametrize("operacion", OPERACIONES)
def test_the_fuzzer_finds_no_server_error_and_every_answer_matches_the_schema(
    operacion, modo, token_administrador, en_la_transaccion_del_test, request
):
    metodo, ruta = operacion.split(" ", 1)
    parametros = re.findall(r"{(\w+)}", ruta)
    reales = request.getfixturevalue("objetos_reales") if parametros and modo == GenerationMode.POSITIVE else {}
    fijos = {p: reales[p] for p in parametros if p in reales} or None
    estrategia = ESQUEMA[ruta][metodo].as_strategy(generation_mode=modo, path_parameters=fijos)
    cabeceras = {"Authorization": f"Token {token_administrador}"}

    @given(case=estrategia)
    @settings(max_examples=EJEMPLOS[modo], derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    def probar(case):
        respuesta = case.call(headers=cabeceras)
        case.validate_response(respuesta, checks=[not_a_server_error, response_schema_conformance])

    try:
        probar()
    except Unsatisfiable:
        # Nothing of this operation can be made invalid (no parameters, or only free text).
        assert modo == GenerationMode.NEGATIVE, operacion
