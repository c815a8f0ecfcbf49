"""A crawler of the portal as its users read it (issue 11 §3): logged in as each demo role, it opens
every menu entry and the detail pages they link to, plus the public pages, and lists what a person
should never read: internal codes, demo references, alert keys, ISO dates, English-formatted gallons
and English admin labels. tests/demo/test_crawler_esco.py runs it on the loaded demo.
"""

import re
from collections import defaultdict
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urlsplit

from django.urls import Resolver404, resolve

# Text inside these elements is not read by a person (or is the API's own documentation).
OCULTOS = {"script", "style", "template", "noscript", "head", "svg"}
VACIOS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

CODIGO_DE_NORMA = r"(?<![\w-])[RFC]-\d{2}(?![\w-])"

PATRONES = {
    "código snake_case": re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b"),
    "código con punto": re.compile(r"(?<![\w@./])[a-z]+\.[a-z]+(?:_[a-z]+)*\b(?![.\w/@-])"),
    "referencia demo": re.compile(r"\bdemo:", re.IGNORECASE),
    "clave de alerta": re.compile(r"\b\d{4}-\d{2}:[A-Z0-9]"),
    "galones en inglés": re.compile(r"\d\.\d{2}\s*gal\b|\b\d{1,3}(?:,\d{3})+,\d{2}\b|\b\d{1,3}(?:,\d{3})+\.\d{2}\b"),
    "fecha ISO": re.compile(r"\b\d{4}-\d{2}-\d{2}\b"),
    # A rule of DOMAIN.md (R-12, F-04, C-07) in a sentence, whose place is the «Norma» note (issue 26, defect 10):
    # «(R-06)», «(Barranquilla, C-08)», «R-12: por cancelación…», «el adicional F-04 (gal/mes)». A cargo route's
    # code alone in a cell or an option, or after «ruta» («en la ruta R-07 (Houston → Cartagena)»), is a
    # name the person reads; «MC-05-0777» is a matrícula.
    "código de norma": re.compile(
        rf"\([^()\n]*{CODIGO_DE_NORMA}[^()\n]*\)"
        rf"|{CODIGO_DE_NORMA}(?:\s*(?:,|y|/)\s*{CODIGO_DE_NORMA})*\s*:"
        rf"|(?<=[a-záéíóúñ] )(?<!ruta ){CODIGO_DE_NORMA}(?= \(| [a-záéíóúñ])"
    ),
    "etiqueta en inglés": re.compile(
        r"\b(?:Access attempts?|Access failures?|Access logs?|Auth tokens?|Periodic tasks?|Groups|Users|"
        r"historicas|(?:Annual|Informe anual) plans?|Add|Change|View|Delete|Recent actions|My actions)\b"
    ),
}
# Messages (a form's errors, a service's refusal) have no legal citations nor version numbers: a number
# with a decimal point there is English (0.001, 800.00), since es-CO groups thousands in threes (1.500).
# A service's message keeps citing its rule (the API shows it); a page shows the message through core.comun.normas'
# sin_norma, and its rule apart: scan what sin_norma leaves.
PATRONES_MENSAJES = {
    **PATRONES,
    "número en inglés": re.compile(r"(?<![\d.,])(?:0\.\d+|\d+\.(?:\d{1,2}|\d{4,}))(?![\d,]|\.\d)"),
    "mensaje genérico de Django REST framework": re.compile(r"Este campo es requerido"),
}
# Words a person does read that look like codes: e-mail domains and file names in help texts.
PERMITIDOS = {
    "código con punto": {"example.com"},
}


class Texto(HTMLParser):
    """The visible text of a page and its links (href of <a>)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.partes: list[str] = []
        self.enlaces: list[str] = []
        self._pila: list[str] = []
        self._ocultos = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a" and attrs.get("href"):
            self.enlaces.append(attrs["href"])
        if tag in VACIOS:
            return
        # A file's column names are what the person types in the file: shown as the file has them. A rule's
        # code stands apart in its «Norma: R-12» note (core/templatetags/normas.py), out of the sentence.
        clases = (attrs.get("class") or "").split()
        aparte = "columna" in clases or "norma" in clases
        oculto = tag in OCULTOS or "hidden" in attrs or attrs.get("aria-hidden") == "true" or aparte
        self._pila.append((tag, oculto))
        self._ocultos += oculto
        if tag in ("p", "div", "td", "th", "li", "tr", "h1", "h2", "h3", "option", "dd", "dt", "br"):
            self.partes.append("\n")

    def handle_endtag(self, tag):
        while self._pila:
            abierto, oculto = self._pila.pop()
            self._ocultos -= oculto
            if abierto == tag:
                break
        self.partes.append(" ")

    def handle_data(self, data):
        if not self._ocultos:
            self.partes.append(data)

    def texto(self) -> str:
        return "".join(self.partes)


def leer(html: str) -> Texto:
    parser = Texto()
    parser.feed(html)
    parser.close()
    return parser


def permitir(palabras) -> None:
    """Words people do read although they look like codes: the users' own login names."""
    for palabra in palabras:
        for tipo in ("código snake_case", "código con punto"):
            PERMITIDOS.setdefault(tipo, set()).add(palabra)


