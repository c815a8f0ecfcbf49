"""REST API of the year's resolutions (API.md "Resolutions and cupos", "The annual allocation", R-05)."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response

from core.api.apis import ApiBase, ColeccionApi, DetalleApi
from core.api.fields import Galones, enteros_query
from core.api.idempotency import idempotente
from core.archivos.exportar import XLSX, descarga
from core.comun.errors import DatosInvalidos
from core.segundo_plano.trabajos import ESTADOS_API, trabajo_referencia
from cupos.access import ANALISTAS, ESCRITORES, resolucion_access
from cupos.models import Beneficiario, LineaAsignacion, Resolucion
from cupos.selectors import asignacion as asignacion_selectors
from cupos.selectors import trabajos as trabajos_selectors
from cupos.selectors.resoluciones import resolucion_extemporanea, resolucion_get, resolucion_list
from cupos.services import asignacion as asignacion_services
from cupos.services import firmezas as firmeza_services
from cupos.services import resoluciones as resolucion_services


class ResolucionOutput(serializers.ModelSerializer):
    extemporanea = serializers.SerializerMethodField()
    cupos = serializers.SerializerMethodField()
    lineas = serializers.SerializerMethodField()

    class Meta:
        model = Resolucion
        fields = [
            "id",
            "anio",
            "numero",
            "fecha_expedicion",
            "tipo",
            "modifica",
            "estado",
            "considerandos",
            "fuente_flota_fecha",
            "fuente_areas_cultivo",
            "fuente_consumo_anio",
            "firmante",
            "acto",
            "transcrita",
            "soporte",
            "extemporanea",
            "lineas",
            "cupos",
            "progreso",
            "error_expedicion",
            "expedida_en",
        ]

    def get_extemporanea(self, obj) -> bool:
        return resolucion_extemporanea(obj)

    def get_cupos(self, obj) -> int:
        return obj.n_cupos if hasattr(obj, "n_cupos") else obj.cupos.count()

    def get_lineas(self, obj) -> int:
        return obj.n_lineas if hasattr(obj, "n_lineas") else obj.lineas.count()


class ResolucionListApi(ColeccionApi):
    Output = ResolucionOutput
    parametros = [OpenApiParameter("anio", int)]
    roles_lectura = ANALISTAS
    roles_escritura = ESCRITORES

    class InputSerializer(serializers.Serializer):
        anio = serializers.IntegerField(min_value=2002, max_value=2100)
        numero = serializers.CharField(max_length=30)
        # an act issued here takes the day it is issued and signed; only a transcribed paper act keeps a date.
        fecha_expedicion = serializers.DateField(required=False, allow_null=True, default=None)
        transcrita = serializers.BooleanField(required=False, default=False)
        soporte = serializers.CharField(required=False, allow_blank=True, default="", max_length=300)
        considerandos = serializers.CharField(required=False, allow_blank=True, default="")
        firmante = serializers.CharField(required=False, allow_blank=True, default="", max_length=200)
        tipo = serializers.ChoiceField(
            Resolucion.Tipo.choices,
            required=False,
            default=None,
            help_text="Sin tipo: la anual del año si aún no tiene una; si ya la tiene, una modificatoria de esa.",
        )
        modifica = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1)
        fuente_flota_fecha = serializers.DateField(required=False, allow_null=True, default=None)
        fuente_areas_cultivo = serializers.CharField(required=False, allow_blank=True, default="")
        fuente_consumo_anio = serializers.IntegerField(
            required=False, allow_null=True, default=None, min_value=2001, max_value=2100
        )

    def listar(self, request):
        return resolucion_list(anio=enteros_query(request, "anio")[0])

    def crear(self, request, datos):
        datos = dict(datos)
        if datos["tipo"] is None:
            # API.md's body has no `tipo`: a client that creates a resolution for a year that already has
            # its annual one gets a modifying resolution of it (R-05: one annual resolution a year), not a 409.
            anual = Resolucion.objects.filter(anio=datos["anio"], tipo=Resolucion.Tipo.ANUAL).first()
            datos["tipo"] = Resolucion.Tipo.ANUAL if anual is None else Resolucion.Tipo.MODIFICATORIA
            if anual is not None and datos["modifica"] is None:
                datos["modifica"] = anual.pk
        if datos["modifica"] is not None:
            modifica = resolucion_get(resolucion_id=datos["modifica"])
            if modifica is None:
                raise DatosInvalidos({"modifica": f"No existe la resolución con id {datos['modifica']}."})
            datos["modifica"] = modifica
        return resolucion_services.resolucion_create(actor=request.user, **datos)


class ResolucionDetailApi(DetalleApi):
    roles_lectura = ANALISTAS
    Output, acceso = ResolucionOutput, resolucion_access


# --- The annual allocation (API.md "The annual allocation") ---------------------------------------


class PropuestaLineaOutput(serializers.Serializer):
    """One row of the proposal: the beneficiary, why it is there, and the evidence."""

    beneficiario = serializers.IntegerField()
    origen = serializers.ChoiceField(LineaAsignacion.Origen.choices)
    galones_solicitados = Galones(allow_null=True)
    galones_anio_anterior = Galones(allow_null=True)
    consumido_anio_anterior = Galones()
    declarado_anio_anterior = Galones()
    declaraciones_no_contadas = serializers.IntegerField()
    capacidad_combustible_gal = Galones(allow_null=True)
    nombre = serializers.CharField()
    tipo = serializers.CharField()
    matricula = serializers.CharField(allow_null=True)
    capitania = serializers.CharField(allow_null=True)
    galones_anuales = Galones(allow_null=True, help_text="La línea ya fijada, si la hay.")
    motivo = serializers.CharField(allow_null=True)
    galones_propuestos = Galones(allow_null=True)
    diferencia = serializers.DecimalField(max_digits=15, decimal_places=2, allow_null=True, coerce_to_string=True)
    sin_derecho = serializers.BooleanField()


def _galones(valor) -> str | None:
    return None if valor is None else f"{valor:.2f}"


def _fila(b) -> dict:
    """A proposal row as JSON, built by hand: 10,000 rows through a DRF serializer cost seconds."""
    return {
        "beneficiario": b.id,
        "origen": b.origen,
        "galones_solicitados": _galones(b.galones_solicitados),
        "galones_anio_anterior": _galones(b.galones_anio_anterior),
        "consumido_anio_anterior": _galones(b.consumido_anio_anterior),
        "declarado_anio_anterior": _galones(b.declarado_anio_anterior),
        "declaraciones_no_contadas": b.declaraciones_no_contadas,
        "capacidad_combustible_gal": _galones(b.capacidad_combustible_gal),
        "nombre": b.nombre,
        "tipo": b.tipo,
        "matricula": b.matricula,
        "capitania": b.capitania.codigo if b.capitania_id else None,
        "galones_anuales": _galones(b.linea_galones),
        "motivo": b.linea_motivo,
        "galones_propuestos": _galones(b.galones_propuestos),
        "diferencia": _galones(b.diferencia),
        "sin_derecho": bool(b.sin_derecho),
    }


class ResolucionPropuestaApi(ApiBase):
    roles_lectura = ANALISTAS
    parametros = [
        OpenApiParameter("tipo", str, enum=Beneficiario.Tipo.values),
        OpenApiParameter("capitania", str, description="Código de la capitanía (CP05)."),
        OpenApiParameter("origen", str, enum=LineaAsignacion.Origen.values),
        OpenApiParameter("diferencia", str, enum=list(asignacion_selectors.DIFERENCIAS)),
        OpenApiParameter("buscar", str, description="Nombre, matrícula o identificación."),
        OpenApiParameter("orden", str, enum=[o for k in asignacion_selectors.ORDENES for o in (k, f"-{k}")]),
    ]

    @extend_schema(
        parameters=parametros,
        responses=inline_serializer("Propuesta", {"lineas": PropuestaLineaOutput(many=True)}),
    )
    def get(self, request, resolucion_id):
        resolucion = resolucion_access(request.user, resolucion_id)
        p = request.query_params
        filas = asignacion_selectors.propuesta(
            resolucion,
            **{k: p.get(k) or None for k in ("tipo", "capitania", "origen", "diferencia", "buscar", "orden")},
        )
        return Response({"lineas": [_fila(b) for b in filas]})


class LineaInput(serializers.Serializer):
    beneficiario = serializers.IntegerField(min_value=1)
    galones_anuales = Galones(min_value=0)
    motivo = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=asignacion_services.MAX_MOTIVO
    )


def _lineas_fijadas(n: int, resolucion) -> Response:
    """The answer to setting the lines: how many were set, and how many the resolution now has."""
    return Response({"lineas": n, "total": asignacion_selectors.lineas_count(resolucion)})


def _lineas_fijadas_esquema(nombre: str) -> dict:
    """The OpenAPI answer of `_lineas_fijadas`, under the schema name `nombre`."""
    return {200: inline_serializer(nombre, {"lineas": serializers.IntegerField(), "total": serializers.IntegerField()})}


class ResolucionLineasApi(ApiBase):
    roles_lectura = ANALISTAS
    roles_escritura = ESCRITORES

    class InputSerializer(serializers.Serializer):
        lineas = serializers.ListField(child=LineaInput(), allow_empty=False, max_length=asignacion_services.MAX_LINEAS)

    @extend_schema(
        request=InputSerializer,
        responses=_lineas_fijadas_esquema("LineasFijadas"),
    )
    @idempotente
    def post(self, request, resolucion_id):
        resolucion = resolucion_access(request.user, resolucion_id)
        lineas = self.entrada(request)["lineas"]
        n = asignacion_services.lineas_set(usuario=request.user, resolucion=resolucion, lineas=lineas)
        return _lineas_fijadas(n, resolucion)


_TRABAJO = serializers.CharField(help_text="El trabajo aceptado: consúltelo en GET /api/v1/trabajos/{trabajo}/.")


class ResolucionExpedirApi(ApiBase):
    """Issue the resolution (a job): `trabajo` is followed at GET /api/v1/trabajos/{trabajo}/; `estado`
    is the resolution's (`expidiendo`)."""

    roles_lectura = ANALISTAS
    roles_escritura = ESCRITORES

    @extend_schema(
        request=None,
        responses={
            202: inline_serializer(
                "ExpedicionEnCurso",
                {
                    "trabajo": _TRABAJO,
                    "id": serializers.IntegerField(),
                    "estado": serializers.ChoiceField(Resolucion.Estado.choices),
                    "lineas": serializers.IntegerField(),
                },
            )
        },
    )
    @idempotente
    def post(self, request, resolucion_id):
        resolucion = resolucion_access(request.user, resolucion_id)
        resolucion = asignacion_services.resolucion_expedir(usuario=request.user, resolucion=resolucion)
        return Response(
            {
                "trabajo": trabajo_referencia(trabajos_selectors.PREFIJO_EXPEDICION, resolucion.id),
                "id": resolucion.id,
                "estado": resolucion.estado,
                "lineas": asignacion_selectors.lineas_count(resolucion),
            },
            status=status.HTTP_202_ACCEPTED,
        )


