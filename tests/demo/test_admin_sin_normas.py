"""Issue 26: the administrator reads no rule code (R-12, F-04, C-09) in the admin's labels, help texts, headings
and model names; the codes live in the code's comments and in the «Norma» notes of the portal's pages.

As a superuser on the loaded demo: the admin's index, each app's index, and for every registered model its
changelist, its add form and the change form of one of its rows. Only what names things is read (titles,
headings, labels, help texts, column headers, the model lists): a cargo route's code in a cell («R-07») is data.
"""

import contextlib
import re
from html.parser import HTMLParser

import pytest
from django.contrib import admin
from django.urls import NoReverseMatch, reverse

pytestmark = pytest.mark.django_db

CODIGO_DE_NORMA = re.compile(r"\b[RFC]-\d{2}\b")
# Where the admin names things rather than shows data.
ETIQUETAS = {"title", "h1", "h2", "h3", "label", "legend", "caption", "thead"}
CLASES = {"help", "breadcrumbs"}
VACIOS = {"br", "img", "input", "meta", "link", "hr", "col", "source", "area", "base", "wbr"}


class Nombres(HTMLParser):
    """The text of the elements that name things: headings, labels, help texts, column headers, and in the
    index and app pages, the names of the models (the rows' <th> of the app list tables)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.pila: list[tuple[str, bool]] = []
        self.dentro = 0
        self.textos: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in VACIOS:
            return
        atributos = dict(attrs)
        clases = set((atributos.get("class") or "").split())
        nombra = tag in ETIQUETAS or bool(clases & CLASES) or (tag == "th" and atributos.get("scope") == "row")
        self.pila.append((tag, nombra))
        self.dentro += nombra
        if nombra:
            self.textos.append("\n")

    def handle_endtag(self, tag):
        while self.pila:
            abierto, nombra = self.pila.pop()
            self.dentro -= nombra
            if abierto == tag:
                break

    def handle_data(self, data):
        if self.dentro:
            self.textos.append(data)

    def texto(self) -> str:
        return " ".join("".join(self.textos).split("\n"))


def codigos_en(html: str, dato: str = "") -> list[str]:
    """The rule codes in what names things; `dato`, the row a change form is about, is data."""
    lector = Nombres()
    lector.feed(html)
    texto = lector.texto().replace(dato, "") if dato else lector.texto()
    return [" ".join(texto[max(0, m.start() - 60) : m.end() + 20].split()) for m in CODIGO_DE_NORMA.finditer(texto)]


def paginas_del_admin() -> list[tuple[str, str]]:
    """(address, the name of the row it shows, if any)."""
    paginas = [(reverse("admin:index"), "")]
    apps = set()
    for modelo, modelo_admin in admin.site._registry.items():
        meta = modelo._meta
        apps.add(meta.app_label)
        prefijo = f"admin:{meta.app_label}_{meta.model_name}"
        paginas.append((reverse(f"{prefijo}_changelist"), ""))
        with contextlib.suppress(NoReverseMatch):
            paginas.append((reverse(f"{prefijo}_add"), ""))
        fila = modelo_admin.get_queryset(_peticion()).order_by("pk").first()
        if fila is not None:
            paginas.append((reverse(f"{prefijo}_change", args=[fila.pk]), str(fila)))
    paginas += [(reverse("admin:app_list", args=[app]), "") for app in sorted(apps)]
    return paginas


def _peticion():
    from django.test import RequestFactory

    from core.models import Usuario

    peticion = RequestFactory().get("/admin/")
    peticion.user = Usuario.objects.filter(is_superuser=True).first()
    return peticion


def test_el_admin_no_muestra_codigos_de_norma(demo, client):
    from core.identidad.roles import Rol
    from core.models import Usuario
    from core.tests.segundo_factor import verificar_sesion

    superusuario = Usuario.objects.create_superuser(
        username="raiz", email="raiz@example.com", password="clave-de-prueba-2025", rol=Rol.ADMINISTRADOR
    )
    client.force_login(superusuario)
    verificar_sesion(client, superusuario)
    encontrados = {}
    leidas = 0
    for url, dato in paginas_del_admin():
        respuesta = client.get(url)
        if respuesta.status_code == 403:  # an add form the model's admin does not allow
            continue
        assert respuesta.status_code == 200, (url, respuesta.status_code)
        leidas += 1
        for codigo in codigos_en(respuesta.content.decode(), dato):
            encontrados.setdefault(codigo, url)  # the side menu repeats the model names on every page
    assert leidas > 3 * len(admin.site._registry) // 2
    assert not encontrados, "Códigos de norma en el admin:\n" + "\n".join(
        f"{url}: {codigo}" for codigo, url in encontrados.items()
    )
