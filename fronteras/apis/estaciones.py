"""REST API of the border's service stations and their monthly volume (F-05), under /api/v1/fronteras/estaciones/."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from core.api.apis import ApiBase, ColeccionApi
from core.api.fields import Galones, PeriodoField, fecha_query
from core.api.filtros import filtros
from core.comun.errors import DatosInvalidos
from fronteras import access
from fronteras.models import CertificadoConformidad, CertificadoTransporte, Combustible, EstacionServicio
from fronteras.selectors.estaciones import estacion_list_api, estacion_volumen
from fronteras.services.estaciones import (
    certificado_conformidad_register,
    certificado_transporte_register,
    estacion_create,
)


class EstacionOutput(serializers.ModelSerializer):
    municipio = serializers.CharField(source="municipio.codigo_dane")
    capacidad_certificada_gal = Galones()

    class Meta:
        model = EstacionServicio
        fields = [
            "id",
            "codigo",
            "nombre",
            "municipio",
            "capacidad_certificada_gal",
            "fecha_certificado",
            "fecha_entrega_certificado",
            "empresa_transporte",
            "inicio_operacion",
            "activa",
        ]


class EstacionApi(ColeccionApi):
    Output = EstacionOutput
    parametros = filtros("municipio")
    accion = estacion_create
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

    def listar(self, request):
        return estacion_list_api(municipio=request.query_params.get("municipio") or "")


class VolumenOutput(serializers.Serializer):
    periodo = PeriodoField()
    volumen_mes = Galones()
    adicional_mes = Galones()
    despachado_mes = Galones()
    disponible = Galones()


def combustible_query(valor) -> str:
    if valor not in Combustible.values:
        raise DatosInvalidos({"combustible": f"Use uno de: {', '.join(Combustible.values)}."})
    return valor


class EstacionVolumenApi(ApiBase):
    """F-05: the station's volume for the month of `fecha`; 409 sin_volumen_vigente when none."""

    roles_lectura = access.LECTORES
    parametros = [OpenApiParameter("combustible", str), OpenApiParameter("fecha", str)]

    @extend_schema(parameters=parametros, responses=VolumenOutput)
    def get(self, request, estacion_id):
        volumen = estacion_volumen(
            estacion=access.estacion_access(request.user, estacion_id),
            combustible=combustible_query(request.query_params.get("combustible")),
            fecha=fecha_query(request),
        )
        return Response(VolumenOutput(volumen).data)


class CertificadoTransporteOutput(serializers.ModelSerializer):
    subsidio_pct = serializers.DecimalField(max_digits=5, decimal_places=2, coerce_to_string=True)

    class Meta:
        model = CertificadoTransporte
        fields = [
            "id",
            "estacion",
            "vigente_desde",
            "vigente_hasta",
            "subsidio_pct",
            "fecha_entrega",
            "soporte_subsidio",
            "conflicto_armado",
            "poblacion_desescolarizada",
            "nbi_superior",
        ]


class CertificadoConformidadOutput(serializers.ModelSerializer):
    capacidad_gal = Galones()

    class Meta:
        model = CertificadoConformidad
        fields = ["id", "estacion", "fecha_expedicion", "fecha_entrega", "capacidad_gal"]


class _CertificadosDeEstacionApi(ColeccionApi):
    # A station's certificates of one kind: GET lists them, POST registers one through `registrar`.
    roles_lectura = access.LECTORES
    registrar = None  # a service: (*, actor, estacion, **input) -> certificate
    relacion = ""  # the station's related manager

    def get_serializer(self, *args, **kwargs):
        """The input serializer (the browsable API's form)."""
        return self.InputSerializer(*args, **kwargs)

    def listar(self, request, estacion_id):
        return getattr(access.estacion_access(request.user, estacion_id), self.relacion).all()

    def crear(self, request, datos, estacion_id):
        return type(self).registrar(
            actor=request.user, estacion=access.estacion_access(request.user, estacion_id), **datos
        )


class CertificadoTransporteApi(_CertificadosDeEstacionApi):
    """F-04: the transport company's yearly certificate that keeps the station's extra (subsidy ≥ 25 %)."""

    roles_escritura = access.CERTIFICADORES_TRANSPORTE
    registrar, relacion = certificado_transporte_register, "certificados_transporte"
    Output = CertificadoTransporteOutput

    class InputSerializer(serializers.Serializer):
        vigente_desde = serializers.DateField()
        vigente_hasta = serializers.DateField()
        subsidio_pct = serializers.DecimalField(
            max_digits=5,
            decimal_places=2,
            min_value=25,
            max_value=100,
            # %%: DRF formats these messages with the limit's params.
            error_messages={
                "min_value": "El subsidio debe ser de al menos 25 %% para conservar el adicional (F-04).",
                "max_value": "El subsidio no puede superar el 100 %%.",
            },
        )
        # F-04: the competent authorities' certifications of each condition, and when they were delivered.
        fecha_entrega = serializers.DateField(required=False, allow_null=True, default=None)
        soporte_subsidio = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")
        conflicto_armado = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")
        poblacion_desescolarizada = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")
        nbi_superior = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")


class CertificadoConformidadApi(_CertificadosDeEstacionApi):
    """F-03: each delivery of the station's conformity certificate, one per period's allocation."""

    roles_escritura = access.REGISTRO_ESTACIONES
    registrar, relacion = certificado_conformidad_register, "certificados_conformidad"
    Output = CertificadoConformidadOutput

    class InputSerializer(serializers.Serializer):
        fecha_expedicion = serializers.DateField()
        fecha_entrega = serializers.DateField()
        capacidad_gal = Galones(min_value=0)
