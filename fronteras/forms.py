"""Forms of the border-zone pages. They check shape only; the services decide (F-01 to F-05)."""

import datetime as dt
from decimal import Decimal

from django import forms

from core.models import Distribuidor
from core.vencimientos.calendario import today
from core.web.forms import Accesible, CampoDecimal, CampoFecha, CampoGalones, hasta_hoy
from fronteras.models import Combustible, ContratoEcopetrol, Municipio, PrioridadContratacion
from fronteras.selectors.despachos import distribuidores_que_despachan
from fronteras.selectors.estaciones import estaciones_activas_opciones
from fronteras.selectors.grandes_consumidores import PREFIJO, grandes_consumidores_opciones
from fronteras.selectors.municipios import departamentos, municipio_prioridades, municipios_opciones


def municipios_agrupados() -> list:
    """[(departamento, [(codigo_dane, "Nombre — código"), …]), …] for a select with optgroups."""
    grupos: dict[str, list] = {}
    for codigo, nombre, departamento in municipios_opciones():
        grupos.setdefault(departamento, []).append((codigo, f"{nombre} — {codigo}"))
    return [("", "Elija un municipio"), *grupos.items()]


def estaciones_agrupadas() -> list:
    """[("Municipio (Departamento)", [(id, "código — nombre (municipio)"), …]), …] of the active stations, then the
    large consumers with a volume (F-06) as "gc-<id>"."""
    grupos: dict[str, list] = {}
    for pk, codigo, nombre, municipio, departamento in estaciones_activas_opciones():
        # The option names its municipality too: a selected option is read without its group, and one
        # name («EDS La Frontera») can stand in several border towns (issue 26).
        grupos.setdefault(f"{municipio} ({departamento})", []).append((str(pk), f"{codigo} — {nombre} ({municipio})"))
    grandes = [
        (f"{PREFIJO}{pk}", f"{nombre} — NIT {nit} ({municipio})")
        for pk, nombre, nit, municipio in grandes_consumidores_opciones()
    ]
    if grandes:
        grupos["Grandes consumidores"] = grandes
    return [("", "Elija una estación o un gran consumidor"), *grupos.items()]


def anios_asignacion() -> list[tuple[int, str]]:
    actual = today().year
    return [(a, str(a)) for a in range(actual + 1, actual - 6, -1)]


def _campo_positivo(label: str, max_digits: int, sujeto: str, **kwargs) -> CampoDecimal:
    """An F-02 input: positive, at most 4 decimals."""
    return CampoDecimal(
        label=label,
        max_digits=max_digits,
        decimal_places=4,
        min_value=Decimal("0.0001"),
        error_messages={
            "min_value": f"{sujeto} debe ser mayor que cero.",
            "max_decimal_places": "Use a lo sumo 4 decimales.",
        },
        **kwargs,
    )


