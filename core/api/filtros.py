"""A list refuses a query parameter it does not know (API.md "Conventions").

A misspelt filter (?matriclua=CP-05-1234) must never answer the whole list as if it were the one
asked for. A ListaApi knows its `parametros` (what the schema documents) and the paginator's; anything
else is a 400 filtro_desconocido naming it. The same declaration guards the code: a list that reads a
parameter it did not declare fails loudly (the tests meet it), so the schema and the code never drift.
"""

from django.core.exceptions import ImproperlyConfigured
from django.http import QueryDict

from core.comun.errors import ApplicationError, ErrorCore

SIEMPRE_CONOCIDOS = ("page", "page_size", "format")


class FiltroDesconocido(ApplicationError):
    status_code = 400

    def __init__(self, desconocidos: list[str], conocidos: list[str]):
        nombres = ", ".join(f"«{n[:40]}»" for n in desconocidos)
        plural = "los filtros" if len(desconocidos) > 1 else "el filtro"
        super().__init__(
            ErrorCore.FILTRO_DESCONOCIDO,
            f"Esta lista no conoce {plural} {nombres}. Admite: {', '.join(conocidos)}.",
        )


class ParametrosDeclarados(QueryDict):
    """The request's query string, readable only by the names the list declared."""

    conocidos: frozenset | None = None  # None while QueryDict fills itself
    vista = ""

    def _revisar(self, nombre):
        if self.conocidos is not None and nombre not in self.conocidos:
            raise ImproperlyConfigured(f"{self.vista} lee ?{nombre}= sin declararlo en `parametros`.")

    def __getitem__(self, nombre):
        self._revisar(nombre)
        return super().__getitem__(nombre)

    def __contains__(self, nombre):
        self._revisar(nombre)
        return super().__contains__(nombre)

    def get(self, nombre, default=None):
        self._revisar(nombre)
        return super().get(nombre, default)

    def getlist(self, nombre, default=None):
        self._revisar(nombre)
        return super().getlist(nombre, default)


def filtros_conocidos(request, vista) -> None:
    """Refuse the query parameters `vista` does not declare; then let it read only the declared ones."""
    declarados = [p.name for p in getattr(vista, "parametros", None) or []]
    conocidos = [*declarados, *(n for n in SIEMPRE_CONOCIDOS if n not in declarados)]
    desconocidos = [n for n in request.query_params if n not in conocidos]
    if desconocidos:
        raise FiltroDesconocido(desconocidos, conocidos)
    guardados = ParametrosDeclarados(request._request.GET.urlencode(), encoding=request._request.encoding)
    guardados.conocidos, guardados.vista = frozenset(conocidos), type(vista).__name__
    request._request.GET = guardados


def filtros(*nombres: str) -> list:
    """`parametros` of a list whose filters are text: filtros("q", "tipo")."""
    from drf_spectacular.utils import OpenApiParameter

    return [OpenApiParameter(nombre, str) for nombre in nombres]