class ResolucionFirmezaApi(ApiBase):
    """R-06: the bulk firmeza of every cupo of the resolution still `expedido`, as a job and as ONE act:
    all become firm and are communicated to Dimar, or none does and nothing is sent. A cupo that cannot
    become firm (its vessel reported dada de baja, R-24…) stops it: the job ends `fallido` and its
    `error` names each such cupo's beneficiary. `estado` is the job's (pendiente, procesando…)."""

    roles_lectura = ANALISTAS
    roles_escritura = ESCRITORES

    class InputSerializer(serializers.Serializer):
        fecha_firmeza = serializers.DateField()
        fecha_comunicacion = serializers.DateField(required=False, allow_null=True, default=None)

    @extend_schema(
        request=InputSerializer,
        responses={
            202: inline_serializer(
                "FirmezaMasivaEnCurso",
                {
                    "trabajo": _TRABAJO,
                    "estado": serializers.ChoiceField([(e, e) for e in ESTADOS_API]),
                    "cupos": serializers.IntegerField(help_text="Cupos expedidos que el acto declarará en firme."),
                },
            )
        },
    )
    @idempotente
    def post(self, request, resolucion_id):
        resolucion = resolucion_access(request.user, resolucion_id)
        datos = self.entrada(request)
        trabajo = firmeza_services.firmeza_masiva_request(actor=request.user, resolucion=resolucion, **datos)
        vista = trabajos_selectors.firmeza_vista(trabajo)
        return Response(
            {
                "trabajo": trabajo_referencia(trabajos_selectors.PREFIJO_FIRMEZA, trabajo.id),
                "estado": vista.estado,
                "cupos": trabajo.total,
            },
            status=status.HTTP_202_ACCEPTED,
        )


