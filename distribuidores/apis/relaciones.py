"""REST API of the wholesaler's relación to Ecopetrol (D1505 art. 15): the list of relaciones in
scope, and each one as XLSX (the detail) and PDF (the cover), from the monthly report in force."""

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers

from core.api.apis import ApiBase, ColeccionApi, ListaApi
from core.api.fields import Galones, PeriodoField
from core.archivos.exportar import XLSX, descarga
from core.identidad.roles import Rol
from distribuidores.access import LECTORES_RELACION, relacion_access
from distribuidores.models import EnvioRelacion, ReporteMensual
from distribuidores.paquetes import relacion_paquete
from distribuidores.pdf import relacion_pdf
from distribuidores.selectors import relaciones as selectors
from distribuidores.services.relaciones import relacion_enviar


class RelacionOutput(serializers.ModelSerializer):
    reporte = serializers.IntegerField(source="id")
    distribuidor_nit = serializers.CharField(source="distribuidor.nit")
    razon_social = serializers.CharField(source="distribuidor.razon_social")
    tipo_distribuidor = serializers.CharField(source="distribuidor.tipo")
    periodo = PeriodoField()
    total_galones = Galones()
    xlsx = serializers.SerializerMethodField()
    pdf = serializers.SerializerMethodField()

    class Meta:
        model = ReporteMensual
        fields = [
            "reporte", "distribuidor_nit", "razon_social", "tipo_distribuidor", "periodo", "version",
            "filas_validas", "total_galones", "extemporaneo", "xlsx", "pdf",
        ]

    def get_xlsx(self, reporte) -> str:
        return reverse("api-relacion-xlsx", args=[reporte.id])

    def get_pdf(self, reporte) -> str:
        return reverse("api-relacion-pdf", args=[reporte.id])


def nombre_archivo(reporte: ReporteMensual, extension: str) -> str:
    return f"relacion-exento-{reporte.distribuidor.nit}-{reporte.periodo:%Y-%m}.{extension}"


class RelacionListApi(ListaApi):
    Output = RelacionOutput
    parametros = [
        OpenApiParameter("periodo", OpenApiTypes.STR, description="AAAA-MM"),
        OpenApiParameter("distribuidor_nit", OpenApiTypes.STR),
    ]
    roles_lectura = LECTORES_RELACION

    def listar(self, request):
        p = request.query_params
        periodo = PeriodoField().run_validation(p["periodo"]) if p.get("periodo") else None
        nit = p.get("distribuidor_nit", "")
        return selectors.relacion_list(user=request.user, periodo=periodo, distribuidor_nit=nit)


class RelacionXlsxApi(ApiBase):
    roles_lectura = LECTORES_RELACION

    @extend_schema(responses={(200, XLSX): OpenApiTypes.BINARY})
    def get(self, request, reporte_id):
        reporte = relacion_access(request.user, reporte_id)
        return descarga(selectors.relacion_xlsx(reporte), XLSX, nombre_archivo(reporte, "xlsx"))


class RelacionPdfApi(ApiBase):
    roles_lectura = LECTORES_RELACION

    @extend_schema(responses={(200, "application/pdf"): OpenApiTypes.BINARY})
    def get(self, request, reporte_id):
        reporte = relacion_access(request.user, reporte_id)
        return descarga(relacion_pdf(reporte), "application/pdf", nombre_archivo(reporte, "pdf"))


class RelacionPaqueteApi(ApiBase):
    """Art. 15: the relación «junto con copia de los documentos»: XLSX, cover and document copies (ZIP)."""

    roles_lectura = LECTORES_RELACION

    @extend_schema(responses={(200, "application/zip"): OpenApiTypes.BINARY})
    def get(self, request, reporte_id):
        reporte = relacion_access(request.user, reporte_id)
        return descarga(relacion_paquete(reporte), "application/zip", nombre_archivo(reporte, "zip"))


class EnvioRelacionOutput(serializers.ModelSerializer):
    class Meta:
        model = EnvioRelacion
        fields = ["id", "reporte", "destinatario_nit", "destinatario", "enviado", "acuse"]


class RelacionEnviarApi(ColeccionApi):
    """Art. 15: the wholesaler sends its relación to a producer or importer; GET lists where it went."""

    Output = EnvioRelacionOutput
    roles_lectura = LECTORES_RELACION
    roles_escritura = (Rol.DISTRIBUIDOR,)

    class InputSerializer(serializers.Serializer):
        destinatario_nit = serializers.CharField(max_length=20)
        destinatario = serializers.CharField(max_length=200)

    def listar(self, request, reporte_id):
        return relacion_access(request.user, reporte_id).envios.order_by("-enviado")

    def crear(self, request, datos, reporte_id):
        return relacion_enviar(actor=request.user, reporte_id=reporte_id, **datos)
