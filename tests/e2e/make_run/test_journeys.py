"""Each role's main job, end to end in Chromium, on the server `make run` starts (SQLite file, DEBUG on,
Celery eager) with the demo data and the demo logins. The same jobs run on PostgreSQL in tests/e2e/."""

import re
from urllib.parse import urljoin

import pytest
from playwright.sync_api import expect

from cupos.demo import MATRICULA_DONA_LUCIA
from tests.e2e.make_run.conftest import menu
from tests.e2e.pasos import (
    TABLA_ASIGNACION,
    escribir_codigo,
    expedir_asignacion_acpm,
    importar_lineas,
    plantilla_de_lineas,
    procedimiento_cumplido_fronteras_make_run,
    procedimiento_cumplido_make_run,
)
from tests.servidores import esperar

pytestmark = pytest.mark.e2e

DONA_LUCIA = "MC-05-0100"  # cupos.demo: DOMAIN.md's vessel, the `beneficiario` login
PDF = "application/pdf"


def abrir_pdf(page, enlace) -> bytes:
    """Follow a link to a document with the page's session, as the browser's PDF viewer would."""
    respuesta = page.context.request.get(urljoin(page.url, enlace.get_attribute("href")))
    assert respuesta.status == 200, (respuesta.url, respuesta.status)
    assert respuesta.headers["content-type"].startswith(PDF), respuesta.headers
    cuerpo = respuesta.body()
    assert cuerpo.startswith(b"%PDF"), cuerpo[:40]
    return cuerpo


def test_oficial_expide_un_certificado_y_el_publico_verifica_el_codigo_impreso(browser, page, make_run, ingresar):
    ingresar(page, "oficial.cartagena")
    menu(page, "Zarpes").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Zarpes y certificados de cupo de exención")
    page.wait_for_load_state("load")

    page.get_by_label("Matrícula o nombre de la nave").fill(DONA_LUCIA)
    expect(page.get_by_role("status").filter(has_text="nave")).to_have_text("1 nave encontrada.")
    page.get_by_role("link", name=re.compile(DONA_LUCIA)).click()
    panel = page.locator("#panel-nave")
    expect(panel.get_by_role("heading", level=2)).to_contain_text("Doña Lucía")
    expect(panel).to_contain_text("Disponible hoy")
    # The captain presents the last certificate; the panel names it.
    ultimo = panel.get_by_text("Último certificado expedido a la nave").locator("strong")
    expect(ultimo).to_have_text(re.compile(r"^CP05-\d{4}-\d{6}$"))
    panel.get_by_label("Certificado anterior presentado").fill(ultimo.inner_text())
    panel.get_by_label("Galones solicitados").fill("800")
    panel.get_by_role("button", name="Expedir certificado").click()

    expect(panel.get_by_role("heading", level=2)).to_contain_text("Certificado expedido")
    expect(panel).to_contain_text("Se expide certificado de cupo de exención por 800,00 galones.")
    numero = re.search(r"CP05-\d{4}-\d{6}", panel.get_by_role("heading", level=2).inner_text())[0]
    expect(page.locator("#zarpes-del-dia")).to_contain_text(numero)
    impreso = panel.locator("code.codigo-verificacion").inner_text()
    pdf = abrir_pdf(page, page.get_by_role("link", name="Imprimir certificado (PDF)"))
    # Issue 26: the printed link (and the QR) point where `make run` serves, not to port 8000.
    from io import BytesIO

    from pypdf import PdfReader

    impresa = " ".join((p.extract_text() or "") for p in PdfReader(BytesIO(pdf)).pages).replace("\n", "")
    assert f"{make_run.url}/verificar/{impreso}/" in impresa, impresa[-400:]

    # Anyone, without logging in, types the code printed under the QR on /verificar/.
    publico = browser.new_context(locale="es-CO")
    try:
        visitante = publico.new_page()
        visitante.goto(make_run.url + "/verificar/")
        visitante.get_by_label("Código de verificación").fill(impreso.lower())
        visitante.get_by_role("button", name="Verificar").click()
        expect(visitante.get_by_role("status")).to_contain_text("Certificado válido")
        expect(visitante.locator("dl.ficha")).to_contain_text(numero)
        expect(visitante.locator("dl.ficha")).to_contain_text("800,00")
    finally:
        publico.close()


def mes_anterior(make_run) -> str:
    """The last finished month on the server's calendar (the demo's today), as AAAA-MM."""
    [(periodo,)] = make_run.consultar(
        "SELECT strftime('%Y-%m', date(MAX(fecha), 'start of month', '-1 day')) FROM zarpes_zarpe"
    )
    return periodo


def cargar_reporte(page, make_run, periodo: str, archivo) -> None:
    menu(page, "Reportes mensuales").click()
    page.get_by_label("Mes reportado").fill(periodo)
    page.get_by_label("Archivo del reporte (CSV o XLSX)").set_input_files(str(archivo))
    with page.expect_navigation():
        page.get_by_role("button", name="Cargar el reporte").click()
    reemplazar = page.get_by_label("Reemplazar el reporte ya enviado de ese mes")
    if page.get_by_text("Ya envió el reporte de").count():  # a month already reported is replaced when said so
        reemplazar.check()
        page.get_by_label("Archivo del reporte (CSV o XLSX)").set_input_files(str(archivo))
        page.get_by_role("button", name="Cargar el reporte").click()
    from core.comun.fechas import MESES

    anio, mes = periodo.split("-")
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Reporte mensual de {MESES[int(mes) - 1]} de {anio}")


