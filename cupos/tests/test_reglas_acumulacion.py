"""R-10: the accumulation rules as data; the acuicultora note (D1891 prevails over arts. 5 and 15)."""

import datetime as dt
import importlib

import pytest
from django.apps import apps

from core.identidad.roles import Rol
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


def _nave(tipo="nave_nacional", trb="120"):
    """An unsaved vessel: regla_aplicable reads only its kind and TRB."""
    from decimal import Decimal

    from cupos.models import Beneficiario

    return Beneficiario(tipo=tipo, trb=Decimal(trb))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("trb", "meses"),
    [("0", 1), ("59.99", 1), ("59.995", 1), ("60", 3), ("300", 3), ("300.005", 4), ("300.5", 4), ("301", 4)],
)
def test_r10_no_trb_falls_between_the_rows(trb, meses):
    """D1891: «de 60 a 300 toneladas» and «de 301 toneladas»: every TRB has its rule, 300 and 60 included."""
    for tipo in ("nave_nacional", "nave_extranjera"):
        regla = regla_aplicable(beneficiario=_nave(tipo, trb), fecha=D(2026, 6, 1))
        assert regla is not None and regla.meses == meses, (tipo, trb)


@pytest.mark.django_db
def test_r10_the_2007_row_of_60_to_300_trb_is_for_national_vessels_only():
    """D3802 de 2007: «para los barcos de 60 a 300 toneladas de bandera nacional»."""
    fecha = D(2008, 6, 1)
    assert regla_aplicable(beneficiario=_nave("nave_nacional", "120"), fecha=fecha).meses == 2
    assert regla_aplicable(beneficiario=_nave("nave_extranjera", "120"), fecha=fecha).meses == 1
    assert regla_aplicable(beneficiario=_nave("nave_extranjera", "450"), fecha=fecha).meses == 4
    assert regla_aplicable(beneficiario=_nave("nave_extranjera", "120"), fecha=D(2026, 6, 1)).meses == 3  # D1891


@pytest.mark.django_db
def test_r10_regime_dates_are_editable_data_marked_por_confirmar(client, crear_usuario, entrar):
    por_confirmar = ReglaAcumulacion.objects.filter(fechas_por_confirmar=True)
    assert por_confirmar.filter(vigente_desde=D(2009, 5, 26)).exists()  # D1891: «rige a partir de su publicación»
    assert por_confirmar.filter(vigente_desde=D(2004, 12, 21)).exists()
    client.force_login(crear_usuario(Rol.UPME_ANALISTA, is_staff=True))
    admin = client.get("/admin/cupos/reglaacumulacion/").content.decode()
    assert "«por confirmar»" in admin and "más de 300 TRB" in admin
    regla = por_confirmar.get(vigente_desde=D(2009, 5, 26), clase="acuicultora")
    cambio = client.get(f"/admin/cupos/reglaacumulacion/{regla.pk}/change/").content.decode()
    assert 'name="fechas_por_confirmar"' in cambio and 'name="vigente_desde"' in cambio  # editable there
    pagina = entrar().get("/cupos/reglas-acumulacion/").content.decode()
    assert "fechas por confirmar" in pagina and "solo bandera nacional" in pagina
