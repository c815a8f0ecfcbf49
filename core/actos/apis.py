"""API of the procedure of acts (API.md «Acts: notification, recursos, firmeza»)."""

from django.http import HttpResponse
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response

from core.actos import access, documento, services
from core.actos.models import Interesado, Recurso, TipoRecurso
from core.api.apis import ApiBase, ListaApi
from core.api.filtros import filtros
from core.api.idempotency import idempotente
from core.comun.numeros import entero


class RecursoProcedenteOutput(serializers.Serializer):
    recurso = serializers.ChoiceField(choices=TipoRecurso.choices)
    ante = serializers.CharField()
    plazo_dias_habiles = serializers.IntegerField()


class ActoOutput(serializers.Serializer):
    id = serializers.IntegerField()
    tipo = serializers.CharField()
    numero = serializers.CharField()
    fecha_expedicion = serializers.DateField()
    transcrito = serializers.BooleanField()
    firmante = serializers.CharField()
    recursos_proceden = serializers.SerializerMethodField()
    interesados = serializers.SerializerMethodField()
    escaneo = serializers.SerializerMethodField(
        help_text="Un acto transcrito: si tiene adjunto el PDF o escaneo del acto en papel (GET …/pdf/ lo responde)."
    )

    @extend_schema_field(RecursoProcedenteOutput(many=True))
    def get_recursos_proceden(self, acto) -> list:
        return RecursoProcedenteOutput(services.procedentes(acto), many=True).data

    def get_interesados(self, acto) -> int:
        return acto.interesados.count()

    def get_escaneo(self, acto) -> bool:
        return bool(acto.escaneo)


MEDIOS_API = ("electronica", "personal", "aviso")  # API.md's list


class NotificacionOutput(serializers.Serializer):
    medio = serializers.SerializerMethodField()
    fecha = serializers.DateField(source="notificacion_fecha")
    soporte = serializers.CharField(source="notificacion_soporte")

    @extend_schema_field(serializers.ChoiceField(choices=MEDIOS_API))
    def get_medio(self, interesado) -> str:
        """API.md names three means. A notification by conduct (art. 72: the person filed a recurso or waived
        them in writing) is the person's own appearance, so it travels as «personal»; its support says so."""
        medio = interesado.notificacion_medio
        return "personal" if medio == Interesado.Medio.CONDUCTA else medio


class RecursoResumenOutput(serializers.Serializer):
    id = serializers.IntegerField()
    tipo = serializers.ChoiceField(choices=TipoRecurso.choices)
    estado = serializers.ChoiceField(choices=Recurso.Estado.choices)


class InteresadoOutput(serializers.Serializer):
    id = serializers.IntegerField()
    beneficiario = serializers.IntegerField(source="beneficiario_id", allow_null=True)
    nit = serializers.CharField()
    nombre = serializers.CharField()
    notificacion = serializers.SerializerMethodField()
    vence_recursos = serializers.DateField(allow_null=True)
    renuncia = serializers.DateField(source="renuncia_fecha", allow_null=True)
    recursos = RecursoResumenOutput(many=True)
    en_firme_desde = serializers.DateField(allow_null=True)

    @extend_schema_field(NotificacionOutput(allow_null=True))
    def get_notificacion(self, interesado) -> dict | None:
        if interesado.notificacion_fecha is None:
            return None
        return NotificacionOutput(interesado).data


class ActoApi(ApiBase):
    """An act, in the caller's scope: the recursos that proceed against it (P-02) and how many it concerns."""

    roles_lectura = access.LECTORES

    @extend_schema(responses=ActoOutput)
    def get(self, request, acto_id):
        return Response(ActoOutput(access.acto_access(request.user, acto_id)).data)


class DocumentoEnCursoOutput(serializers.Serializer):
    trabajo = serializers.CharField(help_text="El trabajo que construye el PDF: GET /api/v1/trabajos/{trabajo}/.")


