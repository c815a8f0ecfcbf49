"""REST API of the monthly reconciliation (R-22): a read, scoped to the wholesaler for its users."""

from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.response import Response

from core.api.apis import ApiBase
from core.api.fields import Galones
from core.comun.errors import DatosInvalidos
from core.web.forms import periodo_de_texto
from distribuidores.access import LECTORES_CONCILIACION, conciliacion_alcance
from distribuidores.errors import DiscrepanciaConciliacion
from distribuidores.services.resumen_conciliacion import conciliacion_mes_resumida

CODIGOS = DiscrepanciaConciliacion.values


class ConciliacionTotalesOutput(serializers.Serializer):
    certificados = Galones()
    verificados = Galones()
    vendido = Galones()
    reportado = Galones()
    declarado = Galones(allow_null=True)


class ConciliacionDiscrepanciaOutput(serializers.Serializer):
    codigo = serializers.CharField()
    detalle = serializers.CharField()
    fuente = serializers.CharField()
    distribuidor_nit = serializers.CharField(allow_blank=True)
    beneficiario = serializers.IntegerField(source="beneficiario_id", allow_null=True)
    matricula = serializers.CharField(allow_blank=True)
    certificado = serializers.CharField(allow_blank=True)
    fecha = serializers.DateField(allow_null=True)
    galones = Galones(allow_null=True)
    referencia = Galones(allow_null=True)
    venta = serializers.IntegerField(source="venta_id", allow_null=True)
    reporte = serializers.IntegerField(source="reporte_id", allow_null=True)
    fila = serializers.IntegerField(allow_null=True)


class ConciliacionOutput(serializers.Serializer):
    periodo = serializers.SerializerMethodField()
    fecha_limite = serializers.DateField()
    plazo_vencido = serializers.BooleanField()
    totales = ConciliacionTotalesOutput()
    conteo = serializers.SerializerMethodField()
    discrepancias = serializers.SerializerMethodField()

    def get_periodo(self, obj) -> str:
        return f"{obj.periodo:%Y-%m}"

    def get_conteo(self, obj) -> dict[str, int]:
        return {codigo: obj.conteo.get(codigo, 0) for codigo in CODIGOS}

    @extend_schema_field(ConciliacionDiscrepanciaOutput(many=True))
    def get_discrepancias(self, obj) -> list:
        return ConciliacionDiscrepanciaOutput(self.context["hallazgos"], many=True).data


class ConciliacionApi(ApiBase):
    """GET ?periodo=YYYY-MM[&codigo=…]: the month's totals and discrepancies (all of them: a
    month's reconciliation is one document). A wholesaler gets its own."""

    roles_lectura = LECTORES_CONCILIACION
    parametros = [
        OpenApiParameter("periodo", str, required=True, description="AAAA-MM"),
        OpenApiParameter("codigo", str, required=False, enum=CODIGOS),
    ]

    @extend_schema(parameters=parametros, responses=ConciliacionOutput)
    def get(self, request):
        periodo = periodo_de_texto(request.query_params.get("periodo"))
        if periodo is None:
            raise DatosInvalidos({"periodo": "Use un periodo AAAA-MM válido."})
        codigo = request.query_params.get("codigo", "")
        if codigo and codigo not in CODIGOS:
            raise DatosInvalidos({"codigo": f"Código desconocido. Use uno de: {', '.join(CODIGOS)}."})
        distribuidor_id = conciliacion_alcance(request.user)
        resultado = conciliacion_mes_resumida(periodo=periodo, distribuidor_id=distribuidor_id)  # stored, issue 14
        hallazgos = resultado.filtrar(codigo=codigo)
        return Response(ConciliacionOutput(resultado, context={"hallazgos": hallazgos}).data)
