"""API of Dimar's monthly novelties (API.md "Dimar novelties, alerts and jobs")."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from core.api.fields import PeriodoField
from core.api.idempotency import idempotente
from core.apis import ApiBase
from cupos.access import LECTORES_NOVEDADES, REPORTAN_NOVEDADES
from cupos.apis.beneficiarios import BeneficiarioInput
from cupos.models import NovedadDimar
from cupos.selectors.novedades import novedad_list
from cupos.services.novedades import novedades_register


class AltaInput(BeneficiarioInput):
    tipo = serializers.ChoiceField(
        choices=[("nave_nacional", "Nave nacional"), ("nave_extranjera", "Nave extranjera")], required=False
    )


class BajaInput(serializers.Serializer):
    matricula = serializers.CharField(max_length=30)
    fecha = serializers.DateField()
    motivo = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")


class NovedadOutput(serializers.ModelSerializer):
    periodo = PeriodoField()
    altas_creadas = serializers.SerializerMethodField()
    bajas_registradas = serializers.SerializerMethodField()

    class Meta:
        model = NovedadDimar
        fields = ["id", "periodo", "fecha_recepcion", "altas_creadas", "bajas_registradas"]

    def get_altas_creadas(self, obj) -> int:
        return len(obj.altas.all())

    def get_bajas_registradas(self, obj) -> int:
        """R-24: bajas are Dimar's report; each raises an alert for UPME's decision, none cancels."""
        return len(obj.bajas.all())


class NovedadDimarApi(ApiBase):
    roles_lectura = LECTORES_NOVEDADES
    roles_escritura = REPORTAN_NOVEDADES

    class InputSerializer(serializers.Serializer):
        periodo = PeriodoField()
        altas = AltaInput(many=True, required=False, default=list)
        bajas = BajaInput(many=True, required=False, default=list)

    @extend_schema(responses=NovedadOutput(many=True))
    def get(self, request):
        return self.paginate(novedad_list(), NovedadOutput)

    @extend_schema(request=InputSerializer, responses={201: NovedadOutput})
    @idempotente
    def post(self, request):
        entrada = self.InputSerializer(data=request.data)
        entrada.is_valid(raise_exception=True)
        novedad = novedades_register(actor=request.user, **entrada.validated_data)
        return Response(NovedadOutput(novedad).data, status=status.HTTP_201_CREATED)
