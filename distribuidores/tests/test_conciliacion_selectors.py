"""R-22: the monthly reconciliation finds each discrepancy, and only those; its Excel export."""

import datetime as dt
from decimal import Decimal
from io import BytesIO

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from openpyxl import load_workbook

from core.archivos.exportar import celda_segura
from core.identidad.roles import Rol
from core.tests.factories import CapitaniaFactory, DistribuidorFactory, UsuarioFactory
from cupos.tests.factories import AcuicultoraFactory, ArmadaFactory, NaveFactory, cancelar_en_firme
from distribuidores.errors import DiscrepanciaConciliacion as CODIGOS
from distribuidores.models import Declaracion, FilaReporte, ReporteMensual, Venta
from distribuidores.selectors.conciliacion.exportar import conciliacion_xlsx
from distribuidores.selectors.conciliacion.mes import conciliacion_mes, conciliacion_serie
from distribuidores.services.ventas import venta_register
from distribuidores.tests.factories import certificado_de, con_cupo, soportes_de_venta
from zarpes.services.inspecciones import zarpe_inspect
from zarpes.tests.factories import nave_con_cupo

D = dt.date
MARZO = D(2026, 3, 1)
G = Decimal


# --- Scenario builders (also used by the test_*_views.py files and test_documentos_services.py) ---


def mayorista(nit="900456123", razon_social="Petromar S.A.S."):
    """A wholesaler and one of its users."""
    distribuidor = DistribuidorFactory(nit=nit, razon_social=razon_social)
    return UsuarioFactory(rol=Rol.DISTRIBUIDOR, distribuidor=distribuidor)


def vender(actor, beneficiario, galones, certificado=None, fecha=D(2026, 3, 21)) -> Venta:
    return venta_register(
        actor=actor,
        distribuidor_nit=actor.distribuidor.nit,
        beneficiario_id=beneficiario.id,
        fecha=fecha,
        galones=G(galones),
        certificado=certificado.numero if certificado else None,
        codigo_verificacion=certificado.codigo_verificacion if certificado else None,
        **soportes_de_venta(beneficiario, certificado=certificado.numero if certificado else None),
    )


def inspeccionar(certificado, galones, fecha=D(2026, 3, 22)):
    oficial = UsuarioFactory(rol=Rol.CAPITANIA_OFICIAL, capitania=CapitaniaFactory(codigo="CP05"))
    return zarpe_inspect(actor=oficial, zarpe_id=certificado.zarpe_id, fecha=fecha, galones_verificados=G(galones))


def reporte(distribuidor, filas, *, periodo=MARZO, estado=ReporteMensual.Estado.PROCESADO, vigente=True, version=1):
    """A processed report with its rows: (beneficiario, galones, certificado_numero[, fecha])."""
    rep = ReporteMensual.objects.create(
        distribuidor=distribuidor,
        periodo=periodo,
        version=version,
        vigente=vigente,
        estado=estado,
        archivo=f"reportes/{distribuidor.nit}-{periodo:%Y-%m}-v{version}.csv",
        nombre_original="reporte.csv",
        progreso=100 if estado == ReporteMensual.Estado.PROCESADO else 0,
        filas_validas=len(filas),
        total_galones=sum((G(f[1]) for f in filas), G(0)),
    )
    FilaReporte.objects.bulk_create(
        FilaReporte(
            reporte=rep,
            fila=i,
            beneficiario=f[0],
            galones=G(f[1]),
            certificado_numero=f[2],
            fecha=f[3] if len(f) > 3 else periodo.replace(day=21),
        )
        for i, f in enumerate(filas, start=2)
    )
    return rep


def declarar(nave, galones, periodo=MARZO):
    return Declaracion.objects.create(
        beneficiario=nave,
        periodo=periodo,
        galones_adquiridos=G(galones),
        presentada=D(2026, 4, 10),
    )


def codigos(conciliacion):
    return sorted(h.codigo for h in conciliacion.hallazgos)


def mes_en_regla():
    """A month where everything adds up: a vessel and an acuicultora, sold, reported, declared."""
    petromar = mayorista()
    nave, _ = nave_con_cupo()
    cert = certificado_de(nave, "800")
    vender(petromar, nave, "800", cert)
    inspeccionar(cert, "800")
    acuicola = AcuicultoraFactory(distribuidor=petromar.distribuidor)
    con_cupo(acuicola, anual="12000")
    vender(petromar, acuicola, "400")
    reporte(petromar.distribuidor, [(nave, "800", cert.numero), (acuicola, "400", "")])
    declarar(nave, "800")
    return petromar, nave, cert, acuicola


# --- The month in order ---


