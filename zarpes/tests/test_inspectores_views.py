"""R-13 in the browser: the «Inspectores designados» page and the inspector on the officer's report form."""

import datetime as dt

import pytest
from django.urls import reverse

from core.identidad.roles import Rol
from core.models import RegistroAuditoria
from core.tests.factories import CapitaniaFactory
from zarpes.models import Inspeccion, InspectorDesignado
from zarpes.tests.factories import designar
from zarpes.tests.paginas import HOY, URL, html, pedir

D = dt.date
PAGINA = "/zarpes/inspectores/"


def campos_informe(zarpe, galones="700", **extra):
    datos = {
        f"inspeccion-{zarpe.id}-fecha": HOY.isoformat(),
        f"inspeccion-{zarpe.id}-galones_verificados": galones,
        "confirmado": "1",
    }
    datos.update({f"inspeccion-{zarpe.id}-{k}": v for k, v in extra.items()})
    return datos


@pytest.mark.django_db
def test_r13_el_formulario_del_informe_elige_un_inspector_designado_vigente(entrar, oficial, dona_lucia):
    inspector = designar(oficial)
    designar(oficial, nombre="Pedro Vencido", documento="80123456", desde=D(2025, 1, 2), hasta=D(2026, 3, 1))
    otro = designar(crear_oficial_cp01(), nombre="Ana de Barranquilla", documento="1012345678")
    z = pedir(oficial, dona_lucia, HOY, 800)
    cliente = entrar(oficial)

    cuerpo = html(cliente.get(URL, {"dia": HOY.isoformat()}))
    assert f'name="inspeccion-{z.id}-inspector"' in cuerpo
    assert "Marta Elena Ríos (C.C. 45123456)" in cuerpo
    assert "Pedro Vencido" not in cuerpo and "Ana de Barranquilla" not in cuerpo

    # Required while the capitanía has an inspector in force: nothing is recorded without one.
    r = cliente.post(reverse("zarpes:inspeccion", args=[z.id]), campos_informe(z))
    assert r.status_code == 400 and "Elija el inspector designado que firmó el informe." in html(r)
    # Another capitanía's inspector is not a choice.
    r = cliente.post(reverse("zarpes:inspeccion", args=[z.id]), campos_informe(z, inspector=otro.id))
    assert r.status_code == 400 and "Elija un inspector designado por la capitanía de la lista." in html(r)
    assert not Inspeccion.objects.exists()

    r = cliente.post(reverse("zarpes:inspeccion", args=[z.id]), campos_informe(z, inspector=inspector.id), follow=True)
    assert r.status_code == 200
    assert Inspeccion.objects.get(zarpe=z).inspector == inspector
    # The zarpe's page and the day's list name the inspector.
    assert "Inspector designado: Marta Elena Ríos (C.C. 45123456)" in html(cliente.get(URL, {"zarpe": z.id}))
    assert "Inspector designado: Marta Elena Ríos" in html(cliente.get(URL, {"dia": HOY.isoformat()}))


def crear_oficial_cp01():
    from core.tests.factories import UsuarioFactory

    return UsuarioFactory(rol=Rol.CAPITANIA_OFICIAL, capitania=CapitaniaFactory(codigo="CP01", nombre="Barranquilla"))


@pytest.mark.django_db
def test_r13_sin_inspectores_vigentes_el_informe_queda_sin_inspector_designado_registrado(entrar, oficial, dona_lucia):
    z = pedir(oficial, dona_lucia, HOY, 800)
    cliente = entrar(oficial)
    assert "Sin inspectores designados vigentes en la capitanía" in html(cliente.get(URL, {"dia": HOY.isoformat()}))
    r = cliente.post(reverse("zarpes:inspeccion", args=[z.id]), campos_informe(z), follow=True)
    assert r.status_code == 200 and Inspeccion.objects.get(zarpe=z).inspector is None
    assert "Sin inspector designado registrado." in html(cliente.get(URL, {"zarpe": z.id}))


