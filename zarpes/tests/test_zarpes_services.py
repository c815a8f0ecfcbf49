"""Zarpe, certificate and inspector's report, rule by rule (R-13 to R-17)."""

import datetime as dt
from decimal import Decimal

import pytest

from core.comun.errors import ApplicationError, DatosInvalidos, NoEncontrado, PermisoDenegado
from core.identidad.roles import Rol
from core.models import RegistroAuditoria
from core.tests.factories import CapitaniaFactory
from cupos.models import Movimiento
from cupos.selectors import saldos as cupo_selectors
from cupos.services.cupos import cupo_grant
from cupos.tests.factories import NaveFactory, ResolucionFactory, cancelar_en_firme
from zarpes.models import Certificado, Zarpe
from zarpes.services.inspecciones import zarpe_inspect
from zarpes.services.zarpes import zarpe_request
from zarpes.tests.factories import baja_dimar, nave_con_cupo

D = dt.date
pytestmark = pytest.mark.usefixtures("ambas_rutas")  # every rule, on both implementations of issuance


@pytest.fixture
def oficial(crear_usuario):
    return crear_usuario(Rol.CAPITANIA_OFICIAL)  # CP05


def pedir(oficial, nave, fecha, galones, anterior=None, capitania="CP05"):
    return zarpe_request(
        actor=oficial,
        nave_id=nave.id,
        capitania=capitania,
        fecha=fecha,
        galones_solicitados=Decimal(str(galones)),
        certificado_anterior=anterior,
    )


def disponible(nave, fecha):
    return cupo_selectors.beneficiario_saldo(beneficiario_id=nave.id, fecha=fecha).disponible


@pytest.mark.django_db
def test_worked_example_with_real_zarpes(oficial):
    nave, _ = nave_con_cupo()
    z1 = pedir(oficial, nave, D(2026, 3, 20), 800)
    assert (z1.estado, z1.galones_autorizados, z1.limitado_por) == ("certificado", Decimal("800"), "")
    assert z1.disponible_despues == Decimal("167.74")
    z2 = pedir(oficial, nave, D(2026, 3, 28), 500, z1.certificado.numero)
    assert (z2.galones_autorizados, z2.limitado_por) == (Decimal("167.74"), "cupo")
    assert z2.disponible_despues == Decimal("0.00")
    z3 = pedir(oficial, nave, D(2026, 3, 30), 100, z2.certificado.numero)
    assert (z3.estado, z3.motivo) == ("negado", "sin_cupo")
    assert not Certificado.objects.filter(zarpe=z3).exists()
    assert "combustible gravado" in z3.mensaje_para_el_capitan
    assert disponible(nave, D(2026, 4, 2)) == Decimal("2000.00")
    inspeccion = zarpe_inspect(actor=oficial, zarpe_id=z1.id, fecha=D(2026, 4, 3), galones_verificados=Decimal(700))
    assert inspeccion.reintegro == Decimal("100")
    assert disponible(nave, D(2026, 4, 3)) == Decimal("2100.00")
    assert disponible(nave, D(2026, 6, 1)) == Decimal("2000.00")


@pytest.mark.django_db
def test_r16_sequential_numbers_per_capitania_and_year_and_unguessable_codes(oficial):
    nave, _ = nave_con_cupo()
    otra, _ = nave_con_cupo()
    a = pedir(oficial, nave, D(2026, 4, 1), 10).certificado
    b = pedir(oficial, otra, D(2026, 4, 1), 10).certificado
    c = pedir(oficial, nave, D(2026, 4, 2), 10, a.numero).certificado
    assert [a.numero, b.numero, c.numero] == ["CP05-2026-000001", "CP05-2026-000002", "CP05-2026-000003"]
    codigos = {a.codigo_verificacion, b.codigo_verificacion, c.codigo_verificacion}
    assert len(codigos) == 3 and all(len(x.replace("-", "")) == 16 for x in codigos)


