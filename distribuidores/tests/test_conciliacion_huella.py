"""Issue 27 §1: a month's stored reconciliation carries a fingerprint of that month only. A certificate
issued in another month leaves it current (on the 10th business day the Capitanías keep issuing while
the previous month is reconciled); every change the month's computation reads makes it stale, and the
recomputed result equals a fresh computation."""

import datetime as dt
from decimal import Decimal

import pytest

from core.identidad.roles import Rol
from core.tests.factories import UsuarioFactory
from cupos.services.beneficiarios import beneficiario_update
from cupos.tests.factories import cancelar_en_firme
from distribuidores.selectors.conciliacion.mes import conciliacion_mes
from distribuidores.services import resumen_conciliacion as modulo
from distribuidores.tests.factories import certificado_de
from distribuidores.tests.test_conciliacion_resumen import igual_a_calcular, servido_sin_motor
from distribuidores.tests.test_conciliacion_selectors import (
    MARZO,
    inspeccionar,
    mayorista,
    mes_en_regla,
    reporte,
    vender,
)
from zarpes.services.certificados import certificado_annul
from zarpes.tests.factories import nave_con_cupo

ABRIL = dt.date(2026, 4, 1)


@pytest.fixture
def abril(monkeypatch):
    """Today is 10 April 2026: March is being reconciled while certificates are issued."""
    hoy = dt.date(2026, 4, 10)
    for ruta in (
        "distribuidores.services.resumen_conciliacion.today",
        "distribuidores.selectors.conciliacion.mes.today",
    ):
        monkeypatch.setattr(ruta, lambda: hoy)
    return hoy


def al_dia(periodo=MARZO, distribuidor_id=None) -> bool:
    return modulo._leer_vista(periodo, distribuidor_id, modulo.firmas(periodo, distribuidor_id), True).al_dia


def cambia(monkeypatch, accion, distribuidor_id=None):
    """`accion` makes March stale, and the recomputed March equals a fresh computation."""
    igual_a_calcular(distribuidor_id)
    servido_sin_motor(monkeypatch, distribuidor_id)
    assert al_dia(distribuidor_id=distribuidor_id)
    antes = modulo.firmas(MARZO, distribuidor_id)
    accion()
    assert modulo.firmas(MARZO, distribuidor_id).mes != antes.mes
    assert not al_dia(distribuidor_id=distribuidor_id)
    return igual_a_calcular(distribuidor_id)


@pytest.mark.django_db
def test_a_certificate_issued_in_another_month_leaves_march_current(monkeypatch, abril):
    petromar, *_ = mes_en_regla()
    otra, _ = nave_con_cupo(nombre="Doña Inés")  # (granting a cupo is a change March may read)
    for alcance in (None, petromar.distribuidor_id):
        igual_a_calcular(alcance)
    firma, firma_abril = modulo.firmas(MARZO), modulo.firmas(ABRIL)
    certificado_de(otra, "300", fecha=dt.date(2026, 4, 9))  # issued (and audited) in April
    assert modulo.firmas(MARZO) == firma
    assert modulo.firmas(ABRIL).mes != firma_abril.mes  # April itself is changed by it
    for alcance in (None, petromar.distribuidor_id):
        assert al_dia(distribuidor_id=alcance)
        servido_sin_motor(monkeypatch, alcance)  # served as stored: the engine does not run


@pytest.mark.django_db
def test_a_new_sale_in_the_month_makes_it_stale(monkeypatch, abril):
    petromar, *_ = mes_en_regla()
    otra, _ = nave_con_cupo(nombre="Doña Inés")
    cert = certificado_de(otra, "300")
    for alcance in (None, petromar.distribuidor_id):
        igual_a_calcular(alcance)

    despues = cambia(monkeypatch, lambda: vender(petromar, otra, "300", cert, fecha=dt.date(2026, 3, 25)))
    assert despues.totales.vendido == Decimal("1500.00")
    assert "reportado_distinto_de_vendido" in despues.conteo


@pytest.mark.django_db
def test_a_new_report_version_for_the_month_makes_it_stale(monkeypatch, abril):
    petromar, nave, cert, acuicola = mes_en_regla()
    distribuidor = petromar.distribuidor

    def nueva_version():
        from distribuidores.models import ReporteMensual

        ReporteMensual.objects.filter(distribuidor=distribuidor, periodo=MARZO).update(vigente=False)
        reporte(distribuidor, [(nave, "650", cert.numero), (acuicola, "400", "")], version=2)

    despues = cambia(monkeypatch, nueva_version, distribuidor.id)
    assert "reportado_distinto_de_vendido" in despues.conteo
    assert igual_a_calcular().totales.reportado == Decimal("1050.00")


@pytest.mark.django_db
def test_annulling_a_certificate_of_the_month_makes_it_stale(monkeypatch, abril):
    mes_en_regla()
    otra, _ = nave_con_cupo(nombre="Doña Inés")
    cert = certificado_de(otra, "300", fecha=dt.date(2026, 3, 28))
    antes = igual_a_calcular()
    capitan = UsuarioFactory(rol=Rol.CAPITANIA_OFICIAL, capitania=cert.capitania)
    despues = cambia(
        monkeypatch,
        lambda: certificado_annul(
            actor=capitan, numero=cert.numero, motivo="La nave no zarpó", fecha=dt.date(2026, 3, 29)
        ),
    )
    assert despues.totales.certificados == antes.totales.certificados - Decimal("300")


