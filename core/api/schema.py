"""The OpenAPI schema as clients meet it: domain names for its components, and every error answer.

A client generated from the schema (openapi-python-client, tests/test_cliente_generado.py) names its
classes after the components, so those names are part of the contract: `ZarpeSolicitud`, not
`ZarpeListApiInputRequest`. Views keep their nested Input/Output serializers (one APIView per
operation); `nombres_de_dominio`, a postprocessing hook, renames the components once the schema is
built: first the names in NOMBRES, then a rule for the rest (…Output → …, …ApiInputRequest → …).
Two components that would end with one name are a warning, which `spectacular --fail-on-warn` (a
test) turns into a failure. `respuestas_de_error` documents the error answers every operation may
give ({"codigo","detalle"}; a 400 may also be DRF's field → messages map).
"""

import re

from drf_spectacular.authentication import SessionScheme
from drf_spectacular.drainage import warn
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.openapi import AutoSchema as BaseAutoSchema
from drf_spectacular.plumbing import build_bearer_security_scheme_object


class AutoSchema(BaseAutoSchema):
    def get_serializer_name(self, serializer, direction):
        nombre = type(serializer).__qualname__
        if "." in nombre:  # e.g. CapitaniaApi.InputSerializer → CapitaniaApiInput
            return nombre.replace(".", "").removesuffix("Serializer")
        return super().get_serializer_name(serializer, direction)


class TokenConAlcanceScheme(OpenApiAuthenticationExtension):
    """`Authorization: Token <key>` in the schema, under the name it had before knox (tokenAuth)."""

    target_class = "core.api.auth.TokenConAlcance"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return build_bearer_security_scheme_object(header_name="Authorization", token_prefix="Token")


class SesionSinActosScheme(SessionScheme):
    """The browser session (cookieAuth), as drf-spectacular names DRF's own: it reads, and acts for no
    one who signs (core.api.auth.SesionSinActos)."""

    target_class = "core.api.auth.SesionSinActos"


