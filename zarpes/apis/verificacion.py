"""Public verification of a certificate by its code (the QR of the PDF), without login."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.fields import Galones
from core.api.firma import FirmaSerializer, firma_api
from core.api.throttling import PorDireccion
from core.comun.errors import NoEncontrado
from zarpes.models import Certificado
from zarpes.pdf import certificado_firmado
from zarpes.selectors.certificados import certificado_por_codigo


class VerificacionOutput(serializers.Serializer):
    valido = serializers.BooleanField()
    numero = serializers.CharField()
    matricula = serializers.CharField(source="nave.matricula")
    galones_autorizados = Galones()
    fecha_expedicion = serializers.DateField()
    estado = serializers.ChoiceField(choices=Certificado.Estado.choices)
    firma = FirmaSerializer(help_text="La firma digital del PDF del certificado, revalidada sobre el archivo guardado.")


class VerificarApi(APIView):
    """Public, no login: only what API.md lists, nothing more about the beneficiary."""

    authentication_classes = []
    permission_classes = [AllowAny]
    throttle_classes = [PorDireccion]
    throttle_scope = "verificacion"

    @extend_schema(responses=VerificacionOutput)
    def get(self, request, codigo):
        certificado = certificado_por_codigo(codigo)
        if certificado is None:
            raise NoEncontrado("No existe un certificado con ese código de verificación.")
        datos = {"valido": True, "numero": certificado.numero, "nave": certificado.nave,
                 "galones_autorizados": certificado.galones_autorizados,
                 "fecha_expedicion": certificado.fecha_expedicion, "estado": certificado.estado,
                 "firma": firma_api(certificado_firmado(certificado))}
        return Response(VerificacionOutput(datos).data)