@pytest.mark.django_db
def test_r14_first_certificate_needs_no_previous_one(oficial):
    nave, _ = nave_con_cupo()
    with pytest.raises(ApplicationError) as exc:
        pedir(oficial, nave, D(2026, 4, 1), 10, "CP05-2026-999999")
    assert exc.value.codigo == "certificado_anterior_invalido"
    assert pedir(oficial, nave, D(2026, 4, 1), 10, None).estado == "certificado"


@pytest.mark.django_db
def test_r14_wrong_chain_refuses_records_nothing_but_the_audit_entry(oficial):
    nave, _ = nave_con_cupo()
    primero = pedir(oficial, nave, D(2026, 4, 1), 10).certificado
    pedir(oficial, nave, D(2026, 4, 2), 10, primero.numero)
    zarpes_antes = Zarpe.objects.count()
    with pytest.raises(ApplicationError) as exc:
        pedir(oficial, nave, D(2026, 4, 3), 10, primero.numero)  # not the latest
    assert exc.value.codigo == "certificado_anterior_invalido"
    assert Zarpe.objects.count() == zarpes_antes
    assert RegistroAuditoria.objects.filter(accion="zarpe.rechazo_cadena", objeto_id=str(nave.id)).count() == 1


@pytest.mark.django_db
def test_r15_capacity_caps_the_authorization(oficial):
    nave, _ = nave_con_cupo(anual="120000", capacidad="1500", firmeza=D(2026, 3, 1))
    z = pedir(oficial, nave, D(2026, 3, 2), 5000)
    assert (z.galones_autorizados, z.limitado_por) == (Decimal("1500"), "capacidad")


@pytest.mark.django_db
def test_r15_no_cupo_in_force_is_a_recorded_denial(oficial):
    nave = NaveFactory()
    z = pedir(oficial, nave, D(2026, 4, 1), 100)
    assert (z.estado, z.motivo, z.galones_autorizados) == ("negado", "sin_cupo_vigente", 0)
    assert "no tiene un cupo" in z.mensaje_para_el_capitan


@pytest.mark.django_db
def test_r15_not_yet_firm_cupo_is_no_cupo(oficial, crear_usuario):
    nave = NaveFactory()
    cupo_grant(
        actor=crear_usuario(Rol.UPME_ANALISTA),
        resolucion=ResolucionFactory(),
        beneficiario=nave,
        galones_anuales=Decimal(1200),
    )
    assert pedir(oficial, nave, D(2026, 4, 1), 100).motivo == "sin_cupo_vigente"


@pytest.mark.django_db
def test_r15_cancelled_cupo_is_no_cupo(oficial, crear_usuario):
    nave, cupo = nave_con_cupo(firmeza=D(2026, 3, 1))
    cancelar_en_firme(actor=crear_usuario(Rol.UPME_ANALISTA), cupo=cupo, fecha=D(2026, 4, 1), motivo="Uso indebido",
                      causal="comunicacion_autoridad", soporte="Contraloría, oficio 12 de marzo de 2026")
    assert pedir(oficial, nave, D(2026, 4, 2), 100).motivo == "sin_cupo_vigente"


@pytest.mark.django_db
def test_r24_baja_blocks_new_certificates_from_its_date_with_the_cupo_still_in_force(oficial):
    nave, _ = nave_con_cupo()
    baja_dimar(nave, D(2026, 3, 25))  # Dimar's report only: UPME has not cancelled the cupo
    antes = pedir(oficial, nave, D(2026, 3, 24), 100)  # the day before: still a vessel with a zarpe
    assert antes.estado == "certificado"
    zarpes, descuentos = Zarpe.objects.count(), Movimiento.objects.count()

    with pytest.raises(ApplicationError) as exc:
        pedir(oficial, nave, D(2026, 3, 25), 100, antes.certificado.numero)

    assert exc.value.codigo == "nave_dada_de_baja" and exc.value.status_code == 409
    assert "desde el 25 de marzo de 2026" in exc.value.detalle and nave.matricula in exc.value.detalle
    assert (Zarpe.objects.count(), Movimiento.objects.count()) == (zarpes, descuentos)  # nothing recorded…
    registro = RegistroAuditoria.objects.filter(accion="zarpe.rechazo_baja").get()  # …but the audit entry
    assert registro.objeto_id == str(nave.id) and registro.despues["fecha"] == "2026-03-25"