def test_mayorista_verifica_vende_y_corrige_su_reporte_mensual(page, make_run, ingresar, tmp_path):
    # The captain of a vessel that sailed today with a certificate (zarpes.demo) comes to buy.
    [(numero, autorizados, codigo)] = make_run.consultar(
        "SELECT c.numero, c.galones_autorizados, c.codigo_verificacion FROM zarpes_certificado c"
        " JOIN cupos_beneficiario b ON b.id = c.nave_id"
        " WHERE c.estado = 'vigente' AND b.matricula <> ? AND c.galones_autorizados >= 200 ORDER BY c.id LIMIT 1",
        DONA_LUCIA,
    )
    ingresar(page, "distribuidor")
    menu(page, "Verificar venta").click()
    page.get_by_label("Número del certificado de cupo de exención").fill(numero)
    page.get_by_role("button", name="Verificar certificado").click()
    # Issue 39: the number alone says nothing; the code printed under the QR proves the paper is at hand.
    expect(page.locator("#resultado")).to_contain_text("Falta el código de verificación")
    page.get_by_label("Código de verificación").fill(codigo)
    page.get_by_role("button", name="Verificar certificado").click()
    resultado = page.locator("#resultado")
    expect(resultado.get_by_role("heading", level=2)).to_contain_text("Venta exenta permitida")
    expect(resultado.locator("dl.ficha")).to_contain_text(numero)
    registrar = resultado.get_by_role("form", name="Registrar la venta")
    registrar.get_by_label("Galones vendidos").fill("150")
    # the invoice and each document's reference, received at the sale (the certificate's is filled in).
    registrar.get_by_label("Número de la factura").fill("FE-2026-0150")
    for campo in registrar.locator("input[name^='documento_']").all():
        if not campo.input_value():
            campo.fill("REF-0150")
    registrar.get_by_role("button", name="Revisar la venta").click()
    # Issue 26: the sale redeems the certificate for good; the page says so before it is done.
    expect(page.get_by_role("heading", level=1)).to_contain_text("Registrar la venta a")
    expect(page.get_by_role("main")).to_contain_text(f"Se redime el certificado {numero}")
    page.get_by_role("button", name="Confirmar la venta").click()
    expect(page.get_by_role("main")).to_contain_text(numero)
    expect(page.get_by_role("main")).to_contain_text("150,00")
    menu(page, "Ventas").click()
    expect(page.get_by_role("table")).to_contain_text(numero)
    assert float(autorizados) >= 150

    # Its report of last month lists the sales it registered (distribuidores.demo), one typed wrong.
    periodo = mes_anterior(make_run)
    ventas = make_run.consultar(
        "SELECT v.fecha, b.identificacion, c.numero, v.galones FROM distribuidores_venta v"
        " JOIN cupos_beneficiario b ON b.id = v.beneficiario_id JOIN core_distribuidor d ON d.id = v.distribuidor_id"
        " LEFT JOIN zarpes_certificado c ON c.id = v.certificado_id"
        " WHERE d.nit = '900456123' AND strftime('%Y-%m', v.fecha) = ? ORDER BY v.fecha, v.id",
        periodo,
    )
    assert len(ventas) >= 2, f"la demo no tiene ventas del mayorista en {periodo}"
    filas = [[fecha, ident, cert or "", f"{float(gal):.2f}".replace(".", ",")] for fecha, ident, cert, gal in ventas]
    encabezado = "fecha;identificacion_beneficiario;certificado;galones\n"
    con_error = tmp_path / "reporte-con-error.csv"
    malas = [*filas[:1], [*filas[1][:3], "seiscientos"], *filas[2:]]
    con_error.write_text(encabezado + "".join(";".join(f) + "\n" for f in malas), encoding="utf-8-sig")
    cargar_reporte(page, make_run, periodo, con_error)
    errores = page.locator("section", has=page.get_by_role("heading", name="Errores por fila"))
    fila = errores.get_by_role("row").filter(has_text="galones")
    expect(fila.get_by_role("cell").first).to_have_text("3")  # the spreadsheet's row: header is row 1

    corregido = tmp_path / "reporte-corregido.csv"
    corregido.write_text(encabezado + "".join(";".join(f) + "\n" for f in filas), encoding="utf-8-sig")
    cargar_reporte(page, make_run, periodo, corregido)
    expect(page.get_by_role("heading", level=2, name="Estado: Procesado")).to_be_visible()
    expect(page.get_by_text("Ninguna fila tiene errores.")).to_be_visible()
    expect(page.get_by_text("No se encontraron discrepancias")).to_be_visible()


def hoy(make_run) -> str:
    """The demo date (zarpes.demo issues its zarpes on the server's today), as AAAA-MM-DD."""
    [(fecha,)] = make_run.consultar("SELECT MAX(fecha) FROM zarpes_zarpe")
    return fecha


def seguir_hasta_el_pdf(page, enlace, *, espera_ms: int = 60_000) -> bytes:
    """The link may give the PDF at once, or a page that builds it as a background job and shows the
    link to the stored document when it is ready: follow it either way."""
    respuesta = page.context.request.get(urljoin(page.url, enlace.get_attribute("href")))
    if respuesta.ok and respuesta.headers["content-type"].startswith(PDF):
        return abrir_pdf(page, enlace)
    page.goto(urljoin(page.url, enlace.get_attribute("href")))
    listo = page.get_by_role("main").get_by_role("link", name=re.compile("PDF|Descargar")).first
    expect(listo).to_be_visible(timeout=espera_ms)
    return abrir_pdf(page, listo)


def pdf_de_la_resolucion(page) -> bytes:
    """The resolution page links to its PDF; if the PDF is a stored document still to build (or built
    before the firmeza), ask for it and wait for the link the page shows when it is ready."""
    principal = page.get_by_role("main")
    generar = principal.get_by_role("button", name=re.compile(r"generar el PDF", re.IGNORECASE))
    if generar.count():
        generar.first.click()
    enlace = principal.get_by_role("link", name=re.compile(r"PDF")).first
    expect(enlace).to_be_visible(timeout=60_000)
    return seguir_hasta_el_pdf(page, enlace)


