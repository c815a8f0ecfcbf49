"""Forms of the wholesalers' pages. They check the shape of what was typed; the services decide."""

import datetime as dt
import os
from decimal import Decimal
from html import escape

from django import forms
from django.forms.utils import flatatt
from django.utils.safestring import mark_safe

from core.comun.fechas import mes_largo
from core.templatetags.fechas import fecha_hora
from core.vencimientos.calendario import today
from core.web.forms import Accesible, CampoFecha, CampoGalones, CampoPeriodo, SelectLigero, hasta_hoy
from cupos.models import Beneficiario
from distribuidores.errors import DiscrepanciaConciliacion
from distribuidores.models import DocumentoVenta
from distribuidores.selectors.conciliacion.tipos import gal
from distribuidores.selectors.documentos import documentos_requeridos
from distribuidores.services.documentos import max_bytes


class VerificarForm(Accesible, forms.Form):
    certificado = forms.CharField(
        label="Número del certificado de cupo de exención",
        required=False,
        max_length=30,
        help_text=(
            "Para una nave: el número impreso en el certificado que presenta el capitán, p. ej. CP05-2026-000123."
        ),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}),
    )
    codigo = forms.CharField(
        label="Código de verificación",
        required=False,
        max_length=200,
        help_text="El código impreso bajo el QR del certificado, p. ej. ABCD-EFGH-JKLM-NPQR (o escanee el QR).",
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}),
    )
    beneficiario = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def clean_certificado(self):
        return self.cleaned_data["certificado"].strip().upper()


class VentaForm(Accesible, forms.Form):
    """R-19: what the wholesaler confirms to register the sale the check allowed."""

    beneficiario = forms.IntegerField(widget=forms.HiddenInput)
    certificado = forms.CharField(required=False, max_length=30, widget=forms.HiddenInput)
    codigo = forms.CharField(required=False, max_length=200, widget=forms.HiddenInput)
    fecha = CampoFecha(
        label="Fecha de la venta", help_text="Hoy, o la fecha de una venta en papel que se registra tarde."
    )
    galones = CampoGalones(label="Galones vendidos", error_messages={"required": "Indique los galones vendidos."})
    # the invoice and each document's number or reference, for this kind of beneficiary (see __init__). Not
    # required here: the service names every one missing in one message (API and page alike).
    factura = forms.CharField(
        label="Número de la factura",
        required=False,
        max_length=60,
        help_text="La factura de la venta exenta: los documentos siguientes son su soporte (D1505 art. 5).",
    )
    permiso_cultivo_vigente_hasta = CampoFecha(
        label="Permiso de cultivo vigente hasta",
        required=False,
        help_text="El permiso debe estar vigente en la fecha de la entrega del combustible (D1505 art. 5 par. 3).",
    )

    PREFIJO = "documento_"

    def __init__(self, *args, maximo: Decimal | None = None, beneficiario=None, **kwargs):
        kwargs.setdefault("initial", {}).setdefault("fecha", today())
        super().__init__(*args, **kwargs)
        hasta_hoy(self, "fecha")
        self.fields["permiso_cultivo_vigente_hasta"].widget.attrs.pop("max", None)
        if maximo is not None:
            self.fields["galones"].help_text = f"Máximo {gal(maximo)} galones."
        self.requeridos = documentos_requeridos(beneficiario.tipo, beneficiario.actividad) if beneficiario else ()
        for tipo in self.requeridos:
            self.fields[self.PREFIJO + tipo] = forms.CharField(
                label=f"{DocumentoVenta.Tipo(tipo).label}: número o referencia",
                required=False,
                max_length=120,
                help_text="Recibido al momento de la venta; el distribuidor conserva el original (R-23).",
            )
        if beneficiario is None or beneficiario.tipo != Beneficiario.Tipo.ACUICULTORA:
            del self.fields["permiso_cultivo_vigente_hasta"]

    def campos_de_documentos(self) -> list:
        """The bound fields of the documents, in the order R-23 lists them (for the template)."""
        return [self[self.PREFIJO + tipo] for tipo in self.requeridos]

    def documentos(self) -> list[dict]:
        """R-23: what the service takes: each document typed, with its reference."""
        return [
            {"tipo": tipo, "referencia": self.cleaned_data.get(self.PREFIJO + tipo) or ""}
            for tipo in self.requeridos
            if (self.cleaned_data.get(self.PREFIJO + tipo) or "").strip()
        ]


