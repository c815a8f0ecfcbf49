"""What each app registers in its AppConfig.ready(): menu entries, deadline checks, calendar
deadlines, demo loaders, error catalogues, recoverable long jobs, backup controls, what to do when an
outbox message is acknowledged, and the action an alert links to. core iterates what was registered;
it imports no app.
"""

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Protocol

from django.urls import NoReverseMatch, reverse


@dataclass(frozen=True)
class Entrada:
    """A menu entry: shown to the listed roles (none listed: every authenticated user)."""

    etiqueta: str
    url_name: str
    roles: frozenset[str] = field(default_factory=frozenset)
    orden: int = 500
    # False for a page that works only inside a scope the administrator lacks (a wholesaler's NIT).
    administrador: bool = True
    # The task it belongs to in a long menu (core.web.menu.GRUPOS); "" lets core.web.menu place it by its URL.
    grupo: str = ""

    def url(self) -> str | None:
        try:
            return reverse(self.url_name)
        except NoReverseMatch:
            return None


class Revision(Protocol):
    """A deadline check (R-25): it names its alert type, lists who is late on a date, and says
    whether an open alert's cause still holds."""

    tipo: str

    def atrasados(self, fecha: dt.date) -> list: ...

    def persiste(self, alerta, fecha: dt.date) -> bool: ...

    # Optional, and what a check whose alerts grow with the data should have: the ids of the
    # alerts of a page (a list of up to core.vencimientos.plazos.LOTE) whose cause still holds, in a query or two.
    # def persisten(self, alertas: list, fecha: dt.date) -> set[int]: ...


@dataclass(frozen=True)
class Cargador:
    """A demo loader: `cargar()` returns the (username, rol, clave) logins it created, or None."""

    nombre: str
    cargar: Callable[[], list | None]
    orden: int


_menu: dict[str, Entrada] = {}
_revisiones: dict[str, Revision] = {}
_vencimientos: dict[str, Callable[[int, int], list[dict]]] = {}
_vencimientos_anio: dict[str, Callable[[int], dict[int, list[dict]]]] = {}
_demos: dict[str, Cargador] = {}
_errores: dict[str, type] = {}
_enlaces_alerta: dict[str, Callable] = {}
_trabajos: dict[str, "Trabajo"] = {}
_controles: dict[str, Callable[[], dict]] = {}
_acuses: dict[str, list[Callable]] = {}
_acciones_alerta: dict[str, Callable] = {}


def registrar_menu(*entradas: Entrada) -> None:
    for entrada in entradas:
        _menu[entrada.url_name] = entrada


def menu() -> list[Entrada]:
    return sorted(_menu.values(), key=lambda e: e.orden)


def registrar_revisiones(revisiones: Iterable[Revision]) -> None:
    for revision in revisiones:
        _revisiones[revision.tipo] = revision


def revisiones() -> list[Revision]:
    return list(_revisiones.values())


def registrar_vencimientos(
    nombre: str,
    vencimientos: Callable[[int, int], list[dict]],
    *,
    del_anio: Callable[[int], dict[int, list[dict]]] | None = None,
) -> None:
    """`vencimientos(anio, mes)` → [{"fecha", "que", "quien"}]: what falls due in that month.
    `del_anio(anio)` → {mes: [...]}, the same for the twelve months at once (a fixed number of
    queries for the year's calendar); without it the calendar asks month by month."""
    _vencimientos[nombre] = vencimientos
    if del_anio is not None:
        _vencimientos_anio[nombre] = del_anio
    else:
        _vencimientos_anio.pop(nombre, None)


def vencimientos(anio: int, mes: int) -> list[dict]:
    items = [item for fuente in _vencimientos.values() for item in fuente(anio, mes)]
    return sorted(items, key=lambda x: x["fecha"])


def vencimientos_del_anio(anio: int) -> dict[int, list[dict]]:
    """{1..12: what falls due in each month of `anio`}, each month sorted by date (the calendar)."""
    meses: dict[int, list[dict]] = {mes: [] for mes in range(1, 13)}
    for nombre, fuente in _vencimientos.items():
        del_anio = _vencimientos_anio.get(nombre)
        if del_anio is not None:
            for mes, items in del_anio(anio).items():
                meses[mes].extend(items)
        else:
            for mes in meses:
                meses[mes].extend(fuente(anio, mes))
    return {mes: sorted(items, key=lambda x: x["fecha"]) for mes, items in meses.items()}


def registrar_demo(nombre: str, cargar: Callable[[], list | None], *, orden: int) -> None:
    _demos[nombre] = Cargador(nombre, cargar, orden)


def demos() -> list[Cargador]:
    return sorted(_demos.values(), key=lambda c: c.orden)


def registrar_errores(catalogo: type) -> None:
    """An app's error catalogue: a TextChoices of codes with their Spanish labels."""
    _errores[catalogo.__name__] = catalogo


def etiqueta_error(codigo: str) -> str:
    """The Spanish label a person reads for an error code; the code itself when none is known."""
    for catalogo in _errores.values():
        if codigo in catalogo.values:
            return catalogo(codigo).label
    return codigo


