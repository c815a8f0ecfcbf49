"""What the zarpes pages add to core.views.comun: a refusal shows its Spanish detail, as an htmx
fragment when only a fragment was asked for."""

from functools import wraps

from django.shortcuts import render

from core.errors import ApplicationError, NoEncontrado, PermisoDenegado
from core.views.comun import parcial_htmx


def _aviso(request, exc: ApplicationError, plantilla: str, status: int):
    if parcial_htmx(request):
        return render(request, "zarpes/_aviso.html", {"detalle": exc.detalle}, status=status)
    return render(request, plantilla, {"detalle": exc.detalle}, status=status)


def con_avisos(vista):
    """Domain errors become Spanish pages that say why (404, 409…), never a 500.

    Goes under core's `pagina_protegida`, which requires the login and renders the full 403 page.
    """

    @wraps(vista)
    def envoltura(request, *args, **kwargs):
        try:
            return vista(request, *args, **kwargs)
        except PermisoDenegado as exc:
            if parcial_htmx(request):
                return _aviso(request, exc, "core/prohibido.html", 403)
            raise
        except NoEncontrado as exc:
            return _aviso(request, exc, "zarpes/no_encontrado.html", 404)
        except ApplicationError as exc:
            return _aviso(request, exc, "zarpes/aviso.html", exc.status_code)

    return envoltura
