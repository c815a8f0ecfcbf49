"""Annulment of a certificate whose zarpe never sailed: refund, audit, and the chain (R-14) after it."""

import datetime as dt
import threading
from decimal import Decimal

import pytest
from django.db import connection

from core.comun.errors import ApplicationError, DatosInvalidos, NoEncontrado, PermisoDenegado
from core.identidad.roles import Rol
from core.models import RegistroAuditoria
from core.tests.factories import CapitaniaFactory
from cupos.models import Movimiento
from cupos.selectors import saldos as cupo_selectors
from distribuidores.models import Venta
from zarpes.models import Anulacion, Certificado, Inspeccion, Zarpe
from zarpes.selectors.certificados import ultimo_certificado
from zarpes.services.certificados import certificado_annul
from zarpes.services.inspecciones import zarpe_inspect
from zarpes.tests.factories import nave_con_cupo, vender
from zarpes.tests.paginas import pedir, zarpe_de_800

D = dt.date


def disponible(nave, fecha):
    return cupo_selectors.beneficiario_saldo(beneficiario_id=nave.id, fecha=fecha).disponible


def anular(oficial, certificado, fecha=D(2026, 3, 21), motivo="La nave no zarpó: mal tiempo."):
    return certificado_annul(actor=oficial, numero=certificado.numero, motivo=motivo, fecha=fecha)


def codigo(exc_info) -> str:
    return exc_info.value.codigo


@pytest.mark.django_db
def test_annulment_refunds_the_whole_discount_while_the_window_is_open(oficial):
    nave, cupo = nave_con_cupo()
    z = pedir(oficial, nave, D(2026, 3, 20), 800)
    assert disponible(nave, D(2026, 3, 21)) == Decimal("167.74")

    certificado = anular(oficial, z.certificado)

    assert certificado.estado == Certificado.Estado.ANULADO
    assert Certificado.objects.get(pk=certificado.pk).estado == "anulado"
    anulacion = Anulacion.objects.get(certificado=certificado)
    assert (anulacion.reintegro, anulacion.ventana_cerrada, anulacion.motivo) == (
        Decimal("800.00"), False, "La nave no zarpó: mal tiempo."
    )
    reintegro = Movimiento.objects.get(pk=anulacion.movimiento_id)
    assert (reintegro.tipo, reintegro.galones, reintegro.fecha, reintegro.cupo_id) == (
        Movimiento.Tipo.REINTEGRO, Decimal("800.00"), D(2026, 3, 21), cupo.id
    )
    assert reintegro.referencia == f"certificado:{certificado.numero}"
    assert disponible(nave, D(2026, 3, 21)) == Decimal("967.74")  # all of it, back in the window
    registro = RegistroAuditoria.objects.get(accion="certificado.anular")
    assert registro.objeto_id == str(certificado.pk) and registro.antes == {"estado": "vigente"}
    assert registro.despues["motivo"] == "La nave no zarpó: mal tiempo." and registro.despues["reintegro"] == "800.00"
    assert Zarpe.objects.get(pk=z.pk).estado == Zarpe.Estado.CERTIFICADO  # the request stays on record


@pytest.mark.django_db
def test_annulment_after_the_window_closed_refunds_nothing(oficial):
    nave, _ = nave_con_cupo()
    z = pedir(oficial, nave, D(2026, 3, 20), 800)  # window 17 March – 31 May

    anular(oficial, z.certificado, fecha=D(2026, 6, 1))

    anulacion = Anulacion.objects.get(certificado=z.certificado)
    assert (anulacion.reintegro, anulacion.ventana_cerrada, anulacion.movimiento_id) == (Decimal(0), True, None)
    assert not Movimiento.objects.filter(tipo=Movimiento.Tipo.REINTEGRO).exists()


@pytest.mark.django_db
def test_r14_anulado_the_chain_continues_from_the_certificate_before(oficial, ambas_rutas):
    nave, _ = nave_con_cupo(anual="120000")
    a = pedir(oficial, nave, D(2026, 3, 20), 100).certificado
    b = pedir(oficial, nave, D(2026, 3, 21), 100, a.numero).certificado
    anular(oficial, b, fecha=D(2026, 3, 21))
    assert ultimo_certificado(nave.id) == a

    with pytest.raises(ApplicationError) as exc:
        pedir(oficial, nave, D(2026, 3, 22), 100, b.numero)  # the annulled one is no link of the chain
    assert codigo(exc) == "certificado_anterior_invalido" and f"({a.numero})" in exc.value.detalle

    c = pedir(oficial, nave, D(2026, 3, 22), 100, a.numero)
    assert c.estado == Zarpe.Estado.CERTIFICADO and c.certificado_anterior == a.numero


@pytest.mark.django_db
def test_r14_anulado_the_first_certificate_leaves_the_vessel_with_none(oficial, ambas_rutas):
    nave, _ = nave_con_cupo()
    a = pedir(oficial, nave, D(2026, 3, 20), 100).certificado
    anular(oficial, a)
    assert pedir(oficial, nave, D(2026, 3, 22), 100).estado == Zarpe.Estado.CERTIFICADO  # presents none


@pytest.mark.django_db
def test_r14_anulado_only_the_last_certificate(oficial):
    nave, _ = nave_con_cupo(anual="120000")
    a = pedir(oficial, nave, D(2026, 3, 20), 100).certificado
    pedir(oficial, nave, D(2026, 3, 21), 100, a.numero)  # a later zarpe presented it: the vessel sailed with it

    with pytest.raises(ApplicationError) as exc:
        anular(oficial, a)
    assert codigo(exc) == "certificado_no_es_el_ultimo"
    assert Certificado.objects.get(pk=a.pk).estado == "vigente" and not Anulacion.objects.exists()


