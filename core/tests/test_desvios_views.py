"""Issue 28 §2: the analysts' page of diversion cases, a case, and its mark with confirmation."""

import pytest

from core.desvios import services
from core.desvios.models import CasoDesvio
from core.identidad.roles import Rol
from core.tests.desvios_datos import FECHA, Mundo

pytestmark = pytest.mark.django_db


def test_sin_calculo_la_pagina_lo_dice(entrar):
    r = entrar(Rol.UPME_ANALISTA).get("/desvios/")
    assert r.status_code == 200
    assert "todavía no se ha hecho ningún cálculo" in r.content.decode()


def test_lista_caso_y_marca_con_confirmacion_cambian_la_precision(entrar):
    mundo = Mundo()
    nave = mundo.plantar_galones()
    services.desvios_puntuar(fecha=FECHA)
    caso = CasoDesvio.objects.get()
    web = entrar(Rol.DIMAR)
    lista = web.get("/desvios/").content.decode()
    assert nave.nombre in lista and f"/desvios/{caso.id}/" in lista and "Sin marcas" in lista
    detalle = web.get(f"/desvios/{caso.id}/").content.decode()
    assert "Galones por zarpe fuera de lo normal" in detalle and "/verificar/" in detalle

    datos = {"estado": "confirmado", "nota": "La nave no carga 4.500 galones."}
    confirmar = web.post(f"/desvios/{caso.id}/marcar/", datos)
    assert confirmar.status_code == 200 and "Esto es lo que va a pasar" in confirmar.content.decode()
    caso.refresh_from_db()
    assert caso.estado == "abierto"
    r = web.post(f"/desvios/{caso.id}/marcar/", {**datos, "confirmado": "1"})
    assert r.status_code == 302
    caso.refresh_from_db()
    assert caso.estado == "confirmado" and caso.nota == datos["nota"]
    lista = web.get("/desvios/?estado=todos").content.decode()
    assert 'data-senal="galones_zarpe">100 %' in lista.replace(",0 %", " %")


def test_marca_sin_nota_no_pide_confirmacion(entrar):
    Mundo().plantar_tope()
    services.desvios_puntuar(fecha=FECHA)
    caso = CasoDesvio.objects.get()
    web = entrar(Rol.UPME_ANALISTA)
    r = web.post(f"/desvios/{caso.id}/marcar/", {"estado": "descartado", "nota": ""}, follow=True)
    assert "Escriba una nota" in r.content.decode()
    caso.refresh_from_db()
    assert caso.estado == "abierto"


def test_un_distribuidor_no_entra(entrar):
    assert entrar(Rol.DISTRIBUIDOR).get("/desvios/").status_code == 403


def _casos(n, desde=0):
    from django.utils import timezone

    from core.desvios.models import SenalCaso

    for i in range(desde, desde + n):
        caso = CasoDesvio.objects.create(
            tipo_sujeto="beneficiario", sujeto_id=i, sujeto=f"Nave {i}", puntaje=i, calculado_en=timezone.now()
        )
        SenalCaso.objects.bulk_create(
            [
                SenalCaso(caso=caso, codigo=codigo, detalle="Una frase.", puntaje=10)
                for codigo in ("galones_zarpe", "zarpes_seguidos")
            ]
        )


def test_la_lista_hace_las_mismas_consultas_con_mas_casos(entrar):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    web = entrar(Rol.AUDITOR)
    _casos(2)
    web.get("/desvios/")
    with CaptureQueriesContext(connection) as pocos:
        assert web.get("/desvios/").status_code == 200
    _casos(15, desde=100)
    with CaptureQueriesContext(connection) as muchos:
        r = web.get("/desvios/")
    assert "Nave 114" in r.content.decode()
    assert len(muchos.captured_queries) == len(pocos.captured_queries)


def test_issue45_mientras_el_calculo_corre_la_pagina_se_actualiza_sola_y_para_al_terminar(entrar):
    """«la lista se actualiza cuando termine»: the block refreshes itself (htmx) while the job runs, and the
    refresh stops once it has ended, with its result."""
    from django.utils import timezone

    from core.desvios.models import CalculoDesvios

    web = entrar(Rol.UPME_ANALISTA)
    calculo = CalculoDesvios.objects.create(fecha=FECHA, estado=CalculoDesvios.Estado.CALCULANDO)
    html = web.get("/desvios/?estado=todos").content.decode()
    assert "En curso desde" in html
    assert 'hx-trigger="every 2s"' in html and 'hx-get="/desvios/?estado=todos"' in html
    assert 'hx-select="#desvios-contenido"' in html

    CalculoDesvios.objects.filter(pk=calculo.pk).update(
        estado=CalculoDesvios.Estado.TERMINADO, terminado=timezone.now(), mensaje="3 casos."
    )
    html = web.get("/desvios/?estado=todos", HTTP_HX_REQUEST="true").content.decode()
    assert "Terminado el" in html and "3 casos." in html and 'hx-trigger="every 2s"' not in html