def documento_respuesta(doc: documento.DocumentoDeActo):
    """The act's PDF inline, or 202 with the job that is building it (the page and the API answer the same)."""
    if doc.contenido is None:
        return Response({"trabajo": doc.trabajo}, status=status.HTTP_202_ACCEPTED)
    respuesta = HttpResponse(doc.contenido, content_type="application/pdf")
    respuesta["Content-Disposition"] = f'inline; filename="{doc.nombre}"'
    return respuesta


class ActoPdfApi(ApiBase):
    """The act's signed PDF, stating the recursos that proceed against it (P-02), or 202 while it is being built;
    a transcribed paper act answers a record of its transcription, unsigned."""

    roles_lectura = access.LECTORES

    @extend_schema(responses={(200, "application/pdf"): bytes, 202: DocumentoEnCursoOutput})
    def get(self, request, acto_id):
        acto = access.acto_access(request.user, acto_id)
        return documento_respuesta(documento.documento_acto(acto=acto, actor=request.user))


class EscaneoInput(serializers.Serializer):
    archivo = serializers.FileField(required=False, allow_null=True, default=None)


class ActoEscaneoApi(ApiBase):
    """R-05: multipart {"archivo"}: the PDF or scan of a transcribed paper act, attached by the staff of the
    authority that issued it; GET actos/{id}/pdf/ answers it from then on."""

    roles_escritura = access.ESCRITORES
    parser_classes = [MultiPartParser]
    InputSerializer = EscaneoInput

    @extend_schema(request={"multipart/form-data": EscaneoInput}, responses={201: ActoOutput})
    @idempotente
    def post(self, request, acto_id):
        acto = services.escaneo_adjuntar(actor=request.user, acto_id=acto_id, archivo=self.entrada(request)["archivo"])
        return Response(ActoOutput(acto).data, status=status.HTTP_201_CREATED)


class ActoInteresadosApi(ListaApi):
    """The persons an act concerns (the caller's own, for a person concerned): notification, term, recursos,
    firmeza; ?beneficiario=<id> and ?nit=<NIT>."""

    Output = InteresadoOutput
    parametros = filtros("beneficiario", "nit")
    roles_lectura = access.LECTORES

    def listar(self, request, acto_id):
        acto = access.acto_access(request.user, acto_id)
        filas = access.interesados_visibles(request.user, acto).prefetch_related("recursos")
        if (beneficiario := request.query_params.get("beneficiario")) is not None:
            filas = filas.filter(beneficiario_id=entero(beneficiario))
        if nit := request.query_params.get("nit"):
            filas = filas.filter(nit=nit)
        return filas.order_by("id")


class NotificacionInput(serializers.Serializer):
    interesado = serializers.IntegerField()
    medio = serializers.ChoiceField(choices=[Interesado.Medio.PERSONAL, Interesado.Medio.AVISO])
    fecha = serializers.DateField()
    soporte = serializers.CharField(max_length=300, allow_blank=True, required=False, default="")


class ActoNotificacionesApi(ApiBase):
    """P-01: a personal notification or one by aviso, recorded by the authority's staff."""

    roles_escritura = access.ESCRITORES
    InputSerializer = NotificacionInput

    @extend_schema(request=NotificacionInput, responses={201: InteresadoOutput})
    @idempotente
    def post(self, request, acto_id):
        datos = self.entrada(request)
        interesado = services.notificacion_registrar(
            actor=request.user, acto_id=acto_id, interesado_id=datos["interesado"], medio=datos["medio"],
            fecha=datos["fecha"], soporte=datos["soporte"],
        )
        return Response(InteresadoOutput(interesado).data, status=status.HTTP_201_CREATED)


class RenunciaInput(serializers.Serializer):
    interesado = serializers.IntegerField()
    fecha = serializers.DateField()
    soporte = serializers.CharField(max_length=300)