def test_analista_declara_la_firmeza_abre_la_resolucion_y_lee_una_linea_de_tiempo(page, make_run, ingresar):
    ingresar(page, "analista")
    menu(page, "Resoluciones").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Resoluciones anuales de cupos")
    fila = page.get_by_role("row").filter(has=page.get_by_role("cell", name="2026", exact=True))
    fila.get_by_role("link", name=re.compile(r"^No\. \d+$")).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("de 2026")
    firmeza = page.locator("section", has=page.get_by_role("heading", name="Firmeza de los cupos"))
    pendientes = int(re.search(r"Hay (\d+) cupos? expedidos? sin firmeza", firmeza.inner_text())[1])
    assert pendientes > 0
    fecha = hoy(make_run)
    firmeza.get_by_label("Fecha de firmeza").fill(fecha)
    firmeza.get_by_role("button", name="Declarar firmeza de todos los cupos expedidos").click()

    # A legal act: the confirmation says exactly what will happen before anything does.
    expect(page.get_by_role("heading", level=2, name="Esto es lo que va a pasar")).to_be_visible()
    expect(page.get_by_role("main")).to_contain_text(str(pendientes))
    expect(page.get_by_role("main")).to_contain_text("Dimar")
    escribir_codigo(page, make_run.codigo("analista"))  # issue 24: a fresh code signs the act
    page.get_by_role("button", name="Confirmar la firmeza").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("de 2026")
    # Done in the request or as a job with progress: either way none is left to make firm.
    expect(page.get_by_role("button", name="Declarar firmeza de todos los cupos expedidos")).to_have_count(0)
    esperar(
        lambda: (
            make_run.consultar(
                "SELECT COUNT(*) FROM cupos_cupo c JOIN cupos_resolucion r ON r.id = c.resolucion_id"
                " WHERE r.anio = 2026 AND c.fecha_firmeza = ?",
                fecha,
            )[0][0]
            == pendientes
        ),
        segundos=60,
        que=f"{pendientes} cupos en firme el {fecha}",
    )

    cuerpo = pdf_de_la_resolucion(page)
    assert len(cuerpo) > 1000

    menu(page, "Beneficiarios").click()
    page.get_by_label("Buscar por nombre, matrícula o identificación").fill(DONA_LUCIA)
    page.get_by_role("button", name="Filtrar").click()
    page.get_by_role("link", name=re.compile("Doña Lucía")).first.click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Doña Lucía")
    linea = page.locator("section", has=page.get_by_role("heading", name=re.compile("^Ventanas de acumulación")))
    expect(linea).to_be_visible()
    expect(linea.get_by_role("table").first).to_contain_text("2026")


def test_beneficiario_ve_sus_certificados_y_su_saldo(page, make_run, ingresar):
    ingresar(page, "beneficiario")
    expect(page.get_by_role("main")).to_contain_text(f"Doña Lucía ({DONA_LUCIA})")
    menu(page, "Beneficiarios").click()
    page.get_by_role("link", name="Doña Lucía").click()
    saldo = page.locator("section", has=page.get_by_role("heading", name=re.compile("^Saldo al ")))
    cifras = {
        n: float(
            saldo.locator("dt", has_text=n)
            .locator("xpath=following-sibling::dd[1]")
            .inner_text()
            .removesuffix(" gal")
            .replace(".", "")
            .replace(",", ".")
        )
        for n in ("Asignado en la ventana hasta este mes", "Consumido en la ventana", "Disponible hoy")
    }
    asignado, consumido, disponible = cifras.values()
    # Her consumption in the window is the demo's until FIN_CONSUMO plus the officer's journey's certificate:
    # on the first day of a window (1 December 2026) it may be nothing yet, so only the arithmetic is checked.
    assert asignado > 0 and disponible == max(0, asignado - consumido), cifras
    menu(page, "Zarpes").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Mis certificados de cupo de exención")
    tabla = page.get_by_role("table")
    propios = make_run.consultar(  # the most recent ones: the first page of the list
        "SELECT c.numero FROM zarpes_certificado c JOIN cupos_beneficiario b ON b.id = c.nave_id WHERE b.matricula = ?"
        " ORDER BY c.id DESC LIMIT 10",
        DONA_LUCIA,
    )
    assert len(propios) >= 2  # zarpes.demo: her zarpes of the last months, with certificates
    for (numero,) in propios:
        expect(tabla).to_contain_text(numero)
    otros = make_run.consultar(
        "SELECT c.numero FROM zarpes_certificado c JOIN cupos_beneficiario b ON b.id = c.nave_id"
        " WHERE b.matricula <> ? LIMIT 3",
        DONA_LUCIA,
    )
    for (numero,) in otros:
        expect(tabla).not_to_contain_text(numero)


