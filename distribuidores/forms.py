"""Forms of the wholesalers' pages. They check the shape of what was typed; the services decide."""

import datetime as dt
import re
from decimal import Decimal

from django import forms

from core.calendario import today
from core.galones import round2
from distribuidores.conciliacion import CODIGOS
from distribuidores.conciliacion.tipos import gal
from distribuidores.services_documentos import max_bytes

# Digits with up to 2 decimals, "," or "." as decimal mark, no thousands separator: in es-CO
# "1.500" means 1500 but a browser reads 1.5, so an ambiguous amount is refused, not guessed.
GALONES = re.compile(r"^\d{1,10}(?:[.,]\d{1,2})?$")
PERIODO = re.compile(r"^(\d{4})-(\d{1,2})$")


def periodo_de_texto(texto: str | None) -> dt.date | None:
    """"2026-03" → date(2026, 3, 1); anything else → None."""
    coincide = PERIODO.match((texto or "").strip())
    if not coincide:
        return None
    anio, mes = int(coincide.group(1)), int(coincide.group(2))
    if not (2002 <= anio <= 2100 and 1 <= mes <= 12):
        return None
    return dt.date(anio, mes, 1)


class Accesible:
    """Each field with an error points to it (aria-describedby), with its help text, so a screen
    reader reads the error when the field takes focus (WCAG 3.3.1)."""

    def add_error(self, field, error):
        super().add_error(field, error)
        for nombre in self.errors:
            if nombre in self.fields:
                campo = self[nombre]
                ids = [f"{campo.auto_id}_error"] + ([f"{campo.auto_id}_helptext"] if campo.help_text else [])
                self.fields[nombre].widget.attrs["aria-describedby"] = " ".join(ids)


class CampoPeriodo(forms.CharField):
    """A month as AAAA-MM (the browser's month picker sends that format)."""

    def __init__(self, **kwargs):
        errores = {"required": "Indique el periodo (AAAA-MM)."}
        errores.update(kwargs.pop("error_messages", {}))
        # No max_length validator: it would measure the cleaned date. The widget limits typing.
        kwargs.setdefault("widget", forms.TextInput(attrs={
            "type": "month", "placeholder": "AAAA-MM", "autocomplete": "off", "maxlength": 7,
        }))
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


class CampoGalones(forms.CharField):
    """Gallons as typed: "800", "800,5" or "800.50"."""

    def __init__(self, **kwargs):
        errores = {"required": "Indique los galones."}
        errores.update(kwargs.pop("error_messages", {}))
        kwargs.setdefault("widget", forms.TextInput(attrs={
            "inputmode": "decimal", "autocomplete": "off", "size": 12, "maxlength": 14,
        }))
        super().__init__(error_messages=errores, **kwargs)

    def to_python(self, value):
        texto = super().to_python(value).replace(" ", "")
        if texto in self.empty_values:
            return None
        if not GALONES.match(texto):
            raise forms.ValidationError(
                "Escriba los galones solo con números, sin separador de miles; use coma o punto solo para "
                "los decimales (máximo 2). Por ejemplo: 800 o 800,50.",
                code="invalid",
            )
        return round2(Decimal(texto.replace(",", ".")))

    def prepare_value(self, value):
        return str(value).replace(".", ",") if isinstance(value, Decimal) else value


class CampoFecha(forms.DateField):
    def __init__(self, **kwargs):
        kwargs.setdefault("input_formats", ["%Y-%m-%d"])
        kwargs.setdefault("widget", forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
        errores = {"required": "Indique la fecha.", "invalid": "Escriba una fecha válida (AAAA-MM-DD)."}
        errores.update(kwargs.pop("error_messages", {}))
        super().__init__(error_messages=errores, **kwargs)


class VerificarForm(Accesible, forms.Form):
    certificado = forms.CharField(
        label="Número del certificado de cupo de exención", required=False, max_length=30,
        help_text="Para una nave: el número impreso en el certificado que presenta el capitán, p. ej. CP05-2026-000123.",
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}),
    )
    beneficiario = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def clean_certificado(self):
        return self.cleaned_data["certificado"].strip().upper()


class VentaForm(Accesible, forms.Form):
    """R-19: what the wholesaler confirms to register the sale the check allowed."""

    beneficiario = forms.IntegerField(widget=forms.HiddenInput)
    certificado = forms.CharField(required=False, max_length=30, widget=forms.HiddenInput)
    fecha = CampoFecha(label="Fecha de la venta", help_text="Hoy, o la fecha de una venta en papel que se registra tarde.")
    galones = CampoGalones(label="Galones vendidos", error_messages={"required": "Indique los galones vendidos."})

    def __init__(self, *args, maximo: Decimal | None = None, **kwargs):
        kwargs.setdefault("initial", {}).setdefault("fecha", today())
        super().__init__(*args, **kwargs)
        self.fields["fecha"].widget.attrs["max"] = today().isoformat()
        if maximo is not None:
            self.fields["galones"].help_text = f"Máximo {gal(maximo)} galones."


