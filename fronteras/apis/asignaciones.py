"""REST API of border zones (API.md "Border zones", under /api/v1/fronteras/)."""

import csv
import io

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.fields import Galones, PeriodoField, fecha_query
from core.api.idempotency import idempotente
from core.apis import ApiBase
from core.calendario import today
from core.errors import DatosInvalidos, NoEncontrado
from fronteras import access, selectors, services
from fronteras.calculo import participacion_texto
from fronteras.models import (
    Asignacion,
    AsignacionEstacion,
    Combustible,
    CompraHistorica,
    Despacho,
    EstacionServicio,
    Municipio,
)


class MunicipioOutput(serializers.ModelSerializer):
    class Meta:
        model = Municipio
        fields = ["id", "codigo_dane", "nombre", "departamento", "poblacion"]


class MunicipioApi(ApiBase):
    roles_lectura = access.LECTORES
    roles_escritura = access.ANALISTAS

    class InputSerializer(serializers.Serializer):
        codigo_dane = serializers.RegexField(r"^\d{5}$", error_messages={"invalid": "El código DANE tiene 5 dígitos."})
        nombre = serializers.CharField(max_length=120)
        departamento = serializers.CharField(max_length=80)
        poblacion = serializers.IntegerField(min_value=1)

    @extend_schema(responses=MunicipioOutput(many=True))
    def get(self, request):
        qs = Municipio.objects.all()
        if request.query_params.get("departamento"):
            qs = qs.filter(departamento=request.query_params["departamento"])
        return self.paginate(qs.order_by("departamento", "nombre"), MunicipioOutput)

    @extend_schema(request=InputSerializer, responses={201: MunicipioOutput})
    @idempotente
    def post(self, request):
        entrada = self.InputSerializer(data=request.data)
        entrada.is_valid(raise_exception=True)
        return Response(MunicipioOutput(services.municipio_create(actor=request.user, **entrada.validated_data)).data,
                        status=status.HTTP_201_CREATED)


class EstacionOutput(serializers.ModelSerializer):
    municipio = serializers.CharField(source="municipio.codigo_dane")
    capacidad_certificada_gal = Galones()

    class Meta:
        model = EstacionServicio
        fields = ["id", "codigo", "nombre", "municipio", "capacidad_certificada_gal", "fecha_certificado",
                  "fecha_entrega_certificado", "empresa_transporte", "inicio_operacion", "activa"]


class EstacionApi(ApiBase):
    roles_lectura = access.LECTORES
    roles_escritura = access.REGISTRO_ESTACIONES

    class InputSerializer(serializers.Serializer):
        codigo = serializers.CharField(max_length=30)
        nombre = serializers.CharField(max_length=200)
        municipio = serializers.CharField(max_length=5)
        capacidad_certificada_gal = Galones(min_value=0)
        fecha_certificado = serializers.DateField()
        fecha_entrega_certificado = serializers.DateField()
        empresa_transporte = serializers.BooleanField(default=False)
        inicio_operacion = serializers.DateField(required=False, allow_null=True)

    @extend_schema(responses=EstacionOutput(many=True))
    def get(self, request):
        qs = EstacionServicio.objects.select_related("municipio")
        if request.query_params.get("municipio"):
            qs = qs.filter(municipio__codigo_dane=request.query_params["municipio"])
        return self.paginate(qs.order_by("municipio__nombre", "nombre"), EstacionOutput)

    @extend_schema(request=InputSerializer, responses={201: EstacionOutput})
    @idempotente
    def post(self, request):
        entrada = self.InputSerializer(data=request.data)
        entrada.is_valid(raise_exception=True)
        return Response(EstacionOutput(services.estacion_create(actor=request.user, **entrada.validated_data)).data,
                        status=status.HTTP_201_CREATED)


class VolumenOutput(serializers.Serializer):
    periodo = PeriodoField()
    volumen_mes = Galones()
    adicional_mes = Galones()
    despachado_mes = Galones()
    disponible = Galones()


def _estacion(estacion_id) -> EstacionServicio:
    estacion = EstacionServicio.objects.select_related("municipio").filter(pk=estacion_id).first()
    if estacion is None:
        raise NoEncontrado("No existe esa estación de servicio.")
    return estacion


def _combustible(valor) -> str:
    if valor not in Combustible.values:
        raise DatosInvalidos({"combustible": f"Use uno de: {', '.join(Combustible.values)}."})
    return valor


