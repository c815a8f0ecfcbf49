"""REST API of deliveries to border stations (F-05) and the public transparency report, under
/api/v1/fronteras/despachos/ and /api/v1/fronteras/transparencia/."""

from django.http import StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.apis import ColeccionApi
from core.api.fields import Galones, PeriodoField
from core.api.filtros import filtros_conocidos
from core.archivos.exportar import CSV, csv_iterador
from core.plataforma.db import lectura_replica
from core.vencimientos.calendario import today
from fronteras import access
from fronteras.models import Combustible, Despacho
from fronteras.selectors.despachos import despacho_list, transparencia
from fronteras.services.despachos import despacho_register


class DespachoOutput(serializers.ModelSerializer):
    distribuidor_nit = serializers.CharField(source="distribuidor.nit")
    galones = Galones()

    class Meta:
        model = Despacho
        fields = ["id", "distribuidor_nit", "estacion", "gran_consumidor", "fecha", "combustible", "galones"]


class DespachoApi(ColeccionApi):
    Output = DespachoOutput
    roles_lectura = access.LECTORES
    roles_escritura = access.DESPACHADORES

    class InputSerializer(serializers.Serializer):
        distribuidor_nit = serializers.CharField(max_length=20)
        estacion = serializers.IntegerField(required=False, allow_null=True, default=None)
        gran_consumidor = serializers.IntegerField(required=False, allow_null=True, default=None)  # F-06
        fecha = serializers.DateField()

        def validate(self, datos):
            if (datos["estacion"] is None) == (datos["gran_consumidor"] is None):
                raise serializers.ValidationError(
                    {"estacion": "Indique la estación o el gran consumidor que recibe, uno de los dos."}
                )
            return datos

        combustible = serializers.ChoiceField(choices=Combustible.choices)
        galones = Galones()

    def listar(self, request):
        return access.despachos_visibles(request.user, despacho_list())

    def crear(self, request, datos):
        return despacho_register(
            actor=request.user,
            distribuidor_nit=datos["distribuidor_nit"],
            estacion_id=datos["estacion"],
            gran_consumidor_id=datos["gran_consumidor"],
            fecha=datos["fecha"],
            combustible=datos["combustible"],
            galones=datos["galones"],
        )


class TransparenciaFila(serializers.Serializer):
    departamento = serializers.CharField()
    municipio = serializers.CharField()
    codigo_dane = serializers.CharField()
    tipo = serializers.ChoiceField(choices=["estacion", "gran_consumidor"])  # F-06
    estacion = serializers.CharField()
    estacion_codigo = serializers.CharField()
    combustible = serializers.CharField()
    volumen = Galones()
    entregado = Galones()
    porcentaje = serializers.DecimalField(max_digits=7, decimal_places=1)
    regimen_especial = serializers.CharField()  # F-01: the decrees that govern the department, if any


CAMPOS_CSV = [
    "departamento",
    "municipio",
    "codigo_dane",
    "estacion",
    "estacion_codigo",
    "combustible",
    "volumen",
    "entregado",
    "porcentaje",
    "tipo",
    "regimen_especial",
]


def _periodo_query(request):
    valor = request.query_params.get("periodo") or f"{today():%Y-%m}"
    return PeriodoField().run_validation(valor)


class TransparenciaApi(APIView):
    """Public, no login: each municipality's and station's volume, delivered gallons and percent used."""

    authentication_classes = []
    permission_classes = [AllowAny]
    parametros = [
        OpenApiParameter("periodo", str, description="AAAA-MM; por defecto, el mes en curso."),
        OpenApiParameter("departamento", str),
        OpenApiParameter("formato", str, enum=["json", "csv"]),
    ]

    @extend_schema(
        parameters=parametros,
        responses={
            (200, "application/json"): inline_serializer(
                "Transparencia",
                {
                    "periodo": serializers.CharField(),
                    "count": serializers.IntegerField(),
                    "results": TransparenciaFila(many=True),
                },
            ),
            (200, "text/csv"): OpenApiTypes.STR,
        },
    )
    @lectura_replica()  # issue 14 §5: a public, read-only page may lag the primary by a replica's delay
    def get(self, request):
        filtros_conocidos(request, self)  # a misspelt ?filter= is a 400, never every municipality
        periodo = _periodo_query(request)
        filas = transparencia(periodo=periodo, departamento=request.query_params.get("departamento", ""))
        if request.query_params.get("formato") == "csv":
            # Streamed: each row is serialized and written as the response is sent (issue 14).
            serializadas = (TransparenciaFila(fila).data for fila in filas)
            respuesta = StreamingHttpResponse(
                csv_iterador(CAMPOS_CSV, ([dato[c] for c in CAMPOS_CSV] for dato in serializadas), bom=False),
                content_type=CSV,
            )
            respuesta["Content-Disposition"] = f'attachment; filename="transparencia-fronteras-{periodo:%Y-%m}.csv"'
            return respuesta
        datos = TransparenciaFila(filas, many=True).data
        return Response({"periodo": f"{periodo:%Y-%m}", "count": len(datos), "results": datos})