class SelectRapido(forms.Widget):
    """A select rendered in one pass from plain (value, label) pairs (no template and no choice
    normalisation per option): a national list of beneficiaries has 10,000 options, which Django's
    Select takes hundreds of milliseconds to render."""

    def __init__(self, attrs=None, opciones=()):
        super().__init__(attrs)
        self.opciones = opciones

    def render(self, name, value, attrs=None, renderer=None):
        atributos = self.build_attrs(self.attrs, attrs)
        atributos["name"] = name
        elegido = "" if value is None else str(value)
        opciones = "".join(
            f'<option value="{v}"{" selected" if str(v) == elegido else ""}>{escape(t)}</option>'
            for v, t in self.opciones
        )
        return mark_safe(f"<select{flatatt(atributos)}>{opciones}</select>")  # the labels are escaped above


class CampoIdEnLista(forms.Field):
    """An id chosen from (id, label) pairs, None when empty; the ids must be integers."""

    widget = SelectRapido
    default_error_messages = {"invalid_choice": "Seleccione una opción válida. %(value)s no es una de las opciones."}

    def __init__(self, *, opciones=(), vacia="Todos", **kwargs):
        super().__init__(**kwargs)
        self.ids = {int(i) for i, _ in opciones}
        self.widget.opciones = [("", vacia), *opciones]

    def to_python(self, value):
        if value in self.empty_values:
            return None
        try:
            return int(value)
        except (TypeError, ValueError):
            raise forms.ValidationError(
                self.error_messages["invalid_choice"], code="invalid_choice", params={"value": value}
            ) from None

    def validate(self, value):
        super().validate(value)
        if value is not None and value not in self.ids:
            raise forms.ValidationError(
                self.error_messages["invalid_choice"], code="invalid_choice", params={"value": value}
            )


class FiltrosVentasForm(Accesible, forms.Form):
    periodo = CampoPeriodo(label="Mes", required=False)

    def __init__(self, *args, beneficiarios=(), **kwargs):
        super().__init__(*args, **kwargs)
        # (id, name) pairs; the field is built here because its options are the user's
        self.fields["beneficiario"] = CampoIdEnLista(label="Beneficiario", required=False, opciones=beneficiarios)

    def filtros(self) -> dict:
        self.is_valid()
        datos = getattr(self, "cleaned_data", {})
        return {"periodo": datos.get("periodo"), "beneficiario_id": datos.get("beneficiario")}