@pytest.mark.django_db
def test_r22_a_month_that_adds_up_has_no_discrepancies_and_its_totals():
    mes_en_regla()
    resultado = conciliacion_mes(periodo=MARZO)
    assert resultado.hallazgos == []
    t = resultado.totales
    assert (t.certificados, t.verificados, t.vendido, t.reportado, t.declarado) == (
        G("800"),
        G("800"),
        G("1200"),
        G("1200"),
        G("800"),
    )
    assert resultado.plazo_vencido and resultado.fecha_limite == D(2026, 4, 16)


@pytest.mark.django_db
def test_r22_finds_every_discrepancy_code():
    petromar = mayorista()
    terpel = mayorista(nit="860002400", razon_social="Terpel Marítima S.A.")

    # venta_sin_certificado_valido: a reported row with an unknown number, another with none.
    sin_cert, _ = nave_con_cupo()
    # venta_excede_certificado: reported above its certificate.
    excede, _ = nave_con_cupo()
    cert_excede = certificado_de(excede, "500")
    # certificado_usado_dos_veces: Petromar redeemed it, Terpel reports it too.
    doble, _ = nave_con_cupo()
    cert_doble = certificado_de(doble, "600")
    vender(petromar, doble, "600", cert_doble)
    # venta_sin_cupo_vigente: sold on the 21st, the cupo then cancelled from the 21st.
    cancelada, cupo_cancelado = nave_con_cupo()
    cert_cancelada = certificado_de(cancelada, "300")
    vender(petromar, cancelada, "300", cert_cancelada)
    cancelar_en_firme(
        actor=UsuarioFactory(rol=Rol.UPME_ANALISTA), cupo=cupo_cancelado, fecha=D(2026, 3, 21), motivo="Baja Dimar",
        causal="baja_dimar", soporte="Novedades de Dimar de marzo de 2026",
    )
    # verificado_distinto_de_vendido: the inspector saw 780 taken, 750 were sold (R-17 refuses more).
    verificada, _ = nave_con_cupo()
    cert_verificada = certificado_de(verificada, "800")
    inspeccionar(cert_verificada, "780")
    vender(petromar, verificada, "750", cert_verificada)
    # declarado_distinto_de_vendido: declared 500, sold and reported 750.
    declarar(verificada, "500")
    # venta_excede_saldo: an acuicultora with 1,000.00 for March, 1,500 reported.
    acuicola = AcuicultoraFactory(nombre="Acuícola del Caribe S.A.S.", distribuidor=petromar.distribuidor)
    con_cupo(acuicola, anual="12000")
    vender(petromar, acuicola, "400")
    # reporte_faltante: Terpel sold to the Armada in March and never reported... it did report
    # (the double use); a third wholesaler sells and does not report.
    costa = mayorista(nit="900777888", razon_social="Combustibles de la Costa")
    armada = ArmadaFactory(distribuidor=costa.distribuidor)
    con_cupo(armada)
    vender(costa, armada, "100")

    reporte(
        petromar.distribuidor,
        [
            (sin_cert, "100", "CP05-2026-999999"),
            (sin_cert, "50", ""),
            (excede, "520", cert_excede.numero),
            (doble, "600", cert_doble.numero),
            (cancelada, "300", cert_cancelada.numero),
            (verificada, "750", cert_verificada.numero),
            (acuicola, "1500", ""),
        ],
    )
    reporte(terpel.distribuidor, [(doble, "600", cert_doble.numero)])

    resultado = conciliacion_mes(periodo=MARZO)
    por_codigo = {}
    for h in resultado.hallazgos:
        por_codigo.setdefault(h.codigo, []).append(h)
    assert set(por_codigo) == set(CODIGOS)

    sin = por_codigo["venta_sin_certificado_valido"]
    assert {h.fila for h in sin} == {2, 3} and all(h.beneficiario_id == sin_cert.id for h in sin)
    assert any("no existe el certificado CP05-2026-999999" in h.detalle for h in sin)
    assert any("no indica su certificado" in h.detalle for h in sin)

    (h,) = por_codigo["venta_excede_certificado"]
    assert (h.certificado, h.galones, h.referencia, h.fila) == (cert_excede.numero, G("520"), G("500"), 4)

    (h,) = por_codigo["certificado_usado_dos_veces"]
    assert h.certificado == cert_doble.numero and "3 veces" in h.detalle
    assert "Terpel Marítima" in h.detalle and "Petromar" in h.detalle

    sin_cupo = por_codigo["venta_sin_cupo_vigente"]
    assert {(h.fuente, h.beneficiario_id) for h in sin_cupo} == {("venta", cancelada.id), ("reporte", cancelada.id)}

    (h,) = por_codigo["verificado_distinto_de_vendido"]
    assert (h.certificado, h.referencia, h.galones) == (cert_verificada.numero, G("780"), G("750"))

    (h,) = por_codigo["declarado_distinto_de_vendido"]
    assert (h.beneficiario_id, h.galones, h.referencia) == (verificada.id, G("500"), G("750"))

    (h,) = por_codigo["venta_excede_saldo"]
    assert (h.beneficiario_id, h.galones, h.referencia) == (acuicola.id, G("1500"), G("1000.00"))
    assert "exceso 500,00 gal" in h.detalle

    (h,) = por_codigo["reporte_faltante"]
    assert h.distribuidor_id == costa.distribuidor.id and "100,00 gal" in h.detalle

    reportados = {
        (h.distribuidor_id, h.beneficiario_id): (h.galones, h.referencia)
        for h in por_codigo["reportado_distinto_de_vendido"]
    }
    assert reportados[(petromar.distribuidor.id, sin_cert.id)] == (G("150"), G("0"))
    assert reportados[(petromar.distribuidor.id, acuicola.id)] == (G("1500"), G("400"))
    assert reportados[(terpel.distribuidor.id, doble.id)] == (G("600"), G("0"))
    assert (petromar.distribuidor.id, doble.id) not in reportados  # reported as registered

    assert resultado.conteo["venta_sin_certificado_valido"] == 2
    assert [h.codigo for h in resultado.hallazgos] == sorted(
        (h.codigo for h in resultado.hallazgos), key=list(CODIGOS).index
    )