@pytest.mark.django_db
def test_a_redeemed_certificate_is_not_annulled(oficial):
    nave, _ = nave_con_cupo()
    z = pedir(oficial, nave, D(2026, 3, 20), 800)
    vender(z.certificado, 800, D(2026, 3, 20))

    with pytest.raises(ApplicationError) as exc:
        anular(oficial, z.certificado)
    assert codigo(exc) == "certificado_redimido" and "Petromar S.A.S. vendió 800,00 galones" in exc.value.detalle
    assert exc.value.status_code == 409
    assert not Anulacion.objects.exists() and disponible(nave, D(2026, 3, 21)) == Decimal("167.74")


@pytest.mark.django_db
def test_an_inspected_certificate_is_not_annulled(oficial):
    z = zarpe_de_800(oficial)
    zarpe_inspect(actor=oficial, zarpe_id=z.id, fecha=D(2026, 3, 20), galones_verificados=Decimal(0))

    with pytest.raises(ApplicationError) as exc:
        anular(oficial, z.certificado)
    assert codigo(exc) == "inspeccion_registrada"


@pytest.mark.django_db
def test_an_annulled_certificate_is_neither_annulled_again_nor_inspected_nor_sold(oficial):
    nave, _ = nave_con_cupo()
    z = pedir(oficial, nave, D(2026, 3, 20), 800)
    anular(oficial, z.certificado)

    with pytest.raises(ApplicationError) as exc:
        anular(oficial, z.certificado)
    assert codigo(exc) == "certificado_anulado"
    with pytest.raises(ApplicationError) as exc:
        zarpe_inspect(actor=oficial, zarpe_id=z.id, fecha=D(2026, 3, 21), galones_verificados=Decimal(0))
    assert codigo(exc) == "certificado_anulado"
    with pytest.raises(ApplicationError) as exc:
        vender(z.certificado, 100, D(2026, 3, 21))
    assert codigo(exc) == "certificado_anulado"
    assert Anulacion.objects.count() == 1 and disponible(nave, D(2026, 3, 21)) == Decimal("967.74")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("motivo", "fecha", "campo"),
    [("", D(2026, 3, 21), "motivo"), ("   ", D(2026, 3, 21), "motivo"), ("x" * 301, D(2026, 3, 21), "motivo"),
     ("No zarpó", D(2026, 3, 19), "fecha"), ("No zarpó", D(2100, 1, 1), "fecha")],
)
def test_annulment_needs_a_reason_and_a_date_from_issuance_to_today(oficial, motivo, fecha, campo):
    z = zarpe_de_800(oficial)
    with pytest.raises(DatosInvalidos) as exc:
        anular(oficial, z.certificado, fecha=fecha, motivo=motivo)
    assert list(exc.value.errores) == [campo]
    assert Certificado.objects.get(pk=z.certificado.pk).estado == "vigente"


@pytest.mark.django_db
def test_only_the_issuing_capitania_annuls(oficial, crear_usuario):
    z = zarpe_de_800(oficial)
    otra = crear_usuario(Rol.CAPITANIA_OFICIAL, capitania=CapitaniaFactory(codigo="CP01", nombre="Buenaventura"))
    with pytest.raises(NoEncontrado):
        anular(otra, z.certificado)
    for rol in (Rol.DIMAR, Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.DISTRIBUIDOR):
        with pytest.raises(PermisoDenegado):
            anular(crear_usuario(rol), z.certificado)
    assert Certificado.objects.get(pk=z.certificado.pk).estado == "vigente"


@pytest.mark.django_db(transaction=True)
def test_annulment_and_sale_racing_never_both_happen(crear_usuario):
    """The certificate's row lock orders them: annulled and unsold, or sold and not annulled."""
    oficial = crear_usuario(Rol.CAPITANIA_OFICIAL)
    vendedor = crear_usuario(Rol.DISTRIBUIDOR)
    for _ in range(5):
        nave, _ = nave_con_cupo()
        certificado = pedir(oficial, nave, D(2026, 3, 20), 800).certificado
        barrera = threading.Barrier(2)
        resultados: dict[str, str] = {}

        def correr(nombre, accion, resultados=resultados, barrera=barrera):
            try:
                barrera.wait()
                accion()
                resultados[nombre] = "ok"
            except ApplicationError as exc:
                resultados[nombre] = exc.codigo
            except BaseException as exc:
                resultados[nombre] = repr(exc)
            finally:
                connection.close()

        hilos = [
            threading.Thread(target=correr, args=("anular", lambda c=certificado: anular(oficial, c))),
            threading.Thread(target=correr, args=("vender", lambda c=certificado: vender(c, 800, D(2026, 3, 20),
                                                                                      vendedor=vendedor))),
        ]
        for h in hilos:
            h.start()
        for h in hilos:
            h.join()

        esperados = (["certificado_anulado", "ok"], ["certificado_redimido", "ok"])
        assert sorted(resultados.values()) in esperados, resultados
        anulado = Anulacion.objects.filter(certificado=certificado).exists()
        vendido = Venta.objects.filter(certificado=certificado).exists()
        assert anulado != vendido
        assert Certificado.objects.get(pk=certificado.pk).estado == ("anulado" if anulado else "redimido")
        assert not Inspeccion.objects.exists()