class ResolucionLineasXlsxApi(ApiBase):
    """The lines' XLSX template: GET lists the proposal with its evidence; POST (multipart `archivo`)
    sets the lines it carries, all or nothing (400 `{"archivo": [...], "filas": [{"fila","columna",
    "campo","mensaje"}]}`)."""

    roles_lectura = ANALISTAS
    roles_escritura = ESCRITORES
    parser_classes = [MultiPartParser]

    class InputSerializer(serializers.Serializer):
        archivo = serializers.FileField()

    @extend_schema(responses={(200, XLSX): OpenApiTypes.BINARY})
    def get(self, request, resolucion_id):
        resolucion = resolucion_access(request.user, resolucion_id)
        contenido = asignacion_selectors.lineas_exportar_xlsx(resolucion)
        return descarga(contenido, XLSX, asignacion_selectors.nombre_archivo_xlsx(resolucion))

    @extend_schema(
        request={"multipart/form-data": InputSerializer},
        responses=_lineas_fijadas_esquema("LineasImportadas"),
    )
    @idempotente
    def post(self, request, resolucion_id):
        resolucion = resolucion_access(request.user, resolucion_id)
        archivo = self.entrada(request)["archivo"]
        try:
            n = asignacion_services.lineas_importar_xlsx(usuario=request.user, resolucion=resolucion, archivo=archivo)
        except asignacion_services.ArchivoInvalido as exc:
            return Response({**exc.errores, "filas": exc.filas}, status=status.HTTP_400_BAD_REQUEST)
        return _lineas_fijadas(n, resolucion)