class FiltrosConciliacionForm(Accesible, forms.Form):
    codigo = forms.ChoiceField(label="Discrepancia", required=False)
    # The month's wholesalers and beneficiaries: hundreds of options at national size (SelectLigero).
    distribuidor = forms.TypedChoiceField(
        label="Distribuidor", required=False, coerce=int, empty_value=None, widget=SelectLigero
    )
    beneficiario = forms.TypedChoiceField(
        label="Beneficiario", required=False, coerce=int, empty_value=None, widget=SelectLigero
    )

    def __init__(self, *args, conciliacion, con_distribuidor: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["codigo"].choices = [
            ("", "Todas"),
            *(
                (c, n)
                for c, n in DiscrepanciaConciliacion.choices
                if con_distribuidor or c != DiscrepanciaConciliacion.DECLARADO_DISTINTO_DE_VENDIDO
            ),
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
        label="Archivo",
        error_messages={"required": "Elija el archivo.", "empty": "El archivo está vacío."},
        widget=forms.ClearableFileInput(attrs={"accept": "application/pdf,image/png,image/jpeg"}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["archivo"].help_text = f"PDF, PNG o JPEG de hasta {max_bytes() // (1024 * 1024)} MB."


class DocumentoConservadoForm(Accesible, forms.Form):
    observacion = forms.CharField(
        label="Observación (opcional)",
        required=False,
        max_length=300,
        help_text="Por ejemplo: carpeta o caja del archivo donde se guarda el original.",
    )


# How a file that is not a CSV begins: a zip (XLSX, DOCX…), a PDF, an Excel 97-2003 book, UTF-16 text.
FIRMAS_NO_CSV = (b"PK", b"%PDF", b"\xd0\xcf\x11\xe0", b"\xff\xfe", b"\xfe\xff")


class ReporteForm(Accesible, forms.Form):
    """R-20: the wholesaler's monthly report file."""

    periodo = CampoPeriodo(
        label="Mes reportado", help_text="AAAA-MM. Se reporta dentro de los 10 primeros días hábiles del mes siguiente."
    )
    archivo = forms.FileField(
        label="Archivo del reporte (CSV o XLSX)",
        help_text=mark_safe(  # the file's column names, as the person types them in the file
            'Columnas: <code class="columna">fecha</code>, <code class="columna">identificacion_beneficiario</code>, '
            '<code class="columna">certificado</code>, <code class="columna">galones</code>. '
            "Separador coma o punto y coma."
        ),
        error_messages={"required": "Elija el archivo del reporte.", "empty": "El archivo está vacío."},
        widget=forms.ClearableFileInput(
            attrs={
                "accept": ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            }
        ),
    )

    reemplazar = forms.BooleanField(
        label="Reemplazar el reporte ya enviado de ese mes",
        required=False,
        help_text="Márquelo solo si envía otra vez un mes ya reportado: la versión nueva reemplaza a la anterior "
        "cuando termine de procesarse.",
    )

    def __init__(self, *args, **kwargs):
        if "initial" not in kwargs:
            anterior = (today().replace(day=1) - dt.timedelta(days=1)).replace(day=1)
            kwargs["initial"] = {"periodo": anterior}
        super().__init__(*args, **kwargs)

    def exigir_confirmacion(self, vigente) -> bool:
        """Issue 45: a month already reported is replaced only when the wholesaler said so; otherwise the
        error beside the box says what is in force. True when the upload may go on."""
        if vigente is None or self.cleaned_data.get("reemplazar"):
            return True
        self.add_error(
            "reemplazar",
            f"Ya envió el reporte de {mes_largo(vigente.periodo)} (versión {vigente.version}, recibida el "
            f"{fecha_hora(vigente.recibido)}). Para reemplazarlo, marque esta casilla y elija otra vez el archivo.",
        )
        return False

    def clean_archivo(self):
        """Issue 26: on the page, a file that is not a CSV or an XLSX (by its name and by how it opens) is
        refused before anything is stored, as the other upload forms do; it does not become a «rechazado»
        version. The API keeps its contract (API.md: any file is received and a non-table is rechazado)."""
        archivo = self.cleaned_data["archivo"]
        nombre = os.path.basename(archivo.name or "")
        extension = os.path.splitext(nombre)[1].lower()
        archivo.seek(0)
        inicio = archivo.read(4096)
        archivo.seek(0)
        if extension == ".xlsx":
            valido = inicio.startswith(b"PK")
        elif extension == ".csv":
            valido = not inicio.startswith(FIRMAS_NO_CSV) and b"\x00" not in inicio
        else:
            valido = False
        if not valido:
            raise forms.ValidationError(
                "Elija un archivo CSV (.csv) o un libro de Excel (.xlsx); «%(nombre)s» no es ninguno de los dos "
                "(se revisa su nombre y su contenido). Puede partir de la plantilla de esta página.",
                code="tipo_de_archivo",
                params={"nombre": nombre[:80]},
            )
        return archivo


class DeclaracionForm(Accesible, forms.Form):
    """R-21: the gallons a vessel acquired in a finished month."""

    periodo = CampoPeriodo(label="Mes declarado", help_text="AAAA-MM: un mes ya terminado, normalmente el anterior.")
    galones_adquiridos = CampoGalones(
        label="Galones adquiridos en el mes",
        error_messages={"required": "Indique los galones adquiridos."},
    )

    def __init__(self, *args, **kwargs):
        if "initial" not in kwargs:
            anterior = (today().replace(day=1) - dt.timedelta(days=1)).replace(day=1)
            kwargs["initial"] = {"periodo": anterior}
        super().__init__(*args, **kwargs)

    def clean_archivo(self):
        """Issue 26: on the page, a file that is not a CSV or an XLSX (by its name and by how it opens) is
        refused before anything is stored, as the other upload forms do; it does not become a «rechazado»
        version. The API keeps its contract (API.md: any file is received and a non-table is rechazado)."""
        archivo = self.cleaned_data["archivo"]
        nombre = os.path.basename(archivo.name or "")
        extension = os.path.splitext(nombre)[1].lower()
        archivo.seek(0)
        inicio = archivo.read(4096)
        archivo.seek(0)
        if extension == ".xlsx":
            valido = inicio.startswith(b"PK")
        elif extension == ".csv":
            valido = not inicio.startswith(FIRMAS_NO_CSV) and b"\x00" not in inicio
        else:
            valido = False
        if not valido:
            raise forms.ValidationError(
                "Elija un archivo CSV (.csv) o un libro de Excel (.xlsx); «%(nombre)s» no es ninguno de los dos "
                "(se revisa su nombre y su contenido). Puede partir de la plantilla de esta página.",
                code="tipo_de_archivo",
                params={"nombre": nombre[:80]},
            )
        return archivo
