"""Issue 45: a service's field errors read as sentences where a page has no field to put them beside."""

from core.comun.errors import DatosInvalidos


def test_el_detalle_son_las_frases_sin_los_nombres_de_los_campos():
    exc = DatosInvalidos(
        {"modifica": "La resolución que se modifica debe ser la anual de 2026.", "anio": ["Falta el año.", "Otro."]}
    )
    assert exc.detalle == "La resolución que se modifica debe ser la anual de 2026. Falta el año. Otro."
    assert "modifica:" not in exc.detalle and exc.errores["anio"] == ["Falta el año.", "Otro."]