def test_analista_de_frontera_asigna_cumaribo_la_ejecutoria_y_el_publico_lo_ve(browser, page, make_run, ingresar):
    ingresar(page, "analista")
    menu(page, "Zonas de frontera").click()
    page.get_by_role("navigation", name="Zonas de frontera").get_by_role("link", name="Asignaciones").click()
    page.get_by_role("link", name="Nueva asignación").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Nueva asignación de volúmenes máximos")
    page.wait_for_load_state("load")
    # fronteras.demo: Cumaribo's stations are registered, its 2026 assignment is still to be made.
    expedir_asignacion_acpm(
        page,
        municipio="99773",
        participan="estaciones participan",
        indicador="1,1",
        sin_gnv_en="Cumaribo",
        codigo=make_run.codigo("analista"),
    )
    expect(page.get_by_role("heading", level=1)).to_have_text("Cumaribo: ACPM 2026–2027")
    # 38.900 inhabitants × 1,1 gal × 1,2 (no GNV) × 1 = 51.348,00 gal a month (F-02).
    expect(page.get_by_role("status")).to_contain_text("51.348,00 galones al mes")

    fecha = hoy(make_run)
    procedimiento_cumplido_fronteras_make_run(make_run, TABLA_ASIGNACION, fecha)  # DOMAIN §8: firm for its stations
    page.get_by_label("Fecha de ejecutoria").fill(fecha)
    page.get_by_role("button", name="Registrar ejecutoria").click()
    # A legal act: the confirmation says exactly what will happen before anything does.
    expect(page.get_by_role("heading", level=2, name="Esto es lo que va a pasar")).to_be_visible()
    expect(page.get_by_role("main")).to_contain_text("La asignación de ACPM de Cumaribo (Vichada)")
    page.get_by_role("button", name="Confirmar la ejecutoria").click()
    expect(page.get_by_role("status")).to_contain_text("quedó ejecutoriada el")

    publico = browser.new_context(locale="es-CO")
    try:
        visitante = publico.new_page()
        periodo = fecha[:7]
        visitante.set_viewport_size({"width": 390, "height": 844})
        visitante.goto(make_run.url + f"/fronteras/transparencia/?periodo={periodo}")
        expect(visitante.get_by_role("navigation", name="Menú principal")).to_have_count(0)
        # Issue 26: on a phone the summary leads and each department's chart and table fold (it was 19,310 px).
        alto = visitante.evaluate("document.documentElement.scrollHeight")
        assert alto < 8000, f"la transparencia mide {alto} px en un teléfono"
        visitante.get_by_text("Ver el gráfico y los municipios de Vichada").click()
        tabla = visitante.get_by_role("table", name=re.compile("Vichada"))
        expect(tabla).to_contain_text("Cumaribo")
        csv = visitante.get_by_role("link", name=re.compile("descargar CSV"))
        respuesta = publico.request.get(urljoin(visitante.url, csv.get_attribute("href")))
        assert respuesta.ok and "text/csv" in respuesta.headers["content-type"], respuesta.headers
        texto = respuesta.text()
        assert any(f.startswith("Vichada,Cumaribo,99773,") and ",acpm," in f for f in texto.splitlines()), texto[:500]
    finally:
        publico.close()


def test_analista_calcula_las_alertas_de_desvio_en_make_run_y_ve_la_rafaga_plantada(page, make_run, ingresar):
    """Issue 45, defect 1: «Calcular ahora» failed at once on SQLite (the signals' PostgreSQL SQL). On `make run`
    the portable signals run and the demo's planted burst (two full tanks one day) is flagged."""
    ingresar(page, "analista")
    page.goto(make_run.url + "/desvios/")
    page.get_by_role("button", name="Calcular ahora").click()
    calculo = page.locator("section").filter(has=page.get_by_role("heading", name="Último cálculo"))
    expect(calculo).to_contain_text("Terminado el", timeout=60_000)  # the page follows the job on its thread
    expect(calculo).to_contain_text("se calcularon solo las señales que no requieren PostgreSQL")
    fila = (
        page.get_by_role("row").filter(has_text="Más de un tanque el mismo día").filter(has=page.get_by_role("link"))
    )  # a case's row (the precision table names the signal too)
    expect(fila.first).to_be_visible()
    fila.first.get_by_role("link").click()
    expect(page.get_by_role("main")).to_contain_text("una nave no zarpa con más de un tanque")


def test_auditor_lee_el_registro_de_auditoria(page, make_run, ingresar):
    ingresar(page, "auditor")
    menu(page, "Auditoría").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Registro de auditoría")
    page.get_by_label("Acción").fill("zarpe.certificar")  # zarpes.demo: the officers' certificates
    page.get_by_role("button", name="Filtrar").click()
    tabla = page.get_by_role("table")
    # The action reads in Spanish; its code stays in the tooltip.
    filas = tabla.get_by_role("row").filter(has=page.locator('[title="Código de la acción: zarpe.certificar"]'))
    expect(filas.first).to_contain_text("oficial.")
    assert filas.count() >= 2
    expect(tabla.locator('[title^="Código de la acción: venta."]')).to_have_count(0)
    filas.first.get_by_text("Ver").last.click()  # the values after the change
    expect(filas.first.locator("details").last).to_contain_text(re.compile("galones", re.IGNORECASE))


def test_auditor_recorre_el_registro_por_paginas_el_calendario_la_conciliacion_y_los_zarpes(page, make_run, ingresar):
    """Issue 14's pages as a person meets them under make run: the audit log page by page (keyset cursors),
    the year's calendar of deadlines, the stored and dated reconciliation, the zarpes list."""
    ingresar(page, "auditor")
    menu(page, "Auditoría").click()
    filas = page.get_by_role("table").locator("tbody tr")
    expect(filas.first).to_be_visible()
    primera = filas.first.inner_text()
    paginacion = page.get_by_role("navigation", name="Paginación")
    paginacion.get_by_role("link", name="Siguiente").click()
    expect(page).to_have_url(re.compile(r"despues=."))
    expect(filas.first).to_be_visible()
    assert filas.first.inner_text() != primera
    paginacion.get_by_role("link", name="Anterior").click()
    expect(page).to_have_url(re.compile(r"antes=."))
    expect(filas.first).to_be_visible()
    assert filas.first.inner_text() == primera

    menu(page, "Calendario").click()
    anio = hoy(make_run)[:4]
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Calendario de plazos {anio}")
    expect(page.get_by_role("heading", name=re.compile(r"\(mes en curso\)$"))).to_have_count(1)
    page.get_by_role("link", name="Año siguiente").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Calendario de plazos {int(anio) + 1}")
    expect(page.get_by_role("heading", name="Enero", exact=True)).to_be_visible()
    expect(page.get_by_text("Festivos:").first).to_be_visible()

    menu(page, "Conciliación").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Conciliación mensual de \w+ de \d{4}$"))
    expect(page.get_by_text(re.compile(r"^Cifras calculadas el \d"))).to_be_visible()  # eager: computed, current
    expect(page.locator("#conciliacion-estado")).to_have_count(0)
    expect(page.get_by_role("heading", name=re.compile(r"^Totales de"))).to_be_visible()

    menu(page, "Zarpes").click()
    expect(page.get_by_role("table").locator("tbody tr").first).to_be_visible()


