"""Exonerations (C-06, C-07): filing, documents, Dimar's decision, shipments, public verification."""

from django.urls import reverse
from drf_spectacular.utils import extend_schema, extend_schema_field, inline_serializer
from rest_framework import serializers, status
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.actos.models import Recurso
from core.api.apis import AccionApi, ApiBase, ColeccionApi, DetalleApi
from core.api.filtros import filtros
from core.api.firma import FirmaSerializer, firma_api
from core.api.idempotency import idempotente
from core.api.throttling import PorDireccion
from reserva import access, pdf, requisitos
from reserva.apis.campos import Fecha, Toneladas
from reserva.models import Clase, DecisionExoneracion, Delegacion, Exoneracion, Mercancia
from reserva.selectors import exoneraciones as selectors
from reserva.services import embarques
from reserva.services import exoneraciones as services


class FirmaOutput(serializers.Serializer):
    cargo = serializers.CharField(source="firma_cargo")
    nombre = serializers.CharField(source="firma_nombre")
    acto_delegacion = serializers.CharField(source="delegacion.acto", allow_null=True, default=None)


class ExoneracionOutput(serializers.ModelSerializer):
    ruta = serializers.CharField(source="ruta.codigo")
    toneladas = Toneladas()
    documentos_requeridos = serializers.SerializerMethodField()
    documentos_faltantes = serializers.SerializerMethodField()
    firma = serializers.SerializerMethodField()
    sello_pdf = serializers.SerializerMethodField(help_text="Art. 17: la copia sellada que acompaña la decisión.")
    recurso_en_tramite = serializers.SerializerMethodField(
        help_text="DOMAIN §8 (P-03): el solicitante tiene un recurso en trámite contra la decisión; no produce efectos."
    )

    def get_documentos_requeridos(self, exoneracion) -> list[str]:
        """C-06 (art. 15): the document types its ground requires (the licence, twice)."""
        return [
            r.codigo
            for r in requisitos.requisitos_para(exoneracion.fundamento, exoneracion.mercancia)
            for _ in range(r.cantidad)
        ]

    def get_documentos_faltantes(self, exoneracion) -> list[str]:
        return selectors.documentos_faltantes(exoneracion)

    @extend_schema_field(FirmaOutput(allow_null=True))
    def get_firma(self, exoneracion):
        return FirmaOutput(exoneracion).data if exoneracion.firma_cargo else None

    def get_sello_pdf(self, exoneracion) -> str | None:
        if exoneracion.estado != Exoneracion.Estado.CONCEDIDA:
            return None
        return reverse("reserva:sello", args=[exoneracion.pk])

    def get_recurso_en_tramite(self, exoneracion) -> bool:
        if exoneracion.acto_id is None:
            return False
        pendientes = Recurso.objects.filter(interesado__acto_id=exoneracion.acto_id, estado=Recurso.Estado.EN_TRAMITE)
        return pendientes.exists()

    class Meta:
        model = Exoneracion
        fields = [
            "id",
            "usuario_nit",
            "fundamento",
            "ruta",
            "clase",
            "mercancia",
            "solicitante",
            "toneladas",
            "puerto_origen",
            "puerto_destino",
            "licencia",
            "concepto_federacion",
            "corredor_nit",
            "estado",
            "documentos_requeridos",
            "documentos_faltantes",
            "fecha_radicacion",
            "vence_decision",
            "vence_completar",
            "aviso_demora_fecha",
            "aviso_demora_motivo",
            "fecha_decision",
            "motivo_decision",
            "embarcar_antes_de",
            "firma",
            "sello_pdf",
            "codigo_verificacion",
            "acto",
            "recurso_en_tramite",
        ]


