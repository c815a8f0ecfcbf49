"""What the cargo reservation's pages share: the section's navigation, and running a service from a
form (field errors next to their fields, refusals as the form's error)."""

from django.shortcuts import render

from core.identidad.access import require_role
from core.web.views import comun as comun_core
from core.web.views.comun import ejecutar, paginar, puede
from reserva import access

SECCIONES = [
    ("Arribos", "reserva:arribos", access.LECTORES_ARRIBOS),
    ("Exoneraciones", "reserva:exoneraciones", access.LECTORES_EXONERACIONES),
    ("Mi cumplimiento", "reserva:cumplimiento", access.USUARIOS),
    ("Cumplimiento nacional", "reserva:nacional", access.LECTORES),
    ("Recargos", "reserva:recargos", access.LECTORES_RECARGOS),
    ("Ofertas", "reserva:ofertas", access.LECTORES_DEBERES),
    ("Contratos anuales", "reserva:contratos", access.LECTORES_DEBERES),
    ("Informes semestrales", "reserva:informes", access.LECTORES_DEBERES),
    ("Control anual", "reserva:controles", access.LECTORES_DEBERES),
    ("Avisos", "reserva:avisos", access.LECTORES_AVISOS),
    ("Delegaciones de firma", "reserva:delegaciones", access.DIMAR),
]


def secciones(request, actual: str) -> list[dict]:
    return comun_core.secciones(request, actual, SECCIONES)


def confirmar_decision(request, plantilla: str, form, contexto: dict):
    """The first of the two steps of Dimar's decision: a page that says what will be decided, whose
    form sends the same data again with `confirmar` set."""
    datos = {k: v for k, v in form.cleaned_data.items() if k != "confirmar"}
    decision = dict(form.fields["decision"].choices)[datos["decision"]]
    confirmacion = type(form)(initial={**datos, "confirmar": True})
    return render(request, plantilla, {**contexto, "datos": datos, "form": confirmacion, "decision": decision})


def lista_con_alta(
    request,
    seccion: str,
    *,
    lectores,
    creadores,
    formulario,
    alta,
    tras_alta,
    filas,
    contexto: dict | None = None,
    parcial: str = "",
):
    """The list page of a section (`reserva/<seccion>.html`, `filas` paginated) with a form to create
    one more (a report, a request, a contract): readers see the list, creators also the form; a valid
    POST runs `alta(**cleaned_data)` and `tras_alta(obj)` answers. An htmx swap of the list (a filter)
    gets only the `parcial` template, when there is one."""
    plantilla = f"reserva/{seccion}.html"
    contexto = {
        "pagina": paginar(request, filas),
        **(contexto or {}),
        "secciones": secciones(request, f"reserva:{seccion}"),
    }
    require_role(request.user, *lectores)
    form, status = None, 200
    if puede(request.user, creadores):
        form = formulario(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        require_role(request.user, *creadores)
        status = 400
        if form.is_valid():
            creado = ejecutar(form, alta, **form.cleaned_data)
            if creado is not None:
                return tras_alta(creado)
    if parcial and status == 200 and comun_core.parcial_htmx(request):
        plantilla = parcial
    return render(request, plantilla, {**contexto, "form": form}, status=status)
