"""Forms of the zarpe pages. They check the shape of what was typed; zarpes.services decides."""

import uuid

from django import forms
from django.utils.formats import number_format

from core.comun.fechas import fecha_larga
from core.models import Capitania
from core.vencimientos.calendario import today
from core.web.forms import Accesible, CampoFecha, CampoGalones, hasta_hoy
from zarpes.models import Anulacion, InspectorDesignado, Zarpe
from zarpes.selectors.inspectores import inspectores_para_informe


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
    """R-17: the gallons the pollution inspector saw taken; R-13: which designated inspector signed it.

    `inspectores` are the capitanía's designations that may sign a report of this zarpe (in force some
    day from the zarpe to today: views/oficial.py reads them once for the whole day's list). The choice
    is required when one of them is in force today; the service checks it was in force on the report's date.
    """

    fecha = CampoFecha(
        label="Fecha del informe",
        error_messages={"required": "Indique la fecha del informe."},
    )
    galones_verificados = CampoGalones(
        label="Galones verificados",
        error_messages={"required": "Indique los galones verificados por el inspector."},
    )

    inspector = forms.TypedChoiceField(
        label="Inspector de contaminación designado",
        coerce=int,
        empty_value=None,
        required=False,
        help_text="El inspector que la capitanía designó y firmó el informe (R-13).",
        error_messages={
            "required": "Elija el inspector designado que firmó el informe.",
            "invalid_choice": "Elija un inspector designado por la capitanía de la lista.",
        },
    )

    def __init__(self, *args, zarpe: Zarpe, inspectores: list[InspectorDesignado] | None = None, **kwargs):
        kwargs.setdefault("initial", {"fecha": today()})
        kwargs.setdefault("prefix", f"inspeccion-{zarpe.id}")
        super().__init__(*args, **kwargs)
        hasta_hoy(self, "fecha")
        self.zarpe = zarpe
        hoy = today()
        desde = zarpe.fecha or hoy
        if inspectores is None:
            inspectores = list(inspectores_para_informe(capitania_id=zarpe.capitania_id, desde=desde, hasta=hoy))
        posibles = [i for i in inspectores if i.vigente_hasta is None or i.vigente_hasta >= desde]
        campo = self.fields["inspector"]
        campo.choices = [("", "— Elija el inspector —"), *((i.id, _etiqueta_inspector(i)) for i in posibles)]
        campo.required = any(i.vigente_en(hoy) for i in posibles)
        if not posibles:
            campo.help_text = "La capitanía no tiene inspectores designados vigentes: el informe queda sin inspector."
        autorizados = number_format(zarpe.galones_autorizados, decimal_pos=2, force_grouping=True)
        self.fields["galones_verificados"].label = f"Galones verificados (máx. {autorizados})"


def _etiqueta_inspector(inspector: InspectorDesignado) -> str:
    if inspector.vigente_hasta is None:
        return f"{inspector.nombre} (C.C. {inspector.documento})"
    return f"{inspector.nombre} (C.C. {inspector.documento}, hasta el {fecha_larga(inspector.vigente_hasta)})"


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


class InspectorDesignadoForm(Accesible, forms.Form):
    """R-13: the capitanía's designation of a pollution inspector (Dimar and administrators choose the
    capitanía; an officer designates at its own)."""

    capitania = forms.ChoiceField(label="Capitanía", required=False)
    nombre = forms.CharField(
        label="Nombre completo del inspector", max_length=150,
        error_messages={"required": "Indique el nombre del inspector."},
    )
    documento = forms.CharField(
        label="Cédula de ciudadanía", max_length=20,
        help_text="Solo los dígitos, sin puntos ni espacios.",
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
        error_messages={"required": "Indique la cédula del inspector."},
    )
    acto_designacion = forms.CharField(
        label="Acto de designación", max_length=150,
        help_text="La resolución o acto de la capitanía que lo designa. Por ejemplo: Resolución 0123 de 2026.",
        error_messages={"required": "Indique el acto de designación."},
    )
    vigente_desde = CampoFecha(label="Vigente desde", error_messages={"required": "Indique desde cuándo rige."})
    vigente_hasta = CampoFecha(
        label="Vigente hasta", required=False, help_text="Déjelo vacío si la designación no tiene fecha final.",
    )

    def __init__(self, *args, elegir_capitania: bool = False, **kwargs):
        kwargs.setdefault("initial", {"vigente_desde": today()})
        super().__init__(*args, **kwargs)
        if elegir_capitania:
            capitanias = Capitania.objects.order_by("codigo").values_list("codigo", "nombre")
            campo = self.fields["capitania"]
            campo.required = True
            campo.error_messages["required"] = "Elija la capitanía que designa al inspector."
            campo.choices = [("", "— Elija la capitanía —"), *((c, f"{c} — {n}") for c, n in capitanias)]
        else:
            del self.fields["capitania"]

    def clean(self):
        datos = super().clean()
        desde, hasta = datos.get("vigente_desde"), datos.get("vigente_hasta")
        if desde and hasta and hasta < desde:
            self.add_error("vigente_hasta", "La fecha final de la designación no puede ser anterior a la inicial.")
        return datos


class TerminarDesignacionForm(Accesible, forms.Form):
    """R-13: the last day a designation is in force."""

    vigente_hasta = CampoFecha(
        label="Último día de la designación", error_messages={"required": "Indique el último día de la designación."}
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("initial", {"vigente_hasta": today()})
        super().__init__(*args, **kwargs)
