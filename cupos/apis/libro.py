"""REST API of the ledger (R-11): a cupo's movements."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers

from core.api.fields import Galones
from core.apis import ApiBase
from cupos.access import ANALISTAS_Y_BENEFICIARIOS, cupo_access
from cupos.models import Movimiento
from cupos.selectors.libro import movimiento_list


class MovimientoOutput(serializers.ModelSerializer):
    galones = Galones()

    class Meta:
        model = Movimiento
        fields = ["id", "tipo", "fecha", "galones", "referencia", "detalle", "creado"]


class CupoMovimientosApi(ApiBase):
    """The ledger of a cupo, newest first."""

    roles_lectura = ANALISTAS_Y_BENEFICIARIOS

    @extend_schema(responses=MovimientoOutput(many=True))
    def get(self, request, cupo_id):
        cupo = cupo_access(request.user, cupo_id)
        return self.paginate(movimiento_list(cupo=cupo), MovimientoOutput)
