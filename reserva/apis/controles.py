"""Offers of national shipowners (C-10) and Dimar's yearly control (C-05); the capitanías' notices."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from core.api.apis import AccionApi, ApiBase, ColeccionApi, ListaApi
from core.api.idempotency import idempotente
from reserva import access
from reserva.apis.campos import Fecha, Pesos, Smmlv, Usd
from reserva.models import (
    AvisoCapitania,
    Mercancia,
    Oferta,
    RequerimientoControl,
    ResultadoControl,
    SolicitudOferta,
)
from reserva.selectors import arribos as selectors_arribos
from reserva.selectors import deberes as selectors
from reserva.services import controles, ofertas


class OfertaOutput(serializers.ModelSerializer):
    flete_usd = Usd()
    demoras_usd = Usd()

    class Meta:
        model = Oferta
        fields = [
            "id",
            "armador",
            "nacional",
            "flete_usd",
            "fecha_zarpe",
            "arribo_estimado",
            "demoras_usd",
            "tiempos_libres",
            "operacion_portuaria",
            "caracteristicas_nave",
        ]


class SolicitudOfertaOutput(serializers.ModelSerializer):
    ruta = serializers.CharField(source="ruta.codigo")
    ofertas = OfertaOutput(many=True, read_only=True)

    class Meta:
        model = SolicitudOferta
        fields = [
            "id",
            "usuario_nit",
            "ruta",
            "mercancia",
            "responsabilidad_flete",
            "descripcion",
            "fecha_solicitud",
            "calificacion",
            "motivo_calificacion",
            "fecha_calificacion",
            "ofertas",
        ]


class SolicitudOfertaApi(ColeccionApi):
    Output = SolicitudOfertaOutput
    accion = ofertas.solicitud_oferta_create
    roles_lectura = access.LECTORES_DEBERES
    roles_escritura = access.USUARIOS

    class InputSerializer(serializers.Serializer):
        usuario_nit = serializers.CharField(max_length=20)
        ruta = serializers.CharField(max_length=20)
        mercancia = serializers.ChoiceField(choices=Mercancia.choices)
        # Art. 4: coal or oil exports only: how the exporter bears the freight.
        responsabilidad_flete = serializers.ChoiceField(
            choices=SolicitudOferta.Flete.choices, required=False, allow_blank=True, default=""
        )
        descripcion = serializers.CharField(max_length=300)
        fecha_solicitud = Fecha()

    def listar(self, request):
        return selectors.solicitud_oferta_list(user=request.user).order_by("-id")


class OfertaApi(ApiBase):
    roles_escritura = access.USUARIOS

    class InputSerializer(serializers.Serializer):
        armador = serializers.CharField(max_length=200)
        nacional = serializers.BooleanField(default=False)
        flete_usd = Usd()
        fecha_zarpe = Fecha()
        arribo_estimado = Fecha()
        demoras_usd = Usd()
        tiempos_libres = serializers.CharField(max_length=200)
        operacion_portuaria = serializers.CharField(max_length=300)
        caracteristicas_nave = serializers.CharField(max_length=300)

    @extend_schema(request=InputSerializer, responses={201: OfertaOutput})
    @idempotente
    def post(self, request, solicitud_id):
        solicitud = access.solicitud_oferta_access(request.user, solicitud_id)
        oferta = ofertas.oferta_add(actor=request.user, solicitud=solicitud, **self.entrada(request))
        return Response(OfertaOutput(oferta).data, status=status.HTTP_201_CREATED)


class CalificarApi(AccionApi):
    roles_escritura = access.DIMAR
    Output = SolicitudOfertaOutput
    accion = ofertas.ofertas_qualify
    acceso, parametro = access.solicitud_oferta_access, "solicitud"

    class InputSerializer(serializers.Serializer):
        calificacion = serializers.ChoiceField(choices=[c for c in SolicitudOferta.Calificacion.choices if c[0]])
        motivo = serializers.CharField(max_length=4000)
        fecha = Fecha()


class ResultadoControlOutput(serializers.ModelSerializer):
    """C-05: a capitanía's outcome; a fine in monthly minimum wages and in pesos at that year's wage."""

    control = serializers.IntegerField(source="control_id")
    capitania = serializers.CharField(source="capitania.codigo")
    multa_smmlv = Smmlv(allow_null=True)
    valor_smmlv = Pesos(allow_null=True)
    multa_pesos = Pesos(allow_null=True)
    acto = serializers.IntegerField(
        source="acto_procedimiento_id", allow_null=True,
        help_text="DOMAIN §8: el acto de la multa, con sus recursos (GET /api/v1/actos/{id}/); null si se archivó.",
    )
    numero_acto = serializers.CharField(source="acto", help_text="El acto de la capitanía, como lo expidió.")

    class Meta:
        model = ResultadoControl
        fields = [
            "id",
            "control",
            "capitania",
            "resultado",
            "fecha",
            "acto",
            "numero_acto",
            "motivo",
            "multa_smmlv",
            "anio_smmlv",
            "valor_smmlv",
            "multa_pesos",
        ]


class ControlOutput(serializers.ModelSerializer):
    resultados = ResultadoControlOutput(many=True, read_only=True)

    class Meta:
        model = RequerimientoControl
        fields = [
            "id",
            "usuario_nit",
            "anio",
            "fecha_solicitud",
            "fecha_respuesta",
            "respuesta",
            "estado",
            "fecha_cierre",
            "resultados",
        ]


class ControlApi(ColeccionApi):
    Output = ControlOutput
    accion = controles.control_request
    roles_lectura = access.LECTORES_DEBERES
    roles_escritura = access.DIMAR

    class InputSerializer(serializers.Serializer):
        usuario_nit = serializers.CharField(max_length=20)
        anio = serializers.IntegerField(min_value=1990, max_value=2100)
        fecha = Fecha()

    def listar(self, request):
        return selectors.control_list(user=request.user)


class _ControlAccionApi(AccionApi):
    # An act on a control request in the caller's scope; it answers the request.
    Output, acceso, parametro = ControlOutput, access.control_access, "control"


class ControlRespuestaApi(_ControlAccionApi):
    roles_escritura = (*access.USUARIOS, *access.DIMAR)
    accion = controles.control_answer

    class InputSerializer(serializers.Serializer):
        fecha = Fecha()
        respuesta = serializers.CharField(max_length=8000)


class ControlCierreApi(_ControlAccionApi):
    """{"fecha","remitir": bool}: archive (complies) or send a possible breach to the capitanías."""

    roles_escritura = access.DIMAR
    accion = controles.control_close

    class InputSerializer(serializers.Serializer):
        fecha = Fecha()
        remitir = serializers.BooleanField()


class ControlResultadoApi(ApiBase):
    """{"capitania"? (Dimar), "resultado": "multa"|"archivada","fecha","acto","motivo","multa_smmlv"?}
    → 201: the outcome of a capitanía's investigation of a possible breach (C-05)."""

    roles_escritura = access.RESULTADOS_CONTROL

    class InputSerializer(serializers.Serializer):
        capitania = serializers.CharField(max_length=20, required=False, allow_blank=True, default="")
        resultado = serializers.ChoiceField(choices=ResultadoControl.Resultado.choices)
        fecha = Fecha()
        acto = serializers.CharField(max_length=200)
        motivo = serializers.CharField(max_length=8000)
        multa_smmlv = Smmlv(required=False, allow_null=True, default=None)

    @extend_schema(request=InputSerializer, responses={201: ResultadoControlOutput})
    @idempotente
    def post(self, request, control_id):
        control = access.control_capitania_access(request.user, control_id)
        resultado = controles.control_outcome_record(actor=request.user, control=control, **self.entrada(request))
        return Response(ResultadoControlOutput(resultado).data, status=status.HTTP_201_CREATED)


class AvisoOutput(serializers.ModelSerializer):
    capitania = serializers.CharField(source="capitania.codigo")
    exoneracion = serializers.IntegerField(source="exoneracion_id", allow_null=True)

    class Meta:
        model = AvisoCapitania
        fields = ["id", "capitania", "tipo", "referencia", "detalle", "exoneracion", "creado"]


class AvisoApi(ListaApi):
    Output = AvisoOutput
    roles_lectura = access.LECTORES_AVISOS

    def listar(self, request):
        return selectors_arribos.avisos_list(user=request.user)
