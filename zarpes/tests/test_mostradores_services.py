"""Issue 43: holds, the counter's enrolment and its sync, and the beat's job that ends expired holds."""

import datetime as dt
from decimal import Decimal

import pytest
from django.utils import timezone

from core.comun.errors import ApplicationError
from core.identidad.roles import Rol
from core.tests.factories import CapitaniaFactory
from cupos.models import Movimiento, Retencion
from cupos.selectors import saldos
from zarpes.models import Certificado, ConsecutivoCertificado
from zarpes.services import mostradores
from zarpes.services.zarpes import zarpe_request
from zarpes.tests.dispositivo import Dispositivo
from zarpes.tests.factories import baja_dimar, nave_con_cupo
from zarpes.tests.paginas import HOY

D = Decimal
SALDO = D("967.74")  # nave_con_cupo's balance on HOY (firm 17 March, 24 000 gal a year)


@pytest.fixture
def mostrador(oficial, hoy):
    dispositivo = Dispositivo()
    m = mostradores.mostrador_enroll(actor=oficial, nombre="Ventanilla 1", clave_publica=dispositivo.jwk())
    m.dispositivo = dispositivo
    return m


@pytest.fixture
def oficial_cp07(crear_usuario):
    return crear_usuario(
        Rol.CAPITANIA_OFICIAL, capitania=CapitaniaFactory(codigo="CP07", nombre="Capitanía de Puerto de Bahía Solano")
    )


def numero(m, i: int) -> str:
    return f"CP05-2026-{m.bloques.get().desde + i:06d}"


@pytest.mark.django_db
def test_enrolment_reserves_a_block_no_other_issuance_uses(oficial, mostrador):
    bloque = mostrador.bloques.get()
    assert (bloque.desde, bloque.hasta) == (1, mostradores.TAMANO_BLOQUE)
    assert ConsecutivoCertificado.objects.get(anio=2026).ultimo == mostradores.TAMANO_BLOQUE
    nave, _ = nave_con_cupo(capacidad="3000")
    z = zarpe_request(
        actor=oficial,
        nave_id=nave.id,
        capitania="CP05",
        fecha=HOY,
        galones_solicitados=D(10),
        certificado_anterior=None,
    )
    assert z.certificado.consecutivo == mostradores.TAMANO_BLOQUE + 1
    assert mostradores.siguiente_numero(mostrador, 2026) == 1


@pytest.mark.django_db
def test_enrolment_refuses_a_private_or_foreign_key(oficial, hoy):
    jwk = Dispositivo().jwk()
    for mala in ({**jwk, "d": "AAAA"}, {**jwk, "crv": "P-384"}, {**jwk, "x": "no-es-base64-!"}, {}):
        with pytest.raises(ApplicationError) as exc:
            mostradores.mostrador_enroll(actor=oficial, nombre="Ventanilla", clave_publica=mala)
        assert "clave_publica" in exc.value.extra.get("campos", exc.value.extra) or exc.value.codigo


@pytest.mark.django_db
def test_hold_reserves_the_balance_up_to_capacity_and_other_capitanias_see_the_rest(
    oficial, oficial_cp07, mostrador, ambas_rutas
):
    nave, cupo = nave_con_cupo(capacidad="500")
    [retencion] = mostradores.mostrador_retener(actor=oficial, mostrador_id=mostrador.id, naves=[nave.id])
    assert retencion.galones == D("500.00")  # min(balance 967.74, capacity 500)
    assert abs(retencion.expira - retencion.creado - dt.timedelta(hours=24)) < dt.timedelta(seconds=5)
    # a hold is not a movement: the balance itself is unchanged, only what may be authorized
    assert not Movimiento.objects.filter(cupo=cupo).exists()
    assert saldos.cupo_saldo(cupo=cupo, fecha=HOY).disponible == SALDO
    # taking it again changes nothing
    assert mostradores.mostrador_retener(actor=oficial, mostrador_id=mostrador.id, naves=[nave.id]) == [retencion]
    z = zarpe_request(
        actor=oficial_cp07,
        nave_id=nave.id,
        capitania="CP07",
        fecha=HOY,
        galones_solicitados=D(800),
        certificado_anterior=None,
    )
    assert z.galones_autorizados == SALDO - 500
    assert z.limitado_por == "cupo"
    z2 = zarpe_request(
        actor=oficial_cp07,
        nave_id=nave.id,
        capitania="CP07",
        fecha=HOY,
        galones_solicitados=D(5),
        certificado_anterior=z.certificado.numero,
    )
    assert (z2.estado, z2.motivo) == ("negado", "sin_cupo")