class ExoneracionApi(ColeccionApi):
    Output = ExoneracionOutput
    parametros = filtros("estado")
    accion = services.exoneracion_file
    roles_lectura = access.LECTORES_EXONERACIONES
    roles_escritura = access.USUARIOS

    class InputSerializer(serializers.Serializer):
        usuario_nit = serializers.CharField(max_length=20)
        fundamento = serializers.ChoiceField(choices=Exoneracion.Fundamento.choices)
        ruta = serializers.CharField(max_length=20)
        clase = serializers.ChoiceField(choices=Clase.choices)
        mercancia = serializers.ChoiceField(choices=Mercancia.choices)
        toneladas = Toneladas()
        puerto_origen = serializers.CharField(max_length=120)
        puerto_destino = serializers.CharField(max_length=120)
        licencia = serializers.CharField(max_length=120)
        concepto_federacion = serializers.BooleanField(required=False, default=False)
        corredor_nit = serializers.CharField(max_length=20, required=False, allow_null=True, allow_blank=True)
        solicitante = serializers.ChoiceField(
            choices=Exoneracion.Solicitante.choices, required=False, allow_null=True, default=None
        )
        fecha_radicacion = Fecha(required=False, allow_null=True)

    def listar(self, request):
        return selectors.exoneracion_list(user=request.user, estado=request.query_params.get("estado", "")[:20])


class ExoneracionDetailApi(DetalleApi):
    roles_lectura = access.LECTORES_EXONERACIONES
    Output, acceso = ExoneracionOutput, access.exoneracion_access


class FirmaInput(serializers.Serializer):
    cargo = serializers.ChoiceField(choices=Delegacion.Cargo.choices)
    acto_delegacion = serializers.CharField(max_length=120, required=False, allow_null=True, allow_blank=True)
    nombre = serializers.CharField(max_length=200, required=False, allow_null=True, allow_blank=True)

    def validate(self, datos):
        if datos["cargo"] == Delegacion.Cargo.SECRETARIO_GENERAL and not datos.get("acto_delegacion"):
            raise serializers.ValidationError(
                {"acto_delegacion": "El Secretario General firma solo por delegación expresa (art. 16)."}
            )
        return datos


class DecidirApi(AccionApi):
    """{"decision": "concedida"|"negada"|"aclaracion"|"completar","fecha","motivo","embarcar_antes_de"?,
    "firma"?: {"cargo","acto_delegacion"?}} → 200."""

    roles_escritura = access.DIMAR
    Output = ExoneracionOutput
    accion = services.exoneracion_decide
    acceso, parametro = access.exoneracion_access, "exoneracion"

    class InputSerializer(serializers.Serializer):
        decision = serializers.ChoiceField(choices=DecisionExoneracion.Decision.choices)
        fecha = Fecha()
        motivo = serializers.CharField(max_length=4000)
        embarcar_antes_de = Fecha(required=False, allow_null=True)
        firma = FirmaInput(required=False, allow_null=True, default=None)
        # API.md «Acts»: a paper act issued before, recorded with its own date (`fecha`) and support.
        transcrita = serializers.BooleanField(required=False, default=False)
        soporte = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")


class DemoraApi(AccionApi):
    """Ley 1437 art. 14 par.: {"fecha","motivo","nueva_fecha"} → 200, before the term ends."""

    roles_escritura = access.DIMAR
    Output = ExoneracionOutput
    accion = services.exoneracion_announce_delay
    acceso, parametro = access.exoneracion_access, "exoneracion"

    class InputSerializer(serializers.Serializer):
        fecha = Fecha()
        motivo = serializers.CharField(max_length=4000)
        nueva_fecha = Fecha()


