"""Bills of lading (C-08, C-02): one by one, or a CSV/XLSX file for an arrival (all or nothing)."""

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response

from core.api.apis import ApiBase, ColeccionApi
from core.api.filtros import filtros
from core.api.idempotency import idempotente
from core.archivos.tablas import ArchivoRechazado
from core.comun.errors import ApplicationError
from reserva import access, archivo_conocimientos
from reserva.apis.campos import Id, Toneladas, Usd
from reserva.errors import ErrorReserva
from reserva.models import Conocimiento, Embalaje, Mercancia
from reserva.selectors import arribos as selectors
from reserva.selectors.registros import TablaPorcentajes
from reserva.services import conocimientos as services


class ConocimientoOutput(serializers.ModelSerializer):
    arribo = serializers.IntegerField(source="arribo_id")
    toneladas = Toneladas()
    flete_usd = Usd()
    exoneracion = serializers.IntegerField(source="exoneracion_id", allow_null=True)
    solicitud_oferta = serializers.IntegerField(source="solicitud_oferta_id", allow_null=True)
    porcentaje = serializers.SerializerMethodField(help_text="C-01: la reserva que aplica al conocimiento (%).")

    def get_porcentaje(self, bill) -> str | None:
        """C-01: the share for the bill (a country's reciprocity share first); the shares are read once
        per answer, not once per bill."""
        tabla = getattr(self.root, "_tabla_porcentajes", None)
        if tabla is None:
            tabla = self.root._tabla_porcentajes = TablaPorcentajes()
        valor = tabla.del_conocimiento(bill)
        return None if valor is None else f"{valor:.2f}"

    class Meta:
        model = Conocimiento
        fields = [
            "id",
            "arribo",
            "numero",
            "usuario_nit",
            "usuario_nombre",
            "mercancia",
            "embalaje",
            "clase",
            "porcentaje",
            "puerto_cargue",
            "pais_cargue",
            "puerto_descargue",
            "pais_descargue",
            "toneladas",
            "flete_usd",
            "exoneracion",
            "solicitud_oferta",
            "sin_solicitud_oferta",
            "registrado",
            "extemporaneo",
        ]


class ConocimientoApi(ColeccionApi):
    Output = ConocimientoOutput
    parametros = filtros("arribo", "sin_solicitud_oferta")
    accion = services.conocimiento_register
    roles_lectura = (*access.LECTORES_ARRIBOS, *access.USUARIOS)
    roles_escritura = access.AGENTES

    class InputSerializer(serializers.Serializer):
        arribo = Id()
        numero = serializers.CharField(max_length=40)
        usuario_nit = serializers.CharField(max_length=20)
        usuario_nombre = serializers.CharField(max_length=200)
        mercancia = serializers.ChoiceField(choices=Mercancia.choices)
        embalaje = serializers.ChoiceField(choices=Embalaje.choices)
        puerto_cargue = serializers.CharField(max_length=120)
        pais_cargue = serializers.CharField(max_length=2, help_text="ISO 3166 alfa-2")
        puerto_descargue = serializers.CharField(max_length=120)
        pais_descargue = serializers.CharField(max_length=2, help_text="ISO 3166 alfa-2")
        toneladas = Toneladas()
        flete_usd = Usd()
        exoneracion = Id(required=False, allow_null=True)
        solicitud_oferta = Id(
            required=False,
            allow_null=True,
            help_text="C-10: la solicitud de ofertas a armadores nacionales que cubre el conocimiento.",
        )

    def listar(self, request):
        arribo = request.query_params.get("arribo")
        arribo = access.arribo_access(request.user, arribo) if arribo else None
        # C-10: ?sin_solicitud_oferta=true lists the flagged bills only.
        senalados = request.query_params.get("sin_solicitud_oferta", "").lower() in ("true", "1", "si", "sí")
        return selectors.conocimiento_list(user=request.user, arribo=arribo, sin_solicitud_oferta=senalados)


class ConocimientoArchivoApi(ApiBase):
    """multipart {"archivo"}: CSV or XLSX with the columns of archivo_conocimientos.COLUMNAS."""

    roles_escritura = access.AGENTES
    parser_classes = [MultiPartParser]

    class InputSerializer(serializers.Serializer):
        archivo = serializers.FileField(required=False, allow_null=True, default=None)

    @extend_schema(
        request={"multipart/form-data": InputSerializer},
        responses={201: inline_serializer("ConocimientosCargados", {"registrados": serializers.IntegerField()})},
    )
    @idempotente
    def post(self, request, arribo_id):
        arribo = access.arribo_access(request.user, arribo_id)
        archivo = self.entrada(request).get("archivo")
        try:
            filas = archivo_conocimientos.leer(archivo)
        except ArchivoRechazado as exc:
            raise ApplicationError(
                ErrorReserva.ARCHIVO_RECHAZADO,
                exc.mensaje,
                status_code=400,
                extra={"errores": [{"fila": None, "columna": "archivo", "mensaje": exc.mensaje}]},
            ) from exc
        creados = services.conocimientos_import(actor=request.user, arribo=arribo, filas=filas)
        return Response({"registrados": len(creados)}, status=status.HTTP_201_CREATED)