@pytest.mark.django_db
def test_only_the_current_processed_version_of_a_report_counts():
    petromar, nave, cert, _ = mes_en_regla()
    ReporteMensual.objects.filter(distribuidor=petromar.distribuidor).update(vigente=False)
    reporte(petromar.distribuidor, [(nave, "9999", cert.numero)], version=2, estado=ReporteMensual.Estado.PROCESANDO)
    resultado = conciliacion_mes(periodo=MARZO)
    # No processed current version: nothing reported, so the wholesaler's report is missing.
    assert resultado.totales.reportado == G("0")
    assert codigos(resultado) == ["reporte_faltante"]
    assert "«Procesando»" in resultado.hallazgos[0].detalle


@pytest.mark.django_db
def test_a_missing_report_is_not_a_discrepancy_before_the_deadline(monkeypatch):
    petromar = mayorista()
    acuicola = AcuicultoraFactory(distribuidor=petromar.distribuidor)
    con_cupo(acuicola, anual="12000")
    vender(petromar, acuicola, "100")
    monkeypatch.setattr("distribuidores.selectors.conciliacion.mes.today", lambda: D(2026, 4, 16))
    resultado = conciliacion_mes(periodo=MARZO)
    assert not resultado.plazo_vencido and resultado.hallazgos == []
    monkeypatch.setattr("distribuidores.selectors.conciliacion.mes.today", lambda: D(2026, 4, 17))
    assert codigos(conciliacion_mes(periodo=MARZO)) == ["reporte_faltante"]


@pytest.mark.django_db
def test_a_wholesaler_sees_only_its_own_reconciliation():
    petromar = mayorista()
    terpel = mayorista(nit="860002400", razon_social="Terpel Marítima S.A.")
    doble, _ = nave_con_cupo()
    cert = certificado_de(doble, "600")
    vender(petromar, doble, "600", cert)
    reporte(petromar.distribuidor, [(doble, "600", cert.numero)])
    otra, _ = nave_con_cupo()
    reporte(terpel.distribuidor, [(doble, "600", cert.numero), (otra, "10", "NO-EXISTE")])
    declarar(doble, "1")

    de_terpel = conciliacion_mes(periodo=MARZO, distribuidor_id=terpel.distribuidor.id)
    assert {h.distribuidor_id for h in de_terpel.hallazgos} == {terpel.distribuidor.id}
    assert "declarado_distinto_de_vendido" not in codigos(de_terpel)
    (doble_uso,) = [h for h in de_terpel.hallazgos if h.codigo == "certificado_usado_dos_veces"]
    assert "Petromar" not in doble_uso.detalle and "otro distribuidor" in doble_uso.detalle
    assert de_terpel.totales.declarado is None and de_terpel.totales.vendido == G("0")
    assert de_terpel.totales.reportado == G("610")

    de_petromar = conciliacion_mes(periodo=MARZO, distribuidor_id=petromar.distribuidor.id)
    assert codigos(de_petromar) == ["certificado_usado_dos_veces"]
    assert de_petromar.totales.vendido == G("600") and de_petromar.totales.certificados == G("600")
    assert "Terpel" not in de_petromar.hallazgos[0].detalle

    todos = conciliacion_mes(periodo=MARZO)
    assert "declarado_distinto_de_vendido" in codigos(todos)