@pytest.mark.django_db
def test_the_vessels_homed_at_the_capitania_are_held_by_default(oficial, mostrador):
    propia, _ = nave_con_cupo(capacidad="300", capitania=oficial.capitania)
    ajena, _ = nave_con_cupo(capacidad="300", capitania=CapitaniaFactory(codigo="CP09", nombre="Leticia"))
    tomadas = mostradores.mostrador_retener(actor=oficial, mostrador_id=mostrador.id)
    assert [r.cupo.beneficiario_id for r in tomadas] == [propia.id]
    assert ajena.id not in [n["id"] for n in mostradores_instantanea(mostrador)["naves"]]


def mostradores_instantanea(m):
    from zarpes.selectors.mostradores import instantanea

    return instantanea(m)


@pytest.mark.django_db
def test_breaking_a_hold_only_while_its_counter_is_reachable(oficial, oficial_cp07, mostrador):
    nave, _ = nave_con_cupo(capacidad="500")
    [retencion] = mostradores.mostrador_retener(actor=oficial, mostrador_id=mostrador.id, naves=[nave.id])
    type(mostrador).objects.filter(pk=mostrador.pk).update(ultimo_latido=timezone.now() - dt.timedelta(minutes=5))
    with pytest.raises(ApplicationError) as exc:
        mostradores.retencion_romper(actor=oficial_cp07, retencion_id=retencion.id)
    assert exc.value.codigo == "mostrador_no_alcanzable"
    assert "no está en línea" in exc.value.detalle
    retencion.refresh_from_db()
    assert retencion.estado == "activa"
    mostradores.mostrador_latir(actor=oficial, mostrador_id=mostrador.id, pendientes=2)  # online, acts waiting
    with pytest.raises(ApplicationError):
        mostradores.retencion_romper(actor=oficial_cp07, retencion_id=retencion.id)
    mostradores.mostrador_latir(actor=oficial, mostrador_id=mostrador.id, pendientes=0)
    assert mostradores.retencion_romper(actor=oficial_cp07, retencion_id=retencion.id).estado == "rota"
    z = zarpe_request(
        actor=oficial_cp07,
        nave_id=nave.id,
        capitania="CP07",
        fecha=HOY,
        galones_solicitados=D(500),
        certificado_anterior=None,
    )
    assert z.galones_autorizados == D(500)  # more than the 467.74 the hold left to others


@pytest.mark.django_db
def test_the_beat_job_ends_expired_holds_and_a_sync_against_one_is_refused(oficial, mostrador):
    from cupos.tasks import retenciones_vencer_task

    nave, cupo = nave_con_cupo(capacidad="500")
    [retencion] = mostradores.mostrador_retener(actor=oficial, mostrador_id=mostrador.id, naves=[nave.id])
    otra, _ = nave_con_cupo(capacidad="500")
    [vigente] = mostradores.mostrador_retener(actor=oficial, mostrador_id=mostrador.id, naves=[otra.id])
    Retencion.objects.filter(pk=retencion.pk).update(expira=timezone.now() - dt.timedelta(minutes=1))
    acto = mostrador.dispositivo.acto(
        numero=numero(mostrador, 0),
        retencion=retencion,
        nave=nave,
        fecha=HOY,
        solicitados="100.00",
        autorizados="100.00",
    )
    with pytest.raises(ApplicationError) as exc:  # expired, even before the beat's job ran
        mostradores.acto_sincronizar(
            actor=oficial, mostrador_id=mostrador.id, acto=acto, firma=mostrador.dispositivo.firmar(acto)
        )
    assert exc.value.codigo == "retencion_no_activa" and "venció" in exc.value.detalle
    assert retenciones_vencer_task.apply().get() == {"vencidas": 1}
    retencion.refresh_from_db()
    vigente.refresh_from_db()
    assert (retencion.estado, vigente.estado) == ("vencida", "activa")
    assert saldos.retenido_en(cupo_id=cupo.id) == 0
    assert not Certificado.objects.exists()


