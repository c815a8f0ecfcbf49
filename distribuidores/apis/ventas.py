"""REST API of wholesalers' sales (API.md "Wholesalers", R-18, R-19)."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.api.apis import ColeccionApi, DetalleApi
from core.api.fields import Galones
from distribuidores.access import ESCRITORES, LECTORES, venta_access
from distribuidores.models import DocumentoVenta, Venta
from distribuidores.selectors import ventas as selectors
from distribuidores.services import ventas as services


class DocumentoVentaInput(serializers.Serializer):
    """R-23: one document handed over at the sale, with its number or reference."""

    tipo = serializers.ChoiceField(choices=DocumentoVenta.Tipo.choices)
    referencia = serializers.CharField(
        max_length=120, required=False, allow_blank=True, default="",
        help_text="Su número o referencia (obligatorio: sin él, el documento falta).",
    )
    numero = serializers.CharField(
        max_length=120, required=False, allow_blank=True, write_only=True,
        help_text="Sinónimo de `referencia` (DOMAIN R-23: «su número o referencia»).",
    )
    vigente_hasta = serializers.DateField(
        required=False, allow_null=True, help_text="Solo el permiso de cultivo: vigente hasta (R-23, R-27)."
    )

    def validate(self, attrs):
        numero = attrs.pop("numero", "")
        attrs["referencia"] = attrs.get("referencia") or numero or ""
        return attrs


# The schema documents the object; a bare type string, as API.md's prose writes it, is accepted as well.
@extend_schema_field(DocumentoVentaInput)
class DocumentoVentaCampo(serializers.Field):
    """A document handed over at the sale, as API.md writes it (its type) or with its number or reference
    (DOMAIN R-23): `"zarpe"` or `{"tipo": "zarpe", "referencia": "…"}`."""

    def to_internal_value(self, data):
        if isinstance(data, str):
            if data not in DocumentoVenta.Tipo.values:
                tipos = ", ".join(DocumentoVenta.Tipo.values)
                raise serializers.ValidationError(
                    f"«{data[:40]}» no es un tipo de documento de venta: use uno de {tipos}."
                )
            return {"tipo": data, "referencia": "", "sin_referencia": True}
        entrada = DocumentoVentaInput(data=data)
        entrada.is_valid(raise_exception=True)
        return dict(entrada.validated_data)

    def to_representation(self, value):
        return value


class DocumentoVentaOutput(serializers.ModelSerializer):
    class Meta:
        model = DocumentoVenta
        fields = ["tipo", "referencia", "vigente_hasta"]


class VentaOutput(serializers.ModelSerializer):
    distribuidor_nit = serializers.CharField(source="distribuidor.nit")
    certificado = serializers.CharField(source="certificado.numero", default=None, allow_null=True)
    galones = Galones()
    documentos = DocumentoVentaOutput(many=True, read_only=True)

    class Meta:
        model = Venta
        fields = [
            "id", "distribuidor_nit", "beneficiario", "fecha", "galones", "certificado", "factura", "documentos",
            "creada",
        ]


class VentaListApi(ColeccionApi):
    Output = VentaOutput
    roles_lectura = LECTORES
    roles_escritura = ESCRITORES

    class InputSerializer(serializers.Serializer):
        distribuidor_nit = serializers.CharField(max_length=20)
        beneficiario = serializers.IntegerField()
        fecha = serializers.DateField()
        galones = Galones()
        certificado = serializers.CharField(max_length=30, required=False, allow_null=True, allow_blank=True)
        codigo_verificacion = serializers.CharField(
            max_length=200, required=False, allow_null=True, allow_blank=True,
            help_text="El código impreso bajo el QR del certificado (o la dirección del QR): sin él, "
            "409 certificado_no_presentado.",
        )
        # the invoice and the documents handed over at the sale («al momento de la venta»), kept by the
        # wholesaler. Required: the service names in its 400 each one missing for this kind of beneficiary.
        factura = serializers.CharField(
            max_length=60, required=False, allow_blank=True, default="",
            help_text="Número de la factura de la venta, que los documentos soportan (R-23). Obligatorio.",
        )
        documentos = serializers.ListField(
            child=DocumentoVentaCampo(), required=False, default=list,
            help_text="Los documentos recibidos al momento de la venta, cada uno con su número o referencia (R-23). "
            "Nave: licencia_pesca, zarpe, certificado_desembarque (pesca), certificado_exencion; Armada: convenio; "
            "acuicultora: permiso_cultivo (con vigente_hasta), declaracion_expresa, resolucion_upme. Obligatorios.",
        )
        permiso_cultivo_vigente_hasta = serializers.DateField(required=False, allow_null=True, default=None)

    def listar(self, request):
        return selectors.venta_recientes(user=request.user)

    def crear(self, request, datos):
        return services.venta_register(
            actor=request.user, distribuidor_nit=datos["distribuidor_nit"], beneficiario_id=datos["beneficiario"],
            fecha=datos["fecha"], galones=datos["galones"], certificado=datos.get("certificado"),
            codigo_verificacion=datos.get("codigo_verificacion"), factura=datos["factura"],
            documentos=datos["documentos"],
            permiso_cultivo_vigente_hasta=datos["permiso_cultivo_vigente_hasta"],
        )


class VentaDetailApi(DetalleApi):
    roles_lectura = LECTORES
    Output, acceso = VentaOutput, venta_access
