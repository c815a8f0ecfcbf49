"""REST API of beneficiaries' monthly declarations (API.md "Wholesalers", R-21)."""

from rest_framework import serializers

from core.api.apis import ColeccionApi
from core.api.fields import Galones, PeriodoField
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


class DeclaracionListApi(ColeccionApi):
    Output = DeclaracionOutput
    roles_lectura = LECTORES_DECLARACIONES
    roles_escritura = DECLARANTES

    class InputSerializer(serializers.Serializer):
        beneficiario = serializers.IntegerField()
        periodo = PeriodoField()
        galones_adquiridos = Galones()

    def listar(self, request):
        return selectors.declaracion_list(user=request.user)

    def crear(self, request, datos):
        return services.declaracion_register(
            actor=request.user, beneficiario_id=datos["beneficiario"], periodo=datos["periodo"],
            galones_adquiridos=datos["galones_adquiridos"],
        )
