"""REST API of the officer's counter that keeps working offline (issue 43), under /api/v1/mostradores/.

Additions to API.md (docs/api/CHANGELOG.md): enrol a counter, take holds, beat, fetch the snapshot, sync
one offline act (Idempotency-Key), say it is done; break another counter's hold; the published counter keys.
"""

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.apis import ApiBase
from core.api.fields import Galones
from core.api.idempotency import idempotente
from core.api.throttling import PorDireccion
from zarpes.access import ROLES_ZARPE, mostrador_access
from zarpes.apis.certificados import CertificadoCorto
from zarpes.selectors import mostradores as selectores
from zarpes.services import mostradores as servicios


class MostradorOutput(serializers.Serializer):
    id = serializers.IntegerField()
    nombre = serializers.CharField()
    capitania = serializers.CharField(source="capitania.codigo")
    huella = serializers.CharField(help_text="Huella SHA-256 (RFC 7638) de la clave pública del dispositivo.")
    ultimo_latido = serializers.DateTimeField(allow_null=True)
    ultima_sincronizacion = serializers.DateTimeField(allow_null=True)
    pendientes = serializers.IntegerField()


class RetencionOutput(serializers.Serializer):
    id = serializers.IntegerField()
    nave = serializers.IntegerField(source="cupo.beneficiario_id")
    galones = Galones()
    dispuesto = Galones()
    restante = Galones()
    estado = serializers.CharField()
    expira = serializers.DateTimeField()


class BloqueOutput(serializers.Serializer):
    anio = serializers.IntegerField()
    prefijo = serializers.CharField()
    desde = serializers.IntegerField()
    hasta = serializers.IntegerField()


class NaveInstantanea(serializers.Serializer):
    id = serializers.IntegerField()
    nombre = serializers.CharField()
    matricula = serializers.CharField(allow_null=True)
    capacidad = Galones(allow_null=True)
    ultimo_certificado = serializers.CharField(allow_blank=True)
    retencion = RetencionOutput()


class InstantaneaOutput(serializers.Serializer):
    mostrador = MostradorOutput()
    ahora = serializers.DateTimeField()
    siguiente = serializers.IntegerField(allow_null=True, help_text="El próximo consecutivo libre del bloque.")
    bloques = BloqueOutput(many=True)
    naves = NaveInstantanea(many=True)


class MostradorListApi(ApiBase):
    roles_lectura = ROLES_ZARPE
    roles_escritura = ROLES_ZARPE

    class InputSerializer(serializers.Serializer):
        nombre = serializers.CharField(max_length=80)
        clave_publica = serializers.JSONField(help_text="JWK de la clave pública ECDSA P-256 (kty, crv, x, y).")

    @extend_schema(request=InputSerializer, responses={201: InstantaneaOutput})
    @idempotente
    def post(self, request):
        datos = self.entrada(request)
        if not isinstance(datos["clave_publica"], dict):
            datos["clave_publica"] = {}
        mostrador = servicios.mostrador_enroll(
            actor=request.user, nombre=datos["nombre"], clave_publica=datos["clave_publica"]
        )
        return Response(InstantaneaOutput(selectores.instantanea(mostrador)).data, status=status.HTTP_201_CREATED)


class InstantaneaApi(ApiBase):
    roles_lectura = ROLES_ZARPE

    @extend_schema(responses=InstantaneaOutput)
    def get(self, request, mostrador_id):
        return Response(InstantaneaOutput(selectores.instantanea(mostrador_access(request.user, mostrador_id))).data)


class RetenerApi(ApiBase):
    roles_escritura = ROLES_ZARPE

    class InputSerializer(serializers.Serializer):
        naves = serializers.ListField(
            child=serializers.IntegerField(min_value=1),
            required=False,
            allow_empty=True,
            max_length=servicios.NAVES_POR_RETENCION,
            help_text="Las naves elegidas; sin ella, las matriculadas en la capitanía.",
        )
        matriculas = serializers.ListField(
            child=serializers.CharField(max_length=30),
            required=False,
            allow_empty=True,
            max_length=servicios.NAVES_POR_RETENCION,
            help_text="Las naves elegidas, por matrícula.",
        )
        horas = serializers.IntegerField(required=False, default=24, min_value=1, max_value=72)

    @extend_schema(request=InputSerializer, responses={201: InstantaneaOutput})
    @idempotente
    def post(self, request, mostrador_id):
        datos = self.entrada(request)
        servicios.mostrador_retener(
            actor=request.user,
            mostrador_id=mostrador_id,
            naves=datos.get("naves") or None,
            matriculas=datos.get("matriculas") or None,
            horas=datos["horas"],
        )
        mostrador = mostrador_access(request.user, mostrador_id)
        return Response(InstantaneaOutput(selectores.instantanea(mostrador)).data, status=status.HTTP_201_CREATED)