# --- Component names -------------------------------------------------------------------------------
# What the rule below would not name well: a body that creates (…Nuevo/…Nueva, gendered), or a name
# the rule would give twice. Keys are the names drf-spectacular derives from the serializer classes.
NOMBRES = {
    # the procedure of acts (core.actos)
    "DecisionInputRequest": "DecisionRecurso",
    "DecisionOutput": "RecursoDecidido",
    "NotificacionInputRequest": "NotificacionNueva",
    "NotificacionOutput": "Notificacion",
    "NotificacionInputMedioEnum": "MedioEnum",  # personal | aviso: what an officer records
    "NotificacionOutputMedioEnum": "MedioNotificacionSurtidaEnum",  # electronica | personal | aviso (API.md)
    "RecursoInputRequest": "RecursoNuevo",
    "RecursoOutput": "RecursoPresentado",
    "RenunciaInputRequest": "RenunciaNueva",
    "EscaneoInputRequest": "EscaneoActo",  # the scan of a transcribed paper act (R-05)
    # an application's documents, reported by reference (cupos.apis.solicitudes)
    "DocumentoSolicitudInputRequest": "DocumentoSolicitudNuevo",
    "SolicitudListApiInputRequest": "SolicitudNueva",
    # bodies that create
    "AgenciaApiInputRequest": "AgenciaNueva",
    "DelegacionApiInputRequest": "DelegacionNueva",
    "PorcentajePaisApiInputRequest": "PorcentajePaisNuevo",
    "FirmaInputRequest": "FirmaDecision",  # who signs an exoneration's grant (art. 16), in decidir/
    "FirmaOutput": "FirmaExoneracion",  # the signer recorded on an exoneration
    "ArriboApiInputRequest": "ArriboNuevo",
    "AsignacionApiInputRequest": "AsignacionNueva",
    "BeneficiarioInputRequest": "BeneficiarioNuevo",
    "CapitaniaApiInputRequest": "CapitaniaNueva",
    "CertificadoConformidadApiInputRequest": "CertificadoConformidadNuevo",
    "CertificadoTransporteApiInputRequest": "CertificadoTransporteNuevo",
    "CompraApiInputRequest": "CompraNueva",
    "ConocimientoApiInputRequest": "ConocimientoNuevo",
    "ContratoApiInputRequest": "ContratoNuevo",
    "ContratoEcopetrolApiInputRequest": "ContratoEcopetrolNuevo",
    "ControlApiInputRequest": "ControlNuevo",
    "CupoListApiInputRequest": "CupoNuevo",
    "DeclaracionListApiInputRequest": "DeclaracionNueva",
    "DespachoApiInputRequest": "DespachoNuevo",
    "DistribuidorApiInputRequest": "DistribuidorNuevo",
    "EstacionApiInputRequest": "EstacionNueva",
    "ExoneracionApiInputRequest": "ExoneracionNueva",
    "GranConsumidorApiInputRequest": "GranConsumidorNuevo",
    "InformeApiInputRequest": "InformeSemestralNuevo",
    "ListaSistemasEspecialesApiInputRequest": "ListaSistemasEspecialesNueva",
    "UsuarioListadoRequest": "UsuarioListadoNuevo",
    "MunicipioApiInputRequest": "MunicipioNuevo",
    "NaveApiInputRequest": "NaveReservaNueva",
    "NavieraApiInputRequest": "NavieraNueva",
    "NovedadDimarApiInputRequest": "NovedadDimarNueva",
    "OfertaApiInputRequest": "OfertaNueva",
    "PlanApiInputRequest": "PlanNuevo",
    "PlanInformeApiInputRequest": "PlanInformeNuevo",
    "RecargoApiInputRequest": "RecargoNuevo",
    "ReporteListApiInputRequest": "ReporteMensualNuevo",
    "ResolucionListApiInputRequest": "ResolucionNueva",
    "RutaApiInputRequest": "RutaNueva",
    "SolicitudOfertaApiInputRequest": "SolicitudOfertaNueva",
    "UsuarioApiInputRequest": "UsuarioNuevo",
    "VentaListApiInputRequest": "VentaNueva",
    "DocumentoVentaInputRequest": "DocumentoVentaRecibido",  # R-23: one document handed over at the sale
    "ZarpeListApiInputRequest": "ZarpeSolicitud",
    # bodies of acts and their parts
    "TokenApiInputRequest": "Credenciales",
    "AltaInputRequest": "AltaDimar",
    "BajaInputRequest": "BajaDimar",
    "LineaInputRequest": "LineaNueva",
    "_SoloFechaRequest": "SoloFecha",
    "CupoCancelarApiInputRequest": "CupoCancelacion",
    "CertificadoAnularApiInputRequest": "CertificadoAnulacion",
    "ZarpeInspeccionApiInputRequest": "ZarpeInspeccion",
    "DecidirApiInputRequest": "ExoneracionDecision",
    "EmbarqueApiInputRequest": "ExoneracionEmbarque",
    "DocumentoApiInputRequest": "ExoneracionDocumento",
    "CalificarApiInputRequest": "OfertaCalificacion",
    "ConocimientosEntregadosApiInputRequest": "EntregaConocimientos",
    # answers whose class name says too little
    "ErrorOutput": "ErrorFilaReporte",
    "DiscrepanciaOutput": "DiscrepanciaReporte",
    "LineaOutput": "LineaResolucion",
    "PropuestaLineaOutput": "LineaPropuesta",
    "NacionalOutput": "CumplimientoNacional",
    "ReporteOutput": "ReporteMensual",
    "ReporteDetalleOutput": "ReporteMensualDetalle",
    "VerificacionOutput": "CertificadoVerificado",
    "NaveOutput": "NaveReserva",
    "CertificadoCorto": "CertificadoZarpe",
    "CertificadoLeido": "Certificado",  # zarpes.apis.certificados: the code null for a wholesaler
    "CargaInformeRequest": "CargaInformeNueva",
}


def _nombre(original: str) -> str:
    if original in NOMBRES:
        return NOMBRES[original]
    if m := re.fullmatch(r"Paginated(\w+)List", original):
        return "Pagina" + _nombre(m.group(1))
    for sufijo in ("ApiInputRequest", "InputRequest", "Request", "Output"):
        if original.endswith(sufijo) and original != sufijo:
            return original.removesuffix(sufijo).lstrip("_")
    return original


def _cambiar_refs(nodo, cambios: dict):
    if isinstance(nodo, dict):
        ref = nodo.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
            nombre = ref.rsplit("/", 1)[1]
            nodo["$ref"] = "#/components/schemas/" + cambios.get(nombre, nombre)
        for valor in nodo.values():
            _cambiar_refs(valor, cambios)
    elif isinstance(nodo, list):
        for valor in nodo:
            _cambiar_refs(valor, cambios)


