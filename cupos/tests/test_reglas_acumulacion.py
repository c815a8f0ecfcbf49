"""R-10: the accumulation rules as data; the acuicultora note (D1891 prevails over arts. 5 and 15)."""

import datetime as dt
import importlib

import pytest
from django.apps import apps

from core.roles import Rol
from cupos.models import ReglaAcumulacion
from cupos.selectors.cupos import regla_aplicable
from cupos.tests.factories import AcuicultoraFactory, NaveFactory

D = dt.date


@pytest.mark.django_db
def test_r10_acuicultoras_have_no_rule_before_decreto_4335():
    """The original art. 2 (2002) covers vessels and the Armada only."""
    acuicultora = AcuicultoraFactory()
    assert regla_aplicable(beneficiario=acuicultora, fecha=D(2003, 6, 1)) is None
    assert regla_aplicable(beneficiario=acuicultora, fecha=D(2005, 6, 1)).meses == 3  # D4335
    assert regla_aplicable(beneficiario=acuicultora, fecha=D(2026, 6, 1)).meses == 2  # D1891: bimestral
    assert regla_aplicable(beneficiario=NaveFactory(), fecha=D(2003, 6, 1)).meses == 1


@pytest.mark.django_db
def test_r10_the_data_migration_removes_the_invented_2002_row():
    ReglaAcumulacion.objects.create(
        clase="acuicultora", meses=1, vigente_desde=D(2002, 7, 19), vigente_hasta=D(2004, 12, 20), base_legal="x"
    )
    migracion = importlib.import_module("cupos.migrations.0006_sin_regla_acuicultora_2002_y_datos_r06")
    migracion.quitar_regla_2002(apps, None)
    assert not ReglaAcumulacion.objects.filter(clase="acuicultora", vigente_desde__year=2002).exists()
    assert ReglaAcumulacion.objects.filter(clase="acuicultora").count() == 3


@pytest.mark.django_db
def test_r10_the_rules_page_says_bimonthly_prevails_for_acuicultoras(entrar):
    acuicultora = AcuicultoraFactory()
    pagina = entrar(Rol.DISTRIBUIDOR).get("/cupos/reglas-acumulacion/").content.decode()
    assert "bimestral" in pagina and "deroga las demás disposiciones que le sean contrarias" in pagina
    assert "parágrafo 3 del artículo 5 y el artículo 15" in pagina
    assert "/cupos/reglas-acumulacion/" in entrar().get(f"/beneficiarios/{acuicultora.id}/").content.decode()
