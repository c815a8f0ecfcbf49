"""REST API of the border municipalities (API.md "Border zones", under /api/v1/fronteras/municipios/)."""

from rest_framework import serializers

from core.api.filtros import filtros
from core.apis import ColeccionApi
from fronteras import access
from fronteras.models import Municipio
from fronteras.selectors.municipios import municipio_list_api, regimen_de, regimenes_especiales
from fronteras.services.municipios import municipio_create


class MunicipioOutput(serializers.ModelSerializer):
    regimen_especial = serializers.SerializerMethodField()

    class Meta:
        model = Municipio
        fields = ["id", "codigo_dane", "nombre", "departamento", "poblacion", "regimen_especial"]

    def get_regimen_especial(self, municipio) -> str | None:
        """F-01: the decrees that govern distribution in the municipality's department, if special."""
        raiz = self.root
        if not hasattr(raiz, "_regimenes"):
            raiz._regimenes = regimenes_especiales()
        regimen = regimen_de(municipio.departamento, raiz._regimenes)
        return regimen.decretos if regimen else None


class MunicipioApi(ColeccionApi):
    Output = MunicipioOutput
    parametros = filtros("departamento")
    accion = municipio_create
    roles_lectura = access.LECTORES
    roles_escritura = access.ANALISTAS

    class InputSerializer(serializers.Serializer):
        codigo_dane = serializers.RegexField(r"^\d{5}$", error_messages={"invalid": "El código DANE tiene 5 dígitos."})
        nombre = serializers.CharField(max_length=120)
        departamento = serializers.CharField(max_length=80)
        poblacion = serializers.IntegerField(min_value=1)

    def listar(self, request):
        return municipio_list_api(departamento=request.query_params.get("departamento") or "")
