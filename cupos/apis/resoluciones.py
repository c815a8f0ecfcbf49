"""REST API of the year's resolutions (API.md "Resolutions and cupos", R-05)."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from core.api.fields import enteros_query
from core.api.idempotency import idempotente
from core.apis import ApiBase
from cupos.access import ANALISTAS, ESCRITORES, resolucion_access
from cupos.models import Resolucion
from cupos.selectors.resoluciones import resolucion_extemporanea, resolucion_list
from cupos.services import resoluciones as resolucion_services


class ResolucionOutput(serializers.ModelSerializer):
    extemporanea = serializers.SerializerMethodField()
    cupos = serializers.IntegerField(source="cupos.count", read_only=True)

    class Meta:
        model = Resolucion
        fields = ["id", "anio", "numero", "fecha_expedicion", "considerandos", "firmante", "extemporanea", "cupos"]

    def get_extemporanea(self, obj) -> bool:
        return resolucion_extemporanea(obj)


class ResolucionListApi(ApiBase):
    roles_lectura = ANALISTAS
    roles_escritura = ESCRITORES

    class InputSerializer(serializers.Serializer):
        anio = serializers.IntegerField(min_value=2002, max_value=2100)
        numero = serializers.CharField(max_length=30)
        fecha_expedicion = serializers.DateField()
        considerandos = serializers.CharField(required=False, allow_blank=True, default="")
        firmante = serializers.CharField(required=False, allow_blank=True, default="")

    @extend_schema(parameters=[OpenApiParameter("anio", int)], responses=ResolucionOutput(many=True))
    def get(self, request):
        qs = resolucion_list(anio=enteros_query(request, "anio")[0])
        return self.paginate(qs, ResolucionOutput)

    @extend_schema(request=InputSerializer, responses={201: ResolucionOutput})
    @idempotente
    def post(self, request):
        entrada = self.InputSerializer(data=request.data)
        entrada.is_valid(raise_exception=True)
        resolucion = resolucion_services.resolucion_create(actor=request.user, **entrada.validated_data)
        return Response(ResolucionOutput(resolucion).data, status=status.HTTP_201_CREATED)


class ResolucionDetailApi(ApiBase):
    roles_lectura = ANALISTAS

    @extend_schema(responses=ResolucionOutput)
    def get(self, request, resolucion_id):
        return Response(ResolucionOutput(resolucion_access(request.user, resolucion_id)).data)
