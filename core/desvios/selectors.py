"""Reads of the diversion flags: the cases (highest score first), a case with its signals, each
signal's precision from the analysts' marks, and the scoring job as the API follows it."""

from django.db.models import Count, Prefetch, Q

from core.comun.errors import DatosInvalidos
from core.comun.numeros import entero
from core.segundo_plano.trabajos import VistaTrabajo

from . import BENEFICIARIO, DISTRIBUIDOR, TIPOS_SUJETO, etiqueta_senal, senales
from .access import casos_visibles
from .models import CalculoDesvios, CasoDesvio, SenalCaso

PREFIJO_TRABAJO = "desvios"  # GET /api/v1/trabajos/desvios-<id>/


def casos_listar(*, user, beneficiario=None, distribuidor_nit=None, estado=None, tipo_sujeto=None, senal=None):
    """The cases the user reads, highest score first, with their signals (one extra query)."""
    qs = casos_visibles(user)
    if beneficiario not in (None, ""):
        beneficiario_id = entero(beneficiario)
        if beneficiario_id is None:
            raise DatosInvalidos({"beneficiario": ["Debe ser el número del beneficiario."]})
        qs = qs.filter(tipo_sujeto=BENEFICIARIO, sujeto_id=beneficiario_id)
    if distribuidor_nit:
        qs = qs.filter(tipo_sujeto=DISTRIBUIDOR, clave=str(distribuidor_nit).strip()[:40])
    if estado:
        qs = qs.filter(estado=estado)
    if tipo_sujeto:
        qs = qs.filter(tipo_sujeto=tipo_sujeto)
    if senal:
        qs = qs.filter(senales__codigo=senal)
    return qs.prefetch_related(Prefetch("senales", queryset=SenalCaso.objects.order_by("-puntaje", "codigo"))).order_by(
        "-puntaje", "-id"
    )


def precision_por_senal() -> list[dict]:
    """Per registered signal: the cases it raised, how many were confirmed and discarded, and its
    precision = confirmed / (confirmed + discarded), None while none is marked."""
    cuentas = {
        fila["codigo"]: fila
        for fila in SenalCaso.objects.values("codigo").annotate(
            casos=Count("id"),
            confirmados=Count("id", filter=Q(caso__estado=CasoDesvio.Estado.CONFIRMADO)),
            descartados=Count("id", filter=Q(caso__estado=CasoDesvio.Estado.DESCARTADO)),
        )
    }
    filas = []
    for senal in senales():
        c = cuentas.get(senal.codigo, {})
        confirmados, descartados = c.get("confirmados", 0), c.get("descartados", 0)
        marcados = confirmados + descartados
        filas.append(
            {
                "codigo": senal.codigo,
                "etiqueta": senal.etiqueta,
                "tipo_sujeto": TIPOS_SUJETO[senal.tipo_sujeto],
                "explicacion": senal.explicacion,
                "casos": c.get("casos", 0),
                "confirmados": confirmados,
                "descartados": descartados,
                "precision": confirmados / marcados if marcados else None,
            }
        )
    return filas


def caso_senales(caso: CasoDesvio) -> list[dict]:
    return [
        {
            "codigo": s.codigo,
            "etiqueta": etiqueta_senal(s.codigo),
            "detalle": s.detalle,
            "puntaje": s.puntaje,
            "evidencia": s.evidencia,
        }
        for s in caso.senales.order_by("-puntaje", "codigo")
    ]


def ultimo_calculo() -> CalculoDesvios | None:
    return CalculoDesvios.objects.order_by("-id").first()


_ESTADO_TRABAJO = {
    CalculoDesvios.Estado.EN_ESPERA: "pendiente",
    CalculoDesvios.Estado.CALCULANDO: "procesando",
    CalculoDesvios.Estado.TERMINADO: "terminado",
    CalculoDesvios.Estado.FALLIDO: "fallido",
}


def calculo_access(user, pk) -> CalculoDesvios:
    from core.identidad.access import fila_en_alcance, require_role

    from .access import CALCULADORES

    require_role(user, *CALCULADORES)
    return fila_en_alcance(CalculoDesvios.objects.all(), pk, "No existe ese cálculo.")


def calculo_vista_trabajo(calculo: CalculoDesvios) -> VistaTrabajo:
    estado = _ESTADO_TRABAJO[calculo.estado]
    if estado == "terminado":
        return VistaTrabajo(estado, 100, calculo.mensaje, "/api/v1/desvios/", calculo.casos)
    if estado == "fallido":
        return VistaTrabajo(estado, 100, error=calculo.mensaje or None)
    return VistaTrabajo(estado, calculo.progreso)
