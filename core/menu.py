"""The main menu by role, built from the entries each app registers (core.registro)."""

from core import registro
from core.registro import Entrada
from core.roles import Rol

# core's own pages; each app registers its entries in its AppConfig.ready().
registro.registrar_menu(
    Entrada("Inicio", "inicio", orden=0),
    Entrada("Alertas", "alertas", orden=600),
    Entrada("Calendario", "calendario", orden=610),
    Entrada("Capitanías", "capitanias", orden=700),
    Entrada("Distribuidores", "distribuidores", orden=710),
    Entrada("Decisiones de interpretación", "decisiones", orden=720),
    Entrada("Auditoría", "auditoria", frozenset({Rol.AUDITOR, Rol.ADMINISTRADOR}), orden=800),
    Entrada("Documentación API", "api-docs", orden=900),
    Entrada("Administración", "admin:index", frozenset({Rol.ADMINISTRADOR, Rol.UPME_ANALISTA, Rol.AUDITOR}), orden=910),
)


def menu_for(user, insignias: dict[str, int] | None = None) -> list[dict]:
    """The user's menu; `insignias` puts a count beside an entry (open alerts)."""
    insignias = insignias or {}
    entradas = []
    for entrada in registro.menu():
        visible = not entrada.roles or user.tiene_rol(*entrada.roles)
        if not visible and not (user.es_administrador and entrada.administrador):
            continue
        url = entrada.url()
        if url:
            entradas.append({
                "etiqueta": entrada.etiqueta, "url": url, "url_name": entrada.url_name,
                "insignia": insignias.get(entrada.url_name, 0),
            })
    return entradas