class EmbarqueApi(ApiBase):
    """C-07: {"fecha_embarque","fecha_aviso"?,"nave","bandera","fecha_arribo_estimada","puerto_cargue",
    "puerto_descargue"} → {"infraccion","aviso_tardio","motivo"}; the flag and the expected arrival are
    required (art. 18)."""

    roles_escritura = access.USUARIOS

    class InputSerializer(serializers.Serializer):
        fecha_embarque = Fecha()
        fecha_aviso = Fecha(required=False, allow_null=True)
        nave = serializers.CharField(max_length=120)
        puerto_cargue = serializers.CharField(max_length=120)
        puerto_descargue = serializers.CharField(max_length=120)
        bandera = serializers.CharField(max_length=2)
        puerto = serializers.CharField(max_length=120, required=False, allow_blank=True, default="")
        fecha_arribo_estimada = Fecha()

    @extend_schema(
        request=InputSerializer,
        responses=inline_serializer(
            "EmbarqueExonerado",
            {
                "id": serializers.IntegerField(),
                "infraccion": serializers.BooleanField(),
                "aviso_tardio": serializers.BooleanField(),
                "motivo": serializers.CharField(),
            },
        ),
    )
    def post(self, request, exoneracion_id):
        exoneracion = access.exoneracion_access(request.user, exoneracion_id)
        embarque = embarques.embarque_communicate(actor=request.user, exoneracion=exoneracion, **self.entrada(request))
        return Response(
            {
                "id": embarque.pk,
                "infraccion": embarque.infraccion,
                "aviso_tardio": embarque.aviso_tardio,
                "motivo": embarque.motivo,
            }
        )


class DocumentoApi(ApiBase):
    """multipart {"tipo","archivo"}: a document of the file (art. 15)."""

    roles_escritura = access.PRESENTAN_DOCUMENTOS
    parser_classes = [MultiPartParser]

    class InputSerializer(serializers.Serializer):
        tipo = serializers.CharField(max_length=40)
        archivo = serializers.FileField(required=False, allow_null=True, default=None)

    @extend_schema(
        request={"multipart/form-data": InputSerializer},
        responses={
            201: inline_serializer(
                "DocumentoExoneracionCargado", {"id": serializers.IntegerField(), "tipo": serializers.CharField()}
            )
        },
    )
    @idempotente
    def post(self, request, exoneracion_id):
        exoneracion = access.exoneracion_access(request.user, exoneracion_id)
        documento = services.documento_upload(actor=request.user, exoneracion=exoneracion, **self.entrada(request))
        return Response({"id": documento.pk, "tipo": documento.tipo}, status=status.HTTP_201_CREATED)


class VerificarExoneracionApi(APIView):
    """Public: a stamped grant's verification code → what it exonerates and until when; a signed
    denial's code → that Dimar denied it (`estado: "negada"`, no deadline) and its signature."""

    authentication_classes = []
    permission_classes = [AllowAny]
    # Codes are guessed one request at a time: the same per-address limit as the certificates' (issue 27).
    throttle_classes = [PorDireccion]
    throttle_scope = "verificacion"

    @extend_schema(
        responses=inline_serializer(
            "ExoneracionVerificada",
            {
                "codigo": serializers.CharField(),
                "valida": serializers.BooleanField(),
                "estado": serializers.ChoiceField(choices=["concedida", "negada"]),
                "usuario_nit": serializers.CharField(),
                "toneladas": serializers.CharField(),
                "embarcar_antes_de": serializers.DateField(allow_null=True),
                "firma": FirmaSerializer(),
            },
        )
    )
    def get(self, request, codigo):
        exoneracion = selectors.exoneracion_por_codigo(codigo)
        if exoneracion is None:
            return Response(
                {"codigo": "no_encontrado", "detalle": "No existe una exoneración con ese código."},
                status=status.HTTP_404_NOT_FOUND,
            )
        return Response(
            {
                "codigo": exoneracion.codigo_verificacion,
                "valida": True,
                "estado": exoneracion.estado,
                "usuario_nit": exoneracion.usuario_nit,
                "clase": exoneracion.clase,
                "mercancia": exoneracion.mercancia,
                "ruta": exoneracion.ruta.codigo,
                "firma_cargo": exoneracion.firma_cargo,
                "firma_nombre": exoneracion.firma_nombre,
                "toneladas": f"{exoneracion.toneladas:.3f}",
                "fecha_decision": exoneracion.fecha_decision,
                "embarcar_antes_de": exoneracion.embarcar_antes_de,
                "firma": firma_api(pdf.acto_firmado(exoneracion)),
            }
        )
