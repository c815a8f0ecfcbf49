"""REST API of the stations' purchase history (F-03), under /api/v1/fronteras/compras/."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from core.api.fields import Galones, PeriodoField
from core.api.idempotency import idempotente
from core.apis import ApiBase
from fronteras import access
from fronteras.models import Combustible, CompraHistorica
from fronteras.selectors.compras import compra_list_api
from fronteras.services.compras import compra_register


class CompraOutput(serializers.ModelSerializer):
    periodo = PeriodoField()
    galones = Galones()

    class Meta:
        model = CompraHistorica
        fields = ["id", "estacion", "periodo", "combustible", "galones"]


class CompraApi(ApiBase):
    roles_lectura = access.LECTORES
    roles_escritura = access.REGISTRO_COMPRAS

    class InputSerializer(serializers.Serializer):
        estacion = serializers.IntegerField()
        periodo = PeriodoField()
        combustible = serializers.ChoiceField(choices=Combustible.choices)
        galones = Galones(min_value=0)

    @extend_schema(responses=CompraOutput(many=True))
    def get(self, request):
        return self.paginate(compra_list_api(estacion=request.query_params.get("estacion", "")), CompraOutput)

    @extend_schema(request=InputSerializer, responses={201: CompraOutput})
    @idempotente
    def post(self, request):
        entrada = self.InputSerializer(data=request.data)
        entrada.is_valid(raise_exception=True)
        d = entrada.validated_data
        compra = compra_register(actor=request.user, estacion_id=d["estacion"], periodo=d["periodo"],
                                 combustible=d["combustible"], galones=d["galones"])
        return Response(CompraOutput(compra).data, status=status.HTTP_201_CREATED)