# --- Issue 12 on make run: the demo's 2027 draft, from the proposal to firm cupos. Last in this module:
# it makes 2027 cupos firm today, which the other journeys do not expect. ---


def filas(page):
    return page.locator("#propuesta tbody tr")


def editar(page, nombre: str, galones: str, motivo: str):
    fila = filas(page).filter(has=page.get_by_role("link", name=nombre, exact=True))
    fila.get_by_role("link", name=re.compile("^Editar")).click()
    fila.get_by_label("Galones anuales").fill(galones)
    fila.get_by_label("Motivo").fill(motivo)
    fila.get_by_role("button", name="Guardar").click()
    expect(filas(page).filter(has=page.get_by_role("link", name=nombre, exact=True))).to_contain_text(
        f"Línea de {nombre} guardada"
    )


def test_analista_asigna_2027_importa_expide_y_declara_la_firmeza(page, make_run, ingresar, tmp_path):
    ingresar(page, "analista")
    menu(page, "Asignación anual").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Asignación de cupos: .* de 2027$"))
    expect(page.locator(".plazo__cifra")).to_be_visible()  # the 28 February countdown
    principal = page.get_by_role("main")
    expect(principal).to_contain_text("Cupo vigente del año anterior")  # continuity lines
    expect(principal).not_to_contain_text("_")  # no internal codes in what the analyst reads

    # Two lines set in place, each with the reason for differing from the request.
    nombres = [n.strip() for n in filas(page).locator("th a").all_inner_texts()][:2]
    assert len(nombres) == 2, nombres
    editar(page, nombres[0], "10000", "Consumo del año anterior menor que el cupo")
    editar(page, nombres[1], "12500", "Aumento de la capacidad de bodega")

    # The XLSX template filled offline with one bad row: nothing saved, the row and column named.
    plantilla, libro, hoja, col_id, col_galones = plantilla_de_lineas(page, tmp_path)
    fila_mala = next(r for r in range(2, hoja.max_row + 1) if isinstance(hoja.cell(r, col_id).value, int))
    bueno = hoja.cell(fila_mala, col_galones).value
    hoja.cell(fila_mala, col_galones).value = "nueve mil"
    lineas_antes = make_run.consultar("SELECT COUNT(*) FROM cupos_lineaasignacion")[0][0]
    importar_lineas(page, libro, plantilla)
    errores = page.locator("#errores-importacion")
    expect(errores).to_contain_text("No se importó ninguna línea.")
    error = errores.get_by_role("row").filter(has_text="no es una cantidad de galones")
    expect(error.get_by_role("cell").first).to_have_text(str(fila_mala))
    assert make_run.consultar("SELECT COUNT(*) FROM cupos_lineaasignacion")[0][0] == lineas_antes

    hoja.cell(fila_mala, col_galones).value = bueno if bueno not in (None, "") else 9000
    # Doña Lucía (the demo's `beneficiario` login) continues her 2026 cupo: her line too (next journey, DOMAIN §8).
    [(lucia,)] = make_run.consultar("SELECT id FROM cupos_beneficiario WHERE matricula = ?", MATRICULA_DONA_LUCIA)
    fila_lucia = next(r for r in range(2, hoja.max_row + 1) if hoja.cell(r, col_id).value == lucia)
    [(pedidos,)] = make_run.consultar(  # what she asked for 2027: no reason needed
        "SELECT galones_solicitados FROM cupos_solicitud WHERE beneficiario_id = ? AND anio = 2027", lucia
    )
    hoja.cell(fila_lucia, col_galones).value = float(pedidos)
    importar_lineas(page, libro, plantilla)
    expect(page.get_by_role("status")).to_contain_text("Se importaron")

    # Issue, after the confirmation that says what will happen; the job runs in the request (eager).
    page.get_by_role("link", name="Expedir resolución").click()
    expect(page.get_by_role("main")).to_contain_text(re.compile(r"Se expedirán [\d.]+ cupos por [\d.]+,\d\d galones"))
    escribir_codigo(page, make_run.codigo("analista"))
    page.get_by_role("button", name="Confirmar la expedición").click()
    expect(page.get_by_role("heading", level=2, name="Estado: Expedida")).to_be_visible(timeout=60_000)
    expedidos = make_run.consultar(
        "SELECT COUNT(*) FROM cupos_cupo c JOIN cupos_resolucion r ON r.id = c.resolucion_id WHERE r.anio = 2027"
    )[0][0]
    assert expedidos >= 2

    # Bulk firmeza, with its confirmation: every cupo of the resolution is firm (DOMAIN §8: once notified and
    # waived).
    # Doña Lucía walks the procedure herself (the next journey); her cupo stays pending (P-04).
    procedimiento_cumplido_make_run(make_run, 2027, "000008", hoy(make_run), excepto=MATRICULA_DONA_LUCIA)
    page.get_by_role("link", name="Ir a la resolución y declarar la firmeza").click()
    page.get_by_role("button", name="Declarar firmeza de todos los cupos expedidos").click()
    [(debidos,)] = make_run.consultar(  # those whose procedure ran (not Doña Lucía's, nor one drawn on today)
        "SELECT COUNT(*) FROM cupos_cupo c JOIN core_interesado i ON i.id = c.interesado_id "
        "JOIN cupos_resolucion r ON r.id = c.resolucion_id "
        "WHERE r.anio = 2027 AND r.numero = '000008' AND i.en_firme_desde IS NOT NULL"
    )
    assert 1 <= debidos < expedidos
    expect(page.get_by_role("main")).to_contain_text(re.compile(rf"\b{debidos} cupos? de la resolución"))
    expect(page.get_by_role("main")).to_contain_text(f"Los otros {expedidos - debidos} siguen pendientes")
    impedimentos = page.locator("#impedimentos")
    assert impedimentos.count() == 0, impedimentos.inner_text()
    escribir_codigo(page, make_run.codigo("analista"))
    page.get_by_role("button", name="Confirmar la firmeza").click()
    esperar(
        lambda: (
            make_run.consultar(
                "SELECT COUNT(*) FROM cupos_cupo c JOIN cupos_resolucion r ON r.id = c.resolucion_id "
                "WHERE r.anio = 2027 AND c.estado = 'en_firme'"
            )[0][0]
            == debidos
        ),
        segundos=60,
        que=f"{debidos} cupos de 2027 en firme",
    )
    assert "Traceback" not in make_run.texto_registro()