@pytest.mark.django_db
def test_r24_baja_refuses_whatever_the_chain_or_the_cupo(oficial, crear_usuario):
    nave, cupo = nave_con_cupo()
    baja_dimar(nave, D(2026, 3, 20))
    with pytest.raises(ApplicationError) as exc:
        pedir(oficial, nave, D(2026, 4, 2), 100, "CP05-2026-999999")  # the baja is checked before the chain
    assert exc.value.codigo == "nave_dada_de_baja"
    cancelar_en_firme(actor=crear_usuario(Rol.UPME_ANALISTA), cupo=cupo, fecha=D(2026, 4, 1), motivo="Baja Dimar",
               causal="baja_dimar", soporte="Novedades de Dimar de abril de 2026")
    with pytest.raises(ApplicationError) as exc:
        pedir(oficial, nave, D(2026, 4, 2), 100)  # with the cupo cancelled too: refused, not denied
    assert exc.value.codigo == "nave_dada_de_baja"
    assert not Zarpe.objects.exists()


@pytest.mark.django_db
def test_r15_zero_balance_is_denied_sin_cupo(oficial):
    nave, _ = nave_con_cupo(anual="1200", firmeza=D(2026, 3, 1))  # cuota 100
    cert = pedir(oficial, nave, D(2026, 3, 2), 100).certificado
    z = pedir(oficial, nave, D(2026, 3, 3), 1, cert.numero)
    assert (z.estado, z.motivo) == ("negado", "sin_cupo")


@pytest.mark.django_db
def test_officer_only_at_its_own_capitania(oficial):
    nave, _ = nave_con_cupo()
    CapitaniaFactory(codigo="CP01", nombre="Buenaventura")
    with pytest.raises(PermisoDenegado):
        pedir(oficial, nave, D(2026, 4, 1), 10, capitania="CP01")
    with pytest.raises(NoEncontrado):
        pedir(oficial, nave, D(2026, 4, 1), 10, capitania="XX99")


@pytest.mark.django_db
@pytest.mark.parametrize("rol", [Rol.UPME_ANALISTA, Rol.DIMAR, Rol.DISTRIBUIDOR, Rol.AUDITOR])
def test_only_officers_clear_zarpes(crear_usuario, rol):
    nave, _ = nave_con_cupo()
    with pytest.raises(PermisoDenegado):
        pedir(crear_usuario(rol), nave, D(2026, 4, 1), 10)


@pytest.mark.django_db
def test_future_date_and_non_positive_gallons_are_bad_input(oficial):
    nave, _ = nave_con_cupo()
    with pytest.raises(DatosInvalidos):
        pedir(oficial, nave, dt.date.today() + dt.timedelta(days=1), 10)
    with pytest.raises(DatosInvalidos):
        pedir(oficial, nave, D(2026, 4, 1), 0)


@pytest.mark.django_db
def test_r17_inspection_rules(oficial):
    nave, _ = nave_con_cupo(firmeza=D(2026, 3, 1))
    z = pedir(oficial, nave, D(2026, 3, 5), 1000)
    with pytest.raises(DatosInvalidos):
        zarpe_inspect(actor=oficial, zarpe_id=z.id, fecha=D(2026, 3, 6), galones_verificados=Decimal("1000.01"))
    i = zarpe_inspect(actor=oficial, zarpe_id=z.id, fecha=D(2026, 3, 6), galones_verificados=Decimal("1000"))
    assert i.reintegro == 0 and i.movimiento is None
    with pytest.raises(ApplicationError) as exc:
        zarpe_inspect(actor=oficial, zarpe_id=z.id, fecha=D(2026, 3, 7), galones_verificados=Decimal("900"))
    assert exc.value.codigo == "inspeccion_registrada"


