"""Issue 28 §2: each diversion signal raises the subject where its pattern was planted, and no normal
subject of the same peer group (on PostgreSQL: the signals are SQL)."""

import pytest

from core import desvios
from core.tests.desvios_datos import FECHA, Mundo

pytestmark = pytest.mark.django_db

PLANTAS = {
    "galones_zarpe": "plantar_galones",
    "zarpes_seguidos": "plantar_seguidos",
    "negados_luego_grande": "plantar_negados",
    "cupo_tras_firmeza": "plantar_firmeza",
    "redimido_lejos": "plantar_lejos",
    "declarado_vendido": "plantar_declarado",
    "discrepancias_mayorista": "plantar_discrepancias",
    "tope_frontera": "plantar_tope",
    "tanques_llenos_dia": "plantar_tanques",
}


def test_las_nueve_senales_estan_registradas_por_sus_apps():
    assert {s.codigo for s in desvios.senales()} == set(PLANTAS)


def test_el_mundo_normal_no_levanta_ninguna_senal():
    Mundo()
    levantados = {s.codigo: [h.sujeto for h in s.calcular(FECHA)] for s in desvios.senales()}
    assert levantados == {codigo: [] for codigo in PLANTAS}


def test_cada_senal_levanta_solo_su_patron_plantado():
    mundo = Mundo()
    plantados = {codigo: getattr(mundo, metodo)() for codigo, metodo in PLANTAS.items()}
    for senal in desvios.senales():
        hallazgos = list(senal.calcular(FECHA))
        assert [h.sujeto_id for h in hallazgos] == [plantados[senal.codigo].id], senal.codigo
        hallazgo = hallazgos[0]
        assert hallazgo.detalle.endswith(".") and len(hallazgo.detalle) < 400, hallazgo.detalle
        assert hallazgo.evidencia and all(e.url.startswith("/") for e in hallazgo.evidencia), senal.codigo
        assert 0 < hallazgo.puntaje <= 100
