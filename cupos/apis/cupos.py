"""REST API of beneficiaries, resolutions and cupos (API.md "Registries", "Resolutions and cupos")."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from core.api.fields import Galones, fecha_query
from core.api.idempotency import idempotente
from core.apis import ApiBase
from core.errors import DatosInvalidos
from core.roles import Rol
from cupos import selectors
from cupos.access import (
    ESCRITORES,
    LECTORES,
    beneficiario_access,
    beneficiarios_visibles,
    cupo_access,
    resolucion_access,
)
from cupos.models import Beneficiario, Cupo, Movimiento, Resolucion
from cupos.services import beneficiarios as beneficiario_services
from cupos.services import resoluciones as resolucion_services

PARAM_FECHA = OpenApiParameter("fecha", str, description="AAAA-MM-DD; por defecto, hoy.")


# --- Beneficiaries ---


class BeneficiarioOutput(serializers.ModelSerializer):
    capitania = serializers.CharField(source="capitania.codigo", default=None)
    distribuidor_nit = serializers.CharField(source="distribuidor.nit", default=None)
    trb = serializers.DecimalField(max_digits=9, decimal_places=2, allow_null=True)
    capacidad_combustible_gal = Galones(allow_null=True)
    combustible = serializers.CharField()

    class Meta:
        model = Beneficiario
        fields = [
            "id", "tipo", "nombre", "identificacion", "matricula", "bandera", "trb", "actividad",
            "capacidad_combustible_gal", "capitania", "empresa_nit", "distribuidor_nit", "combustible",
        ]


class BeneficiarioInput(serializers.Serializer):
    tipo = serializers.ChoiceField(choices=Beneficiario.Tipo.choices)
    nombre = serializers.CharField(max_length=200)
    identificacion = serializers.CharField(max_length=30)
    matricula = serializers.CharField(max_length=30, required=False, allow_null=True, allow_blank=True)
    bandera = serializers.CharField(max_length=2, required=False, allow_blank=True, allow_null=True)
    trb = serializers.DecimalField(max_digits=9, decimal_places=2, required=False, allow_null=True, min_value=0)
    actividad = serializers.ChoiceField(choices=Beneficiario.Actividad.choices, required=False, allow_null=True, allow_blank=True)
    capacidad_combustible_gal = Galones(required=False, allow_null=True)
    capitania = serializers.CharField(max_length=10, required=False, allow_null=True, allow_blank=True)
    empresa_nit = serializers.CharField(max_length=20, required=False, allow_blank=True, allow_null=True)
    distribuidor_nit = serializers.CharField(max_length=20, required=False, allow_null=True, allow_blank=True)

    def validate(self, attrs):
        # Blank optional values mean "not given".
        return {k: v for k, v in attrs.items() if v not in (None, "")}


class BeneficiarioListApi(ApiBase):
    roles_lectura = LECTORES
    roles_escritura = ESCRITORES

    @extend_schema(
        parameters=[OpenApiParameter(p, str) for p in ("matricula", "identificacion", "q", "tipo", "capitania")],
        responses=BeneficiarioOutput(many=True),
    )
    def get(self, request):
        p = request.query_params
        qs = selectors.beneficiario_list(
            q=p.get("q", ""), tipo=p.get("tipo", ""), capitania=p.get("capitania", ""),
            matricula=p.get("matricula", "").strip().upper(), identificacion=p.get("identificacion", "").strip(),
            trb_banda=p.get("trb_banda", ""), estado_cupo=p.get("estado_cupo", ""),
        )
        return self.paginate(beneficiarios_visibles(request.user, qs), BeneficiarioOutput)

    @extend_schema(request=BeneficiarioInput, responses={201: BeneficiarioOutput})
    @idempotente
    def post(self, request):
        entrada = BeneficiarioInput(data=request.data)
        entrada.is_valid(raise_exception=True)
        beneficiario = beneficiario_services.beneficiario_create(actor=request.user, **entrada.validated_data)
        return Response(BeneficiarioOutput(beneficiario).data, status=status.HTTP_201_CREATED)


class BeneficiarioDetailApi(ApiBase):
    roles_lectura = LECTORES

    @extend_schema(responses=BeneficiarioOutput)
    def get(self, request, beneficiario_id):
        return Response(BeneficiarioOutput(beneficiario_access(request.user, beneficiario_id)).data)


# --- Balances ---


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

    @extend_schema(parameters=[PARAM_FECHA], responses=SaldoOutput)
    def get(self, request, beneficiario_id):
        beneficiario = beneficiario_access(request.user, beneficiario_id)
        saldo = selectors.beneficiario_saldo(beneficiario_id=beneficiario.id, fecha=fecha_query(request))
        return Response(SaldoOutput(saldo).data)


class CupoSaldoApi(ApiBase):
    roles_lectura = LECTORES

    @extend_schema(parameters=[PARAM_FECHA], responses=SaldoOutput)
    def get(self, request, cupo_id):
        cupo = cupo_access(request.user, cupo_id)
        return Response(SaldoOutput(selectors.cupo_saldo(cupo=cupo, fecha=fecha_query(request))).data)


# --- Resolutions ---


class ResolucionOutput(serializers.ModelSerializer):
    extemporanea = serializers.SerializerMethodField()
    cupos = serializers.IntegerField(source="cupos.count", read_only=True)

    class Meta:
        model = Resolucion
        fields = ["id", "anio", "numero", "fecha_expedicion", "considerandos", "firmante", "extemporanea", "cupos"]

    def get_extemporanea(self, obj) -> bool:
        return resolucion_services.resolucion_extemporanea(obj)


class ResolucionListApi(ApiBase):
    roles_lectura = (Rol.UPME_ANALISTA, Rol.AUDITOR)
    roles_escritura = ESCRITORES

    class InputSerializer(serializers.Serializer):
        anio = serializers.IntegerField(min_value=2002, max_value=2100)
        numero = serializers.CharField(max_length=30)
        fecha_expedicion = serializers.DateField()
        considerandos = serializers.CharField(required=False, allow_blank=True, default="")
        firmante = serializers.CharField(required=False, allow_blank=True, default="")

    @extend_schema(responses=ResolucionOutput(many=True))
    def get(self, request):
        qs = Resolucion.objects.all()
        if request.query_params.get("anio", "").isdigit():
            qs = qs.filter(anio=int(request.query_params["anio"]))
        return self.paginate(qs.order_by("-anio", "-fecha_expedicion", "-id"), ResolucionOutput)

    @extend_schema(request=InputSerializer, responses={201: ResolucionOutput})
    @idempotente
    def post(self, request):
        entrada = self.InputSerializer(data=request.data)
        entrada.is_valid(raise_exception=True)
        resolucion = resolucion_services.resolucion_create(actor=request.user, **entrada.validated_data)
        return Response(ResolucionOutput(resolucion).data, status=status.HTTP_201_CREATED)


class ResolucionDetailApi(ApiBase):
    roles_lectura = (Rol.UPME_ANALISTA, Rol.AUDITOR)

    @extend_schema(responses=ResolucionOutput)
    def get(self, request, resolucion_id):
        return Response(ResolucionOutput(resolucion_access(request.user, resolucion_id)).data)


# --- Cupos ---


class CupoOutput(serializers.ModelSerializer):
    galones_anuales = Galones()
    cuota_mensual = Galones()

    class Meta:
        model = Cupo
        fields = [
            "id", "resolucion", "beneficiario", "combustible", "galones_anuales", "cuota_mensual", "estado",
            "fecha_firmeza", "fecha_inicio", "fecha_fin", "meses_ventana", "dimar_notificado",
            "fecha_cancelacion", "motivo_cancelacion", "causa_justificada_inactividad",
        ]


def _objeto(modelo, pk, campo: str, nombre: str):
    obj = modelo.objects.filter(pk=pk).first()
    if obj is None:
        raise DatosInvalidos({campo: f"No existe {nombre} con id {pk}."})
    return obj


class CupoListApi(ApiBase):
    roles_lectura = (Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.BENEFICIARIO)
    roles_escritura = ESCRITORES

    class InputSerializer(serializers.Serializer):
        resolucion = serializers.IntegerField()
        beneficiario = serializers.IntegerField()
        galones_anuales = Galones(min_value=0)

    @extend_schema(
        parameters=[OpenApiParameter("anio", int), OpenApiParameter("estado", str), OpenApiParameter("beneficiario", int)],
        responses=CupoOutput(many=True),
    )
    def get(self, request):
        p = request.query_params
        beneficiario_id = int(p["beneficiario"]) if p.get("beneficiario", "").isdigit() else None
        if request.user.rol == Rol.BENEFICIARIO:
            beneficiario_id = request.user.beneficiario_id
        qs = selectors.cupo_list(
            anio=int(p["anio"]) if p.get("anio", "").isdigit() else None, estado=p.get("estado", ""),
            beneficiario_id=beneficiario_id,
        )
        return self.paginate(qs, CupoOutput)

    @extend_schema(request=InputSerializer, responses={201: CupoOutput})
    @idempotente
    def post(self, request):
        entrada = self.InputSerializer(data=request.data)
        entrada.is_valid(raise_exception=True)
        datos = entrada.validated_data
        cupo = resolucion_services.cupo_grant(
            actor=request.user,
            resolucion=_objeto(Resolucion, datos["resolucion"], "resolucion", "una resolución"),
            beneficiario=_objeto(Beneficiario, datos["beneficiario"], "beneficiario", "un beneficiario"),
            galones_anuales=datos["galones_anuales"],
        )
        return Response(CupoOutput(cupo).data, status=status.HTTP_201_CREATED)


class CupoDetailApi(ApiBase):
    roles_lectura = LECTORES

    @extend_schema(responses=CupoOutput)
    def get(self, request, cupo_id):
        return Response(CupoOutput(cupo_access(request.user, cupo_id)).data)


class CupoFirmezaApi(ApiBase):
    """R-06: declare the cupo firm; Dimar's notice is queued in the same transaction."""

    roles_escritura = ESCRITORES

    class InputSerializer(serializers.Serializer):
        fecha_firmeza = serializers.DateField()

    @extend_schema(request=InputSerializer, responses=CupoOutput)
    def post(self, request, cupo_id):
        cupo = cupo_access(request.user, cupo_id, para_escribir=True)
        entrada = self.InputSerializer(data=request.data)
        entrada.is_valid(raise_exception=True)
        cupo = resolucion_services.cupo_declare_firm(actor=request.user, cupo=cupo, **entrada.validated_data)
        return Response(CupoOutput(cupo).data)


