"""REST API of beneficiaries' monthly declarations (API.md "Wholesalers", R-21)."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from core.api.fields import Galones, PeriodoField
from core.api.idempotency import idempotente
from core.apis import ApiBase
from distribuidores.access import DECLARANTES, LECTORES_DECLARACIONES
from distribuidores.models import Declaracion
from distribuidores.selectors import declaraciones as selectors
from distribuidores.services import declaraciones as services


class DeclaracionOutput(serializers.ModelSerializer):
    periodo = PeriodoField()
    galones_adquiridos = Galones()
    tenida_en_cuenta = serializers.BooleanField(read_only=True)

    class Meta:
        model = Declaracion
        fields = [
            "id", "beneficiario", "periodo", "galones_adquiridos", "presentada", "extemporanea", "tenida_en_cuenta",
        ]


class DeclaracionListApi(ApiBase):
    roles_lectura = LECTORES_DECLARACIONES
    roles_escritura = DECLARANTES

    class InputSerializer(serializers.Serializer):
        beneficiario = serializers.IntegerField()
        periodo = PeriodoField()
        galones_adquiridos = Galones()

    @extend_schema(responses=DeclaracionOutput(many=True))
    def get(self, request):
        return self.paginate(selectors.declaracion_list(user=request.user), DeclaracionOutput)

    @extend_schema(request=InputSerializer, responses={201: DeclaracionOutput})
    @idempotente
    def post(self, request):
        entrada = self.InputSerializer(data=request.data)
        entrada.is_valid(raise_exception=True)
        d = entrada.validated_data
        declaracion = services.declaracion_register(
            actor=request.user, beneficiario_id=d["beneficiario"], periodo=d["periodo"],
            galones_adquiridos=d["galones_adquiridos"],
        )
        return Response(DeclaracionOutput(declaracion).data, status=status.HTTP_201_CREATED)