class EstacionVolumenApi(ApiBase):
    """F-05: the station's volume for the month of `fecha`; 409 sin_volumen_vigente when none."""

    roles_lectura = access.LECTORES

    @extend_schema(parameters=[OpenApiParameter("combustible", str), OpenApiParameter("fecha", str)], responses=VolumenOutput)
    def get(self, request, estacion_id):
        volumen = selectors.estacion_volumen(
            estacion=_estacion(estacion_id), combustible=_combustible(request.query_params.get("combustible")),
            fecha=fecha_query(request),
        )
        return Response(VolumenOutput(volumen).data)


class CompraOutput(serializers.ModelSerializer):
    periodo = PeriodoField()
    galones = Galones()

    class Meta:
        model = CompraHistorica
        fields = ["id", "estacion", "periodo", "combustible", "galones"]


class CompraApi(ApiBase):
    roles_lectura = access.LECTORES
    roles_escritura = access.REGISTRO_COMPRAS

    class InputSerializer(serializers.Serializer):
        estacion = serializers.IntegerField()
        periodo = PeriodoField()
        combustible = serializers.ChoiceField(choices=Combustible.choices)
        galones = Galones(min_value=0)

    @extend_schema(responses=CompraOutput(many=True))
    def get(self, request):
        qs = CompraHistorica.objects.order_by("estacion_id", "periodo")
        if request.query_params.get("estacion", "").isdigit():
            qs = qs.filter(estacion_id=int(request.query_params["estacion"]))
        return self.paginate(qs, CompraOutput)

    @extend_schema(request=InputSerializer, responses={201: CompraOutput})
    @idempotente
    def post(self, request):
        entrada = self.InputSerializer(data=request.data)
        entrada.is_valid(raise_exception=True)
        d = entrada.validated_data
        compra = services.compra_register(actor=request.user, estacion_id=d["estacion"], periodo=d["periodo"],
                                          combustible=d["combustible"], galones=d["galones"])
        return Response(CompraOutput(compra).data, status=status.HTTP_201_CREATED)


class AsignacionEstacionOutput(serializers.ModelSerializer):
    estacion = serializers.IntegerField(source="estacion_id")
    codigo = serializers.CharField(source="estacion.codigo")
    participacion = serializers.SerializerMethodField()
    volumen_mensual = Galones()
    adicional = Galones()

    class Meta:
        model = AsignacionEstacion
        fields = ["estacion", "codigo", "participacion", "volumen_mensual", "adicional"]

    def get_participacion(self, obj) -> str:
        from fractions import Fraction

        return participacion_texto(Fraction(obj.participacion))


class AsignacionOutput(serializers.ModelSerializer):
    municipio = serializers.CharField(source="municipio.codigo_dane")
    volumen_municipal = Galones()
    vigencia = serializers.SerializerMethodField()
    estaciones = AsignacionEstacionOutput(many=True)

    class Meta:
        model = Asignacion
        fields = ["id", "municipio", "combustible", "anio_inicio", "volumen_municipal", "vigencia", "estado",
                  "fecha_ejecutoria", "resolucion", "estaciones"]

    def get_vigencia(self, obj) -> dict:
        return {"inicio": obj.vigencia_inicio.isoformat(), "fin": obj.vigencia_fin.isoformat()}


class AsignacionApi(ApiBase):
    roles_lectura = access.LECTORES
    roles_escritura = access.ANALISTAS

    class InputSerializer(serializers.Serializer):
        municipio = serializers.CharField(max_length=5)
        combustible = serializers.ChoiceField(choices=Combustible.choices)
        anio_inicio = serializers.IntegerField(min_value=2000, max_value=2100)
        indicador_per_capita = serializers.DecimalField(max_digits=10, decimal_places=4)
        factor_gnv = serializers.DecimalField(max_digits=6, decimal_places=4)
        factor_flujo = serializers.DecimalField(max_digits=6, decimal_places=4)
        resolucion = serializers.CharField(max_length=40, required=False, allow_blank=True, default="")

    @extend_schema(responses=AsignacionOutput(many=True))
    def get(self, request):
        qs = Asignacion.objects.select_related("municipio").prefetch_related("estaciones__estacion").order_by("-id")
        return self.paginate(qs, AsignacionOutput)

    @extend_schema(request=InputSerializer, responses={201: AsignacionOutput})
    @idempotente
    def post(self, request):
        entrada = self.InputSerializer(data=request.data)
        entrada.is_valid(raise_exception=True)
        asignacion = services.asignacion_create(actor=request.user, **entrada.validated_data)
        return Response(AsignacionOutput(asignacion).data, status=status.HTTP_201_CREATED)


