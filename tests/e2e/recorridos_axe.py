"""Issue 26: axe-core on every page the browser journeys visit, at the default width, at a landscape
tablet's 1024 px and at a phone's 390 px.

Every page a journey opens (the `page` fixture's, and those of the contexts a test opens itself: Dimar's,
MinMinas', the public's) records the documents its main frame navigates to, with the role logged in on it.
When the test has passed, before its data is flushed, each recorded GET address is opened again with that
browser's session (its storage state, kept when a test closes its own context; the login's pages and those
of a browser nobody logged in on, without one), once per kind of address in the session (digits and codes
folded: /beneficiarios/12/ and /beneficiarios/15/ are one page; the home page once per role, its menu is the
role's), and axe runs at the three widths; the page each journey ends on is checked as it was left too
when that differs from its address reopened (a form's answer with its errors, a panel htmx filled). Any
serious or critical violation fails the test with its page, width, rule and nodes, and so does a page that
scrolls sideways at 1024 or 390 px (issue 45), with the elements that stick out. Time: about 1 s per kind
of page; the session's summary prints the total.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest

AXE = "/static/vendor/axe-core/axe.min.js"
ETIQUETAS_WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
GRAVES = ("serious", "critical")
ESCRITORIO = {"width": 1280, "height": 800}  # tests/e2e/conftest.py's default
ANCHOS = (ESCRITORIO, {"width": 1024, "height": 768}, {"width": 390, "height": 844})
ANONIMAS = re.compile(r"^/ingresar/")  # the login's pages, checked without a session
# Documents that are not pages of the journeys: leaving the session, files served as they are, and the API's
# documentation, which is Swagger UI's own markup (its operation summaries nest the copy button in a focusable
# row, its method badges are white on light colours): not the portal's templates, and no person's journey.
NO_SON_PAGINAS = re.compile(r"^/(salir|static|media|api)/|\.(pdf|csv|xlsx|json|png|jpe?g|zip)$")

EJECUTAR_AXE = """([etiquetas, graves]) => axe.run(document,
    {runOnly: {type: 'tag', values: etiquetas}, resultTypes: ['violations']})
  .then(r => r.violations.filter(v => graves.includes(v.impact)).map(v => ({
    id: v.id, impact: v.impact,
    nodes: v.nodes.slice(0, 6).map(n => n.target.join(' ') + ' — ' + (n.failureSummary || '').split('\\n')[1])
  })))"""


# Counts htmx's swaps in each document the journey's pages open.
CONTAR_CAMBIOS = (
    "document.addEventListener('htmx:afterSettle', () => { window.__cambiosAxe = (window.__cambiosAxe || 0) + 1; });"
)

# A list's page cursor or number: the same page, further on.
PAGINACION = {"antes", "despues", "pagina", "page", "cursor"}


@cache
def fuente_de_axe() -> str:
    return (Path(__file__).resolve().parents[2] / "static" / AXE.removeprefix("/static/")).read_text()


def forma(url: str) -> str:
    """The kind of address: its path with every segment holding a digit folded, and its query's names but
    the pagination's."""
    partes = urlsplit(url)
    camino = "/".join("·" if re.search(r"\d", s) else s for s in partes.path.split("/"))
    if partes.fragment:
        camino += "#" + partes.fragment
    nombres = sorted({k for k, _ in parse_qsl(partes.query, keep_blank_values=True)} - PAGINACION)
    return camino + ("?" + "&".join(nombres) if nombres else "")


@dataclass
class Pagina:
    """A browser page of the journey: what it navigated to, and under which role."""

    pagina: object
    contexto: object
    rol: str = ""
    estado: dict | None = None  # the context's storage state, taken if the test closes the context
    visitas: list[str] = field(default_factory=list)  # GET addresses of its main frame, in order
    tras_post: bool = False  # whether its document is the answer to a form posted (not reopened by address)

    def cambio(self) -> bool:
        """Whether the page as it was left differs from its address reopened: a form's answer, or htmx swapped
        part of it."""
        return self.tras_post or self.pagina.evaluate("() => window.__cambiosAxe || 0") > 0

    def sesion(self) -> dict | None:
        if self.estado is not None:
            return self.estado
        try:
            return self.contexto.storage_state()
        except Exception:  # closed without passing through ContextoRegistrado.close
            return None


