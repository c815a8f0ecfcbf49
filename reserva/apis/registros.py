"""Registries of the cargo reservation (API.md "Cargo reservation"): routes, agencies, ships,
national shipowners, ports."""

from rest_framework import serializers

from core.api.apis import ColeccionApi, ListaApi
from core.api.filtros import filtros
from core.vencimientos.calendario import today
from reserva import access
from reserva.apis.campos import Fecha
from reserva.models import Agencia, Clase, Delegacion, Nave, NavieraNacional, Operacion, PorcentajeReserva, Puerto, Ruta
from reserva.selectors import exoneraciones as selectors_exoneraciones
from reserva.selectors import registros as selectors
from reserva.services import delegaciones
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


class PorcentajePaisOutput(serializers.ModelSerializer):
    acto = serializers.CharField(source="base_legal")
    porcentaje = serializers.DecimalField(max_digits=5, decimal_places=2, coerce_to_string=True)

    class Meta:
        model = PorcentajeReserva
        fields = [
            "id",
            "pais",
            "operacion",
            "clase",
            "mercancia",
            "porcentaje",
            "vigente_desde",
            "vigente_hasta",
            "acto",
        ]


class PorcentajePaisApi(ColeccionApi):
    """C-01 (art. 10): reciprocity shares for one country of origin (imports) or destination
    (exports); the list shows every share (general and per country) with its act."""

    Output = PorcentajePaisOutput
    accion = services.porcentaje_pais_register
    roles_lectura = access.LECTORES_REGISTROS
    roles_escritura = access.DIMAR
    parametros = filtros("pais")

    class InputSerializer(serializers.Serializer):
        pais = serializers.CharField(max_length=2, help_text="ISO 3166 alfa-2")
        operacion = serializers.ChoiceField(choices=Operacion.choices)
        clase = serializers.ChoiceField(choices=Clase.choices)
        porcentaje = serializers.DecimalField(max_digits=5, decimal_places=2, min_value=0, max_value=100)
        vigente_desde = Fecha()
        vigente_hasta = Fecha(required=False, allow_null=True)
        acto = serializers.CharField(max_length=300)

    def listar(self, request):
        return selectors.porcentaje_list(pais=request.query_params.get("pais", "").strip().upper()[:2])


class DelegacionOutput(serializers.ModelSerializer):
    class Meta:
        model = Delegacion
        fields = [
            "id",
            "acto",
            "cargo_delegante",
            "cargo_delegado",
            "nombre_delegado",
            "vigente_desde",
            "vigente_hasta",
        ]


class DelegacionApi(ColeccionApi):
    """Art. 16: the acts delegating the signing of the exoneration seal (Dimar)."""

    Output = DelegacionOutput
    accion = delegaciones.delegacion_register
    roles_lectura = access.DIMAR
    roles_escritura = access.DIMAR

    class InputSerializer(serializers.Serializer):
        acto = serializers.CharField(max_length=120)
        nombre_delegado = serializers.CharField(max_length=200)
        cargo_delegante = serializers.ChoiceField(choices=Delegacion.Cargo.choices, default="director_general")
        cargo_delegado = serializers.ChoiceField(choices=Delegacion.Cargo.choices, default="secretario_general")
        vigente_desde = Fecha()
        vigente_hasta = Fecha(required=False, allow_null=True)

    def listar(self, request):
        return selectors_exoneraciones.delegacion_list()