@pytest.mark.django_db
def test_renaming_a_beneficiary_or_cancelling_a_cupo_the_month_reads_makes_it_stale(monkeypatch, abril):
    mes_en_regla()
    analista = UsuarioFactory(rol=Rol.UPME_ANALISTA)
    # Another wholesaler reports a sale to a vessel with a certificate that does not exist: a finding
    # that names the vessel, so renaming it changes the month.
    otra, cupo = nave_con_cupo(nombre="Doña Inés")
    reporte(
        mayorista(nit="900777111", razon_social="Costa Fuel S.A.S.").distribuidor, [(otra, "350", "CP05-2026-999999")]
    )
    despues = cambia(monkeypatch, lambda: beneficiario_update(actor=analista, beneficiario=otra, nombre="Doña Inés II"))
    assert any(h.beneficiario_nombre == "Doña Inés II" for h in despues.hallazgos)

    def cancelar():
        cupo.refresh_from_db()
        cancelar_en_firme(
            actor=analista,
            cupo=cupo,
            fecha=dt.date(2026, 3, 1),
            causal=type(cupo).Causal.values[0],
            motivo="Prueba",
            soporte="Acto 1",
        )

    despues = cambia(monkeypatch, cancelar)
    assert "venta_sin_cupo_vigente" in despues.conteo


@pytest.mark.django_db
def test_an_unrelated_audited_write_leaves_the_month_current(monkeypatch, abril):
    from core.auditoria.audit import audit_record

    mes_en_regla()
    igual_a_calcular()
    audit_record(actor=None, accion="prueba.otra", objeto_tipo="prueba", objeto_id="1")
    assert al_dia()
    assert conciliacion_mes(periodo=MARZO).totales == modulo.conciliacion_mes_resumida(periodo=MARZO).totales


@pytest.mark.django_db
def test_a_later_sale_redeeming_a_certificate_the_month_reported_makes_it_stale(monkeypatch, abril):
    """A certificate of March that another wholesaler's March report names, redeemed by a sale in April:
    used twice, a finding of March too."""
    petromar, *_ = mes_en_regla()
    otra, _ = nave_con_cupo(nombre="Doña Inés")
    cert = certificado_de(otra, "300", fecha=dt.date(2026, 3, 30))
    reporte(mayorista(nit="900777111", razon_social="Costa Fuel S.A.S.").distribuidor, [(otra, "300", cert.numero)])
    antes = igual_a_calcular()
    assert "certificado_usado_dos_veces" not in antes.conteo
    despues = cambia(monkeypatch, lambda: vender(petromar, otra, "300", cert, fecha=dt.date(2026, 4, 2)))
    assert "certificado_usado_dos_veces" in despues.conteo


@pytest.mark.django_db
def test_an_inspection_in_april_of_a_march_certificate_makes_march_stale(monkeypatch, abril):
    mes_en_regla()
    otra, _ = nave_con_cupo(nombre="Doña Inés")
    cert = certificado_de(otra, "300", fecha=dt.date(2026, 3, 30))
    antes = igual_a_calcular()
    despues = cambia(monkeypatch, lambda: inspeccionar(cert, "250", fecha=dt.date(2026, 4, 3)))
    assert despues.totales.verificados == antes.totales.verificados + Decimal("250")


@pytest.mark.django_db
def test_a_late_sale_in_an_earlier_month_makes_the_series_stale_and_not_the_month(monkeypatch, abril):
    petromar, *_ = mes_en_regla()
    otra, _ = nave_con_cupo(nombre="Doña Inés", firmeza=dt.date(2026, 1, 12))
    cert = certificado_de(otra, "300", fecha=dt.date(2026, 2, 10))
    igual_a_calcular()
    antes = modulo.firmas(MARZO)
    vender(petromar, otra, "300", cert, fecha=dt.date(2026, 2, 11))  # registered in April, dated February
    despues = modulo.firmas(MARZO)
    assert despues.mes == antes.mes and despues.serie != antes.serie
    serie = {t.periodo: t for t in modulo.conciliacion_serie_resumida(hasta=MARZO)}
    assert serie[dt.date(2026, 2, 1)].vendido == Decimal("300.00")
    igual_a_calcular()


@pytest.mark.django_db
def test_the_fingerprint_is_each_part_run_alone_in_order_whatever_the_nesting(monkeypatch, abril):
    """The parts are joined side by side in nested FROM lists of at most _POR_LISTA (PostgreSQL's planner
    searched 46 of them as one join: 33 ms of planning to run 2.5 ms): same values, same order."""
    from django.db import connection

    mes_en_regla()
    fin, desde = dt.date(2026, 3, 31), dt.date(2025, 4, 1)
    grupos = (
        modulo._partes_rango(MARZO, fin, None),
        modulo._partes_mes(MARZO, fin, None),
        modulo._partes_anteriores(desde, dt.date(2026, 2, 28), None),
    )
    solos = []
    with connection.cursor() as cursor:
        for grupo in grupos:
            valores = []
            for consulta, params in grupo:
                cursor.execute(consulta, params)
                valores += [str(v or 0) for v in cursor.fetchone()]
            solos.append(valores)
    assert sum(len(g) for g in grupos) > 2 * modulo._POR_LISTA  # nested twice at the default size
    for por_lista in (2, 3, modulo._POR_LISTA, 1000):
        monkeypatch.setattr(modulo, "_POR_LISTA", por_lista)
        assert modulo._valores(*grupos) == solos
