"""REST API of applications (API.md «Applications», R-03, R-04; a refusal is an act, DOMAIN §8)."""

from drf_spectacular.utils import OpenApiParameter, extend_schema_field
from rest_framework import serializers

from core.api.apis import AccionApi, ColeccionApi, DetalleApi
from core.api.fields import Galones, enteros_query
from core.comun.errors import DatosInvalidos
from core.identidad.roles import Rol
from cupos.access import ANALISTAS_Y_BENEFICIARIOS, ESCRITORES, beneficiario_del_alcance, solicitud_access
from cupos.models import Solicitud
from cupos.requisitos import MARCA_NO_ATUNERA
from cupos.selectors.beneficiarios import beneficiario_get
from cupos.selectors.solicitudes import solicitud_faltantes, solicitud_list
from cupos.services import solicitudes as servicios


class DocumentoSolicitudOutput(serializers.Serializer):
    tipo = serializers.CharField(source="requisito")
    referencia = serializers.CharField()
    expedido = serializers.DateField(source="fecha_expedicion", allow_null=True)
    archivo = serializers.BooleanField(source="tiene_archivo", help_text="Si el archivo se cargó en el portal.")


class SolicitudOutput(serializers.ModelSerializer):
    beneficiario = serializers.IntegerField(source="beneficiario_id")
    galones_solicitados = Galones()
    faltantes = serializers.SerializerMethodField(help_text="Tipos de documento requeridos que aún faltan (R-03).")
    documentos = serializers.SerializerMethodField()
    acto = serializers.IntegerField(
        source="acto_id", allow_null=True, read_only=True,
        help_text="El acto que rechazó la solicitud o la dio por desistida (DOMAIN §8); null mientras no lo hay.",
    )

    class Meta:
        model = Solicitud
        fields = [
            "id", "beneficiario", "anio", "galones_solicitados", "fecha_radicacion", "estado", "extemporanea",
            "fecha_limite", "faltantes", "documentos", "acto",
        ]

    def get_faltantes(self, solicitud) -> list[str]:
        return [r.codigo for r in solicitud_faltantes(solicitud)]

    @extend_schema_field(DocumentoSolicitudOutput(many=True))
    def get_documentos(self, solicitud):
        documentos = [d for d in solicitud.documentos.all() if d.requisito != MARCA_NO_ATUNERA]
        for documento in documentos:
            documento.tiene_archivo = bool(documento.archivo)
        return DocumentoSolicitudOutput(documentos, many=True).data


class DocumentoSolicitudInput(serializers.Serializer):
    tipo = serializers.CharField(max_length=40)
    referencia = serializers.CharField(max_length=120)
    expedido = serializers.DateField(required=False, allow_null=True)


class SolicitudListApi(ColeccionApi):
    """R-03: an application for a year's cupo, with the documents the applicant reports by reference. The answer
    names the required documents still missing (`faltantes`); a second application of the beneficiary for the same
    year is `409 solicitud_duplicada`."""

    Output = SolicitudOutput
    parametros = [OpenApiParameter("beneficiario", int), OpenApiParameter("anio", int), OpenApiParameter("estado", str)]
    roles_lectura = ANALISTAS_Y_BENEFICIARIOS
    roles_escritura = (*ESCRITORES, Rol.BENEFICIARIO)

    class InputSerializer(serializers.Serializer):
        beneficiario = serializers.IntegerField()
        anio = serializers.IntegerField(min_value=2002, max_value=2100)
        galones_solicitados = Galones()
        fecha_radicacion = serializers.DateField()
        documentos = DocumentoSolicitudInput(many=True, required=False, default=list)
        atunera = serializers.BooleanField(
            required=False, allow_null=True, default=None,
            help_text="Nave extranjera: false cuando no es atunera (el registro CIAT no se exige).",
        )
        fecha_limite = serializers.DateField(
            required=False, allow_null=True, default=None,
            help_text="Plazo que la UPME fijó para entregar la información (R-04); solo la UPME lo indica.",
        )

    def listar(self, request):
        beneficiario, anio = enteros_query(request, "beneficiario", "anio")
        qs = solicitud_list(user=request.user, anio=anio, estado=request.query_params.get("estado", ""))
        if beneficiario is not None:
            qs = qs.filter(beneficiario_id=beneficiario_del_alcance(request.user, beneficiario))
        return qs.prefetch_related("documentos")

    def crear(self, request, datos):
        beneficiario = beneficiario_get(beneficiario_id=datos.pop("beneficiario"))
        if beneficiario is None:
            raise DatosInvalidos({"beneficiario": "No existe ese beneficiario."})
        return servicios.solicitud_radicar(actor=request.user, beneficiario=beneficiario, **datos)


class SolicitudDetailApi(DetalleApi):
    roles_lectura = ANALISTAS_Y_BENEFICIARIOS
    Output, acceso = SolicitudOutput, solicitud_access


class _SolicitudAccionApi(AccionApi):
    Output = SolicitudOutput
    parametro = "solicitud"
    roles_escritura = ESCRITORES

    def objeto(self, request, solicitud_id):
        return solicitud_access(request.user, solicitud_id)


class SolicitudAprobarApi(_SolicitudAccionApi):
    """R-03: approve the application (a radicada one is reviewed and approved at once). Missing documents:
    `409 solicitud_incompleta` naming them (`faltantes`); late without a justified cause (R-04):
    `409 informacion_extemporanea`."""

    accion = servicios.solicitud_aprobar

    class InputSerializer(serializers.Serializer):
        fecha = serializers.DateField()


class SolicitudRechazarApi(_SolicitudAccionApi):
    """R-03, DOMAIN §8: refuse the application with its grounds. The refusal is an act (`acto`), notified to the
    applicant with the recursos that proceed."""

    accion = servicios.solicitud_rechazar

    class InputSerializer(serializers.Serializer):
        fecha = serializers.DateField()
        motivo = serializers.CharField(max_length=2000)
