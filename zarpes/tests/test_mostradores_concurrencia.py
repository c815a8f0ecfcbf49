"""Issue 43, real concurrency on PostgreSQL: a counter syncs its offline certificates against its hold while
officers of a second capitanía issue for the same vessel. Nothing is ever overdrawn (R-15)."""

import threading
from decimal import Decimal

import pytest
from django.db import connection

from core.comun.errors import ApplicationError
from core.identidad.roles import Rol
from core.tests.factories import CapitaniaFactory
from cupos.models import Movimiento, Retencion
from cupos.selectors import saldos
from zarpes.models import Certificado
from zarpes.selectors.certificados import ultimo_certificado
from zarpes.services import mostradores
from zarpes.services.zarpes import zarpe_request
from zarpes.tests.dispositivo import Dispositivo
from zarpes.tests.factories import nave_con_cupo
from zarpes.tests.paginas import HOY

SALDO = Decimal("967.74")
OFICIALES_CP07 = 6


@pytest.mark.django_db(transaction=True)
def test_a_second_capitania_issuing_for_a_held_vessel_never_overdraws(crear_usuario, hoy, ambas_rutas):
    oficial = crear_usuario(Rol.CAPITANIA_OFICIAL)
    cp07 = CapitaniaFactory(codigo="CP07", nombre="Capitanía de Puerto de Bahía Solano")
    otros = [crear_usuario(Rol.CAPITANIA_OFICIAL, capitania=cp07) for _ in range(OFICIALES_CP07)]
    dispositivo = Dispositivo()
    mostrador = mostradores.mostrador_enroll(actor=oficial, nombre="Ventanilla", clave_publica=dispositivo.jwk())
    nave, cupo = nave_con_cupo(capacidad="500")
    [retencion] = mostradores.mostrador_retener(actor=oficial, mostrador_id=mostrador.id, naves=[nave.id])
    assert retencion.galones == 500
    # the counter's three offline acts (200 + 200 + 100 = the whole hold), chained among themselves
    actos, anterior = [], ""
    for i, galones in enumerate(("200.00", "200.00", "100.00")):
        acto = dispositivo.acto(
            numero=f"CP05-2026-{i + 1:06d}",
            retencion=retencion,
            nave=nave,
            fecha=HOY,
            solicitados=galones,
            autorizados=galones,
            anterior=anterior,
        )
        actos.append(acto)
        anterior = acto["numero"]
    barrera = threading.Barrier(OFICIALES_CP07 + 1)
    errores: list[BaseException] = []
    autorizados_cp07: list[Decimal] = []

    def mostrador_sincroniza():
        try:
            barrera.wait()
            for acto in actos:
                mostradores.acto_sincronizar(
                    actor=oficial, mostrador_id=mostrador.id, acto=acto, firma=dispositivo.firmar(acto)
                )
        except BaseException as exc:
            errores.append(exc)
        finally:
            connection.close()

    def otra_capitania(usuario):
        try:
            barrera.wait()
            for _ in range(100):  # retry on a stale chain, as the existing race test does
                ultimo = ultimo_certificado(nave.id)
                try:
                    z = zarpe_request(
                        actor=usuario,
                        nave_id=nave.id,
                        capitania="CP07",
                        fecha=HOY,
                        galones_solicitados=Decimal(100),
                        certificado_anterior=ultimo.numero if ultimo else None,
                    )
                except ApplicationError as exc:
                    if exc.codigo == "certificado_anterior_invalido":
                        continue
                    raise
                if z.estado == "negado":
                    return
                autorizados_cp07.append(z.galones_autorizados)
        except BaseException as exc:
            errores.append(exc)
        finally:
            connection.close()

    hilos = [threading.Thread(target=mostrador_sincroniza)]
    hilos += [threading.Thread(target=otra_capitania, args=(u,)) for u in otros]
    for h in hilos:
        h.start()
    for h in hilos:
        h.join(timeout=60)
    assert not any(h.is_alive() for h in hilos)

    assert not errores, errores
    # every certificate the counter issued offline within its hold became real, once, with its number
    del_mostrador = Certificado.objects.filter(mostrador=mostrador).order_by("consecutivo")
    assert [c.numero for c in del_mostrador] == [a["numero"] for a in actos]
    # the other capitanía got exactly the balance less the hold, and no more
    assert sum(autorizados_cp07) == SALDO - 500
    descontado = sum(Movimiento.objects.filter(cupo=cupo, tipo="descuento").values_list("galones", flat=True))
    assert descontado == SALDO
    assert saldos.cupo_saldo(cupo=cupo, fecha=HOY).disponible == 0
    retencion = Retencion.objects.get(pk=retencion.pk)
    assert (retencion.dispuesto, retencion.estado) == (500, "activa")