def catalogos_errores() -> list[type]:
    return list(_errores.values())


def registrar_enlace_alerta(nombre: str, enlace: Callable) -> None:
    """`enlace(alerta)` → (text, url) of the alert's subject (a beneficiary, a report, a plan…), or
    None when the alert is not the app's. The alerts page links each alert to its subject."""
    _enlaces_alerta[nombre] = enlace


def enlace_alerta(alerta) -> tuple[str, str] | None:
    """The app that registered the alert's type answers first (registrar_tipos_alerta); then any other app
    whose link knows the alert (core's own types, linked by the app whose subject they name)."""
    propia = _app_de_tipo.get(alerta.tipo)
    orden = sorted(_enlaces_alerta.items(), key=lambda par: par[0] != propia)
    for _, enlace in orden:
        resultado = enlace(alerta)
        if resultado:
            return resultado
    return None


def registrar_plazos(nombre: str, plazos: ModuleType) -> None:
    """An app's deadline module (<app>/plazos.py) at once: its checks (`REVISIONES`), its alerts'
    link (`enlace_alerta`) and its calendar deadlines (`vencimientos`, and `vencimientos_del_anio`
    where the module has one)."""
    registrar_revisiones(plazos.REVISIONES)
    registrar_enlace_alerta(nombre, plazos.enlace_alerta)
    registrar_vencimientos(nombre, plazos.vencimientos, del_anio=getattr(plazos, "vencimientos_del_anio", None))


_tipos_alerta: dict[str, str] = {}
_app_de_tipo: dict[str, str] = {}  # alert type → the app whose catalogue registered it


def registrar_tipos_alerta(catalogo: type) -> None:
    """An app's alert types: a TextChoices of codes with their Spanish labels. A code is one app's."""
    app = catalogo.__module__.split(".")[0]
    for codigo, etiqueta in catalogo.choices:
        if _tipos_alerta.setdefault(codigo, etiqueta) != etiqueta:
            raise ValueError(f"El tipo de alerta {codigo!r} ya está registrado con otra etiqueta.")
        _app_de_tipo.setdefault(codigo, app)


def etiqueta_alerta(tipo: str) -> str:
    """The Spanish name of an alert type, for people (the API keeps the code)."""
    return _tipos_alerta.get(tipo, tipo)


def tipos_alerta() -> dict[str, str]:
    """Every registered alert type: code → Spanish label."""
    return dict(_tipos_alerta)


@dataclass(frozen=True)
class Trabajo:
    """A long job kept on a model row that survives a dead worker (see core.segundo_plano.trabajos).

    The model inherits core.models.TrabajoConLatido (fields `latido` and `intentos`). `en_espera`
    are the states of a row waiting for a worker, `en_curso` those of a row a worker has taken.
    `encolar(pk)` queues the job (e.g. `tarea.delay`); `abandonar(pk)` gives up on a row whose
    attempts reached `max_intentos` (marks it failed and says so to its owner).
    """

    nombre: str
    modelo: type
    en_espera: tuple[str, ...]
    en_curso: tuple[str, ...]
    encolar: Callable[[int], object]
    abandonar: Callable[[int], object]
    campo_estado: str = "estado"
    max_intentos: int = 5


def registrar_trabajo(trabajo: Trabajo) -> None:
    _trabajos[trabajo.nombre] = trabajo


def trabajos() -> list[Trabajo]:
    return list(_trabajos.values())


def trabajo(nombre: str) -> Trabajo:
    return _trabajos[nombre]


@dataclass(frozen=True)
class TrabajoConsultable:
    """A kind of job the API answers `202 {"trabajo", ...}` for, followed at GET /api/v1/trabajos/{id}/
    (core.api.trabajos). Its id is "<prefijo>-<pk>" (core.segundo_plano.trabajos.trabajo_referencia), unique across
    kinds. `acceso(user, pk)` returns the job's row in the caller's scope (raising NoEncontrado or
    PermisoDenegado otherwise); `describir(row)` returns core.segundo_plano.trabajos.VistaTrabajo (its state mapped to
    pendiente / procesando / terminado / fallido), or None when the row holds no such job."""

    prefijo: str
    tipo: str
    acceso: Callable
    describir: Callable


_consultables: dict[str, TrabajoConsultable] = {}


def registrar_trabajo_consultable(consultable: TrabajoConsultable) -> None:
    _consultables[consultable.prefijo] = consultable


def trabajo_consultable(prefijo: str) -> TrabajoConsultable | None:
    return _consultables.get(prefijo)


def trabajos_consultables() -> list[TrabajoConsultable]:
    return list(_consultables.values())


def registrar_control(nombre: str, calcular: Callable[[], dict]) -> None:
    """A control figure for backups (`manage.py respaldo`): `calcular()` → {"clave": "valor"} that a
    restored database must reproduce exactly, e.g. the ledger's sums per movement type."""
    _controles[nombre] = calcular


def controles() -> dict[str, dict]:
    return {nombre: calcular() for nombre, calcular in sorted(_controles.items())}


