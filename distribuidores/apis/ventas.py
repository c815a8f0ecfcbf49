"""REST API of wholesalers' sales (API.md "Wholesalers", R-18, R-19)."""

from rest_framework import serializers

from core.api.apis import ColeccionApi, DetalleApi
from core.api.fields import Galones
from distribuidores.access import ESCRITORES, LECTORES, venta_access
from distribuidores.models import DocumentoVenta, Venta
from distribuidores.selectors import ventas as selectors
from distribuidores.services import ventas as services


class VentaOutput(serializers.ModelSerializer):
    distribuidor_nit = serializers.CharField(source="distribuidor.nit")
    certificado = serializers.CharField(source="certificado.numero", default=None, allow_null=True)
    galones = Galones()

    class Meta:
        model = Venta
        fields = ["id", "distribuidor_nit", "beneficiario", "fecha", "galones", "certificado", "creada"]


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
        # the documents handed over at the sale («al momento de la venta»), kept by the wholesaler.
        documentos = serializers.ListField(
            child=serializers.ChoiceField(choices=DocumentoVenta.Tipo.choices), required=False, default=list
        )
        permiso_cultivo_vigente_hasta = serializers.DateField(required=False, allow_null=True, default=None)

    def listar(self, request):
        return selectors.venta_recientes(user=request.user)

    def crear(self, request, datos):
        return services.venta_register(
            actor=request.user, distribuidor_nit=datos["distribuidor_nit"], beneficiario_id=datos["beneficiario"],
            fecha=datos["fecha"], galones=datos["galones"], certificado=datos.get("certificado"),
            codigo_verificacion=datos.get("codigo_verificacion"), documentos=datos["documentos"],
            permiso_cultivo_vigente_hasta=datos["permiso_cultivo_vigente_hasta"],
        )


class VentaDetailApi(DetalleApi):
    roles_lectura = LECTORES
    Output, acceso = VentaOutput, venta_access
