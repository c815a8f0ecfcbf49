"""Exonerations (C-06, C-07): filing, documents, Dimar's decision, shipments, public verification."""

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.filtros import filtros
from core.api.idempotency import idempotente
from core.apis import AccionApi, ApiBase, ColeccionApi, DetalleApi
from reserva import access
from reserva.apis.campos import Fecha, Toneladas
from reserva.models import Clase, DecisionExoneracion, Exoneracion
from reserva.selectors import exoneraciones as selectors
from reserva.services import exoneraciones as services


class ExoneracionOutput(serializers.ModelSerializer):
    ruta = serializers.CharField(source="ruta.codigo")
    toneladas = Toneladas()

    class Meta:
        model = Exoneracion
        fields = [
            "id",
            "usuario_nit",
            "fundamento",
            "ruta",
            "clase",
            "toneladas",
            "puerto_origen",
            "puerto_destino",
            "licencia",
            "concepto_federacion",
            "corredor_nit",
            "estado",
            "fecha_radicacion",
            "vence_decision",
            "fecha_decision",
            "motivo_decision",
            "embarcar_antes_de",
            "codigo_verificacion",
        ]


class ExoneracionApi(ColeccionApi):
    Output = ExoneracionOutput
    parametros = filtros("estado")
    accion = services.exoneracion_file
    roles_lectura = access.LECTORES_EXONERACIONES
    roles_escritura = access.USUARIOS

    class InputSerializer(serializers.Serializer):
        usuario_nit = serializers.CharField(max_length=20)
        fundamento = serializers.ChoiceField(choices=Exoneracion.Fundamento.choices)
        ruta = serializers.CharField(max_length=20)
        clase = serializers.ChoiceField(choices=Clase.choices)
        toneladas = Toneladas()
        puerto_origen = serializers.CharField(max_length=120)
        puerto_destino = serializers.CharField(max_length=120)
        licencia = serializers.CharField(max_length=120)
        concepto_federacion = serializers.BooleanField(required=False, default=False)
        corredor_nit = serializers.CharField(max_length=20, required=False, allow_null=True, allow_blank=True)
        fecha_radicacion = Fecha(required=False, allow_null=True)

    def listar(self, request):
        return selectors.exoneracion_list(user=request.user, estado=request.query_params.get("estado", "")[:20])


class ExoneracionDetailApi(DetalleApi):
    roles_lectura = access.LECTORES_EXONERACIONES
    Output, acceso = ExoneracionOutput, access.exoneracion_access


class DecidirApi(AccionApi):
    """{"decision": "concedida"|"negada"|"aclaracion","fecha","motivo","embarcar_antes_de"?} → 200."""

    roles_escritura = access.DIMAR
    Output = ExoneracionOutput
    accion = services.exoneracion_decide
    acceso, parametro = access.exoneracion_access, "exoneracion"

    class InputSerializer(serializers.Serializer):
        decision = serializers.ChoiceField(choices=DecisionExoneracion.Decision.choices)
        fecha = Fecha()
        motivo = serializers.CharField(max_length=4000)
        embarcar_antes_de = Fecha(required=False, allow_null=True)


class EmbarqueApi(ApiBase):
    """C-07: {"fecha_embarque","nave","puerto"} → {"infraccion","motivo"}."""

    roles_escritura = access.USUARIOS

    class InputSerializer(serializers.Serializer):
        fecha_embarque = Fecha()
        nave = serializers.CharField(max_length=120)
        puerto = serializers.CharField(max_length=120)
        bandera = serializers.CharField(max_length=2, required=False, allow_blank=True, default="")
        fecha_arribo_estimada = Fecha(required=False, allow_null=True)

    @extend_schema(
        request=InputSerializer,
        responses=inline_serializer(
            "EmbarqueExonerado",
            {
                "id": serializers.IntegerField(),
                "infraccion": serializers.BooleanField(),
                "motivo": serializers.CharField(),
            },
        ),
    )
    def post(self, request, exoneracion_id):
        exoneracion = access.exoneracion_access(request.user, exoneracion_id)
        embarque = services.embarque_communicate(actor=request.user, exoneracion=exoneracion, **self.entrada(request))
        return Response({"id": embarque.pk, "infraccion": embarque.infraccion, "motivo": embarque.motivo})


class DocumentoApi(ApiBase):
    """multipart {"tipo","archivo"}: a document of the file (art. 15)."""

    roles_escritura = access.PRESENTAN_DOCUMENTOS
    parser_classes = [MultiPartParser]

    class InputSerializer(serializers.Serializer):
        tipo = serializers.CharField(max_length=40)
        archivo = serializers.FileField(required=False, allow_null=True, default=None)

    @extend_schema(
        request={"multipart/form-data": InputSerializer},
        responses={
            201: inline_serializer(
                "DocumentoExoneracionCargado", {"id": serializers.IntegerField(), "tipo": serializers.CharField()}
            )
        },
    )
    @idempotente
    def post(self, request, exoneracion_id):
        exoneracion = access.exoneracion_access(request.user, exoneracion_id)
        documento = services.documento_upload(actor=request.user, exoneracion=exoneracion, **self.entrada(request))
        return Response({"id": documento.pk, "tipo": documento.tipo}, status=status.HTTP_201_CREATED)


class VerificarExoneracionApi(APIView):
    """Public: a stamped grant's verification code → what it exonerates and until when."""

    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(
        responses=inline_serializer(
            "ExoneracionVerificada",
            {
                "codigo": serializers.CharField(),
                "valida": serializers.BooleanField(),
                "usuario_nit": serializers.CharField(),
                "toneladas": serializers.CharField(),
                "embarcar_antes_de": serializers.DateField(),
            },
        )
    )
    def get(self, request, codigo):
        exoneracion = selectors.exoneracion_por_codigo(codigo)
        if exoneracion is None:
            return Response(
                {"codigo": "no_encontrado", "detalle": "No existe una exoneración con ese código."},
                status=status.HTTP_404_NOT_FOUND,
            )
        return Response(
            {
                "codigo": exoneracion.codigo_verificacion,
                "valida": True,
                "usuario_nit": exoneracion.usuario_nit,
                "clase": exoneracion.clase,
                "ruta": exoneracion.ruta.codigo,
                "toneladas": f"{exoneracion.toneladas:.3f}",
                "fecha_decision": exoneracion.fecha_decision,
                "embarcar_antes_de": exoneracion.embarcar_antes_de,
            }
        )