@pytest.mark.django_db
def test_r17_no_refund_after_the_window_closed(oficial):
    nave, _ = nave_con_cupo(firmeza=D(2026, 3, 17))  # window Mar–May
    z = pedir(oficial, nave, D(2026, 5, 30), 900)
    i = zarpe_inspect(actor=oficial, zarpe_id=z.id, fecha=D(2026, 6, 2), galones_verificados=Decimal(500))
    assert i.reintegro == 0 and i.ventana_cerrada
    assert disponible(nave, D(2026, 6, 2)) == Decimal("2000.00")


@pytest.mark.django_db
def test_r17_refund_inside_the_window(oficial):
    nave, _ = nave_con_cupo(firmeza=D(2026, 3, 17))
    z = pedir(oficial, nave, D(2026, 4, 10), 900)
    zarpe_inspect(actor=oficial, zarpe_id=z.id, fecha=D(2026, 5, 31), galones_verificados=Decimal(500))
    assert disponible(nave, D(2026, 5, 31)) == Decimal("967.74") + 4000 - 500


@pytest.mark.django_db
def test_inspection_of_a_denied_zarpe_is_refused(oficial):
    z = pedir(oficial, NaveFactory(), D(2026, 4, 1), 10)
    with pytest.raises(ApplicationError) as exc:
        zarpe_inspect(actor=oficial, zarpe_id=z.id, fecha=D(2026, 4, 2), galones_verificados=Decimal(0))
    assert exc.value.codigo == "zarpe_sin_certificado"


# --- a foreign vessel's permit ------------------------------------------------------------------


@pytest.mark.django_db
def test_r01_expired_permit_refuses_the_certificate_from_the_next_day(oficial):
    nave, _ = nave_con_cupo(tipo="nave_extranjera", bandera="PA", empresa_nit="900123456",
                            permiso_vigente_hasta=D(2026, 3, 24))
    ultimo_dia = pedir(oficial, nave, D(2026, 3, 24), 100)  # its permit's last day: still certified
    assert ultimo_dia.estado == "certificado"
    zarpes, descuentos = Zarpe.objects.count(), Movimiento.objects.count()

    with pytest.raises(ApplicationError) as exc:
        pedir(oficial, nave, D(2026, 3, 25), 100, ultimo_dia.certificado.numero)

    assert exc.value.codigo == "permiso_vencido" and exc.value.status_code == 409
    assert "venció el 24 de marzo de 2026" in exc.value.detalle and nave.matricula in exc.value.detalle
    assert (Zarpe.objects.count(), Movimiento.objects.count()) == (zarpes, descuentos)  # nothing recorded…
    registro = RegistroAuditoria.objects.filter(accion="zarpe.rechazo_permiso").get()  # …but the audit entry
    assert registro.objeto_id == str(nave.id) and registro.despues["fecha"] == "2026-03-25"


@pytest.mark.django_db
def test_r01_permit_is_checked_before_the_chain_and_without_a_cupo(oficial):
    nave, _ = nave_con_cupo(tipo="nave_extranjera", bandera="PA", empresa_nit="900123456",
                            permiso_vigente_hasta=D(2026, 3, 1))
    with pytest.raises(ApplicationError) as exc:
        pedir(oficial, nave, D(2026, 3, 20), 100, "CP05-2026-999999")
    assert exc.value.codigo == "permiso_vencido"
    sin_cupo = NaveFactory(tipo="nave_extranjera", bandera="EC", empresa_nit="900123456",
                           permiso_vigente_hasta=D(2026, 1, 31))
    with pytest.raises(ApplicationError) as exc:  # refused, not a recorded denial "sin_cupo_vigente"
        pedir(oficial, sin_cupo, D(2026, 3, 20), 100)
    assert exc.value.codigo == "permiso_vencido" and not Zarpe.objects.exists()


@pytest.mark.django_db
def test_r01_national_vessel_has_no_permit_date_to_check(oficial):
    nave, _ = nave_con_cupo(permiso_vigente_hasta=None)
    assert pedir(oficial, nave, D(2026, 3, 20), 100).estado == "certificado"
