"""Forms of the zarpe pages. They check the shape of what was typed; zarpes.services decides."""

import re
import uuid
from decimal import Decimal

from django import forms
from django.utils.formats import number_format

from core.calendario import today
from core.galones import round2
from core.models import Capitania
from zarpes.models import Zarpe

# Digits with an optional decimal part of up to 2 places, "," or "." as the decimal mark. No
# thousands separator: in es-CO "1.500" means 1500 but in a browser it reads 1.5, so an
# ambiguous amount is refused instead of guessed.
GALONES = re.compile(r"^\d{1,10}(?:[.,]\d{1,2})?$")


class CampoFecha(forms.DateField):
    """An ISO date from the browser's date picker, with Spanish errors."""

    def __init__(self, **kwargs):
        kwargs.setdefault("input_formats", ["%Y-%m-%d"])
        kwargs.setdefault("widget", forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
        errores = {"required": "Indique la fecha.", "invalid": "Escriba una fecha válida (AAAA-MM-DD)."}
        errores.update(kwargs.pop("error_messages", {}))
        super().__init__(error_messages=errores, **kwargs)


def hasta_hoy(form: forms.Form, *campos: str) -> None:
    """The date picker offers no future day; the services refuse one anyway (API.md).

    Set per form instance, not on the declared field: "today" changes while the server runs.
    """
    for campo in campos:
        form.fields[campo].widget.attrs["max"] = today().isoformat()


class CampoGalones(forms.CharField):
    """Gallons as an officer types them on a tablet: "800", "800,5" or "800.50"."""

    def __init__(self, **kwargs):
        errores = {"required": "Indique los galones."}
        errores.update(kwargs.pop("error_messages", {}))
        # No max_length validator: it would run on the Decimal; the pattern bounds the length.
        kwargs.setdefault(
            "widget",
            forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off", "size": 12, "maxlength": 16}),
        )
        super().__init__(error_messages=errores, **kwargs)

    def to_python(self, value):
        texto = super().to_python(value).replace(" ", "")
        if texto in self.empty_values:
            return None
        if not GALONES.match(texto):
            raise forms.ValidationError(
                "Escriba los galones solo con números, sin separador de miles; use coma o punto "
                "solo para los decimales (máximo 2). Por ejemplo: 800 o 800,50.",
                code="invalid",
            )
        return round2(Decimal(texto.replace(",", ".")))


class ZarpeForm(forms.Form):
    """R-13: what the officer types for one zarpe request at the capitanía."""

    nave = forms.IntegerField(widget=forms.HiddenInput)
    # One token per rendered form: a second POST of the same form shows the first result
    # instead of asking the service again (see views.expedir).
    token = forms.UUIDField(widget=forms.HiddenInput)
    certificado_anterior = forms.CharField(
        label="Certificado anterior presentado",
        required=False,
        max_length=30,
        help_text=(
            "Número del último certificado de cupo de exención que presenta el capitán (R-14). "
            "Déjelo vacío si es el primer zarpe de la nave."
        ),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters"}),
    )
    galones_solicitados = CampoGalones(
        label="Galones solicitados",
        help_text="Galones verificados por el inspector de contaminación (R-13).",
        error_messages={"required": "Indique los galones solicitados."},
    )
    fecha = CampoFecha(
        label="Fecha del zarpe",
        help_text="Hoy, o la fecha de un zarpe en papel que se registra tarde. No puede ser posterior a hoy.",
        error_messages={"required": "Indique la fecha del zarpe."},
    )

    def __init__(self, *args, **kwargs):
        initial = kwargs.setdefault("initial", {})
        initial.setdefault("fecha", today())
        initial.setdefault("token", uuid.uuid4())
        super().__init__(*args, **kwargs)
        hasta_hoy(self, "fecha")

    def clean_certificado_anterior(self):
        return self.cleaned_data["certificado_anterior"].strip().upper()


class InspeccionForm(forms.Form):
    """R-17: the gallons the pollution inspector saw taken."""

    fecha = CampoFecha(
        label="Fecha del informe",
        error_messages={"required": "Indique la fecha del informe."},
    )
    galones_verificados = CampoGalones(
        label="Galones verificados",
        error_messages={"required": "Indique los galones verificados por el inspector."},
    )

    def __init__(self, *args, zarpe: Zarpe, **kwargs):
        kwargs.setdefault("initial", {"fecha": today()})
        kwargs.setdefault("prefix", f"inspeccion-{zarpe.id}")
        super().__init__(*args, **kwargs)
        hasta_hoy(self, "fecha")
        self.zarpe = zarpe
        autorizados = number_format(zarpe.galones_autorizados, decimal_pos=2, force_grouping=True)
        self.fields["galones_verificados"].label = f"Galones verificados (máx. {autorizados})"


class DiaForm(forms.Form):
    """Which day's zarpes the officer sees (today unless chosen)."""

    dia = CampoFecha(label="Zarpes del día", required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        hasta_hoy(self, "dia")

    def dia_elegido(self):
        if self.is_valid() and self.cleaned_data.get("dia"):
            return self.cleaned_data["dia"]
        return today()


class FiltrosZarpesForm(forms.Form):
    """Filters of the list every reader of zarpes sees (Dimar, UPME, auditors)."""

    capitania = forms.ChoiceField(label="Capitanía", required=False)
    desde = CampoFecha(label="Fecha desde", required=False)
    hasta = CampoFecha(label="Fecha hasta", required=False)
    estado = forms.ChoiceField(
        label="Estado", required=False, choices=[("", "Todos"), *Zarpe.Estado.choices]
    )
    matricula = forms.CharField(
        label="Matrícula", required=False, max_length=30,
        widget=forms.TextInput(attrs={"type": "search", "autocomplete": "off"}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        capitanias = Capitania.objects.order_by("codigo").values_list("codigo", "nombre")
        self.fields["capitania"].choices = [("", "Todas"), *((c, f"{c} — {n}") for c, n in capitanias)]

    def clean(self):
        datos = super().clean()
        desde, hasta = datos.get("desde"), datos.get("hasta")
        if desde and hasta and desde > hasta:
            self.add_error("hasta", "La fecha hasta debe ser igual o posterior a la fecha desde.")
        return datos

    def filtros(self) -> dict:
        """The valid filters only: a bad date is reported next to its field and ignored."""
        self.is_valid()
        datos = getattr(self, "cleaned_data", {})
        return {
            "capitania": datos.get("capitania") or "",
            "desde": datos.get("desde") if "desde" not in self.errors else None,
            "hasta": datos.get("hasta") if "hasta" not in self.errors else None,
            "estado": datos.get("estado") or "",
            "matricula": (datos.get("matricula") or "").strip().upper(),
        }
