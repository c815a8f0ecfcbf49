"""core.web.forms.SelectLigero: the same <select> as Django's, written without a template per option."""

from html.parser import HTMLParser

import pytest
from django import forms

from core.web.forms import SelectLigero


class _Lector(HTMLParser):
    def __init__(self):
        super().__init__()
        self.select, self.opciones, self._abierta = None, [], None

    def handle_starttag(self, tag, attrs):
        if tag == "select":
            self.select = dict(attrs)
        elif tag == "option":
            self._abierta = dict(attrs)
            self.opciones.append([self._abierta.get("value"), "selected" in self._abierta, ""])

    def handle_data(self, data):
        if self._abierta is not None:
            self.opciones[-1][2] += data

    def handle_endtag(self, tag):
        if tag == "option":
            self._abierta = None


def _leido(html: str):
    lector = _Lector()
    lector.feed(html)
    return lector.select, lector.opciones


class _Form(forms.Form):
    normal = forms.TypedChoiceField(required=False, coerce=int, empty_value=None)
    ligero = forms.TypedChoiceField(required=False, coerce=int, empty_value=None, widget=SelectLigero)


@pytest.mark.parametrize("dato", [None, "", "7", "13", "no-existe"])
def test_the_light_select_reads_as_djangos_own(dato):
    opciones = [("", "Todos"), *((i, f"Mayorista <{i}> & Cía «Ñ»") for i in range(1, 300))]
    datos = None if dato is None else {"normal": dato, "ligero": dato}
    form = _Form(datos)
    for nombre in ("normal", "ligero"):
        form.fields[nombre].choices = opciones
        form.fields[nombre].widget.attrs["aria-describedby"] = f"id_{nombre}_error"
    normal, ligero = _leido(str(form["normal"])), _leido(str(form["ligero"]))
    assert {k: v.replace("normal", "X") for k, v in normal[0].items()} == {
        k: v.replace("ligero", "X") for k, v in ligero[0].items()
    }
    assert normal[1] == ligero[1] and len(ligero[1]) == 300
    assert sum(elegida for _, elegida, _ in ligero[1]) == (0 if dato == "no-existe" else 1)
    assert "&lt;7&gt; &amp; Cía" in str(form["ligero"])
