"""REST API of the assignments of maximum volumes (F-02 to F-05), under /api/v1/fronteras/asignaciones/."""

from fractions import Fraction

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.api.apis import AccionApi, ColeccionApi, DetalleApi
from core.api.componentes import Vigencia
from core.api.fields import Galones
from fronteras import access
from fronteras.calculo import participacion_texto
from fronteras.models import Asignacion, AsignacionEstacion, Combustible
from fronteras.selectors.asignaciones import asignacion_list_api
from fronteras.services.asignaciones import asignacion_create, asignacion_ejecutoria
from fronteras.services.procedimiento import ejecutoria_prevista


class AsignacionEstacionOutput(serializers.ModelSerializer):
    estacion = serializers.IntegerField(source="estacion_id")
    codigo = serializers.CharField(source="estacion.codigo")
    participacion = serializers.SerializerMethodField()
    volumen_mensual = Galones()
    adicional = Galones()

    class Meta:
        model = AsignacionEstacion
        fields = ["estacion", "codigo", "participacion", "volumen_mensual", "adicional", "revocada"]

    def get_participacion(self, obj) -> str:
        return participacion_texto(Fraction(obj.participacion))


class AsignacionOutput(serializers.ModelSerializer):
    municipio = serializers.CharField(source="municipio.codigo_dane")
    volumen_municipal = Galones()
    vigencia = serializers.SerializerMethodField()
    estaciones = AsignacionEstacionOutput(many=True)
    # DOMAIN §8: the act that issues it (GET /api/v1/actos/{id}/), and the day P-04 makes it final once knowable.
    acto = serializers.PrimaryKeyRelatedField(read_only=True, allow_null=True)
    ejecutoria_prevista = serializers.SerializerMethodField()

    class Meta:
        model = Asignacion
        fields = ["id", "municipio", "combustible", "anio_inicio", "volumen_municipal", "vigencia", "estado",
                  "acto", "ejecutoria_prevista", "fecha_ejecutoria", "resolucion", "estaciones",
                  "copia_ecopetrol_enviada", "copia_ecopetrol_acuse",
                  "ejecutoria_ecopetrol_enviada", "ejecutoria_ecopetrol_acuse"]

    @extend_schema_field(Vigencia)
    def get_vigencia(self, obj):
        return {"inicio": obj.vigencia_inicio.isoformat(), "fin": obj.vigencia_fin.isoformat()}

    @extend_schema_field(serializers.DateField(allow_null=True))
    def get_ejecutoria_prevista(self, obj):
        fecha = ejecutoria_prevista(obj.acto)
        return fecha.isoformat() if fecha else None


class AsignacionApi(ColeccionApi):
    Output = AsignacionOutput
    accion = asignacion_create
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
        # DOMAIN §8 (API.md «Acts»): a paper act issued before is transcribed with its own date and support.
        transcrita = serializers.BooleanField(required=False, default=False)
        fecha_expedicion = serializers.DateField(required=False, allow_null=True, default=None)
        soporte = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")

    def listar(self, request):
        return asignacion_list_api()


class AsignacionDetailApi(DetalleApi):
    roles_lectura = access.LECTORES
    Output, acceso = AsignacionOutput, access.asignacion_access


class AsignacionEjecutoriaApi(AccionApi):
    roles_escritura = access.ANALISTAS
    Output = AsignacionOutput
    accion = asignacion_ejecutoria
    acceso, parametro = access.asignacion_access, "asignacion"
    validar_antes = True

    class InputSerializer(serializers.Serializer):
        fecha = serializers.DateField()