class Registro:
    """The session's record: the kinds of page already checked, and the current test's pages."""

    def __init__(self) -> None:
        self.revisadas: set[tuple[str, str]] = set()
        self.paginas: list[Pagina] = []
        self.activo = False
        self.segundos = 0.0  # time spent checking, for the session's summary
        self.veces = 0  # kinds of page checked

    def observar(self, pagina, contexto) -> Pagina:
        registrada = Pagina(pagina, contexto)
        self.paginas.append(registrada)

        def navegacion(solicitud) -> None:
            if not solicitud.is_navigation_request() or solicitud.frame.parent_frame is not None:
                return
            registrada.tras_post = solicitud.method != "GET"
            if solicitud.method == "GET" and not NO_SON_PAGINAS.search(urlsplit(solicitud.url).path):
                registrada.visitas.append(solicitud.url)

        pagina.add_init_script(script=CONTAR_CAMBIOS)
        pagina.on("request", navegacion)
        return registrada

    def de(self, pagina) -> Pagina | None:
        return next((p for p in self.paginas if p.pagina is pagina), None)

    def ingreso(self, pagina, rol: str) -> None:
        """Who is logged in on the page from now on (the `ingresar` fixtures tell)."""
        if registrada := self.de(pagina):
            registrada.rol = rol

    def cerrando(self, contexto) -> None:
        for registrada in self.paginas:
            if registrada.contexto is contexto and registrada.estado is None:
                registrada.estado = contexto.storage_state()

    def empezar(self) -> None:
        self.paginas = []
        self.activo = True

    def nueva(self, rol: str, url: str) -> bool:
        """Whether this kind of page has not been checked in the session yet (and now is): anonymous or logged
        in, and the home page once per role (its menu is the role's); the role's menu is the same on its
        other pages, what the page shows is the same template for every role."""
        clave = (rol if not rol or urlsplit(url).path == "/" else "*", forma(url))
        if clave in self.revisadas:
            return False
        self.revisadas.add(clave)
        self.veces += 1
        return True

    def revisar(self, navegador) -> list[str]:
        """axe on the test's pages at the three widths: the serious or critical violations, described."""
        self.activo = False
        inicio = time.monotonic()
        hallazgos: list[str] = []
        for registrada in self.paginas:
            final = "" if registrada.pagina.is_closed() else registrada.pagina.url
            if (
                final
                and not NO_SON_PAGINAS.search(urlsplit(final).path)
                and registrada.cambio()
                and self.nueva(registrada.rol, final + "#fin")
            ):
                hallazgos += revisar_como_quedo(registrada)
            # The login's pages anonymously; the rest with the session the page ended with (the events
            # arrive late: which role was on when a request left is not known for sure, who logged in is).
            anonimas = [u for u in registrada.visitas if ANONIMAS.match(urlsplit(u).path) or not registrada.rol]
            con_sesion = [u for u in registrada.visitas if u not in anonimas]
            for rol, sesion, direcciones in (("", None, anonimas), (registrada.rol, registrada.sesion, con_sesion)):
                if pendientes := [u for u in direcciones if self.nueva(rol, u)]:
                    hallazgos += revisar_direcciones(navegador, sesion and sesion(), pendientes)
        self.paginas = []
        self.segundos += time.monotonic() - inicio
        return hallazgos


def correr_axe(pagina) -> list[dict]:
    if not pagina.evaluate("() => typeof axe !== 'undefined'"):
        origen = "/".join(pagina.url.split("/")[:3])
        pagina.add_script_tag(url=origen + AXE)
    return pagina.evaluate(EJECUTAR_AXE, [ETIQUETAS_WCAG, list(GRAVES)])


TIEMPOS: dict[str, float] = {}  # seconds per page checked, for the session's summary


# Issue 45: the page's width beyond the window's, and the outermost elements that stick out (not those inside a
# box that scrolls sideways on its own, as a wide table's does).
DESBORDE = """() => {
  const raiz = document.documentElement, ancho = raiz.clientWidth;
  const exceso = raiz.scrollWidth - ancho;
  if (exceso <= 1) return null;
  const enCaja = el => { for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX; if (o === 'auto' || o === 'scroll' || o === 'hidden') return true; }
    return false; };
  const nombre = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (el.classList.length ? '.' + [...el.classList].join('.') : '');
  const salen = [...document.body.querySelectorAll('*')].filter(el => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.right > ancho + 1 && !enCaja(el) && !(el.parentElement &&
      el.parentElement.getBoundingClientRect().right > ancho + 1);
  });
  return {exceso, elementos: salen.slice(0, 5).map(el => nombre(el) + ' (' +
    Math.round(el.getBoundingClientRect().right) + ' px)')};
}"""
SIN_DESBORDE = {1024, 390}  # the widths that must not scroll sideways (a tablet's and a phone's)