class LatidoApi(ApiBase):
    roles_escritura = ROLES_ZARPE

    class InputSerializer(serializers.Serializer):
        pendientes = serializers.IntegerField(min_value=0, max_value=100000)

    @extend_schema(request=InputSerializer, responses=InstantaneaOutput)
    def post(self, request, mostrador_id):
        datos = self.entrada(request)
        mostrador = servicios.mostrador_latir(
            actor=request.user, mostrador_id=mostrador_id, pendientes=datos["pendientes"]
        )
        return Response(InstantaneaOutput(selectores.instantanea(mostrador)).data)


class ActoDelMostrador(serializers.Serializer):
    id = serializers.CharField(max_length=64)
    numero = serializers.CharField(max_length=30)
    retencion = serializers.IntegerField(min_value=1)
    nave = serializers.IntegerField(min_value=1)
    fecha = serializers.CharField(max_length=10)
    galones_solicitados = serializers.CharField(max_length=20)
    galones_autorizados = serializers.CharField(max_length=20)
    certificado_anterior = serializers.CharField(max_length=30, allow_blank=True)
    codigo_verificacion = serializers.CharField(max_length=19)
    emitido = serializers.CharField(max_length=40)


class ActoSincronizado(serializers.Serializer):
    acto = serializers.CharField()
    creado = serializers.BooleanField(help_text="Falso cuando el acto ya estaba sincronizado.")
    revision_upme = serializers.CharField(allow_blank=True)
    certificado = CertificadoCorto()


class SincronizarApi(ApiBase):
    """One offline act, replayed with its Idempotency-Key: the certificate with the same number, once."""

    roles_escritura = ROLES_ZARPE

    class InputSerializer(serializers.Serializer):
        acto = ActoDelMostrador()
        firma = serializers.CharField(max_length=200, help_text="ECDSA P-256 SHA-256 del acto canónico, r‖s base64url.")

    @extend_schema(request=InputSerializer, responses={201: ActoSincronizado, 200: ActoSincronizado})
    @idempotente
    def post(self, request, mostrador_id):
        datos = self.entrada(request)
        acto = dict(datos["acto"])
        certificado, creado = servicios.acto_sincronizar(
            actor=request.user, mostrador_id=mostrador_id, acto=acto, firma=datos["firma"]
        )
        cuerpo = {
            "acto": acto["id"],
            "creado": creado,
            "revision_upme": certificado.revision_upme,
            "certificado": certificado,
        }
        return Response(
            ActoSincronizado(cuerpo, context={"request": request}).data,
            status=status.HTTP_201_CREATED if creado else status.HTTP_200_OK,
        )


class TerminarApi(ApiBase):
    roles_escritura = ROLES_ZARPE

    @extend_schema(request=None, responses=InstantaneaOutput)
    def post(self, request, mostrador_id):
        servicios.mostrador_terminar(actor=request.user, mostrador_id=mostrador_id)
        return Response(InstantaneaOutput(selectores.instantanea(mostrador_access(request.user, mostrador_id))).data)


class RomperRetencionApi(ApiBase):
    roles_escritura = ROLES_ZARPE

    @extend_schema(request=None, responses=RetencionOutput)
    def post(self, request, retencion_id):
        return Response(RetencionOutput(servicios.retencion_romper(actor=request.user, retencion_id=retencion_id)).data)


class ClavePublicada(serializers.Serializer):
    id = serializers.IntegerField()
    capitania = serializers.CharField()
    huella = serializers.CharField()
    clave_publica = serializers.JSONField()


class ClavesApi(APIView):
    """Public, no login: the device keys of the counters, to verify a slip's QR offline."""

    authentication_classes = []
    permission_classes = [AllowAny]
    throttle_classes = [PorDireccion]
    throttle_scope = "verificacion"

    @extend_schema(responses=inline_serializer("ClavesMostradores", {"claves": ClavePublicada(many=True)}))
    def get(self, request):
        return Response({"claves": ClavePublicada(selectores.claves_publicadas(), many=True).data})
