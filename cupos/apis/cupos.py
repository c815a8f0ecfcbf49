"""REST API of cupos: grant, firmeza, cancellation (API.md "Resolutions and cupos", R-06 to R-12)."""

from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers

from core.api.apis import AccionApi, ColeccionApi, DetalleApi
from core.api.fields import Galones, enteros_query
from core.comun.errors import DatosInvalidos
from cupos.access import (
    ANALISTAS_Y_BENEFICIARIOS,
    ESCRITORES,
    LECTORES,
    beneficiario_del_alcance,
    cupo_access,
)
from cupos.models import Cupo
from cupos.selectors.beneficiarios import beneficiario_get
from cupos.selectors.cupos import cupo_list
from cupos.selectors.resoluciones import resolucion_get
from cupos.services import continuidad
from cupos.services import cupos as cupo_services


class CupoOutput(serializers.ModelSerializer):
    galones_anuales = Galones()
    cuota_mensual = Galones()
    # DOMAIN §8: the resolution's act that decided the cupo, and the beneficiary's row among its interesados.
    acto = serializers.IntegerField(source="resolucion.acto_id", read_only=True, allow_null=True)
    interesado = serializers.IntegerField(source="interesado_id", read_only=True, allow_null=True)
    # R-12 / P-05: the cancellation's own act; `fecha_cancelacion` is its effect, set once it is firm.
    acto_cancelacion = serializers.IntegerField(
        source="cancelacion_interesado.acto_id", read_only=True, allow_null=True, default=None
    )

    class Meta:
        model = Cupo
        fields = [
            "id",
            "resolucion",
            "acto",
            "interesado",
            "beneficiario",
            "combustible",
            "galones_anuales",
            "cuota_mensual",
            "estado",
            "fecha_firmeza",
            "fecha_inicio",
            "fecha_fin",
            "meses_ventana",
            "dimar_notificado",
            "fecha_comunicacion",
            "comunicacion_origen",
            "motivo_fin",
            "detalle_fin",
            "acto_cancelacion",
            "cancelacion_desde",
            "fecha_cancelacion",
            "motivo_cancelacion",
            "causal_cancelacion",
            "soporte_cancelacion",
            "causa_justificada_inactividad",
        ]


class CupoCancelado(CupoOutput):
    # The cancellation's answer names the act it issued (API.md: "The cancellation is an act (`"acto"`)").
    acto = serializers.IntegerField(source="cancelacion_interesado.acto_id", read_only=True, allow_null=True)


def _objeto(obj, pk, campo: str, nombre: str):
    if obj is None:
        raise DatosInvalidos({campo: f"No existe {nombre} con id {pk}."})
    return obj


class CupoListApi(ColeccionApi):
    Output = CupoOutput
    parametros = [
        OpenApiParameter("anio", int),
        OpenApiParameter("estado", str),
        OpenApiParameter("beneficiario", int),
    ]
    roles_lectura = ANALISTAS_Y_BENEFICIARIOS
    roles_escritura = ESCRITORES

    class InputSerializer(serializers.Serializer):
        resolucion = serializers.IntegerField()
        beneficiario = serializers.IntegerField()
        galones_anuales = Galones(min_value=0)

    def listar(self, request):
        beneficiario, anio = enteros_query(request, "beneficiario", "anio")
        beneficiario_id = beneficiario_del_alcance(request.user, beneficiario)
        return cupo_list(anio=anio, estado=request.query_params.get("estado", ""), beneficiario_id=beneficiario_id)

    def crear(self, request, datos):
        return cupo_services.cupo_grant(
            actor=request.user,
            resolucion=_objeto(
                resolucion_get(resolucion_id=datos["resolucion"]), datos["resolucion"], "resolucion", "una resolución"
            ),
            beneficiario=_objeto(
                beneficiario_get(beneficiario_id=datos["beneficiario"]),
                datos["beneficiario"],
                "beneficiario",
                "un beneficiario",
            ),
            galones_anuales=datos["galones_anuales"],
        )


class CupoDetailApi(DetalleApi):
    roles_lectura = LECTORES
    Output, acceso = CupoOutput, cupo_access


class _CupoAccionApi(AccionApi):
    # An act on a cupo in the caller's scope for writing; it answers the cupo.
    Output = CupoOutput
    parametro = "cupo"

    def objeto(self, request, cupo_id):
        return cupo_access(request.user, cupo_id, para_escribir=True)


class CupoFirmezaApi(_CupoAccionApi):
    """R-06: declare the cupo firm; Dimar's notice is queued in the same transaction. `fecha_inicio`
    is the later of firmeza and communication; null while an electronic notice awaits Dimar's
    acknowledgement."""

    roles_escritura = ESCRITORES
    accion = cupo_services.cupo_declare_firm

    class InputSerializer(serializers.Serializer):
        fecha_firmeza = serializers.DateField()
        fecha_comunicacion = serializers.DateField(required=False, allow_null=True)


class CupoComunicacionApi(_CupoAccionApi):
    """R-06: UPME records the day the cupo was communicated to Dimar (an official letter)."""

    roles_escritura = ESCRITORES
    accion = cupo_services.cupo_record_communication

    class InputSerializer(serializers.Serializer):
        fecha_comunicacion = serializers.DateField()


class CupoFinContinuidadApi(_CupoAccionApi):
    """R-09: UPME records that the beneficiary gets no cupo in the resolution of `anio`; the cupo it
    consumes in continuation ends on the decision's date."""

    roles_escritura = ESCRITORES
    accion = continuidad.cupo_end_continuation

    class InputSerializer(serializers.Serializer):
        anio = serializers.IntegerField(min_value=2002, max_value=2100)
        fecha = serializers.DateField()
        motivo = serializers.CharField(max_length=300)


class CupoCancelarApi(_CupoAccionApi):
    """R-12: cancel from a date on one of the decree's grounds (`causal`) with its support (`soporte`:
    the baja, the inactivity decision, or the authority's communication with its number and date) and a
    reason (R-24: also UPME's act after a baja from Dimar)."""

    roles_escritura = ESCRITORES
    accion = cupo_services.cupo_cancel

    Output = CupoCancelado

    class InputSerializer(serializers.Serializer):
        fecha = serializers.DateField()
        causal = serializers.ChoiceField(choices=Cupo.CAUSALES_R12)
        motivo = serializers.CharField(max_length=2000)
        soporte = serializers.CharField(max_length=300)
        transcrita = serializers.BooleanField(
            required=False, default=False,
            help_text="Cancelación expedida antes en papel: conserva su fecha (fecha_expedicion, por omisión "
                      "`fecha`) y `soporte` nombra el acto en papel.",
        )
        fecha_expedicion = serializers.DateField(required=False, allow_null=True)
