"""API of the diversion flags (API.md "Open data and diversion flags")."""

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.response import Response

from core.api.apis import ApiBase, ListaApi
from core.api.filtros import filtros
from core.api.idempotency import idempotente
from core.segundo_plano.trabajos import trabajo_referencia

from . import TIPOS_SUJETO, selectors, services
from .access import CALCULADORES, LECTORES, MARCADORES
from .models import CasoDesvio


class SenalOutput(serializers.Serializer):
    codigo = serializers.CharField()
    detalle = serializers.CharField(help_text="Por qué la señal se levantó, en una frase.")


class CasoOutput(serializers.Serializer):
    id = serializers.IntegerField()
    sujeto = serializers.CharField(help_text="Nombre del beneficiario, la estación o el distribuidor.")
    tipo_sujeto = serializers.ChoiceField(choices=list(TIPOS_SUJETO.items()))
    puntaje = serializers.DecimalField(max_digits=8, decimal_places=2)
    senales = SenalOutput(many=True)
    estado = serializers.ChoiceField(choices=CasoDesvio.Estado.choices)


class DesviosApi(ListaApi):
    """Cases of diversion, highest score first; ?beneficiario=<id> and ?distribuidor_nit=<NIT>."""

    Output = CasoOutput
    parametros = filtros("beneficiario", "distribuidor_nit")
    roles_lectura = LECTORES

    def listar(self, request):
        return selectors.casos_listar(
            user=request.user,
            beneficiario=request.query_params.get("beneficiario"),
            distribuidor_nit=request.query_params.get("distribuidor_nit"),
        )


class DesviosCalcularApi(ApiBase):
    """Score every beneficiary, station and wholesaler: a job followed at GET /api/v1/trabajos/{trabajo}/."""

    roles_escritura = CALCULADORES

    @extend_schema(
        request=None,
        responses={
            202: inline_serializer(
                "CalculoDesviosAceptado",
                {
                    "trabajo": serializers.CharField(help_text="Id del trabajo en GET /api/v1/trabajos/{id}/."),
                },
            )
        },
    )
    @idempotente
    def post(self, request):
        calculo = services.desvios_calcular_request(actor=request.user)
        return Response(
            {"trabajo": trabajo_referencia(selectors.PREFIJO_TRABAJO, calculo.id)}, status=status.HTTP_202_ACCEPTED
        )


class DesvioMarcarApi(ApiBase):
    """An analyst's verdict on a case, with a note; a new scoring keeps it."""

    roles_escritura = MARCADORES

    class InputSerializer(serializers.Serializer):
        estado = serializers.ChoiceField(choices=[("confirmado", "Confirmado"), ("descartado", "Descartado")])
        nota = serializers.CharField(max_length=services.NOTA_MAX)

    @extend_schema(request=InputSerializer, responses=CasoOutput)
    @idempotente
    def post(self, request, caso_id):
        datos = self.entrada(request)
        caso = services.caso_marcar(actor=request.user, caso_id=caso_id, **datos)
        caso = selectors.casos_listar(user=request.user).get(pk=caso.pk)
        return Response(CasoOutput(caso).data)
