"""GET /api/v1/trabajos/{id}/: every job the API accepted with a 202, whatever app runs it (API.md "Jobs")."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from core import selectors
from core.api.apis import TODOS, ApiBase
from core.segundo_plano.trabajos import ESTADOS_API


class TrabajoResultadoSerializer(serializers.Serializer):
    mensaje = serializers.CharField(help_text="Lo que hizo el trabajo, en español.")
    recurso = serializers.CharField(allow_null=True, help_text="Ruta de la API de lo que produjo.")
    cantidad = serializers.IntegerField(allow_null=True, help_text="Filas que produjo (cupos, filas válidas…).")
    pendientes = serializers.IntegerField(
        allow_null=True, required=False,
        help_text="Lo que dejó para después: en la firmeza masiva, los cupos cuyo plazo para recursos no ha corrido.",
    )


class TrabajoSerializer(serializers.Serializer):
    """A job the API accepted with a 202 (whose answer carries `trabajo`, this `id`).

    `id` is a string "<kind>-<row id>" ("expedicion-7", "firmeza-12", "reporte-31"): each kind of job
    keeps its own table and its own ids, so the prefix makes the id unique across kinds without a
    shared index table (docs/decisiones.md). Each model's own states map onto the four of `estado`.
    `resultado` is null until `terminado`; `error` (Spanish) is null unless `fallido`."""

    id = serializers.CharField()
    tipo = serializers.CharField(help_text="expedicion_resolucion, firmeza_masiva, reporte_mensual, …")
    estado = serializers.ChoiceField(choices=[(e, e) for e in ESTADOS_API])
    progreso = serializers.IntegerField(min_value=0, max_value=100)
    resultado = TrabajoResultadoSerializer(allow_null=True)
    error = serializers.CharField(allow_null=True)


def trabajo_respuesta(referencia: str, tipo: str, vista) -> dict:
    terminado = vista.estado == "terminado"
    return {
        "id": referencia,
        "tipo": tipo,
        "estado": vista.estado,
        "progreso": 100 if vista.estado in ("terminado", "fallido") else max(0, min(100, vista.progreso)),
        "resultado": (
            {"mensaje": vista.mensaje, "recurso": vista.recurso, "cantidad": vista.cantidad,
             "pendientes": vista.pendientes}
            if terminado else None
        ),
        "error": (vista.error or "El trabajo no terminó.") if vista.estado == "fallido" else None,
    }


class TrabajoApi(ApiBase):
    """A job's state, in the caller's scope: a job outside it (another wholesaler's report) is a 404."""

    roles_lectura = TODOS

    @extend_schema(responses=TrabajoSerializer)
    def get(self, request, trabajo_id):
        referencia, tipo, vista = selectors.trabajo_ver(user=request.user, referencia=trabajo_id)
        return Response(TrabajoSerializer(trabajo_respuesta(referencia, tipo, vista)).data)