def _enlace_de_notificacion(make_run, interesado_id: int) -> str:
    """The signed link the outbox sent (make run prints the e-mail), as the beneficiary opens it."""
    import json

    [(payload,)] = make_run.consultar(
        "SELECT payload FROM core_mensajesaliente WHERE tipo = 'notificacion_acto' AND clave = ?",
        f"notificacion:{interesado_id}",
    )
    datos = json.loads(payload) if isinstance(payload, str) else payload
    return make_run.url + re.search(r"/actos/notificacion/[^/\s]+/", datos["texto"]).group(0)


def test_dona_lucia_abre_su_notificacion_recurre_y_su_cupo_queda_en_firme_el_dia_que_dice_el_procedimiento(
    browser, page, make_run, ingresar
):
    """DOMAIN §8 on `make run` (issue 40): the 2027 resolution the analyst issued reached Doña Lucía by its signed
    link; she opens it, reads her term in «Mis actos», files a reposición; the analyst decides it with a fresh code;
    she opens the decision's link; the daily job makes her cupo firm the next day."""
    import datetime as dt

    from core.comun.fechas import fecha_larga
    from core.vencimientos.calendario import add_business_days, today

    [(interesado_id, acto_id, cupo_id)] = make_run.consultar(
        "SELECT c.interesado_id, r.acto_id, c.id FROM cupos_cupo c JOIN cupos_resolucion r ON r.id = c.resolucion_id "
        "JOIN cupos_beneficiario b ON b.id = c.beneficiario_id WHERE r.anio = 2027 AND b.matricula = ?",
        MATRICULA_DONA_LUCIA,
    )
    hoy_ = today()
    vence = add_business_days(hoy_, 10)
    publico = browser.new_context(locale="es-CO")  # the e-mail's link, opened with no session
    try:
        visitante = publico.new_page()
        visitante.goto(_enlace_de_notificacion(make_run, interesado_id))
        visitante.get_by_role("button", name="Abrir el acto y darme por notificado").click()
        expect(visitante.get_by_role("status")).to_contain_text(
            f"puede presentar recursos hasta el {fecha_larga(vence)}"
        )
    finally:
        publico.close()

    ingresar(page, "beneficiario")
    page.goto(make_run.url + "/actos/mios/")
    fila = page.get_by_role("row").filter(has_text="2027")
    expect(fila).to_contain_text(f"puede presentar recursos hasta el {fecha_larga(vence)}")
    fila.get_by_role("link").first.click()
    page.get_by_label("Recurso", exact=True).select_option("reposicion")
    page.get_by_label("Motivos", exact=True).fill("La bodega nueva justifica un cupo mayor.")
    page.get_by_role("button", name="Presentar el recurso").click()
    expect(page.get_by_role("main")).to_contain_text("En trámite: se decide a más tardar")

    page.context.clear_cookies()
    ingresar(page, "analista")
    page.goto(f"{make_run.url}/actos/{acto_id}/interesados/{interesado_id}/")
    page.get_by_role("link", name="Decidir").click()
    page.get_by_label("Decisión", exact=True).select_option("confirma")
    page.get_by_label("Motivación", exact=True).fill("La capacidad de bodega no cambia el consumo acreditado.")
    page.get_by_role("button", name="Revisar la decisión").click()
    escribir_codigo(page, make_run.codigo("analista"))
    page.get_by_role("button", name="Expedir la decisión").click()
    expect(page.get_by_role("main")).to_contain_text("Decidido")

    [(decision,)] = make_run.consultar(
        "SELECT i.id FROM core_interesado i JOIN core_acto a ON a.id = i.acto_id JOIN core_recurso r "
        "ON r.id = a.recurso_decidido_id WHERE r.interesado_id = ?",
        interesado_id,
    )
    publico = browser.new_context(locale="es-CO")
    try:
        visitante = publico.new_page()
        visitante.goto(_enlace_de_notificacion(make_run, decision))
        visitante.get_by_role("button", name="Abrir el acto y darme por notificado").click()
        expect(visitante.get_by_role("status")).to_be_visible()
    finally:
        publico.close()
    manana = hoy_ + dt.timedelta(days=1)
    page.context.clear_cookies()
    ingresar(page, "beneficiario")
    page.goto(make_run.url + "/actos/mios/")
    expect(page.get_by_role("row").filter(has_text="Resolución de cupos").filter(has_text="2027")).to_contain_text(
        f"quedará en firme el {fecha_larga(manana)}"
    )
    # The daily job (Celery beat in production), run as `make run` would run it, on the day it comes.
    make_run.manage(
        "shell",
        "-c",
        "import datetime as dt; from core.actos.services import firmezas_aplicar; "
        f"print(firmezas_aplicar(hoy=dt.date.fromisoformat('{manana.isoformat()}')))",
    )
    assert make_run.consultar("SELECT estado, fecha_firmeza FROM cupos_cupo WHERE id = ?", cupo_id) == [
        ("en_firme", manana.isoformat())
    ]
    assert "Traceback" not in make_run.texto_registro()


