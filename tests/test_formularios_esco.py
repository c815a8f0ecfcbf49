"""Issue 26, defect 5: every form of the portal, validated empty and with bad or out-of-range data, answers
in es-CO: its error messages pass the crawler's rules for messages (no English number such as «0.001» or
«800.00», no ISO date, no snake_case code, not DRF's «Este campo es requerido.»).

Every form class of the apps' forms modules is walked; a form whose constructor needs more than data says
how to build it in CONSTRUIR, so a new form is checked without anyone remembering to add it.
"""

import datetime as dt
import importlib
import inspect
from decimal import Decimal

import pytest
from django import forms
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation

from core.comun.normas import sin_norma
from tests.crawler import PATRONES_MENSAJES, hallazgos

MODULOS = ["core.web.forms", "cupos.forms", "zarpes.forms", "distribuidores.forms", "fronteras.forms", "reserva.forms"]


def clases_de_formulario():
    for nombre_modulo in MODULOS:
        modulo = importlib.import_module(nombre_modulo)
        for nombre, clase in vars(modulo).items():
            if (
                inspect.isclass(clase)
                and issubclass(clase, forms.BaseForm)
                and clase.__module__ == nombre_modulo
                and not nombre.startswith("_")
            ):
                yield clase


def _usuario():
    from core.identidad.roles import Rol
    from core.tests.factories import UsuarioFactory

    return UsuarioFactory(rol=Rol.UPME_ANALISTA)


def _zarpe():
    from zarpes.models import Zarpe

    return Zarpe(id=1, galones_solicitados=Decimal("1500"), galones_autorizados=Decimal("1234.50"))


def _inspector():
    from zarpes.models import InspectorDesignado

    return InspectorDesignado(id=7, nombre="Marta Elena Ríos", documento="45123456", vigente_desde=dt.date(2020, 1, 2))


class _Conciliacion:
    def distribuidores(self):
        return [("900456123", "Petromar S.A.S.")]

    def beneficiarios(self):
        return [("1", "Doña Lucía")]


# The extra constructor arguments of the forms that need them, one or more ways each.
CONSTRUIR = {
    "RadicarForm": lambda: [{"usuario": _usuario()}],
    "BeneficiarioForm": lambda: [{"tipo": t} for t in __import__("cupos.models", fromlist=["x"]).Beneficiario.Tipo],
    "ResolucionForm": lambda: [{"tipos": [("anual", "Anual"), ("modificatoria", "Modificatoria")]}],
    "InspeccionForm": lambda: [{"zarpe": _zarpe()}, {"zarpe": _zarpe(), "inspectores": [_inspector()]}],
    "FiltrosConciliacionForm": lambda: [{"conciliacion": _Conciliacion()}],
    "VentaForm": lambda: [{}, {"maximo": Decimal("1234.5")}],
    "LineaForm": lambda: [{}, {"solicitados": Decimal("25000"), "anio_anterior": Decimal("24000")}],
    "RecursoForm": lambda: [
        {"tipos": [("reposicion", "Reposición ante el Director General de la UPME")], "con_fecha": con_fecha}
        for con_fecha in (True, False)
    ],
}

# Bad values typed in every field, one set at a time: negative, far too big, not a number, a date out of
# any range, text far too long; then every field empty.
MALOS = [
    {},
    {"numero": "-1", "fecha": "1900-01-01", "texto": "x" * 5000},
    {"numero": "99999999999999999", "fecha": "2999-12-31", "texto": "-1"},
    {"numero": "0", "fecha": "2026-02-30", "texto": "0"},
    {"numero": "0.0001", "fecha": "ayer", "texto": "abc"},
    {"numero": "abc", "fecha": "", "texto": "1,5"},
]


def _datos(form: forms.BaseForm, valores: dict) -> tuple[dict, dict]:
    if not valores:
        return {}, {}
    datos, archivos = {}, {}
    for nombre, campo in form.fields.items():
        clave = form.add_prefix(nombre)
        if isinstance(campo, forms.FileField):
            archivos[clave] = SimpleUploadedFile("Notas de Marzo.TXT", valores["texto"][:10].encode() or b"")
        elif isinstance(campo, (forms.DateField, forms.DateTimeField)):
            datos[clave] = valores["fecha"]
        elif isinstance(campo, (forms.DecimalField, forms.IntegerField, forms.FloatField)) or "galones" in nombre:
            datos[clave] = valores["numero"]
        elif isinstance(campo, forms.ChoiceField):
            datos[clave] = "no-existe"  # not a number: the refusal repeats what was typed
        elif isinstance(campo, forms.BooleanField):
            datos[clave] = "on"
        else:
            datos[clave] = (
                valores["numero"] if any(p in nombre for p in ("toneladas", "valor", "monto")) else valores["texto"]
            )
    return datos, archivos


def _instancias(clase):
    argumentos = CONSTRUIR.get(clase.__name__, lambda: [{}])()
    return argumentos


def mensajes(form: forms.BaseForm) -> list[str]:
    return [str(m) for lista in form.errors.values() for m in lista]