@pytest.mark.django_db
def test_filters_by_code_wholesaler_and_beneficiary():
    petromar = mayorista()
    nave, _ = nave_con_cupo()
    otra, _ = nave_con_cupo()
    reporte(petromar.distribuidor, [(nave, "10", ""), (otra, "20", "")])
    resultado = conciliacion_mes(periodo=MARZO)
    assert len(resultado.filtrar(codigo="venta_sin_certificado_valido")) == 2
    assert [h.fila for h in resultado.filtrar(codigo="venta_sin_certificado_valido", beneficiario_id=otra.id)] == [3]
    assert resultado.filtrar(distribuidor_id=petromar.distribuidor.id + 1000) == []
    assert dict(resultado.beneficiarios()).keys() == {nave.id, otra.id}


@pytest.mark.django_db
def test_twelve_month_series_in_a_fixed_number_of_queries():
    mes_en_regla()
    with CaptureQueriesContext(connection) as consultas:
        serie = conciliacion_serie(desde=D(2025, 4, 1), hasta=MARZO)
    assert len(consultas) == 5
    assert [t.periodo for t in serie][:2] == [D(2025, 4, 1), D(2025, 5, 1)] and len(serie) == 12
    assert serie[-1].vendido == G("1200") and sum(t.vendido for t in serie[:-1]) == 0


@pytest.mark.django_db
def test_reconciliation_queries_do_not_grow_with_the_rows():
    petromar = mayorista()

    def contar():
        with CaptureQueriesContext(connection) as consultas:
            conciliacion_mes(periodo=MARZO)
        return len(consultas)

    def mes_con(n):
        naves = []
        for _ in range(n):
            nave, _ = nave_con_cupo()
            cert = certificado_de(nave, "500")
            inspeccionar(cert, "400")
            vender(petromar, nave, "350", cert)
            declarar(nave, "10")
            naves.append((nave, "999", cert.numero))
        naves.append((nave, "1", cert.numero))  # the last certificate, reported twice
        acuicola = AcuicultoraFactory(distribuidor=petromar.distribuidor)
        con_cupo(acuicola, anual="12000")
        naves.append((acuicola, "5000", ""))
        naves.append((NaveFactory(), "1", "NO-EXISTE"))
        return naves

    filas = mes_con(1)
    rep = reporte(petromar.distribuidor, filas)
    pocos = contar()
    rep.delete()
    filas += mes_con(4)
    reporte(petromar.distribuidor, filas)
    assert contar() == pocos <= 25


# --- Export ---


@pytest.mark.django_db
def test_export_is_a_valid_workbook_with_formula_like_text_escaped():
    petromar = mayorista()
    peligrosa = NaveFactory(nombre='=HYPERLINK("http://x","clic")')
    con_cupo(peligrosa)
    reporte(
        petromar.distribuidor,
        [
            (peligrosa, "10", "=cmd|' /C calc'!A0"),
            (peligrosa, "20", "@SUM(A1)"),
            (peligrosa, "30", "+1"),
            (peligrosa, "40", "-1"),
        ],
    )
    resultado = conciliacion_mes(periodo=MARZO)
    libro = load_workbook(BytesIO(conciliacion_xlsx(resultado)))
    assert libro.sheetnames == ["Discrepancias", "Totales"]
    hoja = libro["Discrepancias"]
    filas = list(hoja.iter_rows(values_only=True))
    assert filas[0][0] == "Código" and len(filas) == 1 + len(resultado.hallazgos)
    for fila in hoja.iter_rows(min_row=2):
        for celda in fila:
            assert celda.data_type != "f"
            if isinstance(celda.value, str):
                assert not celda.value.startswith(("=", "+", "-", "@"))
    certificados = {f[7] for f in filas[1:]}
    assert {"'=cmd|' /C calc'!A0", "'@SUM(A1)", "'+1", "'-1"} <= certificados
    assert {f[5] for f in filas[1:]} == {'\'=HYPERLINK("http://x","clic")'}
    galones = [f[9] for f in filas[1:] if f[0] == "venta_sin_certificado_valido"]
    assert sorted(galones) == [10, 20, 30, 40]  # numbers stay numbers

    totales = list(libro["Totales"].iter_rows(values_only=True))
    assert totales[0] == ("Periodo", "2026-03")
    assert ("Reportados por los distribuidores", 100) in totales
    assert ("Total de discrepancias", len(resultado.hallazgos)) in totales


def test_celda_segura():
    assert celda_segura("=1+1") == "'=1+1"
    assert celda_segura("\t=1") == "'\t=1"
    assert celda_segura("Nave Uno") == "Nave Uno"
    assert celda_segura("\x00=1\x07") == "'=1"
    assert celda_segura(G("-5")) == G("-5")
    assert celda_segura(None) is None
