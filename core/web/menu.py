"""The main menu by role, built from the entries each app registers (core.registro)."""

from core import registro
from core.identidad.roles import Rol
from core.registro import Entrada

# core's own pages; each app registers its entries in its AppConfig.ready().
registro.registrar_menu(
    Entrada("Inicio", "inicio", orden=0),
    Entrada("Alertas", "alertas", orden=600),
    # The persons concerned by acts (DOMAIN §8): their notifications, terms and firmeza.
    Entrada("Mis actos", "mis-actos", frozenset({Rol.BENEFICIARIO, Rol.DISTRIBUIDOR, Rol.USUARIO_CARGA,
                                                 Rol.AGENTE_MARITIMO, Rol.CONFERENCIA, Rol.ECOPETROL}), orden=590,
            administrador=False),  # an administrator is concerned by no act
    Entrada("Calendario", "calendario", orden=610),
    Entrada("Capitanías", "capitanias", orden=700),
    Entrada("Distribuidores", "distribuidores", orden=710),
    # The readings of the decrees are the product team's record (English notes, codes, versions): issue 45 took them
    # out of the officials' menu. The pages where a reading applies still link to its entry.
    Entrada("Decisiones de interpretación", "decisiones", frozenset({Rol.ADMINISTRADOR}), orden=720),
    Entrada("Auditoría", "auditoria", frozenset({Rol.AUDITOR, Rol.ADMINISTRADOR}), orden=800),
    Entrada("Documentación API", "api-docs", orden=900),
    Entrada("Administración", "admin:index", frozenset({Rol.ADMINISTRADOR, Rol.UPME_ANALISTA, Rol.AUDITOR}), orden=910),
)


# Issue 26: a menu of more than MAXIMO entries folds by task, each group a keyboard-accessible <details>.
MAXIMO = 8
ASIGNACION, CUPOS, ZARPES_VENTAS = "Asignación", "Cupos", "Zarpes y ventas"
FRONTERA, RESERVA, ADMINISTRACION = "Zonas de frontera", "Reserva de carga", "Administración"
GRUPOS = (ASIGNACION, CUPOS, ZARPES_VENTAS, FRONTERA, RESERVA, ADMINISTRACION)
# Always at the top: where one starts, what needs attention, and the acts a person must answer in a term.
SUELTAS = {"inicio", "alertas", "mis-actos"}
POR_NOMBRE = {
    "cupos:asignacion": ASIGNACION, "cupos:solicitudes": ASIGNACION, "cupos:resoluciones": ASIGNACION,
    "calendario": ADMINISTRACION, "desvios": ZARPES_VENTAS,
}
POR_ESPACIO = {
    "cupos": CUPOS, "zarpes": ZARPES_VENTAS, "distribuidores": ZARPES_VENTAS, "fronteras": FRONTERA,
    "reserva": RESERVA, "admin": ADMINISTRACION,
}


def grupo_de(entrada: dict) -> str | None:
    """The task group of a menu entry: its own `grupo`, else by its URL name; None for a top entry."""
    nombre = entrada["url_name"]
    if nombre in SUELTAS:
        return None
    if entrada.get("grupo"):
        return entrada["grupo"]
    if nombre in POR_NOMBRE:
        return POR_NOMBRE[nombre]
    espacio = nombre.split(":")[0] if ":" in nombre else ""
    return POR_ESPACIO.get(espacio, ADMINISTRACION)


def menu_agrupado(entradas: list[dict]) -> list[dict]:
    """What base.html shows: the entries as they are when they are few (MAXIMO or fewer); else the top
    entries and one {"grupo", "entradas"} per task in GRUPOS order (a group of one is a plain entry)."""
    if len(entradas) <= MAXIMO:
        return entradas
    arriba, grupos = [], {g: [] for g in GRUPOS}
    for entrada in entradas:
        grupo = grupo_de(entrada)
        if grupo is None:
            arriba.append(entrada)
        else:
            grupos.setdefault(grupo, []).append(entrada)
    for grupo, suyas in grupos.items():
        if len(suyas) == 1:
            arriba.append(suyas[0])
        elif suyas:
            arriba.append({
                "grupo": grupo, "entradas": suyas, "url_names": {e["url_name"] for e in suyas},
                "insignia": sum(e["insignia"] for e in suyas),
            })
    return arriba


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
                "insignia": insignias.get(entrada.url_name, 0), "grupo": entrada.grupo,
            })
    return entradas
