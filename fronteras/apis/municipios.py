"""REST API of the border municipalities (API.md "Border zones", under /api/v1/fronteras/municipios/)."""

from rest_framework import serializers

from core.api.apis import ColeccionApi
from core.api.filtros import filtros
from fronteras import access
from fronteras.models import ContratoEcopetrol, Municipio
from fronteras.selectors.municipios import municipio_list_api, regimen_de, regimenes_especiales
from fronteras.services.contratos import contrato_ecopetrol_register
from fronteras.services.municipios import municipio_create


class MunicipioOutput(serializers.ModelSerializer):
    regimen_especial = serializers.SerializerMethodField()

    class Meta:
        model = Municipio
        fields = [
            "id",
            "codigo_dane",
            "nombre",
            "departamento",
            "poblacion",
            "regimen_especial",
            "decreto_designacion",
            "designacion_desde",
            "designacion_hasta",
        ]

    def get_regimen_especial(self, municipio) -> str | None:
        """F-01: the decrees that govern distribution in the municipality's department, if special."""
        raiz = self.root
        if not hasattr(raiz, "_regimenes"):
            raiz._regimenes = regimenes_especiales()
        regimen = regimen_de(municipio.departamento, raiz._regimenes)
        return regimen.texto if regimen else None


class MunicipioApi(ColeccionApi):
    Output = MunicipioOutput
    parametros = filtros("departamento")
    accion = municipio_create
    roles_lectura = access.LECTORES
    roles_escritura = access.ANALISTAS

    class InputSerializer(serializers.Serializer):
        codigo_dane = serializers.RegexField(r"^\d{5}$", error_messages={"invalid": "El código DANE tiene 5 dígitos."})
        nombre = serializers.CharField(max_length=120)
        departamento = serializers.CharField(max_length=80)
        poblacion = serializers.IntegerField(min_value=1)
        # F-01: the decree that designates the municipality a border zone, with its dates (optional).
        decreto_designacion = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
        designacion_desde = serializers.DateField(required=False, allow_null=True, default=None)
        designacion_hasta = serializers.DateField(required=False, allow_null=True, default=None)

    def listar(self, request):
        return municipio_list_api(departamento=request.query_params.get("departamento") or "")


class ContratoEcopetrolOutput(serializers.ModelSerializer):
    distribuidor_nit = serializers.CharField(source="distribuidor.nit")
    municipio = serializers.CharField(source="municipio.codigo_dane")

    class Meta:
        model = ContratoEcopetrol
        fields = ["id", "distribuidor_nit", "municipio", "acto", "vigente_desde", "vigente_hasta", "prioridad",
                  "motivo", "registro_minminas"]


class ContratoEcopetrolApi(ColeccionApi):
    """F-01: {"distribuidor_nit","municipio": "<codigo_dane>","acto","vigente_desde","vigente_hasta"?} → 201:
    Ecopetrol records whom it contracts in a municipality; only they record deliveries there. Optional:
    "prioridad" (1–4, the decree's order; 1 when omitted), "motivo" (required from tier 2 on) and
    "registro_minminas" (required for a tercero, tier 3)."""

    Output = ContratoEcopetrolOutput
    accion = contrato_ecopetrol_register
    roles_lectura = access.LECTORES
    roles_escritura = access.CONTRATANTES

    class InputSerializer(serializers.Serializer):
        distribuidor_nit = serializers.CharField(max_length=20)
        municipio = serializers.CharField(max_length=5)
        acto = serializers.CharField(max_length=200)
        vigente_desde = serializers.DateField()
        vigente_hasta = serializers.DateField(required=False, allow_null=True, default=None)
        prioridad = serializers.ChoiceField(choices=ContratoEcopetrol.Prioridad.choices, required=False,
                                            default=ContratoEcopetrol.Prioridad.PLANTA_DEPARTAMENTO)
        motivo = serializers.CharField(required=False, allow_blank=True, default="", max_length=2000)
        registro_minminas = serializers.CharField(required=False, allow_blank=True, default="", max_length=200)

    def listar(self, request):
        contratos = ContratoEcopetrol.objects.select_related("distribuidor", "municipio").order_by("-id")
        if access.es_distribuidor(request.user):
            contratos = contratos.filter(distribuidor_id=request.user.distribuidor_id)
        return contratos
