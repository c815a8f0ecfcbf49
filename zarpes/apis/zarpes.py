"""REST API of zarpes and certificates (API.md "Zarpes and certificates")."""

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from core.api.fields import Galones
from core.api.idempotency import idempotente
from core.apis import ApiBase
from core.errors import DatosInvalidos, NoEncontrado
from cupos.models import Beneficiario
from zarpes import selectors, services
from zarpes.access import (
    LECTORES_CERTIFICADOS,
    LECTORES_ZARPES,
    certificado_access,
    zarpe_access,
    zarpes_visibles,
)
from zarpes.models import Certificado, Inspeccion, Zarpe
from zarpes.pdf import certificado_pdf


class NuloSiVacio(serializers.CharField):
    """Empty choice values are rendered as null (API.md: "motivo": null)."""

    def to_representation(self, value):
        return value or None


class CertificadoCorto(serializers.ModelSerializer):
    galones_autorizados = Galones()
    pdf = serializers.SerializerMethodField()

    class Meta:
        model = Certificado
        fields = ["numero", "codigo_verificacion", "galones_autorizados", "fecha_expedicion", "estado", "pdf"]

    def get_pdf(self, obj) -> str:
        ruta = f"/api/v1/certificados/{obj.numero}/pdf/"
        request = self.context.get("request")
        return request.build_absolute_uri(ruta) if request else ruta


class ZarpeOutput(serializers.ModelSerializer):
    nave = serializers.IntegerField(source="nave_id")
    matricula = serializers.CharField(source="nave.matricula")
    capitania = serializers.CharField(source="capitania.codigo")
    motivo = NuloSiVacio()
    limitado_por = NuloSiVacio()
    certificado_anterior = NuloSiVacio()
    galones_solicitados = Galones()
    galones_autorizados = Galones()
    disponible_despues = Galones()
    certificado = serializers.SerializerMethodField()
    mensaje = serializers.CharField(source="mensaje_para_el_capitan")

    class Meta:
        model = Zarpe
        fields = [
            "id", "nave", "matricula", "capitania", "fecha", "galones_solicitados", "certificado_anterior",
            "estado", "motivo", "limitado_por", "galones_autorizados", "certificado", "disponible_despues",
            "mensaje",
        ]

    def get_certificado(self, obj) -> dict | None:
        certificado = getattr(obj, "certificado", None) if obj.estado == Zarpe.Estado.CERTIFICADO else None
        return CertificadoCorto(certificado, context=self.context).data if certificado else None


def _g(valor) -> str:
    return f"{valor:.2f}"


def zarpe_respuesta(zarpe: Zarpe, request) -> dict:
    """ZarpeOutput's exact shape, built by hand: issuance is the hot path (bench/zarpes.py).
    A test keeps the two identical."""
    certificado = None
    if zarpe.estado == Zarpe.Estado.CERTIFICADO:
        c = zarpe.certificado
        certificado = {
            "numero": c.numero, "codigo_verificacion": c.codigo_verificacion,
            "galones_autorizados": _g(c.galones_autorizados), "fecha_expedicion": c.fecha_expedicion.isoformat(),
            "estado": c.estado, "pdf": request.build_absolute_uri(f"/api/v1/certificados/{c.numero}/pdf/"),
        }
    return {
        "id": zarpe.id, "nave": zarpe.nave_id, "matricula": zarpe.nave.matricula, "capitania": zarpe.capitania.codigo,
        "fecha": zarpe.fecha.isoformat(), "galones_solicitados": _g(zarpe.galones_solicitados),
        "certificado_anterior": zarpe.certificado_anterior or None, "estado": zarpe.estado,
        "motivo": zarpe.motivo or None, "limitado_por": zarpe.limitado_por or None,
        "galones_autorizados": _g(zarpe.galones_autorizados), "certificado": certificado,
        "disponible_despues": _g(zarpe.disponible_despues), "mensaje": zarpe.mensaje_para_el_capitan,
    }


def _nave_id(valor) -> int:
    """`nave` is the beneficiary id; a matrícula is accepted too."""
    texto = str(valor).strip()
    if texto.isdigit():
        return int(texto)
    nave = Beneficiario.objects.filter(matricula=texto.upper()).only("id").first()
    if nave is None:
        raise DatosInvalidos({"nave": f"No existe una nave con matrícula «{texto}»."})
    return nave.id


