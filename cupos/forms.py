"""Forms of the quota regime's pages. They check shape only; the services decide."""

from django import forms

from core.comun.galones import galones_texto
from core.models import Capitania
from core.vencimientos.calendario import today
from core.web.forms import Accesible, CampoDecimal, CampoFecha, CampoGalones
from cupos.access import beneficiarios_visibles, es_beneficiario
from cupos.models import Beneficiario, Cupo, GarantiaNave, Solicitud

# --- Cupo actions (R-06, R-12) ------------------------------------------------------------------


def _texto_largo(label: str, help_text: str, requerido: str, *, max_length: int = 2000) -> forms.CharField:
    """A required reason typed in three lines, with its Spanish «required» message."""
    return forms.CharField(
        label=label,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=help_text,
        error_messages={"required": requerido},
        max_length=max_length,
    )


class FirmezaForm(Accesible, forms.Form):
    fecha_firmeza = CampoFecha(
        label="Fecha de firmeza",
        initial=today,
        help_text="Ese día se comunica el cupo a Dimar (R-06). No puede ser posterior a hoy.",
        error_messages={"required": "Indique la fecha de firmeza."},
    )
    fecha_comunicacion = CampoFecha(
        label="Fecha de comunicación a Dimar (opcional)",
        required=False,
        help_text=(
            "El cupo se puede consumir desde la fecha posterior entre la firmeza y la comunicación a Dimar (R-06). "
            "Déjela vacía si se comunica con el oficio de la fecha de firmeza o por el aviso electrónico del portal."
        ),
    )


class CancelarCupoForm(Accesible, forms.Form):
    prefix = "cancelar"
    titulo_confirmacion = "Confirmar la cancelación del cupo"

    fecha = CampoFecha(
        label="Cancelado desde",
        initial=today,
        help_text="Desde ese día no se puede consumir el cupo, una vez la cancelación quede en firme (R-12). Un acto "
        "no tiene efectos hacia atrás: es el día en que se expide, hoy.",
        error_messages={"required": "Indique la fecha desde la cual se cancela el cupo."},
    )
    causal = forms.ChoiceField(
        label="Causal (Decreto 1891 de 2009, parágrafo 1)",
        choices=[("", "Elija la causal…"), *Cupo.CAUSALES_R12],
        error_messages={
            "required": "Elija la causal de la cancelación.",
            "invalid_choice": "Elija una de las causales del decreto.",
        },
    )
    soporte = forms.CharField(
        label="Soporte",
        max_length=300,
        help_text=(
            "La novedad de Dimar que reporta la baja, la decisión de la UPME sobre la inactividad, o la comunicación "
            "de la autoridad con quién la expidió, su número y su fecha."
        ),
        error_messages={"required": "Indique el soporte de la causal."},
    )
    motivo = _texto_largo(
        "Motivo de la cancelación",
        "Por ejemplo: Dimar informó la cancelación de la matrícula (comunicación No. …).",
        "Indique el motivo de la cancelación.",
    )


class ComunicacionForm(Accesible, forms.Form):
    prefix = "comunicacion"
    titulo_confirmacion = "Confirmar la comunicación a Dimar"

    fecha_comunicacion = CampoFecha(
        label="Comunicado a Dimar el",
        help_text="R-06: el cupo inicia el día posterior entre su firmeza y esta fecha. No puede ser posterior a hoy.",
        error_messages={"required": "Indique la fecha en que se comunicó el cupo a Dimar."},
    )


class FinContinuidadForm(Accesible, forms.Form):
    prefix = "continuidad"
    titulo_confirmacion = "Confirmar el fin de la continuidad del cupo"

    anio = forms.IntegerField(
        label="Año de la resolución sin cupo",
        min_value=2002,
        max_value=2100,
        error_messages={"required": "Indique el año de la resolución."},
    )
    fecha = CampoFecha(
        label="Fecha de la decisión",
        help_text="R-09: el cupo anterior deja de estar vigente al terminar ese día. No puede ser posterior a hoy.",
        error_messages={"required": "Indique la fecha de la decisión."},
    )
    motivo = _texto_largo(
        "Motivo",
        "Por ejemplo: la resolución No. … de … no le asigna cupo.",
        "Indique el motivo o la resolución que no le otorga cupo.",
        max_length=300,
    )


class CausaJustificadaForm(Accesible, forms.Form):
    prefix = "causa"

    causa = _texto_largo(
        "Causa justificada de la inactividad",
        "R-12: con una causa justificada registrada, el cupo sin uso no se marca para cancelación.",
        "Describa la causa justificada.",
    )


