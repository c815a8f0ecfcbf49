"""REST API of zarpes (API.md "Zarpes and certificates"): request one, list them, read one."""

from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.response import Response

from core.api.apis import ApiBase, ListaApi
from core.api.fields import Galones
from core.api.idempotency import idempotente
from core.comun.errors import DatosInvalidos
from core.comun.numeros import entero
from zarpes.access import LECTORES_ZARPES, ROLES_ZARPE, zarpe_access, zarpes_visibles
from zarpes.apis.certificados import CertificadoCorto
from zarpes.models import Zarpe
from zarpes.selectors import zarpes as zarpe_selectors
from zarpes.services.zarpes import zarpe_request


class NuloSiVacio(serializers.CharField):
    """Empty choice values are rendered as null (API.md: "motivo": null), and the schema says so."""

    def __init__(self, **kwargs):
        kwargs.setdefault("allow_null", True)
        super().__init__(**kwargs)

    def to_representation(self, value):
        return value or None


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

    @extend_schema_field(CertificadoCorto(allow_null=True))
    def get_certificado(self, obj):
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


def _id_numerico(valor) -> int | None:
    """A non-negative whole number (ASCII digits only), or None."""
    numero = entero(valor)
    return numero if numero is not None and numero >= 0 else None


def _nave_id(valor) -> int:
    """`nave` is the beneficiary id; a matrícula is accepted too."""
    texto = str(valor).strip()
    if (numero := _id_numerico(texto)) is not None:
        return numero
    nave_id = zarpe_selectors.nave_id_por_matricula(texto.upper())
    if nave_id is None:
        raise DatosInvalidos({"nave": f"No existe una nave con matrícula «{texto}»."})
    return nave_id


class ZarpeListApi(ListaApi):
    Output = ZarpeOutput
    parametros = [OpenApiParameter(p, str) for p in ("capitania", "fecha", "desde", "hasta", "estado", "nave")]
    roles_lectura = LECTORES_ZARPES
    roles_escritura = ROLES_ZARPE

    class InputSerializer(serializers.Serializer):
        nave = serializers.CharField(max_length=30)
        capitania = serializers.CharField(max_length=10)
        fecha = serializers.DateField()
        galones_solicitados = Galones(min_value=0)
        certificado_anterior = serializers.CharField(max_length=30, allow_null=True, allow_blank=True, required=False)

    def listar(self, request):
        p = request.query_params
        filtros = {}
        for campo in ("fecha", "desde", "hasta"):
            if p.get(campo):
                filtros[campo] = serializers.DateField().run_validation(p[campo])
        qs = zarpe_selectors.zarpe_list(
            capitania=p.get("capitania", ""), estado=p.get("estado", ""),
            nave_id=_id_numerico(p.get("nave", "")), **filtros,
        )
        return zarpes_visibles(request.user, qs)

    @extend_schema(request=InputSerializer, responses={201: ZarpeOutput})
    @idempotente
    def post(self, request):
        datos = self.entrada(request)
        zarpe = zarpe_request(
            actor=request.user, nave_id=_nave_id(datos["nave"]), capitania=datos["capitania"], fecha=datos["fecha"],
            galones_solicitados=datos["galones_solicitados"], certificado_anterior=datos.get("certificado_anterior"),
            clave_idempotente=getattr(request, "clave_idempotente", None),
        )
        return Response(zarpe_respuesta(zarpe, request), status=status.HTTP_201_CREATED)

    def respuesta_de_objeto(self, request, objeto: str) -> dict:
        """The answer to a retried Idempotency-Key whose certificate committed before its answer was recorded
        (core.api.idempotency): built from the zarpe the key names."""
        _, _, zarpe_id = objeto.partition(":")
        return ZarpeOutput(zarpe_access(request.user, int(zarpe_id)), context={"request": request}).data


class ZarpeDetailApi(ApiBase):
    roles_lectura = LECTORES_ZARPES

    @extend_schema(responses=ZarpeOutput)
    def get(self, request, zarpe_id):
        return Response(ZarpeOutput(zarpe_access(request.user, zarpe_id), context={"request": request}).data)
