"""REST API of the large consumers (F-06), under /api/v1/fronteras/grandes-consumidores/."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from core.api.apis import AccionApi, ApiBase, ColeccionApi
from core.api.fields import Galones, fecha_query
from fronteras import access
from fronteras.apis.estaciones import VolumenOutput
from fronteras.models import Combustible, GranConsumidor
from fronteras.selectors.grandes_consumidores import gran_consumidor_list, gran_consumidor_volumen
from fronteras.services.grandes_consumidores import gran_consumidor_create, gran_consumidor_ejecutoria


class GranConsumidorOutput(serializers.ModelSerializer):
    municipio = serializers.CharField(source="municipio.codigo_dane")
    volumen_mensual = Galones()

    class Meta:
        model = GranConsumidor
        fields = [
            "id",
            "nit",
            "nombre",
            "municipio",
            "combustible",
            "volumen_mensual",
            "fuente",
            "metodologia",
            "vigente_desde",
            "vigente_hasta",
            "fecha_ejecutoria",
        ]


class GranConsumidorApi(ColeccionApi):
    """UPME assigns a large consumer its maximum monthly volume, with the act that does it (art. 4)."""

    Output = GranConsumidorOutput
    accion = gran_consumidor_create
    parametros = [OpenApiParameter("municipio", str)]
    roles_lectura = access.LECTORES
    roles_escritura = access.ANALISTAS

    class InputSerializer(serializers.Serializer):
        nit = serializers.CharField(max_length=20)
        nombre = serializers.CharField(max_length=200)
        municipio = serializers.CharField(max_length=5)
        combustible = serializers.ChoiceField(choices=Combustible.choices)
        volumen_mensual = Galones(min_value=0)
        fuente = serializers.CharField(max_length=200)
        metodologia = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")
        vigente_desde = serializers.DateField()
        vigente_hasta = serializers.DateField(required=False, allow_null=True, default=None)

    def listar(self, request):
        return gran_consumidor_list(municipio=request.query_params.get("municipio") or "")


class GranConsumidorVolumenApi(ApiBase):
    """F-06: the large consumer's volume for the month of `fecha`; 409 sin_volumen_vigente when none."""

    roles_lectura = access.LECTORES
    parametros = [OpenApiParameter("fecha", str)]

    @extend_schema(parameters=parametros, responses=VolumenOutput)
    def get(self, request, gran_consumidor_id):
        volumen = gran_consumidor_volumen(
            gran_consumidor=access.gran_consumidor_access(request.user, gran_consumidor_id), fecha=fecha_query(request)
        )
        return Response(VolumenOutput(volumen).data)


class GranConsumidorEjecutoriaApi(AccionApi):
    """F-06 with F-05: the act that assigns the large consumer's volume is final from `fecha`."""

    roles_escritura = access.ANALISTAS
    Output = GranConsumidorOutput
    accion = gran_consumidor_ejecutoria
    acceso, parametro = access.gran_consumidor_access, "gran_consumidor"
    validar_antes = True

    class InputSerializer(serializers.Serializer):
        fecha = serializers.DateField()
