"""REST API of the inspector's report on a zarpe (R-17)."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from core.api.apis import ApiBase
from core.api.fields import Galones
from core.api.idempotency import idempotente
from zarpes.access import ROLES_ZARPE
from zarpes.models import Inspeccion, InspectorDesignado
from zarpes.services.inspecciones import zarpe_inspect


class InspectorDesignadoOutput(serializers.ModelSerializer):
    class Meta:
        model = InspectorDesignado
        fields = ["id", "nombre", "documento"]


class InspeccionOutput(serializers.ModelSerializer):
    zarpe = serializers.IntegerField(source="zarpe_id")
    # the designated inspector named by the report; null when the report named none.
    inspector = InspectorDesignadoOutput(allow_null=True)
    galones_verificados = Galones()
    reintegro = Galones()
    galones_autorizados = Galones(source="zarpe.galones_autorizados")

    class Meta:
        model = Inspeccion
        fields = [
            "id",
            "zarpe",
            "fecha",
            "galones_autorizados",
            "galones_verificados",
            "reintegro",
            "ventana_cerrada",
            "inspector",
        ]


class ZarpeInspeccionApi(ApiBase):
    """R-17: the inspector's report; the difference is refunded while the window is open."""

    roles_escritura = ROLES_ZARPE

    class InputSerializer(serializers.Serializer):
        fecha = serializers.DateField()
        galones_verificados = Galones(min_value=0)
        # R-13, optional (API.md's body binds): the id of the capitanía's designation of the inspector.
        inspector = serializers.IntegerField(required=False, allow_null=True, min_value=1)

    @extend_schema(request=InputSerializer, responses=InspeccionOutput)
    @idempotente
    def post(self, request, zarpe_id):
        inspeccion = zarpe_inspect(actor=request.user, zarpe_id=zarpe_id, **self.entrada(request))
        return Response(InspeccionOutput(inspeccion).data)
