"""Form fields every app shares. They check the shape of what a person typed; services decide.

Numbers are typed as people in Colombia write them and as every page shows them: «6.000,50» (issue 45);
a point before groups of three digits is the thousands separator, the comma the decimal mark, and a form
that cannot be read without guessing («6,000.50») is refused (core.comun.numeros.decimal_es_co).
"""

import datetime as dt
import html
import re
from decimal import Decimal, InvalidOperation

from django import forms
from django.forms.utils import flatatt
from django.utils.safestring import mark_safe

from core.comun.fechas import fecha_larga
from core.comun.galones import round2
from core.comun.numeros import cifras_ascii, decimal_es_co, numero_texto
from core.vencimientos.calendario import today

# Up to 10 integer digits (numeric(12, 2), core.comun.galones.GALONES_MAXIMO) and 2 decimals, once read.
GALONES = re.compile(r"^\d{1,10}(?:\.\d{1,2})?$", re.ASCII)
COMO_SE_ESCRIBE = "con punto para los miles y coma para los decimales, por ejemplo 6.000,50"
PERIODO = re.compile(r"^(\d{4})-(\d{1,2})$", re.ASCII)
FORMATOS_FECHA = ["%Y-%m-%d"]


def periodo_de_texto(texto: str | None) -> dt.date | None:
    """ "2026-03" → date(2026, 3, 1); anything else → None."""
    coincide = PERIODO.match((texto or "").strip())
    if not coincide:
        return None
    anio, mes = int(coincide.group(1)), int(coincide.group(2))
    if not (2002 <= anio <= 2100 and 1 <= mes <= 12):
        return None
    return dt.date(anio, mes, 1)


def hasta_hoy(form: forms.Form, *campos: str) -> None:
    """The date picker offers no future day; the services refuse one anyway (API.md).

    Set per form instance, not on the declared field: "today" changes while the server runs.
    """
    for campo in campos:
        form.fields[campo].widget.attrs["max"] = today().isoformat()


def parametro_es_co(valor):
    """A validator's parameter (the limit of «mayor o igual a %(limit_value)s», the length of a text…) as
    a person in Colombia reads it: 0,001 and 1.500,5, not 0.001 and 1500.5; a date in words, not ISO.
    Whole numbers stay int: Django's plural messages format them with %d («como máximo 300 caracteres»)."""
    if isinstance(valor, (float, Decimal)):
        return numero_texto(valor)
    if isinstance(valor, dt.date) and not isinstance(valor, dt.datetime):
        return fecha_larga(valor)
    return valor


def errores_es_co(form: forms.BaseForm) -> None:
    """Issue 26: every message a form shows goes through es-CO formatting, including Django's own
    validators' (MinValueValidator says «mayor o igual a %(limit_value)s» with the Decimal as is)."""
    for errores in form._errors.values():
        for error in errores.as_data():
            if getattr(error, "params", None):
                error.params = {k: parametro_es_co(v) for k, v in error.params.items()}


class Accesible:
    """Each field with an error points to it (aria-describedby), with its help text, so a screen
    reader reads the error when the field takes focus (WCAG 3.3.1). Its messages read es-CO numbers
    and dates (errores_es_co)."""

    def full_clean(self):
        super().full_clean()
        if self._errors:
            errores_es_co(self)

    def add_error(self, field, error):
        super().add_error(field, error)
        for nombre in self.errors:
            if nombre in self.fields:
                campo = self[nombre]
                ids = [f"{campo.auto_id}_error"] + ([f"{campo.auto_id}_helptext"] if campo.help_text else [])
                self.fields[nombre].widget.attrs["aria-describedby"] = " ".join(ids)


