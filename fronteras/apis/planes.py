"""REST API of Ecopetrol's supply plans (F-07; API.md "Border zones", under /api/v1/fronteras/planes/)."""

from drf_spectacular.utils import OpenApiParameter, extend_schema_field
from rest_framework import serializers

from core.api.apis import AccionApi, ColeccionApi, DetalleApi
from fronteras import access
from fronteras.models import InformeAnualPlan, PlanAbastecimiento
from fronteras.selectors.planes import plan_informes, plan_list
from fronteras.services.planes import (
    plan_ajustar,
    plan_aprobar,
    plan_aviso_dian,
    plan_ejecutoria,
    plan_informe_anual,
    plan_presentar,
    plan_solicitar_ajustes,
)
from fronteras.services.procedimiento import ejecutoria_prevista


class PlanOutput(serializers.ModelSerializer):
    # DOMAIN §8: the act of its latest approval (GET /api/v1/actos/{id}/), and the day P-04 makes it final.
    acto = serializers.PrimaryKeyRelatedField(read_only=True, allow_null=True)
    ejecutoria_prevista = serializers.SerializerMethodField()

    class Meta:
        model = PlanAbastecimiento
        fields = ["id", "departamento", "fecha_presentacion", "descripcion", "estado", "vence_evaluacion",
                  "ajustes_detalle", "vence_ajustes", "fecha_aprobacion", "resolucion", "acto", "ejecutoria_prevista",
                  "visto_bueno_desde", "visto_bueno_hasta", "renovado", "fecha_ejecutoria", "vence_aviso_dian",
                  "aviso_dian"]

    @extend_schema_field(serializers.DateField(allow_null=True))
    def get_ejecutoria_prevista(self, obj):
        fecha = ejecutoria_prevista(obj.acto) if obj.acto_id else None
        return fecha.isoformat() if fecha else None


class InformeOutput(serializers.ModelSerializer):
    class Meta:
        model = InformeAnualPlan
        fields = ["id", "plan", "anio", "presentado", "resumen"]


class PlanApi(ColeccionApi):
    """Ecopetrol presents a department's plan; MinMinas has 10 business days to evaluate it."""

    Output = PlanOutput
    accion = plan_presentar
    parametros = [OpenApiParameter("departamento", str), OpenApiParameter("estado", str)]

    roles_lectura = access.PLANES_LECTORES
    roles_escritura = access.PLANES_PRESENTA

    class InputSerializer(serializers.Serializer):
        departamento = serializers.CharField(max_length=80)
        fecha_presentacion = serializers.DateField()
        descripcion = serializers.CharField()

    def listar(self, request):
        return plan_list(departamento=request.query_params.get("departamento") or "",
                         estado=request.query_params.get("estado") or "")


class PlanDetailApi(DetalleApi):
    roles_lectura = access.PLANES_LECTORES
    Output, acceso = PlanOutput, access.plan_access


class _PlanAccionApi(AccionApi):
    # One act on a plan: the input is validated, then the plan reached through plan_access; it answers the plan.
    Output, acceso, parametro = PlanOutput, access.plan_access, "plan"
    validar_antes = True

    def get_serializer(self, *args, **kwargs):
        """The input serializer (the browsable API's form)."""
        return self.InputSerializer(*args, **kwargs)


class _SoloFecha(serializers.Serializer):
    # Every act on a plan is dated: the acts that take more than the date extend this input.
    fecha = serializers.DateField()


class PlanSolicitarAjustesApi(_PlanAccionApi):
    """MinMinas asks for adjustments with a deadline in business days."""

    roles_escritura = access.PLANES_EVALUA
    accion = plan_solicitar_ajustes

    class InputSerializer(_SoloFecha):
        detalle = serializers.CharField()
        plazo_dias_habiles = serializers.IntegerField(min_value=1, max_value=365)


class PlanAjustarApi(_PlanAccionApi):
    """Ecopetrol presents the adjusted plan, or modifies an approved one: evaluated again."""

    roles_escritura = access.PLANES_PRESENTA
    accion = plan_ajustar

    class InputSerializer(_SoloFecha):
        descripcion = serializers.CharField()


class PlanAprobarApi(_PlanAccionApi):
    """MinMinas approves by resolution and grants the 2-year visto bueno."""

    roles_escritura = access.PLANES_EVALUA
    accion = plan_aprobar

    class InputSerializer(serializers.Serializer):
        # DOMAIN §8: an approval issued here is dated today (`fecha` may be omitted); a paper approval issued
        # before is transcribed with its own date and support.
        fecha = serializers.DateField(required=False, allow_null=True, default=None)
        transcrita = serializers.BooleanField(required=False, default=False)
        soporte = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")
        resolucion = serializers.CharField(max_length=40)
        # F-07: the yearly report's date, which the decree leaves to MinMinas' approval.
        informe_anual_vence = serializers.DateField(required=False, allow_null=True, default=None)


class PlanEjecutoriaApi(_PlanAccionApi):
    """MinMinas records the day the approval became final: DIAN must be informed within 3 business days."""

    roles_escritura = access.PLANES_EVALUA
    accion = plan_ejecutoria
    InputSerializer = _SoloFecha


class PlanAvisoDianApi(_PlanAccionApi):
    """Ecopetrol records the day it informed DIAN of the approved plan."""

    roles_escritura = access.PLANES_PRESENTA
    accion = plan_aviso_dian
    InputSerializer = _SoloFecha


class PlanInformeApi(ColeccionApi):
    """Ecopetrol's yearly reports on a plan."""

    Output = InformeOutput

    roles_lectura = access.PLANES_LECTORES
    roles_escritura = access.PLANES_PRESENTA

    class InputSerializer(serializers.Serializer):
        anio = serializers.IntegerField(min_value=2000, max_value=2100)
        presentado = serializers.DateField()
        resumen = serializers.CharField(required=False, allow_blank=True, default="")

    def listar(self, request, plan_id):
        return plan_informes(access.plan_access(request.user, plan_id))

    def crear(self, request, datos, plan_id):
        return plan_informe_anual(actor=request.user, plan=access.plan_access(request.user, plan_id), **datos)