# --- Applications (R-03, R-04) ------------------------------------------------------------------


class FiltrosForm(Accesible, forms.Form):
    anio = forms.IntegerField(label="Año", required=False, min_value=2009, max_value=2100)
    estado = forms.ChoiceField(label="Estado", required=False, choices=[("", "Todos"), *Solicitud.Estado.choices])
    tipo = forms.ChoiceField(
        label="Tipo de beneficiario", required=False, choices=[("", "Todos"), *Beneficiario.Tipo.choices]
    )
    extemporanea = forms.ChoiceField(
        label="Extemporánea",
        required=False,
        choices=[("", "Todas"), ("si", "Sí, fuera de plazo"), ("no", "No, dentro del plazo")],
    )


class RadicarForm(Accesible, forms.Form):
    beneficiario = forms.ModelChoiceField(
        queryset=Beneficiario.objects.all(),
        label="Beneficiario",
        error_messages={
            "required": "Busque y seleccione el beneficiario.",
            "invalid_choice": "Seleccione un beneficiario de la lista.",
        },
    )
    anio = forms.IntegerField(
        label="Año del cupo",
        min_value=2009,
        max_value=2100,
        error_messages={"required": "Indique el año del cupo que solicita."},
    )
    galones_solicitados = CampoGalones(
        label="Galones solicitados",
        help_text="Con punto para los miles y coma para los decimales, p. ej. 12.000,50.",
        error_messages={"required": "Indique los galones que solicita."},
    )
    fecha_radicacion = CampoFecha(
        label="Fecha de radicación", error_messages={"required": "Indique la fecha de radicación."}
    )
    fecha_limite = CampoFecha(
        label="Plazo fijado por la UPME (opcional)",
        required=False,
        help_text="Si la solicitud se radica después de este plazo queda marcada como extemporánea (R-04).",
    )
    atunera = forms.ChoiceField(
        label="¿La nave es atunera?",
        required=False,
        widget=forms.RadioSelect,
        choices=[("si", "Sí: presentará el registro ante la CIAT"), ("no", "No es atunera")],
        help_text="Solo para naves de bandera extranjera. Si no responde, se exigirá el registro CIAT.",
    )

    def __init__(self, *args, usuario, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["beneficiario"].queryset = beneficiarios_visibles(usuario, Beneficiario.objects.all())
        if es_beneficiario(usuario):
            # The date is today's and the deadline is UPME's: the services refuse anything else.
            del self.fields["fecha_radicacion"]
            del self.fields["fecha_limite"]


class DocumentoForm(Accesible, forms.Form):
    archivo = forms.FileField(
        label="Archivo",
        error_messages={"required": "Seleccione el archivo que va a cargar.", "empty": "El archivo está vacío."},
    )
    fecha_expedicion = CampoFecha(label="Fecha de expedición", required=False)


class EstadoForm(Accesible, forms.Form):
    estado = forms.ChoiceField(choices=Solicitud.Estado.choices)
    observaciones = forms.CharField(required=False, max_length=2000)


class CausaForm(Accesible, forms.Form):
    causa = _texto_largo("Causa justificada", "", "Describa la causa justificada.")


class RequerimientoForm(Accesible, forms.Form):
    requerimiento = forms.CharField(
        label="Qué se requiere (opcional)", required=False, max_length=4000, widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Si lo deja vacío, se piden los requisitos que faltan según la lista de la solicitud.",
    )


class ProrrogaForm(forms.Form):
    pass


class PlazoForm(Accesible, forms.Form):
    fecha_limite = CampoFecha(label="Plazo fijado por la UPME", required=False)


class AtuneraForm(Accesible, forms.Form):
    atunera = forms.ChoiceField(
        choices=[("si", "Sí"), ("no", "No")], error_messages={"required": "Indique si la nave es atunera."}
    )


# --- Beneficiaries (R-01, R-02) -----------------------------------------------------------------

CAMPOS_COMUNES = ("nombre", "identificacion", "correo", "celular", "acepta_notificacion_electronica")
CAMPOS_POR_TIPO = {
    Beneficiario.Tipo.NAVE_NACIONAL: (
        "matricula",
        "trb",
        "actividad",
        "capacidad_combustible_gal",
        "capitania",
    ),
    Beneficiario.Tipo.NAVE_EXTRANJERA: (
        "matricula",
        "bandera",
        "trb",
        "actividad",
        "capacidad_combustible_gal",
        "capitania",
        "empresa_nit",
        "permiso_vigente_hasta",
    ),
    Beneficiario.Tipo.ACUICULTORA: ("distribuidor_nit", "permiso_cultivo_vigente_hasta"),
    Beneficiario.Tipo.ARMADA: ("distribuidor_nit",),
}


class TipoBeneficiarioForm(Accesible, forms.Form):
    """Step one of the registration: the kind decides which data R-02 asks for."""

    tipo = forms.ChoiceField(
        label="Tipo de beneficiario",
        choices=[("", "Seleccione…"), *Beneficiario.Tipo.choices],
        error_messages={"required": "Seleccione el tipo de beneficiario.", "invalid_choice": "Tipo no válido."},
    )


class BeneficiarioForm(Accesible, forms.Form):
    """The data of one kind of beneficiary (R-01/R-02). Only the fields of that kind are present;
    the service (cupos.services.beneficiarios) decides what is missing or wrong, as for the API."""

    nombre = forms.CharField(
        label="Nombre o razón social", max_length=200, error_messages={"required": "Indique el nombre."}
    )
    identificacion = forms.CharField(
        label="Identificación (NIT o documento del titular)",
        max_length=30,
        error_messages={"required": "Indique el NIT o documento del titular."},
    )
    matricula = forms.CharField(label="Matrícula", max_length=30, required=False, help_text="Como figura en Dimar.")
    bandera = forms.CharField(
        label="Bandera", max_length=2, required=False, help_text="Código de dos letras del país (p. ej. PA, EC)."
    )
    trb = CampoDecimal(label="Tonelaje de registro bruto (TRB)", required=False, max_digits=9, decimal_places=2)
    actividad = forms.ChoiceField(
        label="Actividad", required=False, choices=[("", "Seleccione…"), *Beneficiario.Actividad.choices]
    )
    capacidad_combustible_gal = CampoDecimal(
        label="Capacidad máxima de combustible (galones)",
        required=False,
        max_digits=12,
        decimal_places=2,
    )
    capitania = forms.ChoiceField(label="Capitanía de puerto", required=False)
    empresa_nit = forms.CharField(label="NIT de la empresa colombiana afiliada", max_length=20, required=False)
    permiso_vigente_hasta = CampoFecha(label="Permiso de operación en aguas colombianas vigente hasta", required=False)
    permiso_cultivo_vigente_hasta = CampoFecha(
        label="Permiso de cultivo vigente hasta",
        required=False,
        help_text="R-23: el distribuidor solo vende mientras el permiso de cultivo esté vigente.",
    )
    distribuidor_nit = forms.ChoiceField(
        label="Distribuidor designado",
        required=False,
        help_text="El mayorista que le entrega el combustible exento (R-18).",
    )
    correo = forms.EmailField(
        label="Correo electrónico para avisos (opcional)",
        required=False,
        error_messages={"invalid": "Escriba un correo electrónico válido, p. ej. nombre@empresa.com."},
    )
    celular = forms.CharField(label="Celular para avisos por SMS (opcional)", max_length=16, required=False)
    acepta_notificacion_electronica = forms.BooleanField(
        label="Acepta que los actos se le notifiquen por un enlace a ese correo o celular",
        required=False,
        help_text="Ley 1437 de 2011, art. 56. Si no lo acepta, se le notifica personalmente o por aviso.",
    )

    def __init__(self, *args, tipo: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.tipo = tipo
        propios = set(CAMPOS_COMUNES) | set(CAMPOS_POR_TIPO.get(tipo, ()))
        for nombre in list(self.fields):
            if nombre not in propios:
                del self.fields[nombre]
        if "capitania" in self.fields:
            from core.models import Capitania

            self.fields["capitania"].choices = [("", "Seleccione…")] + [
                (c.codigo, f"{c.codigo} — {c.nombre}") for c in Capitania.objects.filter(activa=True)
            ]
        if "distribuidor_nit" in self.fields:
            from core.models import Distribuidor

            self.fields["distribuidor_nit"].choices = [("", "Seleccione…")] + [
                (d.nit, f"{d.razon_social} (NIT {d.nit})")
                for d in Distribuidor.objects.filter(activo=True, tipo=Distribuidor.Tipo.MAYORISTA)
            ]
        for fecha in ("permiso_vigente_hasta", "permiso_cultivo_vigente_hasta"):
            if fecha in self.fields:
                self.fields[fecha].widget.attrs.pop("max", None)
        for campo in self.fields.values():
            # Issue 26: changing the kind (htmx) sends what was typed along, and the new fields keep it.
            campo.widget.attrs["data-conservar"] = ""

    def datos(self) -> dict:
        """The service's keyword arguments for this kind (text left blank stays blank, as in the model)."""
        datos = {"tipo": self.tipo, **self.cleaned_data}
        if "bandera" in datos:
            datos["bandera"] = datos["bandera"].strip().upper()
        if self.tipo == Beneficiario.Tipo.NAVE_NACIONAL:
            datos["bandera"] = "CO"
        if "matricula" in datos:
            datos["matricula"] = datos["matricula"].strip() or None
        return datos


# --- The year's allocation (R-05, issue 12) -----------------------------------------------------


class ResolucionForm(Accesible, forms.Form):
    """A resolution in draft: its number, date, year, kind, and its motivación (D1891 art. 1)."""

    numero = forms.CharField(label="Número", max_length=30, error_messages={"required": "Indique el número."})
    fecha_expedicion = CampoFecha(
        label="Fecha de expedición",
        help_text="La resolución anual debe expedirse a más tardar el 28 de febrero (R-05).",
        error_messages={"required": "Indique la fecha de expedición."},
    )
    anio = forms.IntegerField(
        label="Año de los cupos",
        min_value=2002,
        max_value=2100,
        error_messages={
            "required": "Indique el año de los cupos.",
            "invalid": "Escriba el año con cuatro cifras, por ejemplo 2027.",
            "min_value": "El año no puede ser anterior a 2002.",
            "max_value": "El año no puede ser posterior a 2100.",
        },
    )
    tipo = forms.ChoiceField(label="Clase de resolución", choices=())
    modifica = forms.TypedChoiceField(
        label="Resolución anual que modifica o adiciona", coerce=int, required=False, empty_value=None
    )
    fuente_flota_fecha = CampoFecha(
        label="Fecha de los registros de la flota de Dimar",
        required=False,
        help_text=(
            "La información actualizada de la flota pesquera industrial y de cabotaje y remolque (D1891, art. 1)."
        ),
    )
    fuente_areas_cultivo = forms.CharField(
        label="Fuente de las áreas de cultivo",
        required=False,
        max_length=300,
        help_text="Por ejemplo: registro de la AUNAP de áreas de cultivo de 2026.",
    )
    fuente_consumo_anio = forms.IntegerField(
        label="Año del consumo tenido en cuenta",
        required=False,
        min_value=2002,
        max_value=2100,
        help_text="Ventas reportadas por los distribuidores y declaraciones de ese año (R-20, R-21).",
        error_messages={"invalid": "Escriba el año con cuatro cifras, por ejemplo 2026."},
    )
    considerandos = forms.CharField(
        label="Considerandos (motivación)",
        widget=forms.Textarea(attrs={"rows": 12}),
        max_length=20000,
        help_text="Se proponen a partir de las fuentes; revíselos antes de expedir. Van en el PDF de la resolución.",
        error_messages={"required": "Escriba los considerandos: la resolución debe ser motivada (D1891, art. 1)."},
    )

    def __init__(self, *args, tipos, anuales=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tipo"].choices = tipos
        self.fields["modifica"].choices = [("", "Ninguna (resolución anual)")] + [
            (r.id, f"No. {r.numero} de {r.anio}") for r in anuales
        ]

    def clean(self):
        datos = super().clean()
        tipo, modifica = datos.get("tipo"), datos.get("modifica")
        if tipo and tipo != "anual" and modifica is None:
            self.add_error("modifica", "Una resolución modificatoria o adicional se vincula a la resolución anual.")
        if tipo == "anual":
            datos["modifica"] = None
        return datos


class LineaForm(Accesible, forms.Form):
    """One line of the proposal: the gallons UPME grants, and why when they differ from the request
    (or, for a cupo continued with no application, from last year's cupo)."""

    galones_anuales = CampoGalones(
        label="Galones anuales",
        help_text="Con punto para los miles y coma para los decimales, p. ej. 12.000,50.",
        error_messages={"required": "Indique los galones anuales de la línea."},
    )
    motivo = forms.CharField(
        label="Motivo", required=False, max_length=2000, widget=forms.TextInput(attrs={"size": 30})
    )

    def __init__(self, *args, solicitados=None, anio_anterior=None, **kwargs):
        super().__init__(*args, **kwargs)
        if solicitados is not None:
            self.referencia, self.referencia_texto = solicitados, "de los solicitados"
        else:
            self.referencia, self.referencia_texto = anio_anterior, "del cupo del año anterior"

    def clean(self):
        datos = super().clean()
        galones, motivo = datos.get("galones_anuales"), (datos.get("motivo") or "").strip()
        datos["motivo"] = motivo
        if galones is not None and galones <= 0:
            self.add_error("galones_anuales", "Los galones anuales deben ser mayores que cero.")
        elif galones is not None and not motivo and galones != self.referencia:
            if self.referencia is None:
                mensaje = "Escriba el motivo: el beneficiario no presentó solicitud ni tuvo cupo el año anterior."
            else:
                mensaje = (
                    f"Escriba el motivo: los galones difieren {self.referencia_texto} "
                    f"({galones_texto(self.referencia)})."
                )
            self.add_error("motivo", mensaje)
        return datos


class FiltrosPropuestaForm(Accesible, forms.Form):
    """Filters and order of the proposal table; a bad value is ignored (the list shows everything)."""

    # The values cupos.selectors.asignacion.propuesta takes (orden: "-" for descending).
    ORDENES = (
        ("nombre", "Nombre"),
        ("-diferencia", "Mayor aumento frente al año anterior"),
        ("diferencia", "Mayor reducción frente al año anterior"),
        ("-galones_solicitados", "Más galones solicitados"),
        ("-galones_anio_anterior", "Mayor cupo del año anterior"),
        ("-consumido_anio_anterior", "Mayor consumo del año anterior"),
        ("capitania", "Capitanía"),
        ("tipo", "Tipo"),
    )
    DIFERENCIAS = (
        ("aumenta", "Más que el año anterior"),
        ("disminuye", "Menos que el año anterior"),
        ("igual", "Igual al año anterior"),
        ("sin_anterior", "Sin cupo el año anterior"),
    )

    tipo = forms.ChoiceField(label="Tipo", required=False, choices=[("", "Todos"), *Beneficiario.Tipo.choices])
    capitania = forms.ChoiceField(label="Capitanía", required=False)
    diferencia = forms.ChoiceField(
        label="Frente al año anterior", required=False, choices=[("", "Todas"), *DIFERENCIAS]
    )
    orden = forms.ChoiceField(label="Ordenar por", required=False, choices=ORDENES)

    def __init__(self, *args, capitanias=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["capitania"].choices = [("", "Todas")] + [
            (c.codigo, f"{c.codigo} — {c.nombre}") for c in capitanias
        ]

    def filtros(self) -> dict:
        if not self.is_valid():
            return {}
        return {k: v for k, v in self.cleaned_data.items() if v}


class ImportarLineasForm(Accesible, forms.Form):
    archivo = forms.FileField(
        label="Archivo XLSX con las líneas",
        help_text=(
            "La plantilla exportada, con los galones y motivos diligenciados. Nada se guarda si una fila tiene error."
        ),
        error_messages={"required": "Seleccione el archivo XLSX.", "empty": "El archivo está vacío."},
        widget=forms.ClearableFileInput(attrs={"accept": ".xlsx"}),
    )


# --- A modifying resolution's line (issue 26) -------------------------------------------------------


class LineaModificatoriaForm(Accesible, forms.Form):
    """What changes for one beneficiary: a new cupo, a change of gallons (motive, from a date) or a
    revocation (R-12 ground and support). The service checks it against the cupo in force."""

    accion = forms.ChoiceField(
        label="Qué cambia",
        widget=forms.RadioSelect,
        choices=[
            ("alta", "Nuevo cupo (alta)"),
            ("cambio", "Cambio de galones del cupo vigente"),
            ("revocacion", "Revocación del cupo vigente"),
        ],
        error_messages={"required": "Elija qué cambia.", "invalid_choice": "Elija qué cambia."},
    )
    galones_anuales = CampoGalones(
        label="Galones anuales",
        required=False,
        help_text="El nuevo cupo anual, con punto para los miles y coma para los decimales, p. ej. 12.000,50.",
    )
    motivo_cambio = forms.ChoiceField(
        label="Motivo del cambio",
        required=False,
        choices=[("", "Elija…"), ("aumento", "Aumento"), ("reduccion", "Reducción"), ("correccion", "Corrección")],
        error_messages={"invalid_choice": "Elija aumento, reducción o corrección."},
    )
    fecha_desde = CampoFecha(
        label="Desde",
        required=False,
        help_text=(
            "Cambio: el día desde el que rige (opcional; nunca antes de la firmeza y la comunicación a Dimar). "
            "Revocación: el día desde el que se cancela el cupo (no posterior a hoy)."
        ),
    )
    causal = forms.ChoiceField(
        label="Causal de la revocación (Decreto 1891 de 2009, parágrafo 1)",
        required=False,
        choices=[("", "Elija la causal…"), *Cupo.CAUSALES_REVOCACION],
        error_messages={"invalid_choice": "Elija una de las causales del decreto."},
    )
    soporte = forms.CharField(
        label="Soporte de la revocación",
        required=False,
        max_length=300,
        help_text="La novedad de Dimar, la decisión sobre la inactividad o la comunicación de la autoridad "
        "(quién, número y fecha).",
    )
    motivo = forms.CharField(
        label="Motivo",
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Queda escrito en la resolución. Obligatorio en un cambio o una revocación.",
    )


# --- A foreign vessel's standing conditions (R-26) ----------------------------------------------------------


class GarantiaForm(Accesible, forms.Form):
    prefix = "garantia"

    anio = forms.IntegerField(label="Año", min_value=2009, max_value=2100, initial=lambda: today().year,
                              error_messages={"required": "Indique el año de la garantía."})
    desembarque_minimo_kg = CampoDecimal(
        label="Desembarque mínimo del año (kg)", min_value=0, max_digits=14, decimal_places=2,
        help_text="El volumen de pesca que la constancia del ICA (hoy AUNAP) fija para desembarcar en puertos "
        "colombianos en el año.",
    )
    valor_desembarque_minimo = CampoDecimal(
        label="Valor declarado del desembarque mínimo", min_value=0, max_digits=16, decimal_places=2,
    )
    banco = forms.CharField(label="Banco", max_length=120, error_messages={"required": "Indique el banco."})
    numero = forms.CharField(label="Número de la garantía", max_length=60,
                             error_messages={"required": "Indique el número de la garantía."})
    valor = CampoDecimal(
        label="Valor de la garantía", min_value=0, max_digits=16, decimal_places=2,
        help_text="Al menos el 10 % del valor declarado del desembarque mínimo.",
    )
    moneda = forms.ChoiceField(label="Moneda", choices=GarantiaNave.Moneda.choices, initial="COP")
    vigente_hasta = CampoFecha(label="Vigente hasta",
                               help_text="Desde el día siguiente no se expiden certificados de cupo de exención.")
    soporte = forms.CharField(label="Soporte", max_length=300,
                              help_text="La garantía y la constancia del ICA o AUNAP (número, fecha).",
                              error_messages={"required": "Indique el soporte de la garantía."})


class ConvenioForm(Accesible, forms.Form):
    """R-27: the Armada's convenio with its wholesaler (the same fields as the API)."""

    prefix = "convenio"

    distribuidor_nit = forms.CharField(label="NIT del distribuidor mayorista", max_length=20,
                                       error_messages={"required": "Indique el NIT del distribuidor mayorista."})
    numero = forms.CharField(label="Número del convenio", max_length=60,
                             error_messages={"required": "Indique el número del convenio."})
    vigente_desde = CampoFecha(label="Vigente desde")
    vigente_hasta = CampoFecha(label="Vigente hasta",
                               help_text="Después de ese día el distribuidor no registra ventas exentas a la Armada.")


class DesembarqueForm(Accesible, forms.Form):
    prefix = "desembarque"

    fecha = CampoFecha(label="Fecha del desembarque", initial=today)
    puerto = forms.ModelChoiceField(
        label="Puerto colombiano", queryset=Capitania.objects.filter(activa=True), to_field_name="codigo",
        empty_label="Elija el puerto…", error_messages={"required": "Elija el puerto del desembarque."},
    )
    kg = CampoDecimal(label="Kilogramos desembarcados", min_value=0, max_digits=14, decimal_places=2)
    certificado = forms.CharField(
        label="Certificado de desembarque (AUNAP/ICA)", max_length=60,
        error_messages={"required": "Indique el número del certificado de desembarque."},
    )

    def clean_puerto(self):
        return self.cleaned_data["puerto"].codigo


class EjecutarGarantiaForm(Accesible, forms.Form):
    prefix = "ejecutar"

    fecha = CampoFecha(label="Fecha de la decisión", initial=today)
    motivo = _texto_largo(
        "Motivo", "Qué desembarque faltó frente al mínimo y por qué se ejecuta la garantía.",
        "Motive la ejecución de la garantía.",
    )