class AsignacionForm(Accesible, forms.Form):
    """F-02: the municipality, the fuel, the first year and each input with its source."""

    municipio = forms.ChoiceField(label="Municipio", error_messages={"required": "Elija el municipio."})
    combustible = forms.ChoiceField(label="Combustible", choices=Combustible.choices)
    anio_inicio = forms.TypedChoiceField(
        label="Primer año de la vigencia",
        coerce=int,
        help_text="Los volúmenes rigen dos años: del 1 de enero de este año al 31 de diciembre del siguiente (F-05).",
    )
    indicador_per_capita = _campo_positivo(
        "Indicador nacional de consumo per cápita (galones por habitante al mes)", 10, "El indicador"
    )
    fuente_indicador = forms.CharField(
        label="Fuente del indicador", max_length=200, initial="Indicador nacional de consumo per cápita (UPME)"
    )
    factor_gnv = _campo_positivo(
        "Factor de ajuste por gas natural vehicular",
        6,
        "El factor",
        initial=Decimal("1.0"),
        help_text="1 si el municipio tiene consumo de GNV; mayor que 1 si no lo tiene (F-02).",
    )
    fuente_gnv = forms.CharField(
        label="Fuente del factor GNV", max_length=200, initial="Parque de vehículos a gas natural"
    )
    factor_flujo = _campo_positivo("Factor de flujo vehicular interurbano", 6, "El factor", initial=Decimal("1.0"))
    fuente_flujo = forms.CharField(
        label="Fuente del factor de flujo", max_length=200, initial="Flujo vehicular interurbano"
    )
    fuente_poblacion = forms.CharField(
        label="Fuente de la población",
        max_length=200,
        required=False,
        help_text="Vacío: la fuente registrada para el municipio (proyección de población del DANE).",
    )
    resolucion = forms.CharField(
        label="Número de la resolución",
        max_length=40,
        required=False,
        help_text="Opcional. Las asignaciones con el mismo número y año forman una sola resolución en PDF.",
    )

    # The page shows the inputs in these groups, each with its source (F-02); `resolucion` goes last.
    GRUPOS = (
        ("Municipio, combustible y vigencia", ("municipio", "combustible", "anio_inicio", "fuente_poblacion")),
        ("Indicador per cápita", ("indicador_per_capita", "fuente_indicador")),
        ("Ajuste por gas natural vehicular", ("factor_gnv", "fuente_gnv")),
        ("Ajuste por flujo vehicular interurbano", ("factor_flujo", "fuente_flujo")),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["municipio"].choices = municipios_agrupados()
        self.fields["anio_inicio"].choices = anios_asignacion()
        self.fields["anio_inicio"].initial = today().year
        self.fields["combustible"].initial = Combustible.ACPM

    def grupos(self) -> list[tuple[str, list]]:
        return [(leyenda, [self[campo] for campo in campos]) for leyenda, campos in self.GRUPOS]

    def datos_servicio(self) -> dict:
        """What asignacion_create takes: the inputs, and the sources keyed as the service stores them."""
        d = self.cleaned_data
        fuentes = {
            "indicador_per_capita": d["fuente_indicador"],
            "factor_gnv": d["fuente_gnv"],
            "factor_flujo": d["fuente_flujo"],
        }
        if d.get("fuente_poblacion"):
            fuentes["poblacion"] = d["fuente_poblacion"]
        return {
            "municipio": d["municipio"],
            "combustible": d["combustible"],
            "anio_inicio": d["anio_inicio"],
            "indicador_per_capita": d["indicador_per_capita"],
            "factor_gnv": d["factor_gnv"],
            "factor_flujo": d["factor_flujo"],
            "fuentes": fuentes,
            "resolucion": d.get("resolucion", "").strip(),
        }


class EjecutoriaForm(Accesible, forms.Form):
    fecha = CampoFecha(
        label="Fecha de ejecutoria",
        help_text="Desde ese día rigen los volúmenes; en ese mes cada estación recibe la parte proporcional (F-05).",
        error_messages={"required": "Indique la fecha en que la resolución quedó ejecutoriada."},
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("initial", {"fecha": today()})
        super().__init__(*args, **kwargs)


class CertificadoConformidadForm(Accesible, forms.Form):
    """F-03: a new delivery of the conformity certificate to MinMinas, for a new period."""

    fecha_expedicion = CampoFecha(
        label="Fecha de expedición del certificado", error_messages={"required": "Indique cuándo se expidió."}
    )
    fecha_entrega = CampoFecha(
        label="Fecha de entrega al MinMinas",
        help_text="Sirve al periodo cuyo 31 de enero es el primero en o después de la entrega.",
        error_messages={"required": "Indique cuándo se entregó."},
    )
    capacidad_gal = CampoDecimal(
        label="Capacidad certificada por el aforo (gal)",
        max_digits=12,
        decimal_places=2,
        min_value=Decimal("0"),
        error_messages={
            "min_value": "La capacidad no puede ser negativa.",
            "max_decimal_places": "Use a lo sumo 2 decimales.",
        },
    )


class CertificadoTransporteForm(Accesible, forms.Form):
    """F-04: the yearly certificate that keeps a transport company's 50 % extra."""

    vigente_desde = CampoFecha(label="Vigente desde", error_messages={"required": "Indique desde cuándo rige."})
    vigente_hasta = CampoFecha(label="Vigente hasta", error_messages={"required": "Indique hasta cuándo rige."})
    subsidio_pct = CampoDecimal(
        label="Subsidio a tarifas (%)",
        max_digits=5,
        decimal_places=2,
        min_value=Decimal("25"),
        max_value=Decimal("100"),
        help_text="Porcentaje del pasaje que la empresa subsidia a población vulnerable o estudiantil (mínimo 25 %).",
        error_messages={
            # %%: the message is formatted with the limit's params.
            "min_value": "El subsidio debe ser de al menos 25 %% para conservar el adicional (F-04).",
            "max_value": "El subsidio no puede superar el 100 %%.",
        },
    )

    fecha_entrega = CampoFecha(
        label="Entregadas a la UPME y al MinMinas el",
        required=False,
        help_text="A más tardar el 31 de enero del año del certificado (art. 4, parágrafo, y art. 5). Sin la fecha "
                  "de entrega el certificado queda registrado pero no da el adicional del 50 %.",
    )
    soporte_subsidio = forms.CharField(
        label="Certificación del subsidio (autoridad, número y fecha)", max_length=300, required=False
    )
    conflicto_armado = forms.CharField(
        label="Certificación de conflictos de grupos al margen de la ley", max_length=300, required=False
    )
    poblacion_desescolarizada = forms.CharField(
        label="Certificación de alta población desescolarizada", max_length=300, required=False
    )
    nbi_superior = forms.CharField(
        label="Certificación del NBI superior a la media nacional", max_length=300, required=False
    )

    def __init__(self, *args, **kwargs):
        anio = today().year
        kwargs.setdefault("initial", {"vigente_desde": dt.date(anio, 1, 1), "vigente_hasta": dt.date(anio, 12, 31)})
        super().__init__(*args, **kwargs)

    def clean(self):
        datos = super().clean()
        desde, hasta = datos.get("vigente_desde"), datos.get("vigente_hasta")
        if desde and hasta and hasta < desde:
            self.add_error("vigente_hasta", "La fecha final no puede ser anterior a la inicial.")
        return datos


class PrioridadForm(Accesible, forms.Form):
    canal = forms.ChoiceField(
        label="Canal",
        required=False,
        choices=[("", "— Sin canal en esta posición —"), *PrioridadContratacion.Canal.choices],
    )
    proveedor = forms.CharField(
        label="Proveedor", max_length=200, required=False, help_text="Para un tercero, su NIT en el registro."
    )
    motivo = forms.CharField(
        label="Por qué los canales anteriores no pueden atender",
        max_length=1000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Obligatorio para todo canal distinto de las plantas del departamento (art. 2).",
    )


class BasePrioridadFormSet(forms.BaseFormSet):
    def clean(self):
        if any(self.errors):
            return
        vistos = set()
        for form in self.forms:
            canal, proveedor = form.cleaned_data.get("canal"), (form.cleaned_data.get("proveedor") or "").strip()
            if proveedor and not canal:
                form.add_error("canal", "Elija el canal del proveedor.")
            if canal and (canal, proveedor.lower()) in vistos:
                form.add_error("canal", "Este canal y proveedor ya están en una posición anterior.")
            vistos.add((canal, proveedor.lower()))
        if not any(f.cleaned_data.get("canal") for f in self.forms):
            raise forms.ValidationError("Indique al menos un canal de contratación.")

    def canales(self) -> list[tuple[str, str, str]]:
        return [
            (
                f.cleaned_data["canal"],
                (f.cleaned_data.get("proveedor") or "").strip(),
                (f.cleaned_data.get("motivo") or "").strip(),
            )
            for f in self.forms
            if f.cleaned_data.get("canal")
        ]


PrioridadFormSet = forms.formset_factory(
    PrioridadForm, formset=BasePrioridadFormSet, extra=0, max_num=8, validate_max=True, absolute_max=8
)

# F-01: the order of the decree, offered when a municipality has none recorded.
ORDEN_LEGAL = [
    PrioridadContratacion.Canal.PLANTA_DEPARTAMENTO,
    PrioridadContratacion.Canal.PLANTA_VECINA,
    PrioridadContratacion.Canal.TERCERO,
    PrioridadContratacion.Canal.ESTACION,
]


def prioridad_inicial(municipio: Municipio) -> list[dict]:
    """The recorded order, or the decree's; plus two empty positions to add a provider."""
    filas = [{"canal": p.canal, "proveedor": p.proveedor, "motivo": p.motivo} for p in municipio_prioridades(municipio)]
    filas = filas or [{"canal": c, "proveedor": "", "motivo": ""} for c in ORDEN_LEGAL]
    return filas + [{"canal": "", "proveedor": "", "motivo": ""}] * max(0, min(2, 8 - len(filas)))


class DespachoForm(Accesible, forms.Form):
    """F-05: a delivery to a station; a wholesaler delivers only under its own NIT."""

    distribuidor_nit = forms.ChoiceField(label="Distribuidor o tercero que despacha")
    estacion = forms.ChoiceField(
        label="Estación de servicio o gran consumidor",
        error_messages={"required": "Elija la estación o el gran consumidor."},
    )
    combustible = forms.ChoiceField(label="Combustible", choices=Combustible.choices)
    fecha = CampoFecha(label="Fecha del despacho", help_text="No puede ser posterior a hoy.")
    galones = CampoDecimal(
        label="Galones despachados",
        max_digits=12,
        decimal_places=2,
        min_value=Decimal("0.01"),
        error_messages={
            "min_value": "Los galones deben ser mayores que cero.",
            "max_decimal_places": "Use a lo sumo 2 decimales.",
        },
    )

    def __init__(self, *args, distribuidor: Distribuidor | None = None, **kwargs):
        kwargs.setdefault("initial", {"fecha": today(), "combustible": Combustible.ACPM})
        super().__init__(*args, **kwargs)
        if distribuidor is not None:
            self.fields["distribuidor_nit"].choices = [
                (distribuidor.nit, f"{distribuidor.razon_social} — NIT {distribuidor.nit}")
            ]
            self.fields["distribuidor_nit"].initial = distribuidor.nit
        else:
            self.fields["distribuidor_nit"].choices = [
                ("", "Elija el distribuidor"),
                *((nit, f"{razon} — NIT {nit}") for nit, razon in distribuidores_que_despachan()),
            ]
        self.fields["estacion"].choices = estaciones_agrupadas()


class CargaComprasForm(Accesible, forms.Form):
    archivo = forms.FileField(
        label="Archivo de compras (CSV o XLSX)",
        help_text="Columnas: estacion (código), periodo (AAAA-MM), combustible, galones. Máximo 5 MB.",
        error_messages={"required": "Elija el archivo.", "empty": "El archivo está vacío."},
        widget=forms.ClearableFileInput(
            attrs={"accept": ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}
        ),
    )
    fuente = forms.CharField(
        label="Fuente de la información",
        max_length=200,
        required=False,
        help_text="Por ejemplo: reporte SICOM de Ecopetrol, corte del 15 de enero de 2026.",
    )


# --- F-07: Ecopetrol's supply plans and MinMinas's visto bueno (services.planes decides) -----------


def _texto_plan() -> forms.CharField:
    return forms.CharField(
        label="Plan de abastecimiento",
        widget=forms.Textarea(attrs={"rows": 10}),
        help_text="Art. 3: lugares desde donde se abastece la zona y procedencia del producto (nacional o importado), "
        "rutas hasta el sitio de entrega, cadena de distribución (importación, almacenamiento, manejo, "
        "transporte y distribución) y condiciones óptimas para abastecer cada municipio.",
        error_messages={
            "required": "Escriba el plan: origen del combustible, rutas, cadena de distribución y condiciones."
        },
    )


class _FechaHastaHoy(Accesible, forms.Form):
    """A plan step dated by a person: today by default, never after it (the service refuses it too)."""

    campos_fecha = ("fecha",)

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("initial", {})
        for campo in self.campos_fecha:
            kwargs["initial"].setdefault(campo, today())
        super().__init__(*args, **kwargs)
        hasta_hoy(self, *self.campos_fecha)


class PlanPresentarForm(_FechaHastaHoy):
    campos_fecha = ("fecha_presentacion",)
    departamento = forms.ChoiceField(
        label="Departamento",
        help_text="Un plan por departamento con municipios de zona de frontera.",
        error_messages={
            "required": "Elija el departamento.",
            "invalid_choice": "Elija un departamento con municipios de zona de frontera.",
        },
    )
    fecha_presentacion = CampoFecha(
        label="Fecha de presentación al MinMinas", help_text="Desde ella corren los 10 días hábiles de la evaluación."
    )
    descripcion = _texto_plan()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["departamento"].choices = [("", "Elija el departamento"), *((d, d) for d in departamentos())]


class PlanSolicitarAjustesForm(_FechaHastaHoy):
    fecha = CampoFecha(label="Fecha de la solicitud")
    detalle = forms.CharField(
        label="Ajustes que debe hacer Ecopetrol",
        widget=forms.Textarea(attrs={"rows": 6}),
        error_messages={"required": "Indique qué debe ajustar Ecopetrol."},
    )
    plazo_dias_habiles = forms.IntegerField(
        label="Plazo para los ajustes (días hábiles)",
        min_value=1,
        max_value=365,
        initial=10,
        help_text="Se cuenta en días hábiles desde la fecha de la solicitud, sin festivos (Ley 4 de 1913, art. 62).",
        error_messages={
            "required": "Indique el plazo en días hábiles.",
            "invalid": "Escriba un número entero de días.",
            "min_value": "El plazo debe ser de al menos un día hábil.",
            "max_value": "El plazo no puede pasar de 365 días hábiles.",
        },
    )


class PlanAjustarForm(_FechaHastaHoy):
    fecha = CampoFecha(
        label="Fecha de presentación del plan ajustado",
        help_text="Desde ella corren de nuevo los 10 días hábiles de la evaluación.",
    )
    descripcion = _texto_plan()


class PlanAprobarForm(_FechaHastaHoy):
    fecha = CampoFecha(
        label="Fecha de la resolución", help_text="El visto bueno rige dos años desde esta fecha (art. 3)."
    )
    resolucion = forms.CharField(
        label="Número de la resolución",
        max_length=40,
        error_messages={
            "required": "Indique el número de la resolución.",
            "max_length": "Use a lo sumo 40 caracteres.",
        },
    )
    informe_anual_vence = CampoFecha(
        label="Fecha del primer informe anual de Ecopetrol",
        required=False,
        help_text="El decreto no la fija: la señala el MinMinas en la aprobación. Los informes siguientes vencen el "
        "mismo día de cada año. Si la resolución no la señala, déjela vacía: no habrá plazo que vigilar.",
    )
    # DOMAIN §8: an approval issued here is dated today; one signed before on paper is transcribed with its date.
    transcrita = forms.BooleanField(
        label="Resolución expedida antes en papel (se transcribe con su fecha)", required=False
    )
    soporte = forms.CharField(
        label="Soporte del acto en papel", max_length=300, required=False,
        help_text="Solo para una resolución transcrita: número, fecha y archivo del acto en papel.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["informe_anual_vence"].widget.attrs.pop("max", None)  # a future date


class PlanEjecutoriaForm(_FechaHastaHoy):
    fecha = CampoFecha(
        label="Fecha de ejecutoria",
        help_text="Desde ella Ecopetrol tiene 3 días hábiles para informar a la DIAN.",
        error_messages={"required": "Indique la fecha en que la resolución quedó ejecutoriada."},
    )


class PlanAvisoDianForm(_FechaHastaHoy):
    fecha = CampoFecha(
        label="Fecha en que se informó a la DIAN", error_messages={"required": "Indique cuándo se informó a la DIAN."}
    )


class PlanInformeForm(_FechaHastaHoy):
    campos_fecha = ("presentado",)
    anio = forms.IntegerField(
        label="Año del informe",
        min_value=2000,
        max_value=2100,
        error_messages={
            "required": "Indique el año que cubre el informe.",
            "invalid": "Escriba el año con cuatro cifras.",
            "min_value": "Escriba un año entre 2000 y 2100.",
            "max_value": "Escriba un año entre 2000 y 2100.",
        },
    )
    presentado = CampoFecha(label="Fecha de presentación al MinMinas")
    resumen = forms.CharField(
        label="Resultados y actividades del año (resumen)", required=False, widget=forms.Textarea(attrs={"rows": 5})
    )


# --- F-06: large consumers, registered by UPME with the act that assigns their volume ---------------


class GranConsumidorForm(Accesible, forms.Form):
    nit = forms.RegexField(
        label="NIT",
        regex=r"^\d{5,15}(-\d)?$",
        max_length=20,
        help_text="Sin puntos; el dígito de verificación, si lo incluye, después de un guion (900345678-1).",
        error_messages={"required": "Indique el NIT.", "invalid": "Escriba el NIT solo con números (900345678)."},
    )
    nombre = forms.CharField(
        label="Razón social", max_length=200, error_messages={"required": "Indique la razón social."}
    )
    municipio = forms.ChoiceField(label="Municipio", error_messages={"required": "Elija el municipio."})
    combustible = forms.ChoiceField(label="Combustible", choices=Combustible.choices)
    volumen_mensual = CampoGalones(
        label="Volumen máximo mensual (galones)", error_messages={"required": "Indique el volumen máximo mensual."}
    )
    fuente = forms.CharField(
        label="Acto de la UPME que asigna el volumen",
        max_length=200,
        help_text="Número y fecha de la resolución (art. 4).",
        error_messages={"required": "Indique el acto de la UPME que asigna el volumen."},
    )
    metodologia = forms.CharField(label="Metodología aplicada (opcional)", max_length=300, required=False)
    vigente_desde = CampoFecha(label="Vigente desde", error_messages={"required": "Indique desde cuándo rige."})
    vigente_hasta = CampoFecha(label="Vigente hasta (opcional)", required=False, help_text="Vacío: sin fecha final.")

    def __init__(self, *args, editar: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["municipio"].choices = municipios_agrupados()
        if editar:
            del self.fields["nit"]

    def clean(self):
        datos = super().clean()
        desde, hasta = datos.get("vigente_desde"), datos.get("vigente_hasta")
        if desde and hasta and hasta < desde:
            self.add_error("vigente_hasta", "La vigencia no puede terminar antes de empezar.")
        return datos


class ContratoEcopetrolForm(Accesible, forms.Form):
    """F-01: Ecopetrol's contract with a distributor for a municipality, in the decree's order of prelación."""

    distribuidor_nit = forms.ChoiceField(label="Distribuidor contratado",
                                         error_messages={"required": "Elija el distribuidor."})
    municipio = forms.ChoiceField(label="Municipio", error_messages={"required": "Elija el municipio."})
    acto = forms.CharField(label="Contrato o cesión de Ecopetrol", max_length=200,
                           help_text="Número y fecha del contrato o de la cesión.",
                           error_messages={"required": "Indique el contrato o la cesión de Ecopetrol."})
    vigente_desde = CampoFecha(label="Vigente desde", error_messages={"required": "Indique desde cuándo rige."})
    vigente_hasta = CampoFecha(label="Vigente hasta (opcional)", required=False, help_text="Vacío: sin fecha final.")
    prioridad = forms.TypedChoiceField(
        label="Orden de prelación", coerce=int, choices=ContratoEcopetrol.Prioridad.choices,
        initial=ContratoEcopetrol.Prioridad.PLANTA_DEPARTAMENTO,
        help_text="El orden del decreto para las ventas al consumidor final: se contrata un orden inferior solo si "
                  "los de mayor prelación no pueden atender.",
    )
    motivo = forms.CharField(
        label="Por qué los órdenes de mayor prelación no pueden atender", required=False, max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Obligatorio desde el orden 2.",
    )
    registro_minminas = forms.CharField(
        label="Acto del MinMinas que registró al tercero", required=False, max_length=200,
        help_text="Obligatorio para un tercero (orden 3): número y fecha del acto de aprobación y registro.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["municipio"].choices = municipios_agrupados()
        self.fields["distribuidor_nit"].choices = [("", "Elija un distribuidor")] + [
            (d.nit, f"{d.razon_social} — NIT {d.nit} ({d.get_tipo_display().lower()})")
            for d in Distribuidor.objects.filter(activo=True).order_by("razon_social")
        ]

    def clean(self):
        datos = super().clean()
        desde, hasta = datos.get("vigente_desde"), datos.get("vigente_hasta")
        if desde and hasta and hasta < desde:
            self.add_error("vigente_hasta", "El contrato no puede terminar antes de empezar.")
        return datos
