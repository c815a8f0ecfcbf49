"""R-13 through API.md's inspector's report: the optional `inspector` (a designation's id)."""

import datetime as dt

import pytest

from core.identidad.roles import Rol
from core.tests.factories import CapitaniaFactory
from zarpes.models import Inspeccion
from zarpes.tests.factories import designar, nave_con_cupo
from zarpes.tests.test_zarpes_apis import zarpe


@pytest.fixture
def oficial(cliente):
    return cliente(Rol.CAPITANIA_OFICIAL)


def informe(api, zarpe_id, **extra):
    cuerpo = {"fecha": "2026-04-03", "galones_verificados": 700, **extra}
    return api.post(f"/api/v1/zarpes/{zarpe_id}/inspeccion/", cuerpo, format="json")


@pytest.mark.django_db
def test_r13_el_informe_del_inspector_nombra_un_inspector_designado_por_la_capitania_api(oficial):
    inspector = designar(oficial.usuario)
    z = zarpe(oficial, nave_con_cupo()[0]).json()
    r = informe(oficial, z["id"], inspector=inspector.id)
    assert r.status_code == 200
    assert r.json()["inspector"] == {"id": inspector.id, "nombre": "Marta Elena Ríos", "documento": "45123456"}
    assert Inspeccion.objects.get(zarpe_id=z["id"]).inspector_id == inspector.id


@pytest.mark.django_db
def test_r13_api_md_sin_inspector_sigue_funcionando(oficial):
    designar(oficial.usuario)
    z = zarpe(oficial, nave_con_cupo()[0]).json()
    r = informe(oficial, z["id"])  # exactly API.md's body
    assert r.status_code == 200 and r.json()["reintegro"] == "100.00" and r.json()["inspector"] is None
    z2 = zarpe(oficial, nave_con_cupo()[0]).json()
    assert informe(oficial, z2["id"], inspector=None).json()["inspector"] is None


@pytest.mark.django_db
def test_r13_un_inspector_de_otra_capitania_o_vencido_es_400_api(oficial, cliente):
    otro = cliente(Rol.CAPITANIA_OFICIAL, capitania=CapitaniaFactory(codigo="CP01", nombre="Barranquilla"))
    ajeno = designar(otro.usuario)
    vencido = designar(oficial.usuario, documento="80123456", hasta=dt.date(2026, 3, 31))
    z = zarpe(oficial, nave_con_cupo()[0]).json()
    for fuera in (ajeno.id, vencido.id, 987654):
        r = informe(oficial, z["id"], inspector=fuera)
        assert r.status_code == 400, r.json()
        assert "inspector" in r.json()
    assert "no está designado por la Capitanía de Puerto de Cartagena" in str(
        informe(oficial, z["id"], inspector=ajeno.id).json()
    )
    assert "no estaba vigente el 3 de abril de 2026" in str(informe(oficial, z["id"], inspector=vencido.id).json())
    assert informe(oficial, z["id"], inspector="uno").status_code == 400
    assert not Inspeccion.objects.exists()