class ZarpeListApi(ApiBase):
    roles_lectura = LECTORES_ZARPES
    roles_escritura = services.ROLES_ZARPE

    class InputSerializer(serializers.Serializer):
        nave = serializers.CharField(max_length=30)
        capitania = serializers.CharField(max_length=10)
        fecha = serializers.DateField()
        galones_solicitados = Galones(min_value=0)
        certificado_anterior = serializers.CharField(max_length=30, allow_null=True, allow_blank=True, required=False)

    @extend_schema(
        parameters=[OpenApiParameter(p, str) for p in ("capitania", "fecha", "desde", "hasta", "estado", "nave")],
        responses=ZarpeOutput(many=True),
    )
    def get(self, request):
        p = request.query_params
        filtros = {}
        for campo in ("fecha", "desde", "hasta"):
            if p.get(campo):
                filtros[campo] = serializers.DateField().run_validation(p[campo])
        qs = selectors.zarpe_list(
            capitania=p.get("capitania", ""), estado=p.get("estado", ""),
            nave_id=int(p["nave"]) if p.get("nave", "").isdigit() else None, **filtros,
        )
        return self.paginate(zarpes_visibles(request.user, qs), ZarpeOutput)

    @extend_schema(request=InputSerializer, responses={201: ZarpeOutput})
    @idempotente
    def post(self, request):
        entrada = self.InputSerializer(data=request.data)
        entrada.is_valid(raise_exception=True)
        datos = entrada.validated_data
        zarpe = services.zarpe_request(
            actor=request.user, nave_id=_nave_id(datos["nave"]), capitania=datos["capitania"], fecha=datos["fecha"],
            galones_solicitados=datos["galones_solicitados"], certificado_anterior=datos.get("certificado_anterior"),
        )
        return Response(zarpe_respuesta(zarpe, request), status=status.HTTP_201_CREATED)


class ZarpeDetailApi(ApiBase):
    roles_lectura = LECTORES_ZARPES

    @extend_schema(responses=ZarpeOutput)
    def get(self, request, zarpe_id):
        return Response(ZarpeOutput(zarpe_access(request.user, zarpe_id), context={"request": request}).data)


class InspeccionOutput(serializers.ModelSerializer):
    zarpe = serializers.IntegerField(source="zarpe_id")
    galones_verificados = Galones()
    reintegro = Galones()
    galones_autorizados = Galones(source="zarpe.galones_autorizados")

    class Meta:
        model = Inspeccion
        fields = ["id", "zarpe", "fecha", "galones_autorizados", "galones_verificados", "reintegro", "ventana_cerrada"]


class ZarpeInspeccionApi(ApiBase):
    """R-17: the inspector's report; the difference is refunded while the window is open."""

    roles_escritura = services.ROLES_ZARPE

    class InputSerializer(serializers.Serializer):
        fecha = serializers.DateField()
        galones_verificados = Galones(min_value=0)

    @extend_schema(request=InputSerializer, responses=InspeccionOutput)
    @idempotente
    def post(self, request, zarpe_id):
        entrada = self.InputSerializer(data=request.data)
        entrada.is_valid(raise_exception=True)
        inspeccion = services.zarpe_inspect(actor=request.user, zarpe_id=zarpe_id, **entrada.validated_data)
        return Response(InspeccionOutput(inspeccion).data)


class CertificadoOutput(CertificadoCorto):
    matricula = serializers.CharField(source="nave.matricula")
    nave = serializers.CharField(source="nave.nombre")
    capitania = serializers.CharField(source="capitania.codigo")
    zarpe = serializers.IntegerField(source="zarpe_id")

    class Meta(CertificadoCorto.Meta):
        fields = [*CertificadoCorto.Meta.fields, "matricula", "nave", "capitania", "zarpe"]


class CertificadoDetailApi(ApiBase):
    roles_lectura = LECTORES_CERTIFICADOS

    @extend_schema(responses=CertificadoOutput)
    def get(self, request, numero):
        return Response(CertificadoOutput(certificado_access(request.user, numero), context={"request": request}).data)


class CertificadoPdfApi(ApiBase):
    roles_lectura = LECTORES_CERTIFICADOS

    @extend_schema(responses={(200, "application/pdf"): bytes})
    def get(self, request, numero):
        certificado = certificado_access(request.user, numero)
        respuesta = HttpResponse(certificado_pdf(certificado), content_type="application/pdf")
        respuesta["Content-Disposition"] = f'inline; filename="certificado-{certificado.numero}.pdf"'
        return respuesta


class VerificacionOutput(serializers.Serializer):
    valido = serializers.BooleanField()
    numero = serializers.CharField()
    matricula = serializers.CharField(source="nave.matricula")
    galones_autorizados = Galones()
    fecha_expedicion = serializers.DateField()
    estado = serializers.CharField()


class VerificarApi(APIView):
    """Public, no login: only what API.md lists, nothing more about the beneficiary."""

    authentication_classes = []
    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "verificacion"

    @extend_schema(responses=VerificacionOutput)
    def get(self, request, codigo):
        certificado = selectors.certificado_por_codigo(codigo)
        if certificado is None:
            raise NoEncontrado("No existe un certificado con ese código de verificación.")
        datos = {"valido": True, "numero": certificado.numero, "nave": certificado.nave,
                 "galones_autorizados": certificado.galones_autorizados,
                 "fecha_expedicion": certificado.fecha_expedicion, "estado": certificado.estado}
        return Response(VerificacionOutput(datos).data)
