"""The other duties (API.md "Cargo reservation"): yearly contracts (C-11), semiannual reports
(C-09), surcharges (C-12)."""

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response

from core.api.apis import AccionApi, ApiBase, ColeccionApi
from core.api.componentes import json_tipado
from reserva import access
from reserva.apis.campos import Fecha, Toneladas, Usd
from reserva.models import (
    Clase,
    ContratoAnual,
    InformeSemestral,
    ListaSistemasEspeciales,
    Mercancia,
    Operacion,
    Recargo,
    UsuarioListado,
)
from reserva.selectors import deberes as selectors
from reserva.services import contratos, informes, recargos


class ContratoOutput(serializers.ModelSerializer):
    toneladas_anio = Toneladas()
    toneladas_embarque = Toneladas()

    class Meta:
        model = ContratoAnual
        fields = [
            "id",
            "usuario_nit",
            "anio",
            "producto",
            "toneladas_anio",
            "puerto_origen",
            "puerto_destino",
            "toneladas_embarque",
            "periodicidad",
            "primer_embarque",
            "fecha_presentacion",
            "estado",
            "fecha_autorizacion",
            "fecha_negacion",
            "motivo_decision",
            "vence_registro",
            "fecha_registro",
            "acto",
        ]


class ContratoApi(ColeccionApi):
    Output = ContratoOutput
    accion = contratos.contrato_file
    roles_lectura = access.LECTORES_DEBERES
    roles_escritura = access.USUARIOS

    class InputSerializer(serializers.Serializer):
        usuario_nit = serializers.CharField(max_length=20)
        anio = serializers.IntegerField(min_value=1990, max_value=2100)
        producto = serializers.CharField(max_length=200)
        toneladas_anio = Toneladas()
        puerto_origen = serializers.CharField(max_length=120)
        puerto_destino = serializers.CharField(max_length=120)
        toneladas_embarque = Toneladas()
        periodicidad = serializers.CharField(max_length=120)
        primer_embarque = Fecha()
        fecha_presentacion = Fecha()
        # Art. 21: bulk imports only; both default to it, anything else is refused.
        clase = serializers.ChoiceField(choices=Clase.choices, default=Clase.GRANEL)
        operacion = serializers.ChoiceField(choices=Operacion.choices, default=Operacion.IMPORTACION)

    def listar(self, request):
        return selectors.contrato_list(user=request.user)


class _ContratoAccionApi(AccionApi):
    # An act on a contract in the caller's scope; it answers the contract.
    Output, acceso, parametro = ContratoOutput, access.contrato_access, "contrato"


class ContratoAutorizarApi(_ContratoAccionApi):
    roles_escritura = access.DIMAR
    accion = contratos.contrato_authorize

    class InputSerializer(serializers.Serializer):
        fecha = Fecha()
        motivo = serializers.CharField(max_length=4000, required=False, allow_blank=True)
        # API.md «Acts»: a paper act issued before, recorded with its own date (`fecha`) and support.
        transcrita = serializers.BooleanField(required=False, default=False)
        soporte = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")


class ContratoNegarApi(_ContratoAccionApi):
    """{"fecha","motivo"} → 200 with `estado` «negado»: Dimar denies the contract, with reasons (C-11)."""

    roles_escritura = access.DIMAR
    accion = contratos.contrato_deny

    class InputSerializer(serializers.Serializer):
        fecha = Fecha()
        motivo = serializers.CharField(max_length=4000)
        # API.md «Acts»: a paper act issued before, recorded with its own date (`fecha`) and support.
        transcrita = serializers.BooleanField(required=False, default=False)
        soporte = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")


class ContratoRegistroApi(_ContratoAccionApi):
    roles_escritura = access.USUARIOS
    accion = contratos.contrato_register

    class InputSerializer(serializers.Serializer):
        fecha = Fecha()
        contratos = serializers.CharField(max_length=4000)


class CargaInforme(serializers.Serializer):
    """One cargo of a semiannual report (art. 14); every item is optional but typed."""

    toneladas = Toneladas(required=False, allow_null=True)
    cantidad = Toneladas(required=False, allow_null=True)
    # Art. 14: "cantidad y clase de producto": a class (C-02) or a commodity.
    clase = serializers.ChoiceField(choices=[*Clase.choices, *Mercancia.choices], required=False, allow_blank=True)
    producto = serializers.CharField(max_length=200, required=False, allow_blank=True)
    puerto_origen = serializers.CharField(max_length=120, required=False, allow_blank=True)
    puerto_destino = serializers.CharField(max_length=120, required=False, allow_blank=True)
    flete_tonelada_usd = Usd(required=False, allow_null=True)
    flete_por_tonelada_usd = Usd(required=False, allow_null=True)
    naviera = serializers.CharField(max_length=200, required=False, allow_blank=True)
    nave = serializers.CharField(max_length=120, required=False, allow_blank=True)
    bandera = serializers.CharField(max_length=2, required=False, allow_blank=True)


class InformeSemestralOutput(serializers.ModelSerializer):
    semestre = serializers.SerializerMethodField()
    cargas = json_tipado(CargaInforme(many=True), read_only=True)

    class Meta:
        model = InformeSemestral
        fields = [
            "id",
            "usuario_nit",
            "semestre",
            "fecha_presentacion",
            "vence",
            "extemporaneo",
            "cargas",
            "sin_movimiento",
        ]

    def get_semestre(self, informe) -> str:
        return f"{informe.anio}-{informe.semestre}"