def test_analista_expide_una_resolucion_modificatoria_alta_aumento_y_revocacion(page, make_run, ingresar):
    """Issue 26 on `make run`: a vessel registered today gets a new cupo, a vessel's cupo is increased and
    another's revoked (R-12), in one modifying resolution of 2026 issued, printed and made firm."""
    fecha = hoy(make_run)
    # Two vessels with a firm 2026 cupo in force since before today (a new cupo starting today cannot
    # succeed one that started today, R-09), no consumption from today on (a revocation cannot undo
    # recorded consumption), and not the worked example's vessel.
    candidatas = make_run.consultar(
        "SELECT b.nombre, b.matricula, c.galones_anuales FROM cupos_beneficiario b"
        " JOIN cupos_cupo c ON c.beneficiario_id = b.id JOIN cupos_resolucion r ON r.id = c.resolucion_id"
        " WHERE r.anio = 2026 AND r.tipo = 'anual' AND c.estado = 'en_firme' AND c.fecha_inicio < ?"
        " AND c.fecha_fin IS NULL AND b.matricula IS NOT NULL AND b.matricula != ? AND b.tipo = 'nave_nacional'"
        " AND NOT EXISTS (SELECT 1 FROM cupos_movimiento m WHERE m.cupo_id = c.id AND m.fecha >= ?)"
        " AND NOT EXISTS (SELECT 1 FROM cupos_bajadimar d WHERE d.beneficiario_id = b.id)"
        " ORDER BY b.nombre LIMIT 2",
        fecha,
        DONA_LUCIA,
        fecha,
    )
    assert len(candidatas) == 2, "la demo necesita dos naves con cupo de 2026 en firme (tras la firmeza masiva)"
    (aumenta, matricula_aumenta, galones), (revocada, matricula_revocada, _) = candidatas
    nuevos_galones = f"{int(float(galones)) + 6000}"
    ingresar(page, "analista")

    # A vessel registered today (Dimar's alta): the analyst records it first.
    page.goto(make_run.url + "/beneficiarios/nuevo/?tipo=nave_nacional")
    page.get_by_label("Nombre o razón social").fill("Alta de Prueba")
    page.get_by_label("Identificación (NIT o documento del titular)").fill("900777111")
    page.get_by_label("Matrícula").fill("MC-05-9911")
    page.get_by_label("Tonelaje de registro bruto (TRB)").fill("80")
    page.get_by_label("Actividad").select_option("pesca")
    page.get_by_label("Capacidad máxima de combustible (galones)").fill("4000")
    page.get_by_label("Capitanía de puerto").select_option("CP05")
    page.get_by_role("button", name="Registrar beneficiario").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Alta de Prueba")

    # The modifying resolution of 2026's annual one.
    page.goto(make_run.url + "/resoluciones/")
    fila = (
        page.get_by_role("row").filter(has=page.get_by_role("cell", name="2026", exact=True)).filter(has_text="Anual")
    )
    fila.get_by_role("link", name=re.compile(r"^No\. \d+$")).first.click()
    page.get_by_role("link", name="Nueva resolución modificatoria").click()
    page.get_by_label("Número").fill("000777")
    page.get_by_role("button", name="Crear la resolución en borrador").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Resolución modificatoria No. 000777 de 2026")
    expect(page.get_by_role("button", name="Expedir resolución")).to_be_disabled()
    expect(page.get_by_role("main")).not_to_contain_text("Diferencia")
    page.wait_for_load_state("load")

    def buscar(texto):
        caja = page.get_by_label("Matrícula, nombre o identificación")
        caja.fill(texto)
        caja.press("Enter")
        return page.locator("#resultados")

    buscar("MC-05-9911").get_by_role("link", name="Otorgar un cupo a Alta de Prueba").click()
    page.get_by_label("Galones anuales").fill("9000")
    page.get_by_label("Motivo", exact=True).fill("Nave nueva reportada por Dimar")
    page.get_by_role("button", name="Guardar la línea").click()
    expect(page.get_by_role("status")).to_contain_text("Se guardó la línea de Alta de Prueba.")

    page.wait_for_load_state("load")
    buscar(matricula_aumenta).get_by_role("link", name=f"Cambiar galones de {aumenta}").click()
    page.get_by_label("Galones anuales").fill(nuevos_galones)
    page.get_by_label("Motivo del cambio").select_option("aumento")
    page.get_by_label("Motivo", exact=True).fill("Amplió su faena")
    page.get_by_role("button", name="Guardar la línea").click()
    expect(page.get_by_role("status")).to_contain_text(f"Se guardó la línea de {aumenta}.")

    page.wait_for_load_state("load")
    buscar(matricula_revocada).get_by_role("link", name=f"Revocar el cupo de {revocada}").click()
    page.get_by_label("Desde").fill(fecha)
    page.get_by_label("Causal de la revocación (Decreto 1891 de 2009, parágrafo 1)").select_option(
        "comunicacion_autoridad"
    )
    page.get_by_label("Soporte de la revocación").fill("Oficio de la Dimar No. 456")
    page.get_by_label("Motivo", exact=True).fill("Comunicación motivada de la Dimar")
    page.get_by_role("button", name="Guardar la línea").click()
    expect(page.get_by_role("status")).to_contain_text(f"Se guardó la línea de {revocada}.")
    page.get_by_label("Motivación de la resolución").fill("Que la Dimar reportó una nave nueva.")
    page.get_by_role("button", name="Guardar los considerandos").click()
    principal = page.get_by_role("main")
    expect(principal).not_to_contain_text("_")  # no internal codes in what the analyst reads

    page.get_by_role("link", name="Expedir resolución").click()
    expect(page.get_by_role("main")).to_contain_text("se expedirán 1 nuevo cupo y 1 cambio de galones")
    escribir_codigo(page, make_run.codigo("analista"))
    page.get_by_role("button", name="Confirmar la expedición").click()
    expect(page.get_by_role("heading", level=2, name="Estado: Expedida")).to_be_visible(timeout=60_000)
    enlace = page.get_by_role("link", name="Ver la resolución en PDF")
    expect(enlace).to_be_visible(timeout=90_000)
    assert len(abrir_pdf(page, enlace)) > 1000

    procedimiento_cumplido_make_run(make_run, 2026, "000777", fecha)  # DOMAIN §8: notified, waived
    page.get_by_role("link", name="Ir a la resolución y declarar la firmeza").click()
    page.get_by_role("button", name="Declarar firmeza de todos los cupos expedidos").click()  # today
    expect(page.get_by_role("main")).to_contain_text("2 cupos de la resolución 000777 de 2026 quedarán en firme")
    impedimentos = page.locator("#impedimentos")
    assert impedimentos.count() == 0, impedimentos.inner_text()
    escribir_codigo(page, make_run.codigo("analista"))
    page.get_by_role("button", name="Confirmar la firmeza").click()
    esperar(
        lambda: (
            make_run.consultar(
                "SELECT COUNT(*) FROM cupos_cupo c JOIN cupos_resolucion r ON r.id = c.resolucion_id "
                "WHERE r.numero = '000777' AND c.estado = 'en_firme'"
            )[0][0]
            == 2
        ),
        segundos=60,
        que="los 2 cupos de la resolución modificatoria en firme",
    )
    [(estado,)] = make_run.consultar(
        "SELECT c.estado FROM cupos_cupo c JOIN cupos_beneficiario b ON b.id = c.beneficiario_id"
        " JOIN cupos_resolucion r ON r.id = c.resolucion_id WHERE b.matricula = ? AND r.tipo = 'anual'"
        " AND r.anio = 2026",
        matricula_revocada,
    )
    assert estado == "cancelado"
    assert "Traceback" not in make_run.texto_registro()


