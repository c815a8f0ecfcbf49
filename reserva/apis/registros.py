"""Registries of the cargo reservation (API.md "Cargo reservation"): routes, agencies, ships,
national shipowners, ports."""

from rest_framework import serializers

from core.api.filtros import filtros
from core.apis import ColeccionApi, ListaApi
from core.calendario import today
from reserva import access
from reserva.apis.campos import Fecha
from reserva.models import Agencia, Nave, NavieraNacional, Operacion, Puerto, Ruta
from reserva.selectors import registros as selectors
from reserva.services import registros as services


class RutaOutput(serializers.ModelSerializer):
    class Meta:
        model = Ruta
        fields = ["id", "codigo", "nombre", "operacion", "activa"]


class RutaApi(ColeccionApi):
    Output = RutaOutput
    accion = services.ruta_create
    roles_lectura = access.LECTORES_REGISTROS
    roles_escritura = access.DIMAR

    class InputSerializer(serializers.Serializer):
        codigo = serializers.CharField(max_length=20)
        nombre = serializers.CharField(max_length=200)
        operacion = serializers.ChoiceField(choices=Operacion.choices)

    def listar(self, request):
        return selectors.ruta_list()


class AgenciaOutput(serializers.ModelSerializer):
    class Meta:
        model = Agencia
        fields = ["id", "nit", "razon_social", "activa"]


class AgenciaApi(ColeccionApi):
    Output = AgenciaOutput
    accion = services.agencia_create
    roles_lectura = access.LECTORES_REGISTROS
    roles_escritura = access.DIMAR

    class InputSerializer(serializers.Serializer):
        nit = serializers.CharField(max_length=20)
        razon_social = serializers.CharField(max_length=200)

    def listar(self, request):
        return selectors.agencia_list()


class NaveOutput(serializers.ModelSerializer):
    cuenta_reserva = serializers.SerializerMethodField()

    class Meta:
        model = Nave
        fields = ["id", "nombre", "imo", "bandera", "asimilada", "vigente_desde", "vigente_hasta", "cuenta_reserva"]

    def get_cuenta_reserva(self, nave) -> bool:
        """C-03: Colombian flag or assimilated, and in force today."""
        return nave.cuenta_reserva_en(today())


class NaveApi(ColeccionApi):
    Output = NaveOutput
    parametros = filtros("q")
    accion = services.nave_create
    roles_lectura = access.LECTORES_REGISTROS
    roles_escritura = access.DIMAR

    class InputSerializer(serializers.Serializer):
        nombre = serializers.CharField(max_length=120)
        imo = serializers.CharField(max_length=20)
        bandera = serializers.CharField(max_length=2)
        asimilada = serializers.BooleanField(default=False)
        vigente_desde = Fecha()
        vigente_hasta = Fecha(required=False, allow_null=True)

    def listar(self, request):
        return selectors.nave_list(q=request.query_params.get("q", "").strip()[:120])


class NavieraOutput(serializers.ModelSerializer):
    rutas = serializers.SlugRelatedField(slug_field="codigo", many=True, read_only=True)

    class Meta:
        model = NavieraNacional
        fields = ["id", "nit", "razon_social", "rutas"]


class NavieraApi(ColeccionApi):
    """National shipowners and the routes they serve (C-06 a, C-10)."""

    Output = NavieraOutput
    accion = services.naviera_create

    roles_lectura = access.LECTORES_REGISTROS
    roles_escritura = access.DIMAR

    class InputSerializer(serializers.Serializer):
        nit = serializers.CharField(max_length=20)
        razon_social = serializers.CharField(max_length=200)
        rutas = serializers.ListField(child=serializers.CharField(max_length=20), max_length=200, default=list)

    def listar(self, request):
        return selectors.naviera_list()


class PuertoOutput(serializers.ModelSerializer):
    capitania = serializers.SlugRelatedField(slug_field="codigo", read_only=True)

    class Meta:
        model = Puerto
        fields = ["id", "codigo", "nombre", "pais", "capitania"]


class PuertoApi(ListaApi):
    """Ports and the capitanía of each Colombian one (told of exonerations, C-07)."""

    Output = PuertoOutput
    roles_lectura = access.LECTORES_REGISTROS

    def listar(self, request):
        return selectors.puerto_list()