def hallazgos(texto: str, patrones: dict = PATRONES) -> list[tuple[str, str, str]]:
    """(kind, match, context) of everything a person should not read in this text."""
    encontrados = []
    for tipo, patron in patrones.items():
        for m in patron.finditer(texto):
            if m.group(0) in PERMITIDOS.get(tipo, ()):
                continue
            contexto = " ".join(texto[max(0, m.start() - 60) : m.end() + 40].split())
            encontrados.append((tipo, m.group(0), contexto))
    return encontrados


# The page about the rules (docs/decisiones.md) names each one by its code; the administrator's tables show data
# that looks like one (a cargo route «R-07» in a cell, an object's name in a heading). The admin's own labels, help
# texts and model names carry no code: tests/demo/test_admin_sin_normas.py reads them.
SOBRE_LAS_NORMAS = ("/decisiones/", "/admin/")


def patrones_de(url: str) -> dict:
    """What a page must not show: all of PATRONES, but the page about the rules cites them."""
    if urlsplit(url).path.startswith(SOBRE_LAS_NORMAS):
        return {tipo: patron for tipo, patron in PATRONES.items() if tipo != "código de norma"}
    return PATRONES


# Pages not read as prose: the API's documentation, downloads, logout and the admin's forms.
EXCLUIDOS = ("/api/", "/salir/", "/static/", "/media/", "/admin/")
POR_TIPO = 3  # detail pages followed per URL name


@dataclass
class Recorrido:
    visitadas: dict[str, int] = field(default_factory=dict)  # url → status
    problemas: list[tuple[str, str, str, str]] = field(default_factory=list)  # (url, kind, match, context)
    errores: list[tuple[str, int]] = field(default_factory=list)

    def abrir(self, cliente, url: str) -> Texto | None:
        if url in self.visitadas:
            return None
        r = cliente.get(url)
        self.visitadas[url] = r.status_code
        if r.status_code in (301, 302):
            return None
        if r.status_code != 200:
            self.errores.append((url, r.status_code))
            return None
        if "text/html" not in r.get("Content-Type", ""):
            return None
        pagina = leer(r.content.decode())
        for tipo, encontrado, contexto in hallazgos(pagina.texto(), patrones_de(url)):
            self.problemas.append((url, tipo, encontrado, contexto))
        return pagina


def interno(href: str) -> str | None:
    partes = urlsplit(href)
    if partes.scheme or partes.netloc or not partes.path.startswith("/"):
        return None
    if partes.path.startswith(EXCLUIDOS) or partes.path.endswith((".pdf", ".csv", ".xlsx")):
        return None
    return partes.path + (f"?{partes.query}" if partes.query else "")


def nombre_url(url: str) -> str | None:
    try:
        coincidencia = resolve(urlsplit(url).path)
    except Resolver404:
        return None
    return coincidencia.view_name


def recorrer(cliente, inicios: list[str], recorrido: Recorrido | None = None) -> Recorrido:
    """Open each start page, then up to POR_TIPO of the pages it links to per URL name (one level)."""
    recorrido = recorrido or Recorrido()
    por_tipo: dict[str, int] = defaultdict(int)
    siguientes = []
    for inicio in inicios:
        pagina = recorrido.abrir(cliente, inicio)
        if pagina is None:
            continue
        for href in pagina.enlaces:
            url = interno(href)
            nombre = url and nombre_url(url)
            if not nombre or url in recorrido.visitadas or url in siguientes or url in inicios:
                continue
            if por_tipo[nombre] < POR_TIPO:
                por_tipo[nombre] += 1
                siguientes.append(url)
    for url in siguientes:
        recorrido.abrir(cliente, url)
    return recorrido
