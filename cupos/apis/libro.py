"""REST API of the ledger (R-11): a cupo's movements."""

from rest_framework import serializers

from core.api.apis import ListaApi
from core.api.fields import Galones
from cupos.access import ANALISTAS_Y_BENEFICIARIOS, cupo_access
from cupos.models import Movimiento
from cupos.selectors.libro import movimiento_list


class MovimientoOutput(serializers.ModelSerializer):
    galones = Galones()

    class Meta:
        model = Movimiento
        fields = ["id", "tipo", "fecha", "galones", "referencia", "detalle", "creado"]


class CupoMovimientosApi(ListaApi):
    """The ledger of a cupo, newest first."""

    Output = MovimientoOutput
    roles_lectura = ANALISTAS_Y_BENEFICIARIOS

    def listar(self, request, cupo_id):
        return movimiento_list(cupo=cupo_access(request.user, cupo_id))
