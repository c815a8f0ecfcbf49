"""REST API of wholesalers' monthly reports (API.md "Wholesalers", R-20, R-22)."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response

from core.api.apis import ApiBase, DetalleApi, ListaApi
from core.api.fields import Galones, PeriodoField
from core.api.idempotency import idempotente
from core.archivos.exportar import CSV, XLSX, descarga
from core.comun.errors import DatosInvalidos
from core.comun.numeros import entero
from core.segundo_plano.trabajos import trabajo_referencia
from distribuidores.access import ESCRITORES, LECTORES, reporte_access
from distribuidores.models import Discrepancia, ErrorFilaReporte, ReporteMensual
from distribuidores.selectors import reportes as selectors
from distribuidores.services.reportes import plantillas
from distribuidores.services.reportes.ingesta import max_bytes, mensaje_tamano, reporte_upload

DETALLE_MAX = 1000  # errors and discrepancies inlined in the detail; the rest are paginated
MARGEN_MULTIPART = 64 * 1024  # the form's other fields and boundaries


class ErrorOutput(serializers.ModelSerializer):
    class Meta:
        model = ErrorFilaReporte
        fields = ["fila", "campo", "mensaje"]


class DiscrepanciaOutput(serializers.ModelSerializer):
    class Meta:
        model = Discrepancia
        fields = ["fila", "codigo", "detalle"]


class ReporteOutput(serializers.ModelSerializer):
    distribuidor_nit = serializers.CharField(source="distribuidor.nit")
    periodo = PeriodoField()
    total_galones = Galones()

    class Meta:
        model = ReporteMensual
        fields = [
            "id", "estado", "distribuidor_nit", "periodo", "version", "vigente", "progreso", "mensaje",
            "filas_validas", "filas_con_error", "total_galones", "extemporaneo", "fecha_limite",
            "nombre_original", "tamano_bytes", "recibido", "procesado",
        ]


class ReporteAceptadoOutput(ReporteOutput):
    """The 202 answer of an upload: the report, and `trabajo`, its processing at GET /api/v1/trabajos/{trabajo}/."""

    trabajo = serializers.SerializerMethodField()

    class Meta(ReporteOutput.Meta):
        fields = ["trabajo", *ReporteOutput.Meta.fields]

    def get_trabajo(self, obj) -> str:
        return trabajo_referencia(selectors.PREFIJO_TRABAJO, obj.id)


class ReporteDetalleOutput(ReporteOutput):
    errores = serializers.SerializerMethodField()
    discrepancias = serializers.SerializerMethodField()
    errores_total = serializers.SerializerMethodField()
    discrepancias_total = serializers.SerializerMethodField()

    class Meta(ReporteOutput.Meta):
        fields = [*ReporteOutput.Meta.fields, "errores", "errores_total", "discrepancias", "discrepancias_total"]

    @extend_schema_field(ErrorOutput(many=True))
    def get_errores(self, obj):
        return ErrorOutput(selectors.reporte_errores(reporte=obj)[:DETALLE_MAX], many=True).data

    @extend_schema_field(DiscrepanciaOutput(many=True))
    def get_discrepancias(self, obj):
        return DiscrepanciaOutput(selectors.reporte_discrepancias(reporte=obj)[:DETALLE_MAX], many=True).data

    def get_errores_total(self, obj) -> int:
        return selectors.reporte_errores(reporte=obj).count()

    def get_discrepancias_total(self, obj) -> int:
        return selectors.reporte_discrepancias(reporte=obj).count()


def _rechazar_si_excede(request) -> None:
    """Refuse an oversized upload from its Content-Length, before Django reads the body."""
    largo = entero(request.META.get("CONTENT_LENGTH")) or 0
    if largo > max_bytes() + MARGEN_MULTIPART:
        raise DatosInvalidos({"archivo": mensaje_tamano(largo)})


class ReporteListApi(ListaApi):
    """GET the reports in scope; POST (multipart) a report for a finished month → 202."""

    Output = ReporteOutput
    parametros = [
        OpenApiParameter("periodo", OpenApiTypes.STR, description="AAAA-MM"),
        OpenApiParameter("distribuidor_nit", OpenApiTypes.STR),
        OpenApiParameter("vigente", OpenApiTypes.BOOL),
        OpenApiParameter("estado", OpenApiTypes.STR),
    ]
    roles_lectura = LECTORES
    roles_escritura = ESCRITORES
    parser_classes = [MultiPartParser]

    class InputSerializer(serializers.Serializer):
        distribuidor_nit = serializers.CharField(max_length=20)
        periodo = PeriodoField()
        archivo = serializers.FileField(allow_empty_file=True, max_length=255)

    def listar(self, request):
        p = request.query_params
        periodo = PeriodoField().run_validation(p["periodo"]) if p.get("periodo") else None
        vigente = {"true": True, "false": False}.get((p.get("vigente") or "").lower())
        return selectors.reporte_list(
            user=request.user, periodo=periodo, distribuidor_nit=p.get("distribuidor_nit", ""), vigente=vigente,
            estado=p.get("estado", ""),
        )

    @extend_schema(request={"multipart/form-data": InputSerializer}, responses={202: ReporteAceptadoOutput})
    def post(self, request):
        _rechazar_si_excede(request)
        return self._recibir(request)

    @idempotente
    def _recibir(self, request):
        d = self.entrada(request)
        reporte = reporte_upload(
            actor=request.user, distribuidor_nit=d["distribuidor_nit"], periodo=d["periodo"], archivo=d["archivo"],
        )
        return Response(ReporteAceptadoOutput(reporte).data, status=status.HTTP_202_ACCEPTED)


class ReporteDetailApi(DetalleApi):
    roles_lectura = LECTORES
    Output, acceso = ReporteDetalleOutput, reporte_access


class ReporteErroresApi(ListaApi):
    """Every row error of a report, paginated (the detail inlines the first ones)."""

    Output = ErrorOutput
    roles_lectura = LECTORES

    def listar(self, request, reporte_id):
        return selectors.reporte_errores(reporte=reporte_access(request.user, reporte_id))


class ReporteDiscrepanciasApi(ListaApi):
    Output = DiscrepanciaOutput
    roles_lectura = LECTORES

    def listar(self, request, reporte_id):
        return selectors.reporte_discrepancias(reporte=reporte_access(request.user, reporte_id))


class PlantillaCsvApi(ApiBase):
    roles_lectura = LECTORES

    @extend_schema(responses={(200, "text/csv"): OpenApiTypes.BINARY})
    def get(self, request):
        return descarga(plantillas.plantilla_csv(), CSV, "plantilla_reporte_mensual.csv")


class PlantillaXlsxApi(ApiBase):
    roles_lectura = LECTORES

    @extend_schema(responses={(200, XLSX): OpenApiTypes.BINARY})
    def get(self, request):
        return descarga(plantillas.plantilla_xlsx(), XLSX, "plantilla_reporte_mensual.xlsx")
