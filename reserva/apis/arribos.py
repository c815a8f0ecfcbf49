"""Arrivals and manifests (C-08): the agent's notice, the stamped manifest, the bills delivered."""

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response

from core.api.apis import ApiBase, ColeccionApi, DetalleApi
from reserva import access
from reserva.apis.campos import Fecha, Toneladas
from reserva.models import Arribo, Clase, Operacion
from reserva.selectors import arribos as selectors
from reserva.services import arribos as services


class ArriboOutput(serializers.ModelSerializer):
    agencia_nit = serializers.CharField(source="agencia.nit")
    nave = serializers.IntegerField(source="nave_id")
    nave_nombre = serializers.CharField(source="nave.nombre")
    ruta = serializers.CharField(source="ruta.codigo")
    toneladas_declaradas = Toneladas(allow_null=True)
    clase = serializers.CharField(source="clase_carga")
    sobordo_presentado = serializers.DateField(allow_null=True)
    carga_sin_declarar = serializers.BooleanField(read_only=True)

    class Meta:
        model = Arribo
        fields = [
            "id",
            "agencia_nit",
            "nave",
            "nave_nombre",
            "ruta",
            "puerto",
            "fecha_arribo",
            "operacion",
            "clase",
            "toneladas_declaradas",
            "fecha_aviso",
            "aviso_extemporaneo",
            "carga_sin_declarar",
            "fletamento",
            "autorizacion_fletamento",
            "carga_exenta",
            "vence_sobordo",
            "vence_conocimientos",
            "sobordo_presentado",
            "sobordo_extemporaneo",
            "conocimientos_entregados",
        ]


class ArriboApi(ColeccionApi):
    Output = ArriboOutput
    roles_lectura = access.LECTORES_ARRIBOS
    roles_escritura = access.AGENTES

    class InputSerializer(serializers.Serializer):
        agencia_nit = serializers.CharField(max_length=20)
        nave = serializers.CharField(max_length=120)
        ruta = serializers.CharField(max_length=20)
        puerto = serializers.CharField(max_length=120)
        fecha_arribo = Fecha()
        operacion = serializers.ChoiceField(choices=Operacion.choices)
        # C-08 (art. 9 par. 2): the class and quantity of the cargo are part of the notice: without
        # either it is a 400, here as on the page.
        clase = serializers.ChoiceField(choices=Clase.choices)
        toneladas_declaradas = Toneladas()
        fecha_aviso = Fecha(required=False, allow_null=True)
        fletamento = serializers.BooleanField(required=False, default=False)
        autorizacion_fletamento = serializers.CharField(max_length=120, required=False, allow_blank=True, default="")
        carga_exenta = serializers.BooleanField(required=False, default=False)

    def listar(self, request):
        return selectors.arribo_list(user=request.user)

    def crear(self, request, datos):
        return services.arribo_notify(actor=request.user, clase_carga=datos.pop("clase"), **datos)


class ArriboDetailApi(DetalleApi):
    roles_lectura = access.LECTORES_ARRIBOS
    Output, acceso = ArriboOutput, access.arribo_access


class SobordoApi(ApiBase):
    """C-08 (art. 11): multipart {"fecha_presentacion","archivo"} → {"extemporaneo"}."""

    roles_escritura = access.AGENTES
    parser_classes = [MultiPartParser]

    class InputSerializer(serializers.Serializer):
        fecha_presentacion = Fecha()
        archivo = serializers.FileField(required=False, allow_null=True, default=None)

    @extend_schema(
        request={"multipart/form-data": InputSerializer},
        responses=inline_serializer("SobordoPresentado", {"extemporaneo": serializers.BooleanField()}),
    )
    def post(self, request, arribo_id):
        arribo = access.arribo_access(request.user, arribo_id)
        arribo = services.sobordo_present(actor=request.user, arribo=arribo, **self.entrada(request))
        return Response({"extemporaneo": arribo.sobordo_extemporaneo, "vence_sobordo": arribo.vence_sobordo})


class ConocimientosEntregadosApi(ApiBase):
    """C-08 (art. 12): the agent declares the arrival's bills of lading complete."""

    roles_escritura = access.AGENTES

    class InputSerializer(serializers.Serializer):
        fecha = Fecha()

    @extend_schema(
        request=InputSerializer,
        responses=inline_serializer("ConocimientosEntregados", {"extemporaneo": serializers.BooleanField()}),
    )
    def post(self, request, arribo_id):
        arribo = access.arribo_access(request.user, arribo_id)
        arribo = services.conocimientos_entregar(actor=request.user, arribo=arribo, **self.entrada(request))
        return Response({"extemporaneo": arribo.conocimientos_entregados > arribo.vence_conocimientos})
