"""REST API of standing conditions (API.md "Registries"): a foreign vessel's guarantee and landings (R-26), the
Armada's convenio (R-27)."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from core.api.apis import ApiBase
from core.api.fields import Cantidad
from core.api.idempotency import idempotente
from core.comun.errors import DatosInvalidos
from core.comun.numeros import entero
from core.vencimientos import calendario
from cupos.access import ANALISTAS_Y_BENEFICIARIOS, ESCRITORES, beneficiario_access
from cupos.models import ConvenioArmada, GarantiaNave
from cupos.selectors.condiciones import obligaciones
from cupos.services.condiciones import convenio_registrar, desembarque_registrar, garantia_registrar


class Kilos(Cantidad):
    """Kilograms: a 2-decimal string."""


class Monto(Cantidad):
    """An amount of money: a 2-decimal string."""

    digitos = 16


class GarantiaOutput(serializers.ModelSerializer):
    beneficiario = serializers.IntegerField(source="beneficiario_id")
    desembarque_minimo_kg = Kilos()
    valor_desembarque_minimo = Monto()
    valor = Monto()

    class Meta:
        model = GarantiaNave
        fields = [
            "id", "beneficiario", "anio", "desembarque_minimo_kg", "valor_desembarque_minimo", "banco", "numero",
            "valor", "moneda", "vigente_hasta", "soporte",
        ]


class DesembarqueOutput(serializers.Serializer):
    id = serializers.IntegerField()
    beneficiario = serializers.IntegerField(source="beneficiario_id")
    fecha = serializers.DateField()
    puerto = serializers.CharField(source="puerto.codigo")
    kg = Kilos()
    certificado = serializers.CharField()


class BeneficiarioGarantiasApi(ApiBase):
    """R-26: record a foreign vessel's bank guarantee for a year, with the minimum catch it must land. A guarantee
    under 10 % of the minimum's declared value is a 400."""

    roles_escritura = ESCRITORES

    class InputSerializer(serializers.Serializer):
        anio = serializers.IntegerField(min_value=1990, max_value=2100)
        desembarque_minimo_kg = Kilos()
        valor_desembarque_minimo = Monto()
        banco = serializers.CharField(max_length=120)
        numero = serializers.CharField(max_length=60)
        valor = Monto()
        moneda = serializers.ChoiceField(choices=GarantiaNave.Moneda.choices, required=False, default="COP")
        vigente_hasta = serializers.DateField()
        soporte = serializers.CharField(max_length=300)

    @extend_schema(request=InputSerializer, responses={201: GarantiaOutput})
    @idempotente
    def post(self, request, beneficiario_id):
        beneficiario = beneficiario_access(request.user, beneficiario_id)
        garantia = garantia_registrar(actor=request.user, beneficiario=beneficiario, **self.entrada(request))
        return Response(GarantiaOutput(garantia).data, status=status.HTTP_201_CREATED)


class BeneficiarioDesembarquesApi(ApiBase):
    """R-26: record a landing in a Colombian port (`puerto`: the code of its capitanía) with its AUNAP/ICA
    landing certificate."""

    roles_escritura = ESCRITORES

    class InputSerializer(serializers.Serializer):
        fecha = serializers.DateField()
        puerto = serializers.CharField(max_length=10)
        kg = Kilos()
        certificado = serializers.CharField(max_length=60)

    @extend_schema(request=InputSerializer, responses={201: DesembarqueOutput})
    @idempotente
    def post(self, request, beneficiario_id):
        beneficiario = beneficiario_access(request.user, beneficiario_id)
        desembarque = desembarque_registrar(actor=request.user, beneficiario=beneficiario, **self.entrada(request))
        return Response(DesembarqueOutput(desembarque).data, status=status.HTTP_201_CREATED)


class ConvenioOutput(serializers.ModelSerializer):
    beneficiario = serializers.IntegerField(source="beneficiario_id")
    distribuidor_nit = serializers.CharField(source="distribuidor.nit")

    class Meta:
        model = ConvenioArmada
        fields = ["id", "beneficiario", "distribuidor_nit", "numero", "vigente_desde", "vigente_hasta"]


class BeneficiarioConveniosApi(ApiBase):
    """R-27: record the Armada's convenio with its wholesaler (only for `tipo` armada, else 400). A sale to the Armada
    with no convenio in force with that seller on the sale's date is `409 sin_convenio`."""

    roles_escritura = ESCRITORES

    class InputSerializer(serializers.Serializer):
        distribuidor_nit = serializers.CharField(max_length=20)
        numero = serializers.CharField(max_length=60)
        vigente_desde = serializers.DateField()
        vigente_hasta = serializers.DateField()

    @extend_schema(request=InputSerializer, responses={201: ConvenioOutput})
    @idempotente
    def post(self, request, beneficiario_id):
        beneficiario = beneficiario_access(request.user, beneficiario_id)
        convenio = convenio_registrar(actor=request.user, beneficiario=beneficiario, **self.entrada(request))
        return Response(ConvenioOutput(convenio).data, status=status.HTTP_201_CREATED)


class GarantiaResumenOutput(serializers.Serializer):
    numero = serializers.CharField()
    valor = Monto()
    vigente_hasta = serializers.DateField()


class ObligacionesOutput(serializers.Serializer):
    anio = serializers.IntegerField()
    desembarque_minimo_kg = Kilos(allow_null=True)
    desembarcado_kg = Kilos()
    esperado_a_la_fecha_kg = Kilos(allow_null=True)
    garantia = GarantiaResumenOutput(allow_null=True)


PARAM_ANIO = OpenApiParameter("anio", int, description="Año de la obligación; por defecto, el año en curso.")


class BeneficiarioObligacionesApi(ApiBase):
    """R-26: landed vs the year's minimum and vs what should be landed by today pro rata, with the guarantee in
    force today (or on 31 December of a past year). The beneficiary reads its own."""

    roles_lectura = ANALISTAS_Y_BENEFICIARIOS
    parametros = [PARAM_ANIO]

    @extend_schema(parameters=[PARAM_ANIO], responses=ObligacionesOutput)
    def get(self, request, beneficiario_id):
        beneficiario = beneficiario_access(request.user, beneficiario_id)
        hoy = calendario.today()
        valor = request.query_params.get("anio")
        anio = hoy.year if valor in (None, "") else entero(valor)
        if anio is None or not 1990 <= anio <= 2100:
            raise DatosInvalidos({"anio": "Indique un año entre 1990 y 2100."})
        return Response(ObligacionesOutput(obligaciones(beneficiario=beneficiario, anio=anio, fecha=hoy)).data)