def test_oficial_expide_sin_conexion_en_el_mostrador_y_sincroniza(browser, page, make_run, ingresar):
    """Issue 43 on `make run` (SQLite): holds, the link drops, three certificates offline for two vessels (one
    chained), the link returns, each exists once with its number. Last in the file: it holds demo vessels."""
    candidatas = [
        m
        for (m,) in make_run.consultar(
            "SELECT b.matricula FROM cupos_beneficiario b JOIN core_capitania c ON c.id = b.capitania_id"
            " JOIN cupos_cupo k ON k.beneficiario_id = b.id WHERE c.codigo = 'CP05' AND b.matricula <> ?"
            " AND k.estado = 'en_firme' AND b.capacidad_combustible_gal >= 50 ORDER BY b.id LIMIT 8",
            DONA_LUCIA,
        )
    ]
    assert len(candidatas) >= 2, candidatas
    ingresar(page, "oficial.cartagena")
    page.goto(make_run.url + "/zarpes/mostrador/")
    expect(page.locator("#estado-conexion")).not_to_have_text("—")
    page.get_by_role("button", name="Inscribir este dispositivo como mostrador").click()
    expect(page.locator("#aviso")).to_contain_text("Mostrador inscrito")
    page.get_by_label(re.compile("Matrículas de las naves")).fill(", ".join(candidatas))
    page.get_by_role("button", name="Tomar retenciones").click()
    expect(page.locator("#aviso")).to_contain_text("Retenciones tomadas")
    opciones = page.locator("#nave option").all_inner_texts()
    assert len(opciones) >= 2, opciones
    # the service worker controls the page and has stored the page and its assets (the page says so)
    expect(page.locator("#mostrador")).to_have_attribute("data-sin-conexion", "listo", timeout=20_000)

    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#estado-conexion")).not_to_have_text("—")
    expect(page.locator("#estado-conexion")).to_have_text("sin conexión")
    impresos = []
    actos = ((opciones[0], "10", None), (opciones[0], "5", "encadenado"), (opciones[1], "10", None))
    for i, (opcion, galones, anterior) in enumerate(actos):
        page.get_by_label("Nave", exact=True).select_option(label=opcion)
        page.get_by_label("Galones solicitados").fill(galones)
        if anterior is None:  # the vessel presents its last certificate, as the snapshot knows it
            fila = page.locator("#tabla-retenciones tbody tr").filter(has_text=opcion.split(" (")[0]).first
            ultimo = fila.locator("td").nth(4).inner_text()
            page.get_by_label(re.compile("último certificado que presenta")).fill("" if ultimo == "ninguno" else ultimo)
        page.get_by_role("button", name="Expedir certificado").click()
        expect(page.locator("#pendientes")).to_have_text(str(i + 1))  # this act, not the slip before it
        expect(page.locator("#comprobante")).to_be_visible()
        numero = page.locator("#c-numero").inner_text()
        expect(page.locator("#tabla-actos tbody tr").first).to_contain_text(numero)
        impresos.append((numero, page.locator("#c-galones").inner_text(), page.locator("#c-codigo").inner_text()))
    expect(page.locator("#pendientes")).to_have_text("3")
    assert make_run.consultar("SELECT count(*) FROM zarpes_certificado WHERE mostrador_id IS NOT NULL") == [(0,)]

    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#pendientes")).to_have_text("0", timeout=20_000)
    page.get_by_role("button", name="Terminar y liberar las retenciones").click()
    expect(page.locator("#aviso")).to_contain_text("Retenciones liberadas")

    filas = make_run.consultar(
        "SELECT numero, galones_autorizados, codigo_verificacion FROM zarpes_certificado"
        " WHERE mostrador_id IS NOT NULL ORDER BY consecutivo"
    )
    assert [(n, f"{float(g):.2f}".replace(".", ","), c) for n, g, c in filas] == impresos
    descontado = make_run.consultar(
        "SELECT count(*), sum(galones) FROM cupos_movimiento WHERE tipo = 'descuento' AND referencia IN (?, ?, ?)",
        *[f"certificado:{n}" for n, _, _ in impresos],
    )
    assert descontado[0][0] == 3
    assert make_run.consultar("SELECT count(*) FROM cupos_retencion WHERE estado = 'activa'") == [(0,)]
    publico = browser.new_context(locale="es-CO")
    try:
        visitante = publico.new_page()
        visitante.goto(make_run.url + f"/verificar/{impresos[2][2]}/")
        expect(visitante.locator("dl.ficha")).to_contain_text(impresos[2][0])
    finally:
        publico.close()
