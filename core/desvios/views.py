"""Pages of the diversion flags: the cases (filters, pages, precision of each signal), a case with its
signals and evidence, and the analyst's mark with its confirmation."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from core.comun.errors import ApplicationError, PermisoDenegado
from core.web.views.comun import ensayar, errores_a_mensajes, pagina_protegida, paginar, puede

from . import TIPOS_SUJETO, etiqueta_senal, selectors, senales, services
from .access import CALCULADORES, caso_access, exigir_marcador, puede_marcar
from .models import CasoDesvio

ESTADOS = {"abierto": "Abiertos", "confirmado": "Confirmados", "descartado": "Descartados", "todos": "Todos"}


def _filtros(request) -> dict:
    estado = request.GET.get("estado", "abierto")
    tipo = request.GET.get("tipo", "")
    senal = request.GET.get("senal", "")
    return {
        "estado": estado if estado in ESTADOS else "abierto",
        "tipo": tipo if tipo in TIPOS_SUJETO else "",
        "senal": senal if senal in {s.codigo for s in senales()} else "",
    }


@pagina_protegida
def casos(request):
    filtros = _filtros(request)
    qs = selectors.casos_listar(
        user=request.user,
        estado=None if filtros["estado"] == "todos" else filtros["estado"],
        tipo_sujeto=filtros["tipo"] or None,
        senal=filtros["senal"] or None,
    )
    pagina = paginar(request, qs)
    for caso in pagina:
        caso.etiquetas = [etiqueta_senal(s.codigo) for s in caso.senales.all()]
    precision = selectors.precision_por_senal()
    for fila in precision:
        fila["porcentaje"] = None if fila["precision"] is None else fila["precision"] * 100
    return render(
        request,
        "core/desvios/casos.html",
        {
            **filtros,
            "pagina": pagina,
            "precision": precision,
            "estados": ESTADOS,
            "tipos": TIPOS_SUJETO,
            "senales": [(s.codigo, s.etiqueta) for s in senales()],
            "calculo": selectors.ultimo_calculo(),
            "puede_calcular": puede(request.user, CALCULADORES),
            "hay_filtros": filtros != {"estado": "abierto", "tipo": "", "senal": ""},
        },
    )


@pagina_protegida
@require_POST
def calcular(request):
    calculo = services.desvios_calcular_request(actor=request.user)
    if calculo.estado == calculo.Estado.TERMINADO:
        messages.success(request, f"Cálculo terminado: {calculo.mensaje}")
    else:
        messages.success(request, "Cálculo en curso: la lista se actualiza cuando termine.")
    return redirect("desvios")


@pagina_protegida
def caso(request, caso_id):
    caso = caso_access(request.user, caso_id)
    return render(
        request,
        "core/desvios/caso.html",
        {
            "caso": caso,
            "senales": selectors.caso_senales(caso),
            "tipo": TIPOS_SUJETO[caso.tipo_sujeto],
            "puede_marcar": puede_marcar(request.user, caso),
        },
    )


@pagina_protegida
@require_http_methods(["POST"])
def marcar(request, caso_id):
    """The verdict, asked twice: the page says what will happen, then records it (service + audit)."""
    caso = caso_access(request.user, caso_id)
    exigir_marcador(request.user, caso)
    estado, nota = request.POST.get("estado", ""), request.POST.get("nota", "")

    def marcar_caso():
        return services.caso_marcar(actor=request.user, caso_id=caso.id, estado=estado, nota=nota)

    try:
        if request.POST.get("confirmado") != "1":
            ensayar(marcar_caso)
            verbo = "confirmado" if estado == CasoDesvio.Estado.CONFIRMADO else "descartado"
            efectos = [
                f"El caso de {caso.sujeto} quedará {verbo}, con su nota, a su nombre y en la auditoría.",
                "La precisión de cada señal que lo levantó se recalcula con esta decisión.",
                "Nada se bloquea: la alerta solo informa a quien decide.",
            ]
            return render(
                request,
                "core/desvios/marcar_confirmar.html",
                {
                    "titulo": f"Marcar el caso como {verbo}",
                    "efectos": efectos,
                    "caso": caso,
                    "estado": estado,
                    "nota": nota,
                    "accion": reverse("desvio-marcar", args=[caso.id]),
                    "volver": reverse("desvio", args=[caso.id]),
                },
            )
        marcar_caso()
    except PermisoDenegado:
        raise
    except ApplicationError as exc:
        errores_a_mensajes(request, exc)
        return redirect("desvio", caso.id)
    messages.success(request, f"Caso de {caso.sujeto} marcado.")
    return redirect("desvio", caso.id)
