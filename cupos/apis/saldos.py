"""REST API of balances (API.md "Resolutions and cupos", R-11)."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from core.api.apis import ApiBase
from core.api.fields import Galones, fecha_query
from cupos.access import LECTORES, beneficiario_access, cupo_access
from cupos.selectors.saldos import beneficiario_saldo, cupo_saldo

PARAM_FECHA = OpenApiParameter("fecha", str, description="AAAA-MM-DD; por defecto, hoy.")


class VentanaOutput(serializers.Serializer):
    inicio = serializers.DateField()
    fin = serializers.DateField()
    meses = serializers.IntegerField()


class SaldoOutput(serializers.Serializer):
    fecha = serializers.DateField()
    cupo = serializers.IntegerField(source="cupo.id")
    cuota_mensual = Galones(source="cupo.cuota_mensual")
    ventana = VentanaOutput()
    asignado_ventana = Galones(source="asignado")
    consumido_ventana = Galones(source="consumido")
    disponible = Galones()


class BeneficiarioSaldoApi(ApiBase):
    """The balance of the cupo in force that day (R-11); 409 sin_cupo_vigente when none."""

    roles_lectura = LECTORES
    parametros = [PARAM_FECHA]

    @extend_schema(parameters=[PARAM_FECHA], responses=SaldoOutput)
    def get(self, request, beneficiario_id):
        beneficiario = beneficiario_access(request.user, beneficiario_id)
        saldo = beneficiario_saldo(beneficiario_id=beneficiario.id, fecha=fecha_query(request))
        return Response(SaldoOutput(saldo).data)


class CupoSaldoApi(ApiBase):
    roles_lectura = LECTORES
    parametros = [PARAM_FECHA]

    @extend_schema(parameters=[PARAM_FECHA], responses=SaldoOutput)
    def get(self, request, cupo_id):
        cupo = cupo_access(request.user, cupo_id)
        return Response(SaldoOutput(cupo_saldo(cupo=cupo, fecha=fecha_query(request))).data)