def nombres_de_dominio(result, generator, request, public):
    esquemas = result.get("components", {}).get("schemas", {})
    cambios = {original: _nombre(original) for original in esquemas}
    nuevos: dict[str, str] = {}
    for original, nuevo in cambios.items():
        if nuevo in nuevos:
            warn(f"Dos componentes se llamarían {nuevo}: {nuevos[nuevo]} y {original}; nómbrelos en NOMBRES.")
            cambios[original] = original
        nuevos[nuevo] = original
    result["components"]["schemas"] = {cambios[n]: esquema for n, esquema in sorted(esquemas.items())}
    result["components"]["schemas"] = dict(sorted(result["components"]["schemas"].items()))
    _cambiar_refs(result["paths"], cambios)
    _cambiar_refs(result["components"], cambios)
    return result


# --- Error answers -----------------------------------------------------------------------------------
ERROR = {
    "type": "object",
    "description": "Toda respuesta de error de la API: un código estable y un texto en español.",
    "properties": {
        "codigo": {"type": "string", "description": "Código estable del error (p. ej. sin_cupo_vigente)."},
        "detalle": {"type": "string", "description": "Explicación en español."},
    },
    "required": ["codigo", "detalle"],
}
ERRORES_VALIDACION = {
    "type": "object",
    "description": "Errores de validación: cada campo con sus mensajes (una lista por posición en los arreglos).",
    "additionalProperties": {},
}
REF_ERROR = {"$ref": "#/components/schemas/Error"}
RESPUESTAS_DE_ERROR = {
    "400": ("Datos inválidos: el mapa campo → mensajes, o {codigo, detalle}.", None),
    "401": ("Falta el token o no es válido.", REF_ERROR),
    "403": ("Su rol no permite esta operación.", REF_ERROR),
    "404": ("No existe, o está fuera de su alcance.", REF_ERROR),
    "409": ("Rechazo de una regla del dominio.", REF_ERROR),
    "429": ("Demasiadas solicitudes (encabezado Retry-After).", REF_ERROR),
    "503": ("Base de datos o cola de trabajos no disponibles (encabezado Retry-After).", REF_ERROR),
}
CON_CUERPO = {
    "415": ("Tipo de contenido no admitido.", REF_ERROR),
    "422": ("La Idempotency-Key ya se usó con otra solicitud.", REF_ERROR),
}


def respuestas_de_error(result, generator, request, public):
    esquemas = result.setdefault("components", {}).setdefault("schemas", {})
    esquemas["Error"] = ERROR
    esquemas["ErroresValidacion"] = ERRORES_VALIDACION
    validacion = {"anyOf": [REF_ERROR, {"$ref": "#/components/schemas/ErroresValidacion"}]}
    for operaciones in result.get("paths", {}).values():
        for metodo, operacion in operaciones.items():
            if not isinstance(operacion, dict) or "responses" not in operacion:
                continue
            errores = dict(RESPUESTAS_DE_ERROR)
            if metodo in ("post", "put", "patch"):
                errores.update(CON_CUERPO)
            for estado, (descripcion, esquema) in errores.items():
                operacion["responses"].setdefault(
                    estado,
                    {"description": descripcion, "content": {"application/json": {"schema": esquema or validacion}}},
                )
    result["components"]["schemas"] = dict(sorted(esquemas.items()))
    return result


# --- Nullable nested objects -----------------------------------------------------------------------
# drf-spectacular writes a nullable nested object as {"allOf": [ref], "nullable": true}, which JSON
# Schema validators (openapi-core) read as "must match ref" (so null fails: a denied zarpe has no
# certificado). {"oneOf": [ref, NullEnum]} says the same thing unambiguously; generators read it as
# `X | None` as they read the nullable choice fields spectacular already writes that way.
NULO = {"$ref": "#/components/schemas/NullEnum"}


def _nulos(nodo) -> bool:
    usado = False
    if isinstance(nodo, dict):
        todos = nodo.get("allOf")
        if nodo.get("nullable") is True and isinstance(todos, list) and len(todos) == 1 and "$ref" in todos[0]:
            del nodo["nullable"], nodo["allOf"]
            nodo["oneOf"] = [todos[0], NULO]
            usado = True
        for valor in nodo.values():
            usado = _nulos(valor) or usado
    elif isinstance(nodo, list):
        for valor in nodo:
            usado = _nulos(valor) or usado
    return usado


def nulos_explicitos(result, generator, request, public):
    if _nulos(result.get("paths")) | _nulos(result.get("components")):
        result["components"]["schemas"].setdefault("NullEnum", {"enum": [None]})
    return result