@pytest.mark.django_db
def test_r13_pagina_inspectores_designados_lista_filtra_designa_y_termina(entrar, oficial, hoy):
    cliente = entrar(oficial)
    r = cliente.get(PAGINA)
    assert r.status_code == 200
    cuerpo = html(r)
    assert "Inspectores designados" in cuerpo and "No hay inspectores designados vigentes en" in cuerpo
    assert f'href="{PAGINA}"' in html(cliente.get(URL))  # the officer's counter and menu link to it

    datos = {
        "nombre": "Marta Elena Ríos",
        "documento": "45123456",
        "acto_designacion": "Resolución 0012 de 2026",
        "vigente_desde": "2026-01-02",
        "vigente_hasta": "",
    }
    r = cliente.post(PAGINA, datos, follow=True)
    assert r.status_code == 200
    assert "Se registró la designación de Marta Elena Ríos (C.C. 45123456)" in html(r)
    inspector = InspectorDesignado.objects.get()
    assert (inspector.capitania.codigo, inspector.registrado_por) == ("CP05", oficial)
    assert RegistroAuditoria.objects.filter(accion="inspector_designado.designar").count() == 1

    r = cliente.post(PAGINA, datos)  # the same person again, overlapping
    assert r.status_code == 400 and "ya está designado en CP05" in html(r)
    r = cliente.post(PAGINA, {**datos, "documento": "", "vigente_hasta": "2025-01-01"})
    assert r.status_code == 400 and "Indique la cédula del inspector." in html(r)

    r = cliente.post(
        reverse("zarpes:inspector-terminar", args=[inspector.id]),
        {f"terminar-{inspector.id}-vigente_hasta": "2026-03-19"},
        follow=True,
    )
    assert "La designación de Marta Elena Ríos termina el 19 de marzo de 2026" in html(r)
    assert "No hay inspectores designados vigentes" in html(cliente.get(PAGINA))
    vencidos = html(cliente.get(PAGINA, {"estado": "vencidos"}))
    assert "Marta Elena Ríos" in vencidos and "Vencida" in vencidos


@pytest.mark.django_db
def test_r13_un_oficial_de_otra_capitania_no_designa_ni_ve_ni_termina(entrar, oficial, hoy):
    inspector = designar(oficial)
    cliente = entrar(crear_oficial_cp01())
    assert "Marta Elena Ríos" not in html(cliente.get(PAGINA, {"estado": "todos", "capitania": "CP05"}))
    r = cliente.post(
        PAGINA,
        {
            "capitania": "CP05",
            "nombre": "Intruso",
            "documento": "11111111",
            "acto_designacion": "Ninguno",
            "vigente_desde": "2026-03-01",
        },
    )
    # An officer's form has no capitanía: what it designates is its own capitanía's, never CP05's.
    assert r.status_code == 302
    assert InspectorDesignado.objects.get(nombre="Intruso").capitania.codigo == "CP01"
    assert list(InspectorDesignado.objects.filter(capitania__codigo="CP05")) == [inspector]
    r = cliente.post(
        reverse("zarpes:inspector-terminar", args=[inspector.id]),
        {f"terminar-{inspector.id}-vigente_hasta": "2026-03-19"},
    )
    assert r.status_code == 404
    inspector.refresh_from_db()
    assert inspector.vigente_hasta is None
    # Readers without the register's roles do not open it.
    assert entrar(Rol.BENEFICIARIO).get(PAGINA).status_code == 403


@pytest.mark.django_db
def test_r13_dimar_designa_en_la_capitania_que_elige(entrar, oficial, hoy):
    cliente = entrar(Rol.DIMAR)
    assert "Todas las capitanías" in html(cliente.get(PAGINA))
    r = cliente.post(
        PAGINA,
        {
            "capitania": "CP05",
            "nombre": "Marta Elena Ríos",
            "documento": "45123456",
            "acto_designacion": "Resolución 0012 de 2026",
            "vigente_desde": "2026-01-02",
        },
    )
    assert r.status_code == 302 and r["Location"] == f"{PAGINA}?capitania=CP05"
    assert InspectorDesignado.objects.get().capitania.codigo == "CP05"
    assert "Marta Elena Ríos" in html(cliente.get(PAGINA, {"capitania": "CP05"}))
