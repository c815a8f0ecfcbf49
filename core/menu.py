"""The main menu by role: each app adds its entries here as its pages arrive."""

from dataclasses import dataclass

from django.urls import NoReverseMatch, reverse

from core.roles import Rol


@dataclass(frozen=True)
class Entrada:
    etiqueta: str
    url_name: str
    roles: frozenset[str]  # empty: every authenticated user

    def url(self) -> str | None:
        try:
            return reverse(self.url_name)
        except NoReverseMatch:
            return None


TODOS: frozenset[str] = frozenset()
MENU = [
    Entrada("Inicio", "inicio", TODOS),
    Entrada("Capitanías", "capitanias", TODOS),
    Entrada("Distribuidores", "distribuidores", TODOS),
    Entrada("Auditoría", "auditoria", frozenset({Rol.AUDITOR, Rol.ADMINISTRADOR})),
    Entrada("Documentación API", "api-docs", TODOS),
    Entrada("Administración", "admin:index", frozenset({Rol.ADMINISTRADOR, Rol.UPME_ANALISTA, Rol.AUDITOR})),
]


def menu_for(user) -> list[dict]:
    entradas = []
    for entrada in MENU:
        if entrada.roles and not (user.es_administrador or user.rol in entrada.roles):
            continue
        url = entrada.url()
        if url:
            entradas.append({"etiqueta": entrada.etiqueta, "url": url, "url_name": entrada.url_name})
    return entradas