class InformeApi(ColeccionApi):
    Output = InformeSemestralOutput
    accion = informes.informe_present
    roles_lectura = access.LECTORES_DEBERES
    roles_escritura = access.USUARIOS

    class InputSerializer(serializers.Serializer):
        usuario_nit = serializers.CharField(max_length=20)
        semestre = serializers.CharField(max_length=6)
        fecha_presentacion = Fecha()
        # C-09: no cargo line is a 400 unless the user declares no movement in the semester.
        cargas = CargaInforme(many=True, max_length=5000, required=False, default=list)
        sin_movimiento = serializers.BooleanField(required=False, default=False)

    def listar(self, request):
        return selectors.informe_list(user=request.user)


class UsuarioListadoSerializer(serializers.ModelSerializer):
    class Meta:
        model = UsuarioListado
        fields = ["nit", "nombre", "direccion"]
        extra_kwargs = {"nit": {"validators": []}}


class ListaSistemasEspecialesOutput(serializers.ModelSerializer):
    semestre = serializers.SerializerMethodField()
    usuarios = UsuarioListadoSerializer(many=True, read_only=True)

    class Meta:
        model = ListaSistemasEspeciales
        fields = ["id", "semestre", "remitente", "referencia", "fecha_recibo", "usuarios"]

    def get_semestre(self, lista) -> str:
        return f"{lista.anio}-{lista.semestre}"


class ListaSistemasEspecialesApi(ColeccionApi):
    """C-09 (art. 14): Dimar records the semester's list of special-system users sent by the
    foreign-trade authority; those it names must send the semiannual report."""

    Output = ListaSistemasEspecialesOutput
    accion = informes.lista_register
    roles_lectura = access.LECTORES
    roles_escritura = access.DIMAR

    class InputSerializer(serializers.Serializer):
        semestre = serializers.CharField(max_length=6)
        fecha_recibo = Fecha()
        remitente = serializers.CharField(max_length=200, required=False, allow_blank=True)
        referencia = serializers.CharField(max_length=120)
        usuarios = UsuarioListadoSerializer(many=True, max_length=20000)

    def listar(self, request):
        return selectors.lista_sistemas_especiales_list()


class RecargoOutput(serializers.ModelSerializer):
    conferencia = serializers.CharField(source="conferencia.codigo")
    valor_usd = Usd(allow_null=True)

    class Meta:
        model = Recargo
        fields = [
            "id",
            "conferencia",
            "concepto",
            "portuario",
            "fecha_presentacion",
            "justificacion",
            "valor_usd",
            "vence_decision",
            "fecha_completa",
            "completar_desde",
            "faltantes",
            "estado",
            "fecha_decision",
            "motivo_decision",
            "acto",
        ]


class RecargoApi(ColeccionApi):
    Output = RecargoOutput
    accion = recargos.recargo_file
    roles_lectura = access.LECTORES_RECARGOS
    roles_escritura = access.CONFERENCIAS

    class InputSerializer(serializers.Serializer):
        conferencia = serializers.CharField(max_length=40)
        concepto = serializers.CharField(max_length=200)
        portuario = serializers.BooleanField(default=False)
        fecha_presentacion = Fecha()
        justificacion = serializers.CharField(max_length=8000)
        valor_usd = Usd(required=False, allow_null=True)

    def listar(self, request):
        return selectors.recargo_list(user=request.user)


class RecargoDecidirApi(ApiBase):
    """{"decision": "autorizado"|"negado"|"completar","fecha","motivo"} → 200. «completar» asks for
    what the filing lacks (the motivo): its term stops until the conference completes it (C-12)."""

    roles_escritura = access.DIMAR

    class InputSerializer(serializers.Serializer):
        decision = serializers.CharField(max_length=20)
        fecha = Fecha()
        motivo = serializers.CharField(max_length=4000)
        # API.md «Acts»: a paper act issued before, recorded with its own date (`fecha`) and support.
        transcrita = serializers.BooleanField(required=False, default=False)
        soporte = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")

    @extend_schema(
        request=InputSerializer,
        responses=inline_serializer(
            "RecargoResuelto",
            {
                "id": serializers.IntegerField(),
                "estado": serializers.CharField(),
                "acto": serializers.IntegerField(
                    allow_null=True, help_text="DOMAIN §8: el acto que lo resuelve (null si se pidió completarlo)."
                ),
            },
        ),
    )
    def post(self, request, recargo_id):
        recargo = access.recargo_access(request.user, recargo_id)
        recargo = recargos.recargo_decide(actor=request.user, recargo=recargo, **self.entrada(request))
        return Response(RecargoOutput(recargo).data)


class RecargoCompletarApi(AccionApi):
    """{"fecha","complemento"} → 200: the conference completes the filing; the term runs from `fecha`."""

    roles_escritura = access.CONFERENCIAS
    Output, acceso, parametro = RecargoOutput, access.recargo_access, "recargo"
    accion = recargos.recargo_complete

    class InputSerializer(serializers.Serializer):
        fecha = Fecha()
        complemento = serializers.CharField(max_length=8000)
