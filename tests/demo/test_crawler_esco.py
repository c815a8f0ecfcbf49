"""Issue 11 §3: everything a person reads is es-CO. Logged in as each demo role on the loaded demo,
the crawler (tests/crawler.py) opens every menu entry, follows a few of the detail pages each links
to, and reads the public pages; it fails on an internal code, a demo reference, an alert key, an ISO
date, English-formatted gallons or an English admin label, and on any menu link that is not a 200.

On PostgreSQL (the suite's database) and, in a subprocess, on the configuration `make run` serves
(SQLite file, DEBUG on, eager tasks)."""

from pathlib import Path

import pytest

from core.identidad.roles import Rol
from tests.crawler import Recorrido, recorrer

RAIZ = Path(__file__).resolve().parents[2]

# One demo login per role (core.demo.USUARIOS and cupos.demo's beneficiary).
USUARIO_POR_ROL = {
    Rol.ADMINISTRADOR: "admin",
    Rol.UPME_ANALISTA: "analista",
    Rol.CAPITANIA_OFICIAL: "oficial.cartagena",
    Rol.DIMAR: "dimar",
    Rol.DISTRIBUIDOR: "distribuidor",
    Rol.BENEFICIARIO: "beneficiario",
    Rol.AUDITOR: "auditor",
    Rol.MINMINAS: "minminas",
    Rol.ECOPETROL: "ecopetrol",
    Rol.AGENTE_MARITIMO: "agente",
    Rol.USUARIO_CARGA: "importador",
    Rol.CONFERENCIA: "conferencia",
}


def paginas_publicas() -> list[str]:
    from zarpes.models import Certificado

    paginas = ["/", "/ingresar/", "/verificar/", "/fronteras/transparencia/", "/reserva/verificar/", "/decisiones/"]
    certificado = Certificado.objects.order_by("-id").first()
    if certificado:
        paginas.append(f"/verificar/{certificado.codigo_verificacion}/")
    from reserva.models import Exoneracion

    # reserva's verification of a seal and of a signed denial (issue 24)
    for codigo in Exoneracion.objects.exclude(codigo_verificacion=None).values_list("codigo_verificacion", flat=True):
        paginas.append(f"/reserva/verificar/{codigo}/")
    return paginas


def recorrer_rol(rol: str) -> Recorrido:
    """Every menu entry of the role's demo user, then one level of the pages they link to."""
    from django.test import Client

    from core.models import Usuario
    from core.tests.segundo_factor import verificar_sesion
    from core.web.menu import menu_for

    usuario = Usuario.objects.get(username=USUARIO_POR_ROL[rol])
    cliente = Client()
    cliente.force_login(usuario)
    verificar_sesion(cliente, usuario)  # issue 24: who signs or decides acts, with the second factor
    entradas = [e["url"] for e in menu_for(usuario)]
    recorrido = Recorrido()
    docs = [u for u in entradas if u.startswith("/api/")]
    for url in docs:  # the API's documentation speaks the API's language: only its status counts
        recorrido.visitadas[url] = cliente.get(url).status_code
        if recorrido.visitadas[url] != 200:
            recorrido.errores.append((url, recorrido.visitadas[url]))
    return recorrer(cliente, [u for u in entradas if u not in docs], recorrido)


def informe(recorrido: Recorrido) -> str:
    lineas = [f"{url}: {status}" for url, status in recorrido.errores]
    lineas += [f"{url}: {tipo} «{hallado}» en «{contexto}»" for url, tipo, hallado, contexto in recorrido.problemas]
    return "\n".join(lineas)


@pytest.mark.django_db
@pytest.mark.parametrize("rol", list(USUARIO_POR_ROL))
def test_cada_rol_lee_el_portal_en_es_co(demo, rol):
    recorrido = recorrer_rol(rol)
    assert len(recorrido.visitadas) >= 3, recorrido.visitadas
    assert not recorrido.errores and not recorrido.problemas, informe(recorrido)


@pytest.mark.django_db
def test_las_paginas_publicas_se_leen_en_es_co(demo):
    from django.test import Client

    recorrido = recorrer(Client(), paginas_publicas())
    assert len(recorrido.visitadas) >= 6
    assert not recorrido.errores and not recorrido.problemas, informe(recorrido)


GUION = r"""
import json
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.conf import settings
assert settings.DEBUG and settings.CELERY_TASK_ALWAYS_EAGER
assert settings.DATABASES["default"]["ENGINE"].endswith("sqlite3")
from django.test import Client
from tests.crawler import permitir, recorrer
from tests.demo.test_crawler_esco import USUARIO_POR_ROL, paginas_publicas, recorrer_rol
from core.models import Usuario
permitir(Usuario.objects.values_list("username", flat=True))  # the demo is loaded (base_con_demo)
salida = {rol: recorrer_rol(rol) for rol in USUARIO_POR_ROL}
salida["publico"] = recorrer(Client(), paginas_publicas())
print("RESULTADO " + json.dumps({k: {"visitadas": len(r.visitadas), "errores": r.errores, "problemas": r.problemas}
                                 for k, r in salida.items()}))
"""


def test_make_run_se_lee_en_es_co(tmp_path):
    """The same crawl where `make run` serves: SQLite formats and sorts some things differently."""
    from tests.make_run import en_make_run

    resultado = en_make_run(
        GUION,
        tmp_path,
        timeout=900,
        entorno_extra={"DJANGO_ALLOWED_HOSTS": "testserver,127.0.0.1,localhost"},
        con_demo=True,
    )
    fallos = []
    for quien, r in resultado.items():
        assert r["visitadas"] >= 3, quien
        fallos += [f"{quien} {url}: {status}" for url, status in r["errores"]]
        fallos += [f"{quien} {url}: {tipo} «{h}» en «{c}»" for url, tipo, h, c in r["problemas"]]
    assert fallos == [], "\n".join(fallos)