@pytest.mark.django_db
def test_sync_turns_each_act_into_its_certificate_once_with_the_chain(oficial, oficial_cp07, mostrador):
    nave, cupo = nave_con_cupo(capacidad="500")
    [retencion] = mostradores.mostrador_retener(actor=oficial, mostrador_id=mostrador.id, naves=[nave.id])
    d = mostrador.dispositivo
    a1 = d.acto(
        numero=numero(mostrador, 0),
        retencion=retencion,
        nave=nave,
        fecha=HOY,
        solicitados="300.00",
        autorizados="300.00",
    )
    a2 = d.acto(
        numero=numero(mostrador, 1),
        retencion=retencion,
        nave=nave,
        fecha=HOY,
        solicitados="900.00",
        autorizados="200.00",
        anterior=a1["numero"],
    )  # min(900, 500, what is left: 200)
    c1, creado = mostradores.acto_sincronizar(actor=oficial, mostrador_id=mostrador.id, acto=a1, firma=d.firmar(a1))
    assert creado and c1.numero == "CP05-2026-000001" and c1.galones_autorizados == 300
    again, creado = mostradores.acto_sincronizar(actor=oficial, mostrador_id=mostrador.id, acto=a1, firma=d.firmar(a1))
    assert (again.pk, creado) == (c1.pk, False)
    c2, _ = mostradores.acto_sincronizar(actor=oficial, mostrador_id=mostrador.id, acto=a2, firma=d.firmar(a2))
    assert c2.zarpe.certificado_anterior == c1.numero and c2.revision_upme == ""
    retencion.refresh_from_db()
    assert (retencion.dispuesto, retencion.restante) == (D(500), D(0))
    assert saldos.cupo_saldo(cupo=cupo, fecha=HOY).disponible == SALDO - 500
    # more than the hold has left is refused; a forged signature too
    a3 = d.acto(
        numero=numero(mostrador, 2),
        retencion=retencion,
        nave=nave,
        fecha=HOY,
        solicitados="1.00",
        autorizados="1.00",
        anterior=c2.numero,
    )
    with pytest.raises(ApplicationError) as exc:
        mostradores.acto_sincronizar(actor=oficial, mostrador_id=mostrador.id, acto=a3, firma=d.firmar(a3))
    assert exc.value.codigo == "excede_cupo"
    with pytest.raises(ApplicationError) as exc:
        mostradores.acto_sincronizar(
            actor=oficial, mostrador_id=mostrador.id, acto={**a3, "galones_autorizados": "0.50"}, firma=d.firmar(a3)
        )
    assert exc.value.codigo == "firma_invalida"
    # a number outside its block, and another act reusing a number, are refused
    fuera = d.acto(
        numero="CP05-2026-000051",
        retencion=retencion,
        nave=nave,
        fecha=HOY,
        solicitados="1.00",
        autorizados="1.00",
        anterior=c2.numero,
    )
    with pytest.raises(ApplicationError) as exc:
        mostradores.acto_sincronizar(actor=oficial, mostrador_id=mostrador.id, acto=fuera, firma=d.firmar(fuera))
    assert exc.value.codigo == "numero_fuera_de_bloque"
    reuso = {**a1, "codigo_verificacion": a3["codigo_verificacion"]}
    with pytest.raises(ApplicationError) as exc:
        mostradores.acto_sincronizar(actor=oficial, mostrador_id=mostrador.id, acto=reuso, firma=d.firmar(reuso))
    assert exc.value.codigo == "numero_ya_usado"
    assert Certificado.objects.count() == 2
    # done: nothing left to free here, the hold ends
    mostradores.mostrador_terminar(actor=oficial, mostrador_id=mostrador.id)
    retencion.refresh_from_db()
    assert retencion.estado == "liberada"


