"""C-05: Dimar's yearly control: request proof after 31 December, record the answer, and send a
possible breach to the capitanías of the ports where the user's cargo arrived."""

import datetime as dt

import pytest

from core.comun.errors import ApplicationError
from core.identidad.roles import Rol
from core.models import Alerta, MensajeSaliente
from reserva.models import AvisoCapitania, TipoAlertaReserva
from reserva.services import controles
from reserva.tests.factories import ConocimientoFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def anio_corto(registros):
    """2025: 1,000 t of general cargo on a foreign ship arrived at Cartagena (500 t short)."""
    ConocimientoFactory(
        arribo__ruta=registros["ruta"],
        arribo__nave=registros["extranjera"],
        arribo__capitania=registros["cartagena"],
        arribo__fecha_arribo=dt.date(2025, 5, 5),
        toneladas=1000,
        flete_usd=40000,
    )
    return registros


def test_c05_control_pide_prueba_registra_respuesta_y_remite_a_las_capitanias(anio_corto, crear_usuario):
    dimar = crear_usuario(Rol.DIMAR)
    importador = crear_usuario(Rol.USUARIO_CARGA)
    control = controles.control_request(actor=dimar, usuario_nit="900555123", anio=2025, fecha=dt.date(2026, 1, 5))
    control = controles.control_answer(
        actor=importador, control=control, fecha=dt.date(2026, 1, 20), respuesta="Adjuntamos los conocimientos del año."
    )
    assert control.estado == "respondido"
    control = controles.control_close(actor=dimar, control=control, fecha=dt.date(2026, 2, 2), remitir=True)
    assert control.estado == "remitido"
    aviso = AvisoCapitania.objects.get(tipo="posible_incumplimiento")
    assert (
        aviso.capitania.codigo == "CP05" and "faltan 500.000 t" in aviso.detalle and "Base de la multa" in aviso.detalle
    )
    assert MensajeSaliente.objects.filter(tipo="reserva.posible_incumplimiento").count() == 1
    assert Alerta.objects.filter(tipo=TipoAlertaReserva.POSIBLE_INCUMPLIMIENTO_RESERVA).count() == 1
    with pytest.raises(ApplicationError) as exc:
        controles.control_close(actor=dimar, control=control, fecha=dt.date(2026, 2, 3), remitir=False)
    assert exc.value.codigo == "control_cerrado"
    with pytest.raises(ApplicationError) as exc:
        controles.control_request(actor=dimar, usuario_nit="900555123", anio=2025, fecha=dt.date(2026, 2, 3))
    assert exc.value.codigo == "control_duplicado"


def test_c05_no_se_controla_un_anio_abierto(crear_usuario):
    with pytest.raises(ApplicationError) as exc:
        controles.control_request(
            actor=crear_usuario(Rol.DIMAR), usuario_nit="900555123", anio=2026, fecha=dt.date(2026, 6, 1)
        )
    assert exc.value.codigo == "anio_abierto"


def test_c05_flete_promedio_de_toda_la_carga_del_anio(registros):
    from decimal import Decimal

    from reserva.selectors.cumplimiento import cumplimiento_de

    ConocimientoFactory(toneladas=100, flete_usd=4000, arribo__ruta=registros["ruta"])
    ConocimientoFactory(
        toneladas=300,
        flete_usd=6000,
        mercancia="carbon",
        arribo__operacion="exportacion",
        arribo__ruta=registros["ruta"],
    )
    resumen = cumplimiento_de(usuario_nit="900555123", anio=2026, fecha=dt.date(2027, 1, 1))
    assert resumen.flete_promedio_usd == Decimal("25.00")  # 10,000 / 400 t, "otra" cargo included
    assert [linea.clase for linea in resumen.lineas] == ["general"]  # C-01: among exports only coffee is reserved
