"""Fixtures of the cargo reservation: the registries of the DOMAIN.md cargo example and clients."""

import pytest

from core.identidad.roles import Rol
from core.tests.factories import CapitaniaFactory
from core.tests.roles import api_de
from reserva.models import Agencia, Nave, Ruta


@pytest.fixture(autouse=True)
def _porcentajes_de_migracion(request):
    """Transactional tests elsewhere truncate every table, data migrations included: put C-01's
    shares back (as the root conftest does for R-10's rules)."""
    if request.node.get_closest_marker("django_db") is None and "db" not in request.fixturenames:
        return
    request.getfixturevalue("db")
    from reserva.models import PorcentajeReserva

    if not PorcentajeReserva.objects.exists():
        import importlib

        from django.apps import apps

        migracion = importlib.import_module("reserva.migrations.0004_datos_mercancia_clase_por_embalaje")
        migracion.cargar_porcentajes(apps, None)


@pytest.fixture
def registros(db):
    """Route R-07 (imports), the agency of the `agente_maritimo` fixture user, a Colombian ship and a
    foreign one, and the capitanías of Cartagena and Barranquilla."""
    cartagena = CapitaniaFactory(codigo="CP05", nombre="Capitanía de Puerto de Cartagena")
    barranquilla = CapitaniaFactory(codigo="CP03", nombre="Capitanía de Puerto de Barranquilla")
    return {
        "ruta": Ruta.objects.create(
            codigo="R-07", nombre="Golfo de México – Caribe colombiano", operacion="importacion"
        ),
        "agencia": Agencia.objects.create(nit="800123456", razon_social="Agencia Marítima del Caribe S.A.S."),
        "otra_agencia": Agencia.objects.create(nit="800999888", razon_social="Agencia del Pacífico S.A.S."),
        "colombiana": Nave.objects.create(
            nombre="Ciudad de Cartagena", imo="9300001", bandera="CO", vigente_desde="2020-01-01"
        ),
        "extranjera": Nave.objects.create(
            nombre="Atlantic Star", imo="9300002", bandera="PA", vigente_desde="2020-01-01"
        ),
        "cartagena": cartagena,
        "barranquilla": barranquilla,
    }


dimar = api_de(Rol.DIMAR)
agente = api_de(Rol.AGENTE_MARITIMO)
importador = api_de(Rol.USUARIO_CARGA)
