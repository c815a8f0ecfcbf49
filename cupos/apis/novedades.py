"""API of Dimar's monthly novelties (API.md "Dimar novelties, alerts and jobs")."""

from rest_framework import serializers

from core.api.apis import ColeccionApi
from core.api.fields import PeriodoField
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


class NovedadDimarApi(ColeccionApi):
    Output = NovedadOutput
    accion = novedades_register
    roles_lectura = LECTORES_NOVEDADES
    roles_escritura = REPORTAN_NOVEDADES
    integracion = ("dimar",)  # Dimar's system reports its novelties (data, not an act)

    class InputSerializer(serializers.Serializer):
        periodo = PeriodoField()
        altas = AltaInput(many=True, required=False, default=list)
        bajas = BajaInput(many=True, required=False, default=list)

    def listar(self, request):
        return novedad_list()