def desborde(pagina) -> dict | None:
    """DESBORDE once the page has settled at its new width: a chart redraws to it a few frames after the window
    changes (Chart.js's resize observer, slower on a loaded machine), so what sticks out is measured again."""
    for espera in (0, 250, 750):
        pagina.wait_for_timeout(espera)
        # Chart.js redraws on its resize observer's next frame, late on a loaded machine: ask each chart now.
        pagina.evaluate("() => window.Chart && Object.values(Chart.instances || {}).forEach(c => c.resize())")
        if not (d := pagina.evaluate(DESBORDE)):
            return None
    return d


def en_tres_anchos(pagina, url: str) -> list[str]:
    inicio = time.monotonic()
    hallazgos = []
    for ancho in ANCHOS:
        pagina.set_viewport_size(ancho)
        for v in correr_axe(pagina):
            nodos = "\n      ".join(v["nodes"])
            hallazgos.append(f"{url} a {ancho['width']} px: {v['id']} ({v['impact']})\n      {nodos}")
        if ancho["width"] in SIN_DESBORDE and (d := desborde(pagina)):
            salen = "\n      ".join(d["elementos"])
            hallazgos.append(f"{url} a {ancho['width']} px: desborde horizontal de {d['exceso']} px\n      {salen}")
    TIEMPOS[url] = time.monotonic() - inicio
    return hallazgos


def es_pagina(pagina) -> bool:
    return pagina.url.startswith("http") and pagina.evaluate("() => document.contentType") == "text/html"


def revisar_como_quedo(registrada: Pagina) -> list[str]:
    pagina = registrada.pagina
    if not es_pagina(pagina):
        return []
    anterior = pagina.viewport_size
    try:
        return en_tres_anchos(pagina, pagina.url + " (como quedó al final del recorrido)")
    finally:
        pagina.set_viewport_size(anterior)


def revisar_direcciones(navegador, sesion: dict | None, direcciones: list[str]) -> list[str]:
    contexto = navegador.new_context(viewport=ESCRITORIO, locale="es-CO", storage_state=sesion)
    contexto.set_default_timeout(15_000)
    contexto.add_init_script(script=fuente_de_axe())  # in every document before its scripts: no download
    hallazgos = []
    try:
        pagina = contexto.new_page()
        for url in direcciones:
            try:
                respuesta = pagina.goto(url, wait_until="load")
            except Exception as error:  # a download, not a page
                if "Download is starting" in str(error):
                    continue
                raise
            if respuesta is None or not respuesta.ok or not es_pagina(pagina):
                continue
            hallazgos += en_tres_anchos(pagina, pagina.url)
    finally:
        contexto.close()
    return hallazgos


class ContextoRegistrado:
    """A context a test opened itself: its pages are recorded, its session kept when the test closes it."""

    def __init__(self, real, registro: Registro) -> None:
        self._real = real
        self._registro = registro
        real.on("page", lambda pagina: registro.observar(pagina, real) if registro.activo else None)

    def __getattr__(self, nombre):
        return getattr(self._real, nombre)

    def close(self, **opciones) -> None:
        self._registro.cerrando(self._real)
        self._real.close(**opciones)


class NavegadorRegistrado:
    """The session's browser as the tests see it: the contexts they open are recorded."""

    def __init__(self, real, registro: Registro) -> None:
        self._real = real
        self._registro = registro

    def __getattr__(self, nombre):
        return getattr(self._real, nombre)

    def new_context(self, **opciones) -> ContextoRegistrado:
        return ContextoRegistrado(self._real.new_context(**opciones), self._registro)


def fallar_si_hay(hallazgos: list[str]) -> None:
    if hallazgos:
        pytest.fail(
            f"axe-core: {len(hallazgos)} violaciones graves o críticas en las páginas del recorrido:\n  "
            + "\n  ".join(hallazgos),
            pytrace=False,
        )
