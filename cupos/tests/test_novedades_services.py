"""R-24: Dimar reports the baja; UPME cancels the cupo, by its own act, "para que [la UPME] ... cancele
los cupos otorgados a las naves a las cuales se les canceló la matrícula o el permiso"."""

import datetime as dt

import pytest

from core.identidad.roles import Rol
from core.models import Alerta
from core.tests.segundo_factor import con_codigo
from core.vencimientos import calendario
from core.vencimientos.alertas import alertas_abiertas
from core.vencimientos.plazos import revisar_plazos
from cupos.models import BajaDimar, Cupo, TipoAlertaCupos
from cupos.services.novedades import novedades_register
from cupos.tests.factories import NaveFactory, cancelar_en_firme
from zarpes.tests.factories import nave_con_cupo

D = dt.date
T = TipoAlertaCupos
def _baja(dimar, nave, fecha=D(2026, 6, 10)):
    return novedades_register(
        actor=dimar,
        periodo=D(2026, 6, 1),
        altas=[],
        bajas=[{"matricula": nave.matricula, "fecha": fecha, "motivo": "Matrícula cancelada"}],
    )


@pytest.mark.django_db
def test_r24_a_baja_is_recorded_and_alerts_upme_without_cancelling(settings, crear_usuario):
    settings.OUTBOX_ENDPOINTS = {}
    nave, cupo = nave_con_cupo(firmeza=D(2026, 3, 2))
    _baja(crear_usuario(Rol.DIMAR), nave)
    baja = BajaDimar.objects.get()
    assert baja.beneficiario == nave and baja.fecha == D(2026, 6, 10)
    cupo.refresh_from_db()
    assert cupo.estado == Cupo.Estado.EN_FIRME and cupo.fecha_fin is None
    alerta = alertas_abiertas(T.BAJA_DIMAR_POR_DECIDIR).get()
    assert alerta.cupo_id == cupo.id and alerta.vence == D(2026, 6, 30)
    assert alerta.referencia == f"2026-06:{nave.matricula}"
    revisar_plazos(fecha=D(2026, 6, 20))  # the daily run neither duplicates nor closes it
    assert alertas_abiertas(T.BAJA_DIMAR_POR_DECIDIR).count() == 1


@pytest.mark.django_db
def test_r24_upmes_cancellation_decides_the_baja(settings, crear_usuario):
    settings.OUTBOX_ENDPOINTS = {}
    nave, cupo = nave_con_cupo(firmeza=D(2026, 3, 2))
    _baja(crear_usuario(Rol.DIMAR), nave)
    cancelar_en_firme(actor=crear_usuario(Rol.UPME_ANALISTA), cupo=cupo, fecha=D(2026, 6, 10), causal="baja_dimar",
                      soporte="Novedades de Dimar de junio de 2026", motivo="Baja de Dimar")
    assert not alertas_abiertas(T.BAJA_DIMAR_POR_DECIDIR).exists()
    assert list(BajaDimar.objects.get().cupos_cancelados.all()) == [cupo]
    revisar_plazos(fecha=D(2026, 12, 1))
    assert not alertas_abiertas(T.BAJA_DIMAR_POR_DECIDIR).exists()


@pytest.mark.django_db
def test_r24_a_vessel_without_a_cupo_to_decide_raises_nothing(crear_usuario):
    _baja(crear_usuario(Rol.DIMAR), NaveFactory())
    assert BajaDimar.objects.count() == 1
    assert not Alerta.objects.filter(tipo=T.BAJA_DIMAR_POR_DECIDIR).exists()


@pytest.mark.django_db
def test_r24_the_alert_links_to_the_cancellation_which_asks_for_confirmation(settings, crear_usuario, entrar):
    settings.OUTBOX_ENDPOINTS = {}
    nave, cupo = nave_con_cupo(firmeza=D(2026, 3, 2))
    _baja(crear_usuario(Rol.DIMAR), nave)
    baja = BajaDimar.objects.get()
    cliente = entrar()
    enlace = f"/cupos/{cupo.id}/cancelar/?baja={baja.id}"
    assert enlace in cliente.get("/alertas/", {"tipo": T.BAJA_DIMAR_POR_DECIDIR}).content.decode()
    assert enlace in cliente.get("/novedades-dimar/").content.decode()
    formulario = cliente.get(enlace).content.decode()
    # P-05: the cancellation rules from the day of its act (today), never from the baja's date
    hoy = calendario.today().isoformat()
    assert f'value="{hoy}"' in formulario and "Matrícula cancelada" in formulario
    assert '<option value="baja_dimar" selected>' in formulario  # the baja is the causal and its support
    datos = {"cancelar-fecha": hoy, "cancelar-motivo": "Baja reportada por Dimar",
             "cancelar-causal": "baja_dimar", "cancelar-soporte": "Novedades de Dimar de junio de 2026"}
    r = cliente.post(f"/cupos/{cupo.id}/cancelar/", datos)
    assert "Se expide el acto que cancela el cupo de la resolución" in r.content.decode()
    assert Cupo.objects.get(pk=cupo.pk).estado == Cupo.Estado.EN_FIRME
    cliente.post(f"/cupos/{cupo.id}/cancelar/", con_codigo(cliente, {**datos, "confirmado": "1"}))
    assert Cupo.objects.get(pk=cupo.pk).estado == Cupo.Estado.CANCELADO
    assert not alertas_abiertas(T.BAJA_DIMAR_POR_DECIDIR).exists()


@pytest.mark.django_db
def test_r24_a_novelties_report_is_one_act_a_bad_last_row_records_nothing(settings, crear_usuario):
    """Dimar's report writes many rows (altas, bajas, alerts): one bad row refuses all of them."""
    from core.comun.errors import DatosInvalidos
    from cupos.models import AltaDimar, Beneficiario, NovedadDimar

    settings.OUTBOX_ENDPOINTS = {}
    nave, _ = nave_con_cupo(firmeza=D(2026, 3, 2))
    alta = {
        "matricula": "MC-05-9911", "nombre": "Nueva Esperanza", "identificacion": "900111222", "bandera": "CO",
        "trb": "80", "actividad": "pesca", "capacidad_combustible_gal": "3000", "capitania": nave.capitania.codigo,
    }
    beneficiarios = Beneficiario.objects.count()
    with pytest.raises(DatosInvalidos) as exc:
        novedades_register(
            actor=crear_usuario(Rol.DIMAR),
            periodo=D(2026, 6, 1),
            altas=[alta],
            bajas=[
                {"matricula": nave.matricula, "fecha": D(2026, 6, 10), "motivo": "Matrícula cancelada"},
                {"matricula": "NO-EXISTE", "fecha": D(2026, 6, 10), "motivo": ""},
            ],
        )
    assert "bajas[1].matricula" in exc.value.errores
    assert not NovedadDimar.objects.exists() and not BajaDimar.objects.exists() and not AltaDimar.objects.exists()
    assert Beneficiario.objects.count() == beneficiarios
    assert not alertas_abiertas(T.BAJA_DIMAR_POR_DECIDIR).exists()