class ActoRenunciasApi(ApiBase):
    """P-04 (4): the person's written waiver of its recursos; firm from the next day."""

    roles_escritura = access.ESCRITORES
    InputSerializer = RenunciaInput

    @extend_schema(request=RenunciaInput, responses={201: InteresadoOutput})
    @idempotente
    def post(self, request, acto_id):
        datos = self.entrada(request)
        interesado = services.renuncia_registrar(
            actor=request.user, acto_id=acto_id, interesado_id=datos["interesado"], fecha=datos["fecha"],
            soporte=datos["soporte"],
        )
        return Response(InteresadoOutput(interesado).data, status=status.HTTP_201_CREATED)


class RecursoInput(serializers.Serializer):
    interesado = serializers.IntegerField()
    tipo = serializers.ChoiceField(choices=TipoRecurso.choices)
    fecha = serializers.DateField()
    motivos = serializers.CharField(allow_blank=True, trim_whitespace=False)
    soporte = serializers.CharField(max_length=300, allow_blank=True, required=False, default="")


class RecursoOutput(serializers.Serializer):
    id = serializers.IntegerField()
    estado = serializers.ChoiceField(choices=Recurso.Estado.choices)
    vence_decision = serializers.DateField()


class ActoRecursosApi(ApiBase):
    """P-03: a recurso filed in writing within the term, with its grounds; the act has no effect on that person
    while it is pending."""

    roles_escritura = access.PRESENTAN_RECURSOS
    InputSerializer = RecursoInput

    @extend_schema(request=RecursoInput, responses={201: RecursoOutput})
    @idempotente
    def post(self, request, acto_id):
        datos = self.entrada(request)
        recurso = services.recurso_presentar(
            actor=request.user, acto_id=acto_id, interesado_id=datos["interesado"], tipo=datos["tipo"],
            fecha=datos["fecha"], motivos=datos["motivos"], soporte=datos["soporte"],
        )
        return Response(RecursoOutput(recurso).data, status=status.HTTP_201_CREATED)


class DecisionInput(serializers.Serializer):
    sentido = serializers.ChoiceField(choices=Recurso.Sentido.choices)
    motivacion = serializers.CharField(allow_blank=True, trim_whitespace=False)
    galones_anuales = serializers.DecimalField(max_digits=12, decimal_places=2, required=False, allow_null=True)
    transcrita = serializers.BooleanField(
        required=False, default=False,
        help_text="Decisión expedida antes en papel: conserva su fecha (fecha_expedicion) y soporte la nombra.",
    )
    fecha_expedicion = serializers.DateField(required=False, allow_null=True, default=None)
    soporte = serializers.CharField(required=False, allow_blank=True, default="", max_length=300)


class DecisionOutput(serializers.Serializer):
    id = serializers.IntegerField()
    estado = serializers.ChoiceField(choices=Recurso.Estado.choices)
    acto = serializers.IntegerField(help_text="El acto que decide el recurso, notificado como cualquier otro.")


class RecursoDecidirApi(ApiBase):
    """P-03: the authority decides the recurso by a motivated act (confirm, modify or revoke)."""

    roles_escritura = access.ESCRITORES
    InputSerializer = DecisionInput

    @extend_schema(request=DecisionInput, responses={201: DecisionOutput})
    @idempotente
    def post(self, request, recurso_id):
        datos = self.entrada(request)
        decision = services.recurso_decidir(
            actor=request.user, recurso_id=entero(recurso_id), sentido=datos["sentido"],
            motivacion=datos["motivacion"], galones_anuales=datos.get("galones_anuales"),
            transcrito=datos["transcrita"], fecha_expedicion=datos["fecha_expedicion"], soporte=datos["soporte"],
        )
        recurso = decision.recurso_decidido
        return Response({"id": recurso.pk, "estado": recurso.estado, "acto": decision.pk},
                        status=status.HTTP_201_CREATED)
