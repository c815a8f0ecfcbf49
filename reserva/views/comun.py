"""What the cargo reservation's pages share: the section's navigation, and running a service from a
form (field errors next to their fields, refusals as the form's error)."""

from django.shortcuts import render
from django.urls import reverse

from core.access import require_role
from core.errors import ApplicationError, DatosInvalidos
from core.registro import etiqueta_error
from core.views.comun import errores_al_formulario, puede
from reserva import access

SECCIONES = [
    ("Arribos", "reserva:arribos", access.LECTORES_ARRIBOS),
    ("Exoneraciones", "reserva:exoneraciones", access.LECTORES_EXONERACIONES),
    ("Mi cumplimiento", "reserva:cumplimiento", access.USUARIOS),
    ("Cumplimiento nacional", "reserva:nacional", access.LECTORES),
    ("Recargos", "reserva:recargos", access.LECTORES_RECARGOS),
    ("Ofertas (C-10)", "reserva:ofertas", (*access.LECTORES, *access.USUARIOS)),
    ("Contratos anuales", "reserva:contratos", (*access.LECTORES, *access.USUARIOS)),
    ("Informes semestrales", "reserva:informes", (*access.LECTORES, *access.USUARIOS)),
    ("Control anual", "reserva:controles", (*access.LECTORES, *access.USUARIOS)),
    ("Avisos", "reserva:avisos", access.LECTORES_AVISOS),
]


def secciones(request, actual: str) -> list[dict]:
    return [
        {"etiqueta": e, "url": reverse(n), "actual": n == actual}
        for e, n, roles in SECCIONES
        if puede(request.user, roles)
    ]


def ejecutar(form, servicio, **kwargs):
    """Run a service; its DatosInvalidos go to the form's fields and its refusals to the form. 403 and
    404 propagate (pagina_protegida renders them)."""
    try:
        return servicio(**kwargs)
    except DatosInvalidos as exc:
        errores_al_formulario(form, exc)
    except ApplicationError as exc:
        if exc.status_code in (403, 404):
            raise
        form.add_error(None, f"{etiqueta_error(exc.codigo)}: {exc.detalle}")
    return None


def lista_con_alta(request, *, lectores, creadores, formulario, alta, tras_alta, plantilla: str, contexto: dict):
    """A list page with a form to create one more (a report, a request, a contract): readers see the
    list, creators also the form; a valid POST runs `alta(**cleaned_data)` and `tras_alta(obj)` answers."""
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
    return render(request, plantilla, {**contexto, "form": form}, status=status)
