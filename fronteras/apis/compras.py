"""REST API of the stations' purchase history (F-03), under /api/v1/fronteras/compras/."""

from rest_framework import serializers

from core.api.apis import ColeccionApi
from core.api.fields import Galones, PeriodoField
from core.api.filtros import filtros
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


class CompraApi(ColeccionApi):
    Output = CompraOutput
    parametros = filtros("estacion")
    roles_lectura = access.LECTORES
    roles_escritura = access.REGISTRO_COMPRAS

    class InputSerializer(serializers.Serializer):
        estacion = serializers.IntegerField()
        periodo = PeriodoField()
        combustible = serializers.ChoiceField(choices=Combustible.choices)
        galones = Galones(min_value=0)

    def listar(self, request):
        return compra_list_api(estacion=request.query_params.get("estacion", ""))

    def crear(self, request, datos):
        return compra_register(actor=request.user, estacion_id=datos["estacion"], periodo=datos["periodo"],
                               combustible=datos["combustible"], galones=datos["galones"])