@pytest.mark.django_db
@pytest.mark.parametrize("clase", list(clases_de_formulario()), ids=lambda c: f"{c.__module__}.{c.__name__}")
def test_los_errores_de_cada_formulario_se_leen_en_es_co(clase):
    problemas, vistos = [], 0
    with translation.override("es-co"):
        for extra in _instancias(clase):
            try:
                clase(**extra)
            except TypeError as exc:
                pytest.fail(f"{clase.__name__} necesita argumentos: agréguelo a CONSTRUIR ({exc})")
            for valores in MALOS:
                form = clase(**extra)
                datos, archivos = _datos(form, valores)
                form = clase(data=datos, files=archivos, **extra)
                form.is_valid()
                for mensaje in mensajes(form):
                    vistos += 1
                    problemas += [
                        (clase.__name__, tipo, hallado, mensaje)
                        for tipo, hallado, _ in hallazgos(sin_norma(mensaje), PATRONES_MENSAJES)
                    ]
    assert not problemas, "\n".join(map(str, problemas))
    assert vistos or not _tiene_campos_obligatorios_o_validados(clase), f"{clase.__name__}: ningún error que leer"


def _tiene_campos_obligatorios_o_validados(clase) -> bool:
    return any(c.required or c.validators for c in clase.base_fields.values())


def test_el_mensaje_de_campo_obligatorio_es_el_de_django_es_co():
    """DRF's Spanish catalog said «Este campo es requerido.» for every form; the portal's catalog wins."""
    with translation.override("es-co"):
        form = forms.Form(data={})
        form.fields["x"] = forms.CharField()
        assert mensajes(form) == ["Este campo es obligatorio."]
        from rest_framework import serializers

        class S(serializers.Serializer):
            x = serializers.CharField()

        s = S(data={})
        s.is_valid()
        assert [str(e) for e in s.errors["x"]] == ["Este campo es obligatorio."]


def test_los_limites_de_los_validadores_salen_en_es_co():
    """Django's MinValueValidator printed the Decimal as is: «mayor o igual a 0.001» (reserva's tonnes)."""
    from core.web.forms import Accesible

    class Toneladas(Accesible, forms.Form):
        toneladas = forms.DecimalField(min_value=Decimal("0.001"), max_value=Decimal("1500000"), decimal_places=3)
        hasta = forms.DateField(
            validators=[__import__("django.core.validators", fromlist=["x"]).MaxValueValidator(dt.date(2026, 3, 17))]
        )

    with translation.override("es-co"):
        bajo = Toneladas(data={"toneladas": "0", "hasta": "2026-04-01"})
        assert mensajes(bajo) == [
            "Asegúrese de que este valor sea mayor o igual a 0,001.",
            "Asegúrese de que este valor sea menor o igual a 17 de marzo de 2026.",
        ]
        alto = Toneladas(data={"toneladas": "2000000", "hasta": "2026-03-01"})
        assert mensajes(alto) == ["Asegúrese de que este valor sea menor o igual a 1.500.000."]


@pytest.mark.parametrize("escrito", ["-800", "-800,50", "- 12.5", "-0"])
def test_galones_negativos_dicen_que_deben_ser_mayores_que_cero(escrito):
    """Issue 26, defect 9: «-800» is a well-written number that is not allowed, not a badly written one."""
    from core.web.forms import CampoGalones

    with pytest.raises(forms.ValidationError) as exc:
        CampoGalones(label="Galones").clean(escrito)
    assert exc.value.messages == ["Los galones deben ser mayores que cero."]


def test_galones_mal_escritos_siguen_explicando_como_escribirlos():
    from core.web.forms import CampoGalones

    with pytest.raises(forms.ValidationError) as exc:
        CampoGalones(label="Galones").clean("ochocientos")
    assert exc.value.messages[0].startswith("Escriba los galones con números, con punto para los miles")


@pytest.mark.parametrize(
    "escrito, leido",
    [("3.000", "3000"), ("18.500", "18500"), ("6.000,50", "6000.50"), ("1.250,5", "1250.5"),
     ("1.234.567,89", "1234567.89"), ("800,5", "800.5"), ("800.50", "800.50"), ("0,5", "0.5"), ("12", "12")],
)
def test_issue45_las_cifras_se_escriben_como_las_muestra_el_portal(escrito, leido):
    """Issue 45, defect 8: every page shows «6.000,50»; every number input takes it (capacity «3.000», freight
    «18.500», gallons «6.000,50», declared «1.250,5»). A point before groups of three digits is the thousands
    separator."""
    from decimal import Decimal

    from core.web.forms import CampoDecimal, CampoGalones

    assert CampoDecimal(max_digits=14, decimal_places=2).clean(escrito) == Decimal(leido)
    assert CampoGalones(label="Galones").clean(escrito) == Decimal(leido).quantize(Decimal("0.01"))


@pytest.mark.parametrize("escrito", ["6,000.50", "1,250,000", "1.2.3", "1.25.000", "1.000,5,5"])
def test_issue45_una_cifra_que_no_se_lee_sin_adivinar_se_rechaza_diciendo_como_escribirla(escrito):
    from core.web.forms import CampoDecimal, CampoGalones

    for campo in (CampoDecimal(max_digits=14, decimal_places=2), CampoGalones(label="Galones")):
        with pytest.raises(forms.ValidationError) as exc:
            campo.clean(escrito)
        assert "con punto para los miles y coma para los decimales, por ejemplo 6.000,50" in exc.value.messages[0]