def _asignacion(asignacion_id) -> Asignacion:
    asignacion = Asignacion.objects.filter(pk=asignacion_id).first()
    if asignacion is None:
        raise NoEncontrado("No existe esa asignación.")
    return asignacion


class AsignacionDetailApi(ApiBase):
    roles_lectura = access.LECTORES

    @extend_schema(responses=AsignacionOutput)
    def get(self, request, asignacion_id):
        return Response(AsignacionOutput(_asignacion(asignacion_id)).data)


class AsignacionEjecutoriaApi(ApiBase):
    roles_escritura = access.ANALISTAS

    class InputSerializer(serializers.Serializer):
        fecha = serializers.DateField()

    @extend_schema(request=InputSerializer, responses=AsignacionOutput)
    def post(self, request, asignacion_id):
        entrada = self.InputSerializer(data=request.data)
        entrada.is_valid(raise_exception=True)
        asignacion = services.asignacion_ejecutoria(actor=request.user, asignacion=_asignacion(asignacion_id),
                                                    **entrada.validated_data)
        return Response(AsignacionOutput(asignacion).data)


class DespachoOutput(serializers.ModelSerializer):
    distribuidor_nit = serializers.CharField(source="distribuidor.nit")
    galones = Galones()

    class Meta:
        model = Despacho
        fields = ["id", "distribuidor_nit", "estacion", "fecha", "combustible", "galones"]


class DespachoApi(ApiBase):
    roles_lectura = access.LECTORES
    roles_escritura = access.DESPACHADORES

    class InputSerializer(serializers.Serializer):
        distribuidor_nit = serializers.CharField(max_length=20)
        estacion = serializers.IntegerField()
        fecha = serializers.DateField()
        combustible = serializers.ChoiceField(choices=Combustible.choices)
        galones = Galones()

    @extend_schema(responses=DespachoOutput(many=True))
    def get(self, request):
        qs = Despacho.objects.select_related("distribuidor").order_by("-fecha", "-id")
        if request.user.rol == "distribuidor" and not request.user.es_administrador:
            qs = qs.filter(distribuidor_id=request.user.distribuidor_id)
        return self.paginate(qs, DespachoOutput)

    @extend_schema(request=InputSerializer, responses={201: DespachoOutput})
    @idempotente
    def post(self, request):
        entrada = self.InputSerializer(data=request.data)
        entrada.is_valid(raise_exception=True)
        d = entrada.validated_data
        despacho = services.despacho_register(actor=request.user, distribuidor_nit=d["distribuidor_nit"],
                                              estacion_id=d["estacion"], fecha=d["fecha"],
                                              combustible=d["combustible"], galones=d["galones"])
        return Response(DespachoOutput(despacho).data, status=status.HTTP_201_CREATED)


class TransparenciaFila(serializers.Serializer):
    departamento = serializers.CharField()
    municipio = serializers.CharField()
    codigo_dane = serializers.CharField()
    estacion = serializers.CharField()
    estacion_codigo = serializers.CharField()
    combustible = serializers.CharField()
    volumen = Galones()
    entregado = Galones()
    porcentaje = serializers.DecimalField(max_digits=7, decimal_places=1)


CAMPOS_CSV = ["departamento", "municipio", "codigo_dane", "estacion", "estacion_codigo", "combustible", "volumen",
              "entregado", "porcentaje"]


def _periodo_query(request):
    valor = request.query_params.get("periodo") or f"{today():%Y-%m}"
    return PeriodoField().run_validation(valor)


class TransparenciaApi(APIView):
    """Public, no login: each municipality's and station's volume, delivered gallons and percent used."""

    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(parameters=[OpenApiParameter("periodo", str), OpenApiParameter("formato", str, enum=["json", "csv"])],
                   responses=TransparenciaFila(many=True))
    def get(self, request):
        periodo = _periodo_query(request)
        filas = selectors.transparencia(periodo=periodo, departamento=request.query_params.get("departamento", ""))
        datos = TransparenciaFila(filas, many=True).data
        if request.query_params.get("formato") == "csv":
            salida = io.StringIO()
            escritor = csv.DictWriter(salida, fieldnames=CAMPOS_CSV)
            escritor.writeheader()
            escritor.writerows(datos)
            respuesta = HttpResponse(salida.getvalue(), content_type="text/csv; charset=utf-8")
            respuesta["Content-Disposition"] = f'attachment; filename="transparencia-fronteras-{periodo:%Y-%m}.csv"'
            return respuesta
        return Response({"periodo": f"{periodo:%Y-%m}", "count": len(datos), "results": datos})