def registrar_acuse(tipo: str, funcion: Callable) -> None:
    """`funcion(mensaje)` runs in the transaction that records an outbox message of `tipo` as
    delivered (acknowledged) or registered (no endpoint configured)."""
    _acuses.setdefault(tipo, [])
    if funcion not in _acuses[tipo]:
        _acuses[tipo].append(funcion)


def acuses(tipo: str) -> list[Callable]:
    return list(_acuses.get(tipo, []))


def registrar_accion_alerta(tipo: str, funcion: Callable) -> None:
    """`funcion(alerta)` → (url, texto) or None: the page where the alert is acted on."""
    _acciones_alerta[tipo] = funcion


def accion_alerta(alerta) -> tuple[str, str] | None:
    funcion = _acciones_alerta.get(alerta.tipo)
    return funcion(alerta) if funcion else None


_actos_aviso: dict[str, Callable] = {}


def registrar_acto_aviso(clase: str, describir: Callable) -> None:
    """`describir(referencia)` → core.mensajes.avisos.Acto or None: what a beneficiary's "no fui yo" about an
    act of `clase` (the part before ":" in the notice's signed link) refers to."""
    _actos_aviso[clase] = describir


def acto_aviso(clase: str) -> Callable | None:
    return _actos_aviso.get(clase)


@dataclass(frozen=True)
class Firmable:
    """A kind of act whose PDF the portal signs (core.firma): its Spanish name, and the public page
    where a document of that kind is verified (by its verification code), if there is one."""

    tipo: str
    etiqueta: str
    enlace: Callable[[str], str | None] = lambda codigo: None


_firmables: dict[str, Firmable] = {}


def registrar_firmable(firmable: Firmable) -> None:
    _firmables[firmable.tipo] = firmable


def firmable(tipo: str) -> Firmable:
    return _firmables.get(tipo) or Firmable(tipo=tipo, etiqueta="Acto del portal")


@dataclass(frozen=True)
class TipoActo:
    """A kind of act under the procedure (core.actos, DOMAIN §8): its Spanish name, and what a decision on a
    recurso against it does (`decidir(acto, interesado, sentido, galones_anuales)`: modify or revoke what the act
    gave that person; None when the act has nothing to change, e.g. a denial that is only confirmed or revoked)."""

    tipo: str
    etiqueta: str
    decidir: Callable | None = None
    # `en_firme(acto, interesado, fecha)`: what the act does once firm for that person (R-06: the cupo is
    # communicated to Dimar), run by the daily job (core.actos.services.firmezas_aplicar) in the act's transaction.
    en_firme: Callable | None = None
    # `en_firme_lote(acto, interesados) -> ids applied`: the same for many persons at once (an annual resolution's
    # 10,000), set-based; the persons it leaves out (their effect refused today) are tried again the next day.
    en_firme_lote: Callable | None = None
    # `documento(acto, actor) -> (contenido | None, trabajo | None)`: the signed document a kind already produces
    # for its acts (a resolution of cupos, built by a job): its PDF bytes when ready, or the API id of the job that
    # builds it (GET actos/{id}/pdf/ answers 202); (None, None) for an act it has none for. Without it, or with
    # (None, None), core renders and signs the act's own PDF (core.actos.documento).
    documento: Callable | None = None


_tipos_acto: dict[str, TipoActo] = {}


def registrar_tipo_acto(tipo: TipoActo) -> None:
    _tipos_acto[tipo.tipo] = tipo


def tipo_acto(tipo: str) -> TipoActo:
    return _tipos_acto.get(tipo) or TipoActo(tipo=tipo, etiqueta="Acto administrativo")


_oficinas: list[Callable[[], Iterable]] = []


def registrar_oficinas(oficinas: Callable[[], Iterable]) -> None:
    """`oficinas()` lists the offices (core.firma.oficinas.Oficina) an app's acts are signed by, read when the
    signing worker starts: it refuses to start unless each one has its key (core.firma.servicio)."""
    _oficinas.append(oficinas)


def oficinas_firmantes() -> list:
    vistas, resultado = set(), []
    for listar in _oficinas:
        for oficina in listar():
            if oficina.clave not in vistas:
                vistas.add(oficina.clave)
                resultado.append(oficina)
    return resultado


_tareas: dict[str, Callable] = {}


def registrar_tarea(nombre: str, encolar: Callable) -> None:
    """`encolar(*args)` queues a task (typically `lambda *a: tareas.mi_task.delay(*a)`), so a service
    queues its task by name without importing the task module: a task module imports its service,
    never the reverse (no import circles)."""
    _tareas[nombre] = encolar


def tarea(nombre: str) -> Callable:
    return _tareas[nombre]


_entregas: dict[str, Callable] = {}


def registrar_entrega(tipo: str, entregar: Callable) -> None:
    """`entregar(mensaje)` delivers an outbox message of `tipo` by its own means (e-mail and SMS for a
    beneficiary's notice) instead of the HTTP POST to the configured endpoint; it raises on failure."""
    _entregas[tipo] = entregar


def entrega(tipo: str) -> Callable | None:
    return _entregas.get(tipo)
