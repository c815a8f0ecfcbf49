"""Fixtures of the border-zone tests: users of each role, a logged-in page client, the example."""

import pytest

from core.identidad.roles import Rol
from core.tests.roles import usuario_de
from fronteras.services.estaciones import certificado_transporte_register
from fronteras.tests.factories import D, asignar, crear_ejemplo, ejecutoriar

ecopetrol = usuario_de(Rol.ECOPETROL)


@pytest.fixture
def ejemplo(analista):
    return crear_ejemplo(analista)


@pytest.fixture
def ejecutoriada(analista, ejemplo):
    """The example's assignment, final on 2026-04-11 (its act recorded before the procedure)."""
    return ejecutoriar(analista, asignar(analista), D(2026, 4, 11))


@pytest.fixture
def transporte_b(analista, ejemplo):
    """F-04: station B's transport-company certificate for 2026, delivered on 20 January, which keeps its extra
    all year."""
    return certificado_transporte_register(actor=analista, estacion=ejemplo["B"], vigente_desde=D(2026, 1, 1),
                                           vigente_hasta=D(2026, 12, 31), subsidio_pct=30,
                                           fecha_entrega=D(2026, 1, 20))


minminas = usuario_de(Rol.MINMINAS)