@pytest.mark.django_db
def test_done_frees_what_is_left_of_the_hold(oficial, oficial_cp07, mostrador):
    nave, cupo = nave_con_cupo(capacidad="3000")
    [retencion] = mostradores.mostrador_retener(actor=oficial, mostrador_id=mostrador.id, naves=[nave.id])
    d = mostrador.dispositivo
    a1 = d.acto(
        numero=numero(mostrador, 0),
        retencion=retencion,
        nave=nave,
        fecha=HOY,
        solicitados="120.00",
        autorizados="120.00",
    )
    mostradores.acto_sincronizar(actor=oficial, mostrador_id=mostrador.id, acto=a1, firma=d.firmar(a1))
    assert saldos.retenido_en(cupo_id=cupo.id) == SALDO - 120
    mostradores.mostrador_terminar(actor=oficial, mostrador_id=mostrador.id)
    assert saldos.retenido_en(cupo_id=cupo.id) == 0
    z = zarpe_request(
        actor=oficial_cp07,
        nave_id=nave.id,
        capitania="CP07",
        fecha=HOY,
        galones_solicitados=D(2000),
        certificado_anterior=a1["numero"],
    )
    assert z.galones_autorizados == SALDO - 120


@pytest.mark.django_db
def test_a_baja_or_another_capitanias_certificate_meanwhile_flags_the_synced_one_for_review(
    oficial, oficial_cp07, mostrador
):
    nave, cupo = nave_con_cupo(capacidad="500")
    [retencion] = mostradores.mostrador_retener(actor=oficial, mostrador_id=mostrador.id, naves=[nave.id])
    d = mostrador.dispositivo
    a1 = d.acto(
        numero=numero(mostrador, 0),
        retencion=retencion,
        nave=nave,
        fecha=HOY,
        solicitados="100.00",
        autorizados="100.00",
    )
    # meanwhile: another capitanía clears the vessel (within the balance less the hold), then Dimar's baja
    otro = zarpe_request(
        actor=oficial_cp07,
        nave_id=nave.id,
        capitania="CP07",
        fecha=HOY,
        galones_solicitados=D(50),
        certificado_anterior=None,
    )
    baja_dimar(nave, HOY)
    c1, _ = mostradores.acto_sincronizar(actor=oficial, mostrador_id=mostrador.id, acto=a1, firma=d.firmar(a1))
    assert c1.estado == "vigente"
    assert otro.certificado.numero in c1.revision_upme and "bifurcó" in c1.revision_upme
    assert "baja" in c1.revision_upme
    # the counter's own chain goes on from its own certificate; presenting a stale one after it is refused
    a2 = d.acto(
        numero=numero(mostrador, 1),
        retencion=retencion,
        nave=nave,
        fecha=HOY,
        solicitados="10.00",
        autorizados="10.00",
        anterior="",
    )
    with pytest.raises(ApplicationError) as exc:
        mostradores.acto_sincronizar(actor=oficial, mostrador_id=mostrador.id, acto=a2, firma=d.firmar(a2))
    assert exc.value.codigo == "certificado_anterior_invalido"
    assert saldos.cupo_saldo(cupo=cupo, fecha=HOY).disponible == SALDO - 150


@pytest.mark.django_db
def test_a_hold_taken_on_its_windows_last_day_expires_with_the_window(oficial, mostrador, monkeypatch):
    """A hold is sized on its window's balance: taken on the window's last day it ends at that midnight, not 24 h
    later, so no offline draw dated in the next window rests on the old window's gallons."""
    from cupos.services import retenciones

    nave, cupo = nave_con_cupo(capacidad="300", capitania=oficial.capitania)
    from cupos.services import libro

    fin = libro.saldo_para_autorizar(cupo=cupo, fecha=HOY).ventana.fin
    ahora = timezone.make_aware(dt.datetime.combine(fin, dt.time(20, 0)))
    monkeypatch.setattr(retenciones.timezone, "now", lambda: ahora)
    r = retenciones.retencion_tomar(
        actor=oficial, beneficiario_id=nave.id, capitania=oficial.capitania, titular="prueba", fecha=fin, capacidad=None
    )
    assert r.expira == timezone.make_aware(dt.datetime.combine(fin + dt.timedelta(days=1), dt.time.min))  # 4 h
    otro, _ = nave_con_cupo(capacidad="300", capitania=oficial.capitania)
    lejos = retenciones.retencion_tomar(
        actor=oficial,
        beneficiario_id=otro.id,
        capitania=oficial.capitania,
        titular="prueba",
        fecha=fin - dt.timedelta(days=5),
        capacidad=None,
    )
    assert lejos.expira == ahora + dt.timedelta(hours=retenciones.HORAS_POR_DEFECTO)  # the window is far: 24 h