class SelectLigero(forms.Select):
    """A <select> of flat choices written in Python. Django renders each <option> through two templates:
    a reconciliation filter listing the month's 300 wholesalers and 300 beneficiaries spent 60 ms of the
    page (most of it) rendering them. Same markup: the field's attributes, each option, the selected one."""

    def render(self, name, value, attrs=None, renderer=None):
        atributos = self.build_attrs(self.attrs, attrs)
        atributos["name"] = name
        elegidos = set(self.format_value(value))
        # Escaped as Django's escape() does (html.escape), without format_html's lazy-aware wrappers around
        # each of the 1,200 values: 12 of the page's 61 ms with them.
        opciones = "".join(
            f'<option value="{_escapar(clave)}"{" selected" if clave in elegidos else ""}>{_escapar(etiqueta)}</option>'
            for clave, etiqueta in ((str(v) if v is not None else "", e) for v, e in self.choices)
        )
        return mark_safe(f"<select{flatatt(atributos)}>{opciones}</select>")


def _escapar(valor) -> str:
    """conditional_escape: what is already safe HTML stays as is, anything else is escaped."""
    return valor.__html__() if hasattr(valor, "__html__") else html.escape(str(valor))


class CampoFecha(forms.DateField):
    """An ISO date from the browser's date picker, with Spanish errors."""

    def __init__(self, **kwargs):
        kwargs.setdefault("input_formats", FORMATOS_FECHA)
        kwargs.setdefault("widget", forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
        errores = {"required": "Indique la fecha.", "invalid": "Escriba una fecha válida (AAAA-MM-DD)."}
        errores.update(kwargs.pop("error_messages", {}))
        super().__init__(error_messages=errores, **kwargs)


class CampoGalones(forms.CharField):
    """Gallons as typed: "800", "800,5" or "800.50" → Decimal with 2 places."""

    def __init__(self, **kwargs):
        errores = {"required": "Indique los galones."}
        errores.update(kwargs.pop("error_messages", {}))
        # No max_length validator: it would run on the Decimal; the pattern bounds the length.
        kwargs.setdefault(
            "widget",
            forms.TextInput(
                attrs={
                    "inputmode": "decimal",
                    "autocomplete": "off",
                    "size": 12,
                    "maxlength": 16,
                }
            ),
        )
        super().__init__(error_messages=errores, **kwargs)

    def to_python(self, value):
        texto = super().to_python(value).replace(" ", "").replace("\u00a0", "")
        if texto in self.empty_values:
            return None
        leido = decimal_es_co(texto)
        if leido is not None and leido.startswith("-") and GALONES.match(leido[1:]):
            # A well-written negative amount: say what is wrong with it, not how to write numbers (issue 26).
            raise forms.ValidationError("Los galones deben ser mayores que cero.", code="min_value")
        if leido is None or not GALONES.match(leido):
            raise forms.ValidationError(
                f"Escriba los galones con números, {COMO_SE_ESCRIBE} (máximo 2 decimales).", code="invalid"
            )
        return round2(Decimal(leido))

    def prepare_value(self, value):
        return str(value).replace(".", ",") if isinstance(value, Decimal) else value


class CampoPeriodo(forms.CharField):
    """A month as AAAA-MM (the browser's month picker sends that format) → its first day."""

    def __init__(self, **kwargs):
        errores = {"required": "Indique el periodo (AAAA-MM)."}
        errores.update(kwargs.pop("error_messages", {}))
        # No max_length validator: it would measure the cleaned date. The widget limits typing.
        kwargs.setdefault(
            "widget",
            forms.TextInput(
                attrs={
                    "type": "month",
                    "placeholder": "AAAA-MM",
                    "autocomplete": "off",
                    "maxlength": 7,
                }
            ),
        )
        super().__init__(error_messages=errores, **kwargs)

    def to_python(self, value):
        texto = super().to_python(value)
        if texto in self.empty_values:
            return None
        periodo = periodo_de_texto(texto) if len(texto) <= 7 else None
        if periodo is None:
            raise forms.ValidationError("Escriba el periodo como AAAA-MM, por ejemplo 2026-03.", code="invalid")
        return periodo

    def prepare_value(self, value):
        return f"{value:%Y-%m}" if isinstance(value, dt.date) else value


class CampoDecimal(forms.DecimalField):
    """A number typed with a decimal comma (es-CO) or point, never with thousands separators.

    Django's localized input would read «0.5» as 5 under es-CO (the point is the thousands
    separator there), so the separator is decided here: one kind of mark is the decimal mark.
    """

    def __init__(self, **kwargs):
        kwargs.setdefault("widget", forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}))
        errores = {
            "invalid": f"Escriba un número {COMO_SE_ESCRIBE}.",
            "required": "Este dato es obligatorio.",
        }
        errores.update(kwargs.pop("error_messages", {}))
        super().__init__(error_messages=errores, **kwargs)

    def to_python(self, value):
        if isinstance(value, str):
            texto = value.strip().replace(" ", "").replace("\u00a0", "")
            if not cifras_ascii(texto):  # Decimal() reads "٣٤٥" and "３４５"
                raise forms.ValidationError("Escriba el número con las cifras 0 a 9.", code="invalid")
            if texto:
                leido = decimal_es_co(texto)
                if leido is None:
                    raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
                try:
                    Decimal(leido)
                except InvalidOperation as exc:
                    raise forms.ValidationError(self.error_messages["invalid"], code="invalid") from exc
                value = leido
            else:
                value = texto
        return super().to_python(value)