class FiltrosVentasForm(Accesible, forms.Form):
    periodo = CampoPeriodo(label="Mes", required=False)
    beneficiario = forms.TypedChoiceField(label="Beneficiario", required=False, coerce=int, empty_value=None)

    def __init__(self, *args, beneficiarios=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["beneficiario"].choices = [("", "Todos"), *((b.id, str(b)) for b in beneficiarios)]

    def filtros(self) -> dict:
        self.is_valid()
        datos = getattr(self, "cleaned_data", {})
        return {"periodo": datos.get("periodo"), "beneficiario_id": datos.get("beneficiario")}


class FiltrosConciliacionForm(Accesible, forms.Form):
    codigo = forms.ChoiceField(label="Discrepancia", required=False)
    distribuidor = forms.TypedChoiceField(label="Distribuidor", required=False, coerce=int, empty_value=None)
    beneficiario = forms.TypedChoiceField(label="Beneficiario", required=False, coerce=int, empty_value=None)

    def __init__(self, *args, conciliacion, con_distribuidor: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["codigo"].choices = [
            ("", "Todas"),
            *((c, n) for c, n in CODIGOS.items() if con_distribuidor or c != "declarado_distinto_de_vendido"),
        ]
        self.fields["distribuidor"].choices = [("", "Todos"), *conciliacion.distribuidores()]
        self.fields["beneficiario"].choices = [("", "Todos"), *conciliacion.beneficiarios()]
        if not con_distribuidor:
            del self.fields["distribuidor"]

    def filtros(self) -> dict:
        """The valid filters only; an unknown choice is ignored."""
        self.is_valid()
        datos = getattr(self, "cleaned_data", {})
        return {
            "codigo": datos.get("codigo") or "",
            "distribuidor_id": datos.get("distribuidor"),
            "beneficiario_id": datos.get("beneficiario"),
        }


class DocumentoArchivoForm(Accesible, forms.Form):
    archivo = forms.FileField(
        label="Archivo", error_messages={"required": "Elija el archivo.", "empty": "El archivo está vacío."},
        widget=forms.ClearableFileInput(attrs={"accept": "application/pdf,image/png,image/jpeg"}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["archivo"].help_text = f"PDF, PNG o JPEG de hasta {max_bytes() // (1024 * 1024)} MB."


class DocumentoConservadoForm(Accesible, forms.Form):
    observacion = forms.CharField(
        label="Observación (opcional)", required=False, max_length=300,
        help_text="Por ejemplo: carpeta o caja del archivo donde se guarda el original.",
    )


class ReporteForm(Accesible, forms.Form):
    """R-20: the wholesaler's monthly report file."""

    periodo = CampoPeriodo(label="Mes reportado", help_text="AAAA-MM. Se reporta dentro de los 10 primeros días hábiles del mes siguiente.")
    archivo = forms.FileField(
        label="Archivo del reporte (CSV o XLSX)",
        help_text="Columnas: fecha, identificacion_beneficiario, certificado, galones. Separador coma o punto y coma.",
        error_messages={"required": "Elija el archivo del reporte.", "empty": "El archivo está vacío."},
        widget=forms.ClearableFileInput(attrs={
            "accept": ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        }),
    )

    def __init__(self, *args, **kwargs):
        if "initial" not in kwargs:
            anterior = (today().replace(day=1) - dt.timedelta(days=1)).replace(day=1)
            kwargs["initial"] = {"periodo": anterior}
        super().__init__(*args, **kwargs)


class DeclaracionForm(Accesible, forms.Form):
    """R-21: the gallons a vessel acquired in a finished month."""

    periodo = CampoPeriodo(label="Mes declarado", help_text="AAAA-MM: un mes ya terminado, normalmente el anterior.")
    galones_adquiridos = CampoGalones(
        label="Galones adquiridos en el mes", error_messages={"required": "Indique los galones adquiridos."},
    )

    def __init__(self, *args, **kwargs):
        if "initial" not in kwargs:
            anterior = (today().replace(day=1) - dt.timedelta(days=1)).replace(day=1)
            kwargs["initial"] = {"periodo": anterior}
        super().__init__(*args, **kwargs)
