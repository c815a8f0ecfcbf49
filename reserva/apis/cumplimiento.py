"""Yearly compliance (C-04, C-05): one user's lines, and Dimar's national view."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from core.api.apis import ApiBase, ListaApi
from core.api.fields import fecha_query
from core.comun.errors import DatosInvalidos
from core.comun.numeros import entero
from core.vencimientos.calendario import today
from reserva import access
from reserva.apis.campos import Toneladas, Usd
from reserva.selectors import cumplimiento as selectors


class LineaOutput(serializers.Serializer):
    ruta = serializers.CharField(
        allow_null=True, help_text="null en importaciones: se juzgan por clase en todas las rutas"
    )
    operacion = serializers.CharField()
    clase = serializers.CharField()
    porcentaje = serializers.DecimalField(max_digits=5, decimal_places=2, coerce_to_string=True)
    toneladas_sujetas = Toneladas()
    toneladas_exoneradas = Toneladas()
    toneladas_reserva = Toneladas()
    requeridas = Toneladas()
    faltantes = Toneladas()
    cumple = serializers.BooleanField(allow_null=True)


class CumplimientoOutput(serializers.Serializer):
    usuario_nit = serializers.CharField()
    anio = serializers.IntegerField()
    cerrado = serializers.BooleanField()
    cumple = serializers.BooleanField(allow_null=True)
    flete_promedio_usd = Usd(allow_null=True)
    lineas = LineaOutput(many=True)


def _anio(request) -> int:
    valor = request.query_params.get("anio")
    if not valor:
        return today().year
    anio = entero(valor)
    if anio is None or not 1990 <= anio <= 2100:
        raise DatosInvalidos({"anio": "Indique un año entre 1990 y 2100."})
    return anio


class CumplimientoApi(ApiBase):
    """?usuario_nit=…&anio=… (and ?fecha= to look at the year as of a date; default today)."""

    roles_lectura = access.LECTORES_CUMPLIMIENTO
    parametros = [
        OpenApiParameter("usuario_nit", str),
        OpenApiParameter("anio", int),
        OpenApiParameter("fecha", str),
    ]

    @extend_schema(parameters=parametros, responses=CumplimientoOutput)
    def get(self, request):
        nit = request.query_params.get("usuario_nit") or (
            request.user.nit if access.es_usuario_carga(request.user) else ""
        )
        if not nit:
            raise DatosInvalidos({"usuario_nit": "Indique el NIT del importador o exportador."})
        nit = access.nit_access(request.user, nit[:20])
        resumen = selectors.cumplimiento_de(usuario_nit=nit, anio=_anio(request), fecha=fecha_query(request))
        return Response(CumplimientoOutput(resumen).data)


class NacionalOutput(LineaOutput):
    usuario_nit = serializers.CharField()
    usuario_nombre = serializers.CharField()
    participacion = serializers.DecimalField(max_digits=7, decimal_places=1, coerce_to_string=True)


class CumplimientoNacionalApi(ListaApi):
    """Dimar's national view: every user and route, ?orden=faltantes|participacion|usuario|ruta."""

    Output = NacionalOutput  # API.md: lists are paginated
    parametros = [
        OpenApiParameter("anio", int),
        OpenApiParameter("orden", str),
        OpenApiParameter("ruta", str),
        OpenApiParameter("fecha", str),
    ]
    roles_lectura = access.LECTORES

    def listar(self, request):
        return selectors.cumplimiento_nacional(
            anio=_anio(request),
            fecha=fecha_query(request),
            orden=request.query_params.get("orden", ""),
            ruta=request.query_params.get("ruta", "")[:20],
        )