# --- The procedure of acts (DOMAIN §8) -----------------------------------------------------------------------

SOPORTE_AYUDA = "El acta, la guía del aviso o el escrito que lo prueba (número, fecha)."


class NotificacionForm(Accesible, forms.Form):
    """P-01: a personal notification, or one by aviso, recorded by the authority's staff."""

    medio = forms.ChoiceField(
        label="Medio", choices=[("personal", "Personal"), ("aviso", "Por aviso (surtida al final del día siguiente)")],
        error_messages={"required": "Elija el medio de la notificación."},
    )
    fecha = CampoFecha(label="Fecha de la notificación o de entrega del aviso")
    soporte = forms.CharField(label="Soporte", max_length=300, help_text=SOPORTE_AYUDA,
                              error_messages={"required": "Indique el soporte de la notificación."})


class RenunciaForm(Accesible, forms.Form):
    """P-04 (4): the person's written waiver of its recursos."""

    fecha = CampoFecha(label="Fecha del escrito de renuncia")
    soporte = forms.CharField(label="Soporte", max_length=300, help_text="El escrito de renuncia a términos.",
                              error_messages={"required": "Indique el escrito de renuncia."})


class EscaneoActoForm(Accesible, forms.Form):
    """R-05: the PDF or scan of an act issued on paper and transcribed into the portal."""

    archivo = forms.FileField(label="Escaneo del acto en papel (PDF)",
                              help_text="Reemplaza el escaneo anterior, si lo hay; queda en la auditoría.",
                              error_messages={"required": "Elija el PDF del acto en papel."})


class RecursoForm(Accesible, forms.Form):
    """P-03: a recurso in writing, with its grounds. The staff records one filed on paper with its date."""

    tipo = forms.ChoiceField(label="Recurso", error_messages={"required": "Elija el recurso."})
    fecha = CampoFecha(label="Fecha de presentación", required=False,
                       help_text="Solo si registra un recurso presentado en papel; si no, es la de hoy.")
    motivos = forms.CharField(
        label="Motivos", widget=forms.Textarea(attrs={"rows": 6}), max_length=20_000,
        error_messages={"required": "El recurso se presenta por escrito, con sus motivos."},
    )
    soporte = forms.CharField(label="Pruebas o anexos (opcional)", max_length=300, required=False)

    def __init__(self, *args, tipos, con_fecha: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tipo"].choices = tipos
        if not con_fecha:
            del self.fields["fecha"]


class DecisionForm(Accesible, forms.Form):
    """P-03: the authority decides by a motivated act: confirm, modify the gallons, or revoke."""

    sentido = forms.ChoiceField(
        label="Decisión",
        choices=[("confirma", "Confirmar el acto"), ("modifica", "Modificarlo (fijar otros galones)"),
                 ("revoca", "Revocarlo")],
        error_messages={"required": "Elija qué decide."},
    )
    galones_anuales = CampoGalones(label="Galones anuales que fija la decisión", required=False,
                                   help_text="Solo si la decisión modifica el cupo.")
    motivacion = forms.CharField(
        label="Motivación", widget=forms.Textarea(attrs={"rows": 6}), max_length=20_000,
        error_messages={"required": "La decisión es motivada: escriba sus razones."},
    )
