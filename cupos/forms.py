"""Forms of the cupo actions. They check shape only; the services decide (R-06, R-12)."""

from django import forms

from core.calendario import today
from cupos.views.comun import CampoFecha


class FirmezaForm(forms.Form):
    fecha_firmeza = CampoFecha(
        label="Fecha de firmeza",
        help_text="Desde ese día cada cupo se puede consumir y se comunica a Dimar (R-06). No puede ser posterior a hoy.",
        error_messages={"required": "Indique la fecha de firmeza."},
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("initial", {"fecha_firmeza": today()})
        super().__init__(*args, **kwargs)


class CancelarCupoForm(forms.Form):
    fecha = CampoFecha(
        label="Cancelado desde",
        help_text="Desde ese día no se puede consumir el cupo (R-12). No puede ser posterior a hoy.",
        error_messages={"required": "Indique la fecha desde la cual se cancela el cupo."},
    )
    motivo = forms.CharField(
        label="Motivo de la cancelación",
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Por ejemplo: Dimar informó la cancelación de la matrícula (comunicación No. …).",
        error_messages={"required": "Indique el motivo de la cancelación."},
        max_length=2000,
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("initial", {"fecha": today()})
        kwargs.setdefault("prefix", "cancelar")
        super().__init__(*args, **kwargs)


class CausaJustificadaForm(forms.Form):
    causa = forms.CharField(
        label="Causa justificada de la inactividad",
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="R-12: con una causa justificada registrada, el cupo sin uso no se marca para cancelación.",
        error_messages={"required": "Describa la causa justificada."},
        max_length=2000,
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("prefix", "causa")
        super().__init__(*args, **kwargs)
