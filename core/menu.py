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
    # cupos/: the roles of cupos.access (LECTORES and resolucion_access), written out so core
    # does not import an app.
    Entrada("Tablero de cupos", "cupos-tablero", frozenset({Rol.UPME_ANALISTA, Rol.AUDITOR})),
    Entrada(
        "Beneficiarios",
        "cupos-beneficiarios",
        frozenset({Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.CAPITANIA_OFICIAL, Rol.DISTRIBUIDOR, Rol.BENEFICIARIO}),
    ),
    Entrada("Resoluciones", "cupos-resoluciones", frozenset({Rol.UPME_ANALISTA, Rol.AUDITOR})),
    Entrada("Solicitudes", "solicitudes:lista", frozenset({Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.BENEFICIARIO})),
    # zarpes/: the officer's screen, the list for Dimar/UPME/auditors, a beneficiary's certificates
    # (zarpes.access.LECTORES_ZARPES).
    Entrada(
        "Zarpes",
        "zarpes",
        frozenset({Rol.CAPITANIA_OFICIAL, Rol.DIMAR, Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.BENEFICIARIO}),
    ),
    # distribuidores/: the wholesaler's check and sales, reports, the reconciliation (R-22, scoped
    # for a wholesaler), a vessel's declarations (distribuidores.views.*: the roles each requires).
    Entrada("Verificar venta", "distribuidores-verificar", frozenset({Rol.DISTRIBUIDOR})),
    Entrada("Ventas", "distribuidores-ventas", frozenset({Rol.DISTRIBUIDOR, Rol.UPME_ANALISTA, Rol.AUDITOR})),
    Entrada(
        "Reportes mensuales", "distribuidores-reportes", frozenset({Rol.DISTRIBUIDOR, Rol.UPME_ANALISTA, Rol.AUDITOR})
    ),
    Entrada(
        "Conciliación", "distribuidores-conciliacion", frozenset({Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.DISTRIBUIDOR})
    ),
    Entrada("Declaraciones", "distribuidores-declaraciones", frozenset({Rol.BENEFICIARIO, Rol.UPME_ANALISTA, Rol.AUDITOR})),
    # fronteras/: registries and assignments (fronteras.views.comun.LECTORES_REGISTRO), the deliveries
    # of a wholesaler or Ecopetrol (fronteras.access.DESPACHADORES), and the public transparency report.
    Entrada(
        "Zonas de frontera", "fronteras-municipios",
        frozenset({Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.MINMINAS, Rol.ECOPETROL}),
    ),
    Entrada("Despachos en frontera", "fronteras-despachos", frozenset({Rol.DISTRIBUIDOR, Rol.ECOPETROL})),
    Entrada("Transparencia en frontera", "fronteras-transparencia", TODOS),
    Entrada("Alertas", "alertas", TODOS),
    Entrada("Calendario", "calendario", TODOS),
    Entrada("Novedades Dimar", "novedades-dimar", frozenset({Rol.DIMAR, Rol.UPME_ANALISTA, Rol.AUDITOR})),
    Entrada("Cupos inactivos", "cupos-inactivos", frozenset({Rol.UPME_ANALISTA, Rol.AUDITOR})),
    Entrada("Capitanías", "capitanias", TODOS),
    Entrada("Distribuidores", "distribuidores", TODOS),
    Entrada("Auditoría", "auditoria", frozenset({Rol.AUDITOR, Rol.ADMINISTRADOR})),
    Entrada("Documentación API", "api-docs", TODOS),
    Entrada("Administración", "admin:index", frozenset({Rol.ADMINISTRADOR, Rol.UPME_ANALISTA, Rol.AUDITOR})),
]


def menu_for(user, insignias: dict[str, int] | None = None) -> list[dict]:
    """The user's menu; `insignias` puts a count beside an entry (open alerts)."""
    insignias = insignias or {}
    entradas = []
    for entrada in MENU:
        if entrada.roles and not (user.es_administrador or user.rol in entrada.roles):
            continue
        url = entrada.url()
        if url:
            entradas.append({
                "etiqueta": entrada.etiqueta, "url": url, "url_name": entrada.url_name,
                "insignia": insignias.get(entrada.url_name, 0),
            })
    return entradas