class CupoCancelarApi(ApiBase):
    """R-12: cancel from a date with a reason."""

    roles_escritura = ESCRITORES

    class InputSerializer(serializers.Serializer):
        fecha = serializers.DateField()
        motivo = serializers.CharField(max_length=2000)

    @extend_schema(request=InputSerializer, responses=CupoOutput)
    def post(self, request, cupo_id):
        cupo = cupo_access(request.user, cupo_id, para_escribir=True)
        entrada = self.InputSerializer(data=request.data)
        entrada.is_valid(raise_exception=True)
        cupo = resolucion_services.cupo_cancel(actor=request.user, cupo=cupo, **entrada.validated_data)
        return Response(CupoOutput(cupo).data)


class MovimientoOutput(serializers.ModelSerializer):
    galones = Galones()

    class Meta:
        model = Movimiento
        fields = ["id", "tipo", "fecha", "galones", "referencia", "detalle", "creado"]


class CupoMovimientosApi(ApiBase):
    """The ledger of a cupo, newest first."""

    roles_lectura = (Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.BENEFICIARIO)

    @extend_schema(responses=MovimientoOutput(many=True))
    def get(self, request, cupo_id):
        cupo = cupo_access(request.user, cupo_id)
        return self.paginate(cupo.movimientos.order_by("-fecha", "-id"), MovimientoOutput)
