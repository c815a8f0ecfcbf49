"""The demo tells its story: one importer short (and denied an exoneration), one compliant, one with a
granted exoneration."""

import datetime as dt

import pytest

from core import demo as core_demo
from core.vencimientos.calendario import today
from reserva import demo
from reserva.models import Exoneracion, TipoAlertaReserva
from reserva.selectors.cumplimiento import cumplimiento_de

pytestmark = pytest.mark.django_db


def test_demo_de_reserva_de_carga():
    core_demo.cargar()
    logins = demo.cargar()
    assert {u for u, _, _ in logins} >= {"importador.valle", "exportador.cafe"}
    anio = today().year - 1
    fin = dt.date(anio + 1, 1, 1)
    assert cumplimiento_de(usuario_nit="900555123", anio=anio, fecha=fin).cumple is False
    assert cumplimiento_de(usuario_nit="900666777", anio=anio, fecha=fin).cumple is True
    valle = cumplimiento_de(usuario_nit="900888999", anio=anio, fecha=fin)
    assert valle.cumple is True and valle.lineas[0].toneladas_exoneradas > 0
    assert Exoneracion.objects.filter(estado="concedida").count() == 1
    negada = Exoneracion.objects.get(estado="negada")  # issue 24: a denial, a signed act with its code
    assert negada.usuario_nit == "900555123" and negada.codigo_verificacion
    demo.cargar()  # a second run creates nothing new
    assert Exoneracion.objects.filter(estado="concedida").count() == 1
    assert Exoneracion.objects.filter(estado="negada").count() == 1


def test_c08_en_la_demo_el_agente_del_pacifico_ve_su_sobordo_vencido():
    from core.identidad.access import alertas_visibles
    from core.models import Usuario
    from core.vencimientos.plazos import revisar_plazos

    core_demo.cargar()
    demo.cargar()
    revisar_plazos(fecha=today())
    pacifico = Usuario.objects.get(username="agente.pacifico")
    suyas = alertas_visibles(pacifico).filter(resuelta__isnull=True)
    assert list(suyas.values_list("tipo", flat=True)) == [TipoAlertaReserva.SOBORDO_VENCIDO]
    assert "Pacific Dawn" in suyas.get().detalle
    assert not alertas_visibles(Usuario.objects.get(username="agente")).filter(nit_responsable="800654321").exists()
