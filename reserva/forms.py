"""Forms of the cargo reservation's pages. They check the shape of what a person typed; the
services decide (and their field errors land next to these fields)."""

import datetime as dt
import unicodedata
from decimal import Decimal

from django import forms

from core.web.forms import Accesible, CampoDecimal, CampoFecha
from reserva.models import (
    Clase,
    DecisionExoneracion,
    Delegacion,
    Embalaje,
    Exoneracion,
    Mercancia,
    Operacion,
    ResultadoControl,
    SolicitudOferta,
)

MINIMA, MAXIMA = dt.date(1990, 1, 1), dt.date(2100, 12, 31)


class Fecha(CampoFecha):
    """A date between 1990 (the decree) and 2100."""

    def validate(self, value):
        super().validate(value)
        if value and not MINIMA <= value <= MAXIMA:
            raise forms.ValidationError("Use una fecha entre 1990 y 2100.", code="rango")


def toneladas(etiqueta="Toneladas", **kwargs):
    return CampoDecimal(label=etiqueta, max_digits=12, decimal_places=3, min_value=Decimal("0.001"), **kwargs)


def usd(etiqueta, **kwargs):
    return CampoDecimal(label=etiqueta, max_digits=14, decimal_places=2, min_value=0, **kwargs)


class ArriboForm(Accesible, forms.Form):
    nave = forms.ChoiceField(label="Nave")
    ruta = forms.ChoiceField(label="Ruta asignada por Dimar")
    puerto = forms.CharField(label="Puerto colombiano", max_length=120)
    fecha_arribo = Fecha(label="Fecha de arribo (o de zarpe, en exportación)")
    operacion = forms.ChoiceField(label="Operación", choices=Operacion.choices)
    clase_carga = forms.ChoiceField(label="Clase de carga", choices=Clase.choices)
    toneladas_declaradas = toneladas("Cantidad de carga (toneladas)")
    fecha_aviso = Fecha(label="Fecha de este aviso", required=False, help_text="Si la deja vacía, hoy.")
    fletamento = forms.BooleanField(label="Nave o espacio fletado", required=False)
    autorizacion_fletamento = forms.CharField(
        label="Autorización de fletamento (número y fecha)",
        max_length=120,
        required=False,
        help_text="Su copia se entrega a la capitanía de puerto (art. 9 par. 2).",
    )
    carga_exenta = forms.BooleanField(
        label="Trae carga exonerada o no sujeta a la reserva",
        required=False,
        help_text="Entonces debe entregar sus conocimientos de embarque en 15 días hábiles (art. 12).",
    )

    def __init__(self, *args, naves=(), rutas=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["nave"].choices = [(n.pk, f"{n.nombre} · IMO {n.imo} · {n.bandera}") for n in naves]
        self.fields["ruta"].choices = [(r.codigo, str(r)) for r in rutas]


class ConocimientoForm(Accesible, forms.Form):
    numero = forms.CharField(label="Número del conocimiento", max_length=40)
    usuario_nit = forms.CharField(label="NIT del importador o exportador", max_length=20)
    usuario_nombre = forms.CharField(label="Nombre del importador o exportador", max_length=200)
    mercancia = forms.ChoiceField(label="Mercancía", choices=Mercancia.choices)
    embalaje = forms.ChoiceField(
        label="Embalaje",
        choices=Embalaje.choices,
        help_text="La clase sale del embalaje: a granel solo sin empaque; la empacada en cualquier forma "
        "(también el carbón en sacos o el petróleo en tambores) es carga general.",
    )
    puerto_cargue = forms.CharField(label="Puerto de cargue", max_length=120)
    pais_cargue = forms.CharField(label="País de cargue", max_length=2, help_text="Código de dos letras: US, CO, PA…")
    puerto_descargue = forms.CharField(label="Puerto de descargue", max_length=120)
    pais_descargue = forms.CharField(label="País de descargue", max_length=2, help_text="Código de dos letras.")
    toneladas = toneladas()
    flete_usd = usd("Flete (USD)")
    exoneracion = forms.IntegerField(
        label="N.º de exoneración (si viaja exonerada)", required=False, min_value=1, max_value=2**63 - 1
    )
    solicitud_oferta = forms.IntegerField(
        label="N.º de la solicitud de ofertas a armadores nacionales",
        required=False,
        min_value=1,
        max_value=2**63 - 1,
        help_text="Importaciones de sistemas especiales y exportaciones de carbón o petróleo: sin ella, en una "
        "nave extranjera, el conocimiento queda señalado.",
    )


class SobordoForm(Accesible, forms.Form):
    fecha_presentacion = Fecha(label="Fecha de presentación")
    archivo = forms.FileField(label="Sobordo sellado por la Aduana (PDF, PNG o JPEG)", required=False)


class ArchivoConocimientosForm(Accesible, forms.Form):
    archivo = forms.FileField(label="Archivo de conocimientos (CSV o XLSX)", required=False)


class ExoneracionForm(Accesible, forms.Form):
    fundamento = forms.ChoiceField(label="Fundamento", choices=Exoneracion.Fundamento.choices)
    ruta = forms.ChoiceField(label="Ruta")
    mercancia = forms.ChoiceField(label="Mercancía", choices=Mercancia.choices)
    clase = forms.ChoiceField(
        label="Clase de carga", choices=Clase.choices, help_text="A granel solo si viaja sin empaque (art. 7)."
    )
    solicitante = forms.ChoiceField(
        label="Quién lo pide",
        choices=Exoneracion.Solicitante.choices,
        required=False,
        help_text="El comprador solo en exportaciones de café (literal d).",
    )
    toneladas = toneladas()
    puerto_origen = forms.CharField(label="Puerto de origen", max_length=120)
    puerto_destino = forms.CharField(label="Puerto de destino", max_length=120)
    licencia = forms.CharField(label="Licencia, registro o permiso", max_length=120)
    concepto_federacion = forms.BooleanField(
        label="Cuento con el concepto favorable de la Federación Nacional de Cafeteros (solo café)", required=False
    )
    corredor_nit = forms.CharField(
        label="NIT del corredor de fletamento (granel por el literal c)", max_length=20, required=False
    )

    def __init__(self, *args, rutas=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruta"].choices = [(r.codigo, str(r)) for r in rutas]


class DocumentoForm(Accesible, forms.Form):
    tipo = forms.ChoiceField(label="Documento")
    archivo = forms.FileField(label="Archivo (PDF, PNG o JPEG)", required=False)

    def __init__(self, *args, tipos=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tipo"].choices = [(r.codigo, r.etiqueta) for r in tipos]


class DecisionForm(Accesible, forms.Form):
    decision = forms.ChoiceField(label="Decisión", choices=DecisionExoneracion.Decision.choices)
    fecha = Fecha(label="Fecha de la decisión")
    motivo = forms.CharField(label="Motivos", widget=forms.Textarea(attrs={"rows": 4}), max_length=4000)
    embarcar_antes_de = Fecha(
        label="Deben ser embarcadas antes de",
        required=False,
        help_text="Obligatoria al conceder; con el literal c) a lo sumo 30 días hábiles.",
    )
    firma_cargo = forms.ChoiceField(
        label="Firma el sello",
        choices=[("", "—"), *Delegacion.Cargo.choices],
        required=False,
        help_text="Obligatorio al conceder (art. 16).",
    )
    acto_delegacion = forms.CharField(
        label="Acto de delegación",
        max_length=120,
        required=False,
        help_text="Si firma el Secretario General: el acto registrado que le delega la firma.",
    )
    firma_nombre = forms.CharField(
        label="Nombre de quien firma",
        max_length=200,
        required=False,
        help_text="Si lo deja vacío: el de la delegación, o el suyo.",
    )
    # API.md «Acts»: a decision taken on paper before, recorded with its own date and support (DOMAIN §8).
    transcrita = forms.BooleanField(
        label="Decisión expedida antes en papel (se transcribe con su fecha)", required=False
    )
    soporte = forms.CharField(
        label="Soporte del acto en papel",
        max_length=300,
        required=False,
        help_text="Solo si la transcribe: número, fecha y archivo del acto firmado en papel.",
    )
    confirmar = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def firma(self) -> dict | None:
        datos = self.cleaned_data
        if not datos.get("firma_cargo"):
            return None
        return {
            "cargo": datos["firma_cargo"],
            "acto_delegacion": datos.get("acto_delegacion") or None,
            "nombre": datos.get("firma_nombre") or None,
        }


class DemoraForm(Accesible, forms.Form):
    """Art. 14 par.: the delay notice. It sits on the exoneration page beside the decision form, whose fields
    share its names: its ids carry their own prefix (issue 45: two `id_fecha` pointed each label at the wrong
    field)."""

    fecha = Fecha(label="Fecha del aviso")
    nueva_fecha = Fecha(label="Nueva fecha para decidir")
    motivo = forms.CharField(label="Motivo de la demora", widget=forms.Textarea(attrs={"rows": 3}), max_length=4000)

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "id_demora_%s")
        super().__init__(*args, **kwargs)


class DelegacionForm(Accesible, forms.Form):
    acto = forms.CharField(label="Acto de delegación (número y fecha)", max_length=120)
    nombre_delegado = forms.CharField(label="Nombre de quien recibe la delegación", max_length=200)
    cargo_delegante = forms.ChoiceField(label="Cargo que delega", choices=Delegacion.Cargo.choices)
    cargo_delegado = forms.ChoiceField(
        label="Cargo delegatario", choices=Delegacion.Cargo.choices, initial=Delegacion.Cargo.SECRETARIO_GENERAL
    )
    vigente_desde = Fecha(label="Vigente desde")
    vigente_hasta = Fecha(label="Vigente hasta", required=False)


class EmbarqueForm(Accesible, forms.Form):
    fecha_embarque = Fecha(label="Fecha de embarque")
    fecha_aviso = Fecha(label="Fecha de este aviso", required=False, help_text="Si la deja vacía, hoy.")
    nave = forms.CharField(label="Nave", max_length=120)
    # C-07 (art. 18): the flag and the expected arrival are part of the notice.
    bandera = forms.CharField(
        label="Bandera (código de 2 letras)",
        max_length=2,
        error_messages={"required": "Indique la bandera de la nave (código de dos letras, CO para Colombia)."},
    )
    puerto_cargue = forms.CharField(label="Puerto de cargue", max_length=120)
    puerto_descargue = forms.CharField(label="Puerto de descargue", max_length=120)
    fecha_arribo_estimada = Fecha(
        label="Fecha aproximada de arribo",
        error_messages={"required": "Indique la fecha aproximada de arribo de la nave."},
    )


class RecargoForm(Accesible, forms.Form):
    concepto = forms.CharField(label="Concepto del recargo", max_length=200)
    portuario = forms.BooleanField(label="Motivado en aspectos portuarios", required=False)
    fecha_presentacion = Fecha(label="Fecha de presentación")
    valor_usd = usd("Valor (USD)", required=False)
    justificacion = forms.CharField(label="Justificación", widget=forms.Textarea(attrs={"rows": 4}), max_length=8000)


class RecargoDecisionForm(Accesible, forms.Form):
    decision = forms.ChoiceField(
        label="Decisión",
        choices=[("autorizado", "Autorizar"), ("negado", "Negar"), ("completar", "Pedir que la completen")],
    )
    fecha = Fecha(label="Fecha")
    motivo = forms.CharField(label="Motivos", widget=forms.Textarea(attrs={"rows": 3}), max_length=4000)
    # API.md «Acts»: a decision taken on paper before, recorded with its own date and support (DOMAIN §8).
    transcrita = forms.BooleanField(
        label="Decisión expedida antes en papel (se transcribe con su fecha)", required=False
    )
    soporte = forms.CharField(
        label="Soporte del acto en papel",
        max_length=300,
        required=False,
        help_text="Solo si la transcribe: número, fecha y archivo del acto firmado en papel.",
    )
    confirmar = forms.BooleanField(required=False, widget=forms.HiddenInput)


class RecargoComplementoForm(Accesible, forms.Form):
    fecha = Fecha(label="Fecha en que se completa")
    complemento = forms.CharField(label="Lo que se agrega", widget=forms.Textarea(attrs={"rows": 3}), max_length=8000)


class ResultadoControlForm(Accesible, forms.Form):
    resultado = forms.ChoiceField(label="Resultado de la investigación", choices=ResultadoControl.Resultado.choices)
    fecha = Fecha(label="Fecha del acto")
    acto = forms.CharField(label="Acto de la capitanía", max_length=200)
    motivo = forms.CharField(label="Motivos", widget=forms.Textarea(attrs={"rows": 2}), max_length=8000)
    multa_smmlv = CampoDecimal(
        label="Multa (salarios mínimos mensuales)",
        required=False,
        min_value=Decimal("0.01"),
        decimal_places=2,
        max_digits=8,
        help_text="Solo si impone multa: se valora con el salario mínimo del año del acto.",
    )


class SolicitudOfertaForm(Accesible, forms.Form):
    ruta = forms.ChoiceField(label="Ruta")
    mercancia = forms.ChoiceField(
        label="Mercancía",
        choices=[
            (Mercancia.REGIMEN_ESPECIAL, "Sistemas especiales (importación)"),
            (Mercancia.CARBON, "Carbón (exportación, flete a cargo del exportador)"),
            (Mercancia.PETROLEO, "Petróleo (exportación, flete a cargo del exportador)"),
        ],
        help_text="Sistemas especiales en una ruta de importación; carbón o petróleo en una de exportación.",
    )
    responsabilidad_flete = forms.ChoiceField(
        label="Flete a cargo del exportador (carbón o petróleo)",
        choices=[("", "— (importación de sistemas especiales)"), *SolicitudOferta.Flete.choices],
        required=False,
    )
    descripcion = forms.CharField(label="Descripción de la carga", max_length=300)
    fecha_solicitud = Fecha(label="Fecha en que pidió las ofertas")

    def __init__(self, *args, rutas=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruta"].choices = [(r.codigo, str(r)) for r in rutas]


class OfertaForm(Accesible, forms.Form):
    armador = forms.CharField(label="Armador", max_length=200)
    nacional = forms.BooleanField(label="Armador colombiano", required=False)
    flete_usd = usd("a) Flete con todos los recargos (USD)")
    fecha_zarpe = Fecha(label="b) Disponibilidad y fecha de zarpe")
    arribo_estimado = Fecha(label="c) Arribo estimado a destino")
    demoras_usd = usd("d) Demoras o premios (USD por día)")
    tiempos_libres = forms.CharField(label="e) Tiempos libres y de plancha", max_length=200)
    operacion_portuaria = forms.CharField(label="f) Características operativas en puerto", max_length=300)
    caracteristicas_nave = forms.CharField(label="g) Características técnicas de la nave", max_length=300)


class CalificacionForm(Accesible, forms.Form):
    calificacion = forms.ChoiceField(
        label="Calificación de igualdad",
        choices=[
            ("iguales_o_mejores", "El armador nacional ofreció condiciones iguales o mejores"),
            ("peores", "El armador nacional ofreció condiciones peores"),
        ],
    )
    motivo = forms.CharField(label="Motivos", widget=forms.Textarea(attrs={"rows": 3}), max_length=4000)
    fecha = Fecha(label="Fecha")


class ContratoForm(Accesible, forms.Form):
    anio = forms.IntegerField(label="Año", min_value=1990, max_value=2100)
    producto = forms.CharField(label="Producto", max_length=200)
    toneladas_anio = toneladas("Toneladas del año")
    puerto_origen = forms.CharField(label="Puerto de origen", max_length=120)
    puerto_destino = forms.CharField(label="Puerto de destino", max_length=120)
    toneladas_embarque = toneladas("Toneladas por embarque")
    periodicidad = forms.CharField(label="Periodicidad de los embarques", max_length=120)
    primer_embarque = Fecha(label="Fecha del primer embarque")
    fecha_presentacion = Fecha(label="Fecha de presentación")


class FechaForm(Accesible, forms.Form):
    fecha = Fecha(label="Fecha")


class NegacionContratoForm(Accesible, forms.Form):
    fecha = Fecha(label="Fecha de la decisión")
    motivo = forms.CharField(label="Motivos", widget=forms.Textarea(attrs={"rows": 2}), max_length=4000)


class RegistroContratoForm(Accesible, forms.Form):
    fecha = Fecha(label="Fecha de registro")
    contratos = forms.CharField(
        label="Contratos de fletamento celebrados", widget=forms.Textarea(attrs={"rows": 3}), max_length=4000
    )


def _normalizar(texto: str) -> str:
    sin_tildes = unicodedata.normalize("NFKD", texto).encode("ascii", "ignore").decode()
    return " ".join(sin_tildes.replace("_", " ").lower().split())


def clase_de_texto(texto: str) -> str | None:
    """Art. 14's "clase de producto" as a person writes it: a class ("Carga general", "granel") or a commodity
    ("régimen especial", "carbón"), by name or code."""
    buscado = _normalizar(texto)
    for valor, etiqueta in (*Clase.choices, *Mercancia.choices):
        nombres = {_normalizar(valor), _normalizar(etiqueta)}
        if buscado in nombres or f"carga {buscado}" in nombres:
            return valor
    return None


class InformeForm(Accesible, forms.Form):
    semestre = forms.CharField(label="Semestre (AAAA-1 o AAAA-2)", max_length=6)
    fecha_presentacion = Fecha(label="Fecha de presentación")
    cargas = forms.CharField(
        label="Cargas, una por línea",
        max_length=20000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 5}),
        help_text="toneladas; clase; puerto de origen; puerto de destino; flete por tonelada (USD); naviera; nave; "
        "bandera. La clase de producto por su nombre: carga general, granel, régimen especial, zona franca, "
        "papel periódico, importación menor, café verde, café procesado, carbón o petróleo. "
        "Por ejemplo: 500; régimen especial; Shanghái; Buenaventura; 45,10; Cosco; Cosco Star; CN",
    )
    sin_movimiento = forms.BooleanField(
        label="No importé ni exporté carga en el semestre",
        required=False,
        help_text="Márquelo solo si no relaciona ninguna carga: un informe sin cargas requiere esta declaración.",
    )

    CAMPOS = (
        "toneladas",
        "clase",
        "puerto_origen",
        "puerto_destino",
        "flete_tonelada_usd",
        "naviera",
        "nave",
        "bandera",
    )

    def clean_cargas(self):
        from decimal import InvalidOperation

        cargas = []
        for numero, linea in enumerate((self.cleaned_data.get("cargas") or "").splitlines(), start=1):
            if not linea.strip():
                continue
            partes = [p.strip() for p in linea.split(";")]
            if len(partes) != len(self.CAMPOS):
                raise forms.ValidationError(f"La línea {numero} debe tener {len(self.CAMPOS)} datos separados por «;».")
            carga = dict(zip(self.CAMPOS, partes, strict=True))
            try:
                for campo in ("toneladas", "flete_tonelada_usd"):
                    valor = Decimal(carga[campo].replace(",", "."))
                    if not valor.is_finite() or valor < 0 or valor > Decimal("999999999"):
                        raise InvalidOperation
                    carga[campo] = str(valor)
            except (InvalidOperation, ValueError) as exc:
                raise forms.ValidationError(f"La línea {numero} tiene toneladas o flete que no son números.") from exc
            clase = clase_de_texto(carga["clase"])
            if clase is None:
                raise forms.ValidationError(f"La línea {numero}: la clase «{carga['clase'][:30]}» no existe.")
            carga["clase"] = clase
            cargas.append(carga)
        return cargas


class ControlForm(Accesible, forms.Form):
    usuario_nit = forms.CharField(label="NIT del importador o exportador", max_length=20)
    anio = forms.IntegerField(label="Año", min_value=1990, max_value=2100)
    fecha = Fecha(label="Fecha de la solicitud")


class RespuestaControlForm(Accesible, forms.Form):
    fecha = Fecha(label="Fecha de la respuesta")
    respuesta = forms.CharField(label="Respuesta", widget=forms.Textarea(attrs={"rows": 3}), max_length=8000)


class CierreControlForm(Accesible, forms.Form):
    fecha = Fecha(label="Fecha")
    remitir = forms.TypedChoiceField(
        label="Resultado",
        coerce=lambda v: v == "si",
        choices=[
            ("no", "Archivar: demostró el cumplimiento"),
            ("si", "Remitir a las capitanías por posible incumplimiento"),
        ],
    )
