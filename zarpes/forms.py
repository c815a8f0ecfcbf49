"""Forms of the zarpe pages. They check the shape of what was typed; zarpes.services decides."""

import uuid

from django import forms
from django.utils.formats import number_format

from core.models import Capitania
from core.vencimientos.calendario import today
from core.web.forms import Accesible, CampoFecha, CampoGalones, hasta_hoy
from zarpes.models import Anulacion, Zarpe


class ZarpeForm(Accesible, forms.Form):
    """R-13: what the officer types for one zarpe request at the capitanía."""

    nave = forms.IntegerField(widget=forms.HiddenInput)
    # One token per rendered form: a second POST of the same form shows the first result
    # instead of asking the service again (see views/oficial.py, expedir).
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


class InspeccionForm(Accesible, forms.Form):
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


class DiaForm(Accesible, forms.Form):
    """Which day's zarpes the officer sees (today unless chosen)."""

    dia = CampoFecha(label="Zarpes del día", required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        hasta_hoy(self, "dia")

    def dia_elegido(self):
        if self.is_valid() and self.cleaned_data.get("dia"):
            return self.cleaned_data["dia"]
        return today()


class FiltrosZarpesForm(Accesible, forms.Form):
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


class AnulacionForm(Accesible, forms.Form):
    """Why the certificate is annulled: its zarpe never sailed (the page says what will happen)."""

    motivo = forms.CharField(
        label="Motivo de la anulación",
        max_length=Anulacion._meta.get_field("motivo").max_length,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Por ejemplo: la nave no zarpó por mal tiempo; el capitán desistió del zarpe.",
        error_messages={"required": "Indique el motivo de la anulación."},
    )
