"""REST API of beneficiaries (API.md "Registries")."""

from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.response import Response

from core.api.apis import ColeccionApi, DetalleApi
from core.api.fields import Galones
from cupos.access import (
    ESCRITORES,
    LECTORES,
    beneficiario_access,
    beneficiarios_visibles,
    es_distribuidor,
    require_busqueda_exacta,
)
from cupos.models import Beneficiario
from cupos.selectors.beneficiarios import beneficiario_list
from cupos.services import beneficiarios as beneficiario_services


class BeneficiarioOutput(serializers.ModelSerializer):
    capitania = serializers.CharField(source="capitania.codigo", default=None, allow_null=True)
    distribuidor_nit = serializers.CharField(source="distribuidor.nit", default=None, allow_null=True)
    trb = serializers.DecimalField(max_digits=9, decimal_places=2, allow_null=True)
    capacidad_combustible_gal = Galones(allow_null=True)
    combustible = serializers.CharField()

    class Meta:
        model = Beneficiario
        fields = [
            "id",
            "tipo",
            "nombre",
            "identificacion",
            "matricula",
            "bandera",
            "trb",
            "actividad",
            "capacidad_combustible_gal",
            "capitania",
            "empresa_nit",
            "permiso_vigente_hasta",
            "permiso_cultivo_vigente_hasta",
            "distribuidor_nit",
            "combustible",
            "correo",
            "celular",
            "acepta_notificacion_electronica",
        ]


# A wholesaler never sees a beneficiary's e-mail or phone (API.md "Conventions"): the keys are absent.
CONTACTO = ("correo", "celular", "acepta_notificacion_electronica")


class BeneficiarioSinContactoOutput(BeneficiarioOutput):
    class Meta(BeneficiarioOutput.Meta):
        fields = [c for c in BeneficiarioOutput.Meta.fields if c not in CONTACTO]


def _salida(user):
    return BeneficiarioSinContactoOutput if es_distribuidor(user) else BeneficiarioOutput


class BeneficiarioInput(serializers.Serializer):
    tipo = serializers.ChoiceField(choices=Beneficiario.Tipo.choices)
    nombre = serializers.CharField(max_length=200)
    identificacion = serializers.CharField(max_length=30)
    matricula = serializers.CharField(max_length=30, required=False, allow_null=True, allow_blank=True)
    bandera = serializers.CharField(max_length=2, required=False, allow_blank=True, allow_null=True)
    trb = serializers.DecimalField(max_digits=9, decimal_places=2, required=False, allow_null=True, min_value=0)
    actividad = serializers.ChoiceField(
        choices=Beneficiario.Actividad.choices, required=False, allow_null=True, allow_blank=True
    )
    capacidad_combustible_gal = Galones(required=False, allow_null=True)
    capitania = serializers.CharField(max_length=10, required=False, allow_null=True, allow_blank=True)
    empresa_nit = serializers.CharField(max_length=20, required=False, allow_blank=True, allow_null=True)
    # required for nave_extranjera (the service says so with a 400 naming the field).
    permiso_vigente_hasta = serializers.DateField(required=False, allow_null=True)
    # an acuicultora's cultivation permit, which must be in force on each sale's date.
    permiso_cultivo_vigente_hasta = serializers.DateField(required=False, allow_null=True)
    distribuidor_nit = serializers.CharField(max_length=20, required=False, allow_null=True, allow_blank=True)
    # Where notices of every act in its name go (core.mensajes.avisos); optional.
    correo = serializers.EmailField(max_length=254, required=False, allow_null=True, allow_blank=True)
    celular = serializers.CharField(max_length=16, required=False, allow_null=True, allow_blank=True)
    # DOMAIN P-01: the beneficiary accepted that its acts be notified by a link sent to that e-mail or phone.
    acepta_notificacion_electronica = serializers.BooleanField(required=False)

    def validate(self, attrs):
        # Blank optional values mean "not given".
        return {k: v for k, v in attrs.items() if v not in (None, "")}


class BeneficiarioListApi(ColeccionApi):
    Output = BeneficiarioOutput
    InputSerializer = BeneficiarioInput
    accion = beneficiario_services.beneficiario_create
    parametros = [
        OpenApiParameter(p, str)
        for p in ("matricula", "identificacion", "q", "tipo", "capitania", "trb_banda", "estado_cupo")
    ]
    roles_lectura = LECTORES
    roles_escritura = ESCRITORES

    def listar(self, request):
        p = request.query_params
        matricula, identificacion = p.get("matricula", "").strip().upper(), p.get("identificacion", "").strip()
        require_busqueda_exacta(request.user, matricula=matricula, identificacion=identificacion)
        qs = beneficiario_list(
            q=p.get("q", ""),
            tipo=p.get("tipo", ""),
            capitania=p.get("capitania", ""),
            matricula=matricula,
            identificacion=identificacion,
            trb_banda=p.get("trb_banda", ""),
            estado_cupo=p.get("estado_cupo", ""),
        )
        return beneficiarios_visibles(request.user, qs)

    def get(self, request, **kwargs):
        return self.paginate(self.listar(request), _salida(request.user))


class BeneficiarioDetailApi(DetalleApi):
    roles_lectura = LECTORES
    Output, acceso = BeneficiarioOutput, beneficiario_access

    def get(self, request, **kwargs):
        return Response(_salida(request.user)(self.objeto(request, **kwargs)).data)
