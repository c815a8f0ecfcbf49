"""What every page of distribuidores shares: access errors as 403/404 pages, paging, form errors."""

from core.views.comun import errores_al_formulario, pagina_protegida, paginar, parcial_htmx  # noqa: F401

POR_PAGINA = 25


def puede(user, *roles) -> bool:
    """Whether require_role(user, *roles) would pass: only to show or hide controls."""
    return user.is_authenticated and (user.es_administrador or user.rol in roles)


