"""Issue 45, defect 9: dates are Bogotá's, periods are read as words, tonnes do not read as thousands, months
are lowercase."""

import datetime as dt
from decimal import Decimal

from django.template import Context, Template
from django.utils import timezone


def _pinta(plantilla: str, **contexto) -> str:
    return Template(plantilla).render(Context(contexto)).strip()


def test_issue45_un_momento_de_la_noche_en_bogota_no_es_del_dia_siguiente():
    # 22:21 in Bogotá on 3 December is 03:21 UTC on the 4th.
    momento = dt.datetime(2026, 12, 4, 3, 21, tzinfo=dt.UTC)
    assert _pinta("{% load reserva_formato %}{{ m|fecha }}", m=momento) == "3 de diciembre de 2026"
    assert _pinta("{% load fechas %}{{ m|fecha_hora }}", m=momento) == "3 de diciembre de 2026, 22:21"
    from core.templatetags.auditoria import _valor

    assert _valor(momento.isoformat()) == "3 de diciembre de 2026"
    assert timezone.localtime(momento).day == 3


def test_issue45_un_periodo_se_lee_en_palabras():
    assert _pinta("{% load fechas %}{{ p|mes_largo }}", p=dt.date(2026, 10, 1)) == "octubre de 2026"


def test_issue45_las_toneladas_no_se_leen_como_miles():
    pinta = lambda v: _pinta("{% load reserva_formato %}{{ v|toneladas }}", v=Decimal(v))  # noqa: E731
    assert pinta("850.500") == "850,5"
    assert pinta("1000.000") == "1.000"
    assert pinta("12.125") == "12,125"
    assert pinta("0.001") == "0,001"


def test_issue45_la_firma_dice_el_mes_en_minusculas_y_la_hora_de_bogota():
    from types import SimpleNamespace

    from django.template.loader import render_to_string

    verificacion = SimpleNamespace(valida=True, firmante="Ana Pérez", cargo="Directora",
                                   entidad="Dirección General Marítima (Dimar)",
                                   fecha=dt.datetime(2026, 12, 4, 3, 21, tzinfo=dt.UTC), nivel="B-LT", demo=False)
    html = render_to_string("core/_firma_estado.html", {"verificacion": verificacion})
    assert "el 3 de diciembre de 2026, 22:21" in html and "Diciembre" not in html
    assert "(Dirección General Marítima (Dimar))" not in html  # no doubled parentheses


def test_issue45_la_auditoria_dice_los_campos_sus_valores_y_los_archivos_como_se_leen():
    """Issue 45, defect 12: /auditoria/ showed unaccented field names, raw enum values and storage paths."""
    from core.templatetags.auditoria import valores_legibles

    filas = dict(valores_legibles({"estado": "en_firme", "fecha_firmeza": "2026-03-17"}, "cupos.cupo"))
    assert filas["Estado"] == "En firme" and "en_firme" not in filas.values()
    assert filas["Fecha firmeza"] == "17 de marzo de 2026"
    archivo = dict(valores_legibles({"sobordo": "reserva/sobordos/2026/03/sobordo-0042.pdf"}, "reserva.arribo"))
    assert list(archivo.values()) == ["sobordo-0042.pdf"]
