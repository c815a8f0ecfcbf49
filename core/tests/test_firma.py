"""Signed acts (core.firma): PAdES signatures by the demo CA, a PKCS#12 file and a real PKCS#11 token
(SoftHSM2), with and without a timestamping authority, re-validated by the portal and by pyHanko's CLI
against the published chain; a changed byte or an appended update is caught by both."""

import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from django.template.loader import render_to_string

from core.firma import claves, demo, oficinas, pades
from core.firma.validacion import validar_pdf
from core.tests.tsa import crl_local, sellado_de_tiempo_local

SOFTHSM = "/usr/lib/softhsm/libsofthsm2.so"
CAPITANIA = oficinas.capitania("CP05", "Capitanía de Puerto de Cartagena")


@pytest.fixture(scope="module")
def pdf_de_acto():
    from weasyprint import HTML

    html = f"<html><body><h1>Resolución de prueba</h1><p>Artículo 1.</p>{render_to_string('core/pdf/_firma.html')}"
    return HTML(string=html + "</body></html>").write_pdf()


@pytest.fixture(autouse=True)
def _claves_limpias():
    claves.olvidar()
    yield
    claves.olvidar()


def firmar(pdf, oficina=CAPITANIA, **kw):
    return pades.firmar_pdf(
        pdf,
        oficina=oficina,
        url="https://cupos.example/verificar/ABC123/",
        codigo="ABC123",
        motivo="Acto de prueba",
        **kw,
    )


def cli_valida(tmp_path, datos: bytes) -> subprocess.CompletedProcess:
    """`pyhanko sign validate` offline, trusting only the chain the portal publishes."""
    (tmp_path / "cadena.pem").write_bytes(claves.cadena_pem())
    (tmp_path / "acto.pdf").write_bytes(datos)
    pyhanko = Path(sys.executable).with_name("pyhanko")
    return subprocess.run(
        [
            str(pyhanko),
            "sign",
            "validate",
            "--trust-replace",
            "--trust",
            str(tmp_path / "cadena.pem"),
            "--no-revocation-check",
            "--pretty-print",
            str(tmp_path / "acto.pdf"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_signing_and_validating_work_where_an_asyncio_loop_already_runs(pdf_de_acto):
    """pyHanko runs its own loop: called from a thread that runs one (an ASGI server, Playwright's sync API
    in the browser tests) it failed with «asyncio.run() cannot be called from a running event loop», and the
    verification said «dañada»."""
    import asyncio

    def firmar_y_validar():
        return validar_pdf(firmar(pdf_de_acto).contenido)

    async def dentro_del_bucle():
        return firmar_y_validar()

    try:  # in this process a loop may already run (Playwright's, after a browser test): then, right here
        asyncio.get_running_loop()
        v = firmar_y_validar()
    except RuntimeError:
        v = asyncio.run(dentro_del_bucle())
    assert v.valida and v.firmado, v.problemas


def test_the_demo_seal_signs_with_a_visible_stamp_and_validates(pdf_de_acto, tmp_path):
    firmado = firmar(pdf_de_acto)

    v = validar_pdf(firmado.contenido)
    assert v.valida, v.problemas
    assert (v.firmante, v.cargo, v.entidad) == (
        "Capitanía de Puerto de Cartagena",
        "Sello electrónico de la capitanía",
        "Dirección General Marítima (Dimar)",
    )
    assert v.nivel == firmado.nivel == "B-B" and v.demo
    # The stamp sits where the document left room for it, and the placeholder link is gone.
    from pypdf import PdfReader

    pagina = PdfReader(io.BytesIO(firmado.contenido)).pages[0]
    anotaciones = [a.get_object() for a in pagina["/Annots"]]
    assert [a["/Subtype"] for a in anotaciones] == ["/Widget"]
    assert pades.ESPACIO_URI.encode() not in firmado.contenido
    texto = _flujos(anotaciones[0]["/AP"]["/N"].get_object())
    for fragmento in (
        b"Firmado digitalmente por",
        b"ABC123",
        b"https://cupos.example/verificar/ABC123/",
        "DEMOSTRACIÓN - SIN VALIDEZ JURÍDICA".encode("cp1252"),
    ):
        assert fragmento in texto

    resultado = cli_valida(tmp_path, firmado.contenido)
    assert resultado.returncode == 0, resultado.stdout + resultado.stderr
    assert "judged VALID" in resultado.stdout


def _flujos(objeto) -> bytes:
    """The appearance stream and every form XObject it draws, as one byte string (octal escapes decoded)."""
    datos = re.sub(rb"\\([0-7]{3})", lambda m: bytes([int(m.group(1), 8)]), objeto.get_data())
    for hijo in (objeto.get("/Resources", {}).get("/XObject") or {}).values():
        hijo = hijo.get_object()
        if hijo.get("/Subtype") == "/Form":
            datos += _flujos(hijo)
    return datos


def test_one_changed_byte_fails_the_portal_and_the_cli(pdf_de_acto, tmp_path):
    firmado = firmar(pdf_de_acto).contenido
    posicion = firmado.index(b"/Contents <") - 200  # inside the signed byte range, before the signature
    alterado = bytearray(firmado)
    alterado[posicion] = ord("A") if alterado[posicion] != ord("A") else ord("B")

    v = validar_pdf(bytes(alterado))
    assert not v.valida and "cambió después de firmado" in v.problema

    resultado = cli_valida(tmp_path, bytes(alterado))
    assert resultado.returncode != 0 or "judged VALID" not in resultado.stdout, resultado.stdout


def test_an_appended_incremental_update_is_reported_as_an_alteration(pdf_de_acto, tmp_path):
    from pyhanko.pdf_utils import generic
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter

    firmado = firmar(pdf_de_acto).contenido
    escritor = IncrementalPdfFileWriter(io.BytesIO(firmado))
    pagina = escritor.root["/Pages"]["/Kids"][0].get_object()
    contenido = escritor.add_object(generic.StreamObject(stream_data=b"BT /F1 30 Tf 100 400 Td (PAGADO) Tj ET"))
    pagina["/Contents"] = generic.ArrayObject([pagina["/Contents"], contenido])
    escritor.update_container(pagina)
    salida = io.BytesIO()
    escritor.write(salida)

    v = validar_pdf(salida.getvalue())
    assert not v.valida and "Se agregaron cambios" in v.problema

    resultado = cli_valida(tmp_path, salida.getvalue())
    assert "judged VALID" not in resultado.stdout, resultado.stdout


def test_a_pdf_without_signature_or_not_a_pdf_says_so(pdf_de_acto):
    assert validar_pdf(pdf_de_acto).problema == "El documento no tiene firma digital."
    assert validar_pdf(b"%PDF-1.7\nbasura").problema == "El archivo no es un PDF legible o está dañado."
    # Truncated or mangled signed files (what a broken download leaves) get a verdict, never an exception.
    firmado = firmar(pdf_de_acto).contenido
    for danado in (
        firmado[: len(firmado) // 2],
        firmado.replace(b"/ByteRange", b"/ByteRangX"),
        firmado.replace(b"/Contents <", b"/Contents ("),
    ):
        v = validar_pdf(danado)
        assert not v.valida and v.problemas


def test_with_a_tsa_the_signature_is_b_t(pdf_de_acto, settings, tmp_path):
    with sellado_de_tiempo_local() as url:
        settings.FIRMA_TSA_URL = url
        firmado = firmar(pdf_de_acto)

    assert firmado.nivel == "B-T"
    v = validar_pdf(firmado.contenido)
    assert v.valida and v.nivel == "B-T", v.problemas
    resultado = cli_valida(tmp_path, firmado.contenido)
    assert resultado.returncode == 0 and "judged VALID" in resultado.stdout, resultado.stdout


def test_a_tsa_that_does_not_answer_does_not_stop_the_act_it_signs_b_b(pdf_de_acto, settings):
    settings.FIRMA_TSA_URL, settings.FIRMA_TSA_TIMEOUT = "http://127.0.0.1:9/", 1  # discard port: refused

    firmado = firmar(pdf_de_acto)

    assert firmado.nivel == "B-B" and validar_pdf(firmado.contenido).nivel == "B-B"


def test_an_office_signs_with_its_pkcs12_file_from_the_environment(pdf_de_acto, tmp_path, monkeypatch):
    ruta = tmp_path / "upme.p12"
    demo.exportar_pkcs12(oficinas.UPME, ruta, "secreto-upme")
    monkeypatch.setenv("FIRMA_CLAVE_UPME", f"pkcs12:{ruta}")
    monkeypatch.setenv("FIRMA_PIN_UPME", "secreto-upme")

    v = validar_pdf(firmar(pdf_de_acto, oficina=oficinas.UPME).contenido)

    assert v.valida and v.firmante == "Unidad de Planeación Minero Energética", v.problemas
    monkeypatch.setenv("FIRMA_PIN_UPME", "otra")
    claves.olvidar()
    with pytest.raises(Exception, match=r"PKCS#12|password|contrase|MAC"):
        firmar(pdf_de_acto, oficina=oficinas.UPME)


def test_production_without_a_key_refuses_to_sign(pdf_de_acto, settings):
    settings.FIRMA_DEMO = False
    with pytest.raises(claves.FirmaNoConfigurada, match="FIRMA_CLAVE_CAPITANIA_CP05"):
        firmar(pdf_de_acto)


@pytest.fixture(scope="session")
def token_softhsm(tmp_path_factory):
    """A real PKCS#11 token: SoftHSM2 (Debian's softhsm2), initialised with the MinMinas demo key."""
    assert os.path.exists(SOFTHSM) and shutil.which("softhsm2-util"), "make test instala softhsm2"
    carpeta = tmp_path_factory.mktemp("softhsm")
    (carpeta / "tokens").mkdir()
    conf = carpeta / "softhsm2.conf"
    conf.write_text(f"directories.tokendir = {carpeta / 'tokens'}\nobjectstore.backend = file\nlog.level = ERROR\n")
    entorno = {**os.environ, "SOFTHSM2_CONF": str(conf)}
    subprocess.run(
        ["softhsm2-util", "--init-token", "--free", "--label", "portal", "--pin", "4321", "--so-pin", "87654321"],
        env=entorno,
        check=True,
        capture_output=True,
    )
    clave, certificado = demo.oficina(oficinas.MINMINAS)
    (carpeta / "clave.pem").write_bytes(
        clave.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    (carpeta / "minminas.pem").write_bytes(certificado.public_bytes(serialization.Encoding.PEM))
    subprocess.run(
        [
            "softhsm2-util",
            "--import",
            str(carpeta / "clave.pem"),
            "--token",
            "portal",
            "--label",
            "minminas",
            "--id",
            "01",
            "--pin",
            "4321",
        ],
        env=entorno,
        check=True,
        capture_output=True,
    )
    os.remove(carpeta / "clave.pem")  # the key now lives only in the token
    os.environ["SOFTHSM2_CONF"] = str(conf)  # read by the library when this process loads it
    return carpeta


def test_softhsm2_signs_through_pkcs11(pdf_de_acto, token_softhsm, monkeypatch, tmp_path):
    monkeypatch.setenv(
        "FIRMA_CLAVE_MINMINAS",
        f"pkcs11:biblioteca={SOFTHSM};token=portal;clave=minminas;certificado={token_softhsm / 'minminas.pem'}",
    )
    monkeypatch.setenv("FIRMA_PIN_MINMINAS", "4321")

    firmado = firmar(pdf_de_acto, oficina=oficinas.MINMINAS)

    v = validar_pdf(firmado.contenido)
    assert v.valida, v.problemas
    assert (v.firmante, v.entidad) == ("Dirección de Hidrocarburos", "Ministerio de Minas y Energía")
    resultado = cli_valida(tmp_path, firmado.contenido)
    assert resultado.returncode == 0 and "judged VALID" in resultado.stdout, resultado.stdout


def test_a_key_not_from_the_chain_is_untrusted(pdf_de_acto, tmp_path, monkeypatch):
    """A PKCS#12 from another CA signs, but the portal's chain does not vouch for it."""
    import datetime as dt

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.serialization import pkcs12
    from cryptography.x509.oid import NameOID

    clave = ec.generate_private_key(ec.SECP256R1())
    nombre = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Impostor")])
    ahora = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(nombre)
        .issuer_name(nombre)
        .public_key(clave.public_key())
        .serial_number(7)
        .not_valid_before(ahora - dt.timedelta(days=1))
        .not_valid_after(ahora + dt.timedelta(days=9))
        .sign(clave, hashes.SHA256())
    )
    ruta = tmp_path / "impostor.p12"
    ruta.write_bytes(pkcs12.serialize_key_and_certificates(b"x", clave, cert, None, serialization.NoEncryption()))
    monkeypatch.setenv("FIRMA_CLAVE_UPME", f"pkcs12:{ruta}")

    v = validar_pdf(firmar(pdf_de_acto, oficina=oficinas.UPME).contenido)

    assert not v.valida and "cadena de confianza" in v.problema


@pytest.mark.django_db
def test_the_chain_is_published_without_login(client):
    r = client.get("/firma/cadena.pem")
    assert r.status_code == 200 and r["Content-Type"] == "application/x-pem-file"
    assert r.content.startswith(b"-----BEGIN CERTIFICATE-----")
    from cryptography import x509

    raiz = x509.load_pem_x509_certificates(r.content)[0]
    assert raiz.subject == demo.raiz().subject and demo.es_demo(raiz)


# --- B-LT: revocation data (issue 24: «Use B-LT when revocation data can be fetched») ---


@pytest.fixture
def ca_con_crl(settings, tmp_path):
    """A demo CA of its own (a fresh FIRMA_DIR) whose certificates name a CRL that a local server publishes,
    and a TSA of that CA: what a real CA and TSA give a B-LT signature."""
    from core.firma import revocacion

    settings.FIRMA_DIR = str(tmp_path / "firma")
    settings.FIRMA_REVOCACION = True
    revocacion.olvidar()
    claves.olvidar()
    try:
        with crl_local() as servidor:
            settings.FIRMA_DEMO_CRL_URL = servidor.url  # before the TSA's certificate is made: it names it too
            with sellado_de_tiempo_local() as url:
                settings.FIRMA_TSA_URL = url
                yield servidor
    finally:
        revocacion.olvidar()


def _crls_del_dss(datos: bytes):
    from asn1crypto import crl
    from pyhanko.pdf_utils.reader import PdfFileReader

    raiz = PdfFileReader(io.BytesIO(datos)).root
    if "/DSS" not in raiz or "/CRLs" not in raiz["/DSS"]:
        return []
    return [crl.CertificateList.load(c.get_object().data) for c in raiz["/DSS"]["/CRLs"]]


def test_with_a_tsa_and_a_crl_that_answers_the_signature_is_b_lta(pdf_de_acto, ca_con_crl, tmp_path):
    firmado = firmar(pdf_de_acto)

    assert firmado.nivel == "B-LTA"
    crls = _crls_del_dss(firmado.contenido)
    assert crls and crls[0].issuer.native == demo.raiz_asn1().subject.native
    assert ca_con_crl.pedidos >= 1
    v = validar_pdf(firmado.contenido)
    assert v.valida and v.nivel == "B-LTA", v.problemas
    resultado = cli_valida(tmp_path, firmado.contenido)
    assert resultado.returncode == 0 and "judged VALID" in resultado.stdout, resultado.stdout

    # The counter signs all day: the next signatures use the kept CRL instead of fetching it again.
    pedidos = ca_con_crl.pedidos
    otros = [firmar(pdf_de_acto) for _ in range(3)]
    assert [o.nivel for o in otros] == ["B-LTA"] * 3 and all(_crls_del_dss(o.contenido) for o in otros)
    assert ca_con_crl.pedidos == pedidos


@pytest.mark.django_db
def test_the_verification_page_and_api_say_b_lta(pdf_de_acto, ca_con_crl, client):
    from core.api.firma import firma_api
    from core.firma import documentos

    firmado = firmar(pdf_de_acto)
    documento = documentos.guardar(
        tipo="sello_exoneracion", referencia="b-lt", firmado=firmado, oficina=CAPITANIA, nombre="acto.pdf"
    )

    assert documento.nivel == "B-LTA"
    assert firma_api(documento)["nivel"] == "B-LTA" and firma_api(documento)["valida"] is True
    from django.core.files.uploadedfile import SimpleUploadedFile

    r = client.post("/firma/verificar/", {"documento": SimpleUploadedFile("acto.pdf", firmado.contenido)})
    texto = r.content.decode()
    assert r.status_code == 200 and "datos de revocación incorporados (nivel PAdES B-LTA)" in texto


def test_a_revoked_signer_is_reported_by_the_verification_and_signing_does_not_stop(pdf_de_acto, ca_con_crl):
    from core.firma import revocacion

    antes = firmar(pdf_de_acto)
    assert antes.nivel == "B-LTA" and validar_pdf(antes.contenido).valida

    _, certificado = demo.oficina(CAPITANIA)
    demo.revocar(certificado)
    revocacion.olvidar()  # what the cache kept a moment ago predates the revocation

    v = validar_pdf(antes.contenido)
    assert not v.valida and "El certificado del firmante fue revocado el" in v.problema, v.problemas
    # A revoked seal still gets the act out (the counter does not stop), without revocation data, and its
    # verification says why it is not valid.
    despues = firmar(pdf_de_acto)
    assert despues.nivel == "B-T" and not _crls_del_dss(despues.contenido)
    assert "fue revocado" in validar_pdf(despues.contenido).problema


def test_a_crl_that_does_not_answer_signs_b_t_and_is_not_asked_again_at_every_act(pdf_de_acto, ca_con_crl, settings):
    import time

    ca_con_crl.cerrar()  # the CA's CRL server is down: connection refused

    firmado = firmar(pdf_de_acto)
    assert firmado.nivel == "B-T" and not _crls_del_dss(firmado.contenido)
    v = validar_pdf(firmado.contenido)
    assert v.valida and v.nivel == "B-T", v.problemas
    inicio = time.perf_counter()
    assert firmar(pdf_de_acto).nivel == "B-T"
    assert time.perf_counter() - inicio < 1


def test_without_revocation_fetching_a_tsa_signature_stays_b_t(pdf_de_acto, ca_con_crl, settings):
    settings.FIRMA_REVOCACION = False
    firmado = firmar(pdf_de_acto)
    assert firmado.nivel == "B-T" and ca_con_crl.pedidos == 0


@pytest.mark.django_db
def test_the_demo_crl_is_published_signed_by_the_demo_ca(client, settings):
    from cryptography import x509

    r = client.get("/firma/demo.crl")
    assert r.status_code == 200 and r["Content-Type"] == "application/pkix-crl"
    lista = x509.load_der_x509_crl(r.content)
    assert lista.issuer == demo.raiz().subject and lista.is_signature_valid(demo.raiz().public_key())
    _, certificado = demo.oficina(CAPITANIA)
    puntos = certificado.extensions.get_extension_for_class(x509.CRLDistributionPoints).value
    assert [n.value for p in puntos for n in p.full_name] == [demo.url_crl()]

    settings.FIRMA_DEMO = False
    assert client.get("/firma/demo.crl").status_code == 404


def test_the_verification_never_fetches_where_a_strangers_certificate_points(pdf_de_acto, ca_con_crl, monkeypatch):
    """An uploaded PDF's certificate may name any address as its CRL: the portal fetches revocation data
    only for certificates its chain vouches for (else the upload box would make requests for anyone)."""
    import datetime as dt

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.serialization import pkcs12
    from cryptography.x509.oid import AuthorityInformationAccessOID, NameOID

    clave, clave_ca = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    ahora = dt.datetime.now(dt.UTC)
    direccion = x509.UniformResourceIdentifier(ca_con_crl.url)
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Impostor")]))
        .issuer_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "CA impostora")]))
        .public_key(clave.public_key())
        .serial_number(8)
        .not_valid_before(ahora - dt.timedelta(days=1))
        .not_valid_after(ahora + dt.timedelta(days=9))
        .add_extension(x509.CRLDistributionPoints([x509.DistributionPoint([direccion], None, None, None)]), False)
        .add_extension(
            x509.AuthorityInformationAccess(
                [
                    x509.AccessDescription(AuthorityInformationAccessOID.CA_ISSUERS, direccion),
                    x509.AccessDescription(AuthorityInformationAccessOID.OCSP, direccion),
                ]
            ),
            False,
        )
        .sign(clave_ca, hashes.SHA256())
    )
    ruta = Path(demo.carpeta()) / "impostor.p12"
    ruta.write_bytes(pkcs12.serialize_key_and_certificates(b"x", clave, cert, None, serialization.NoEncryption()))
    monkeypatch.setenv("FIRMA_CLAVE_UPME", f"pkcs12:{ruta}")
    firmado = firmar(pdf_de_acto, oficina=oficinas.UPME)
    pedidos = ca_con_crl.pedidos

    v = validar_pdf(firmado.contenido)

    assert not v.valida and "cadena de confianza" in v.problema
    assert ca_con_crl.pedidos == pedidos


@pytest.mark.django_db
def test_a_revision_bomb_is_refused_before_it_is_parsed(pdf_de_acto, client):
    """Issue 39: the portal's own act with 3,000 empty incremental updates appended took 38 s of a web worker
    (pyHanko validates over every revision). Now the revisions are counted on the bytes first."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from core.firma.validacion import MAX_REVISIONES, revisiones

    firmado = firmar(pdf_de_acto)
    assert 1 < revisiones(firmado.contenido) <= MAX_REVISIONES and validar_pdf(firmado.contenido).valida
    inicio = firmado.contenido.rindex(b"startxref")
    anterior = int(firmado.contenido[inicio:].split()[1])
    bomba = bytearray(firmado.contenido)
    for _ in range(3000):
        posicion = len(bomba) + 1
        bomba += b"\nxref\n0 0\ntrailer\n<< /Size 1 /Prev %d >>\nstartxref\n%d\n%%%%EOF" % (anterior, posicion)
        anterior = posicion
    r = client.post("/firma/verificar/", {"documento": SimpleUploadedFile("acto.pdf", bytes(bomba))})
    texto = r.content.decode()
    cuantas = f"{revisiones(firmado.contenido) + 3000:,}".replace(",", ".")
    # only the count on the bytes writes this verdict: pyHanko never opened the file (its speed is no
    # unit test's business; a timing assertion failed CI on a loaded machine)
    assert r.status_code == 200 and f"{cuantas} revisiones" in texto and "no se verifica" in texto


@pytest.mark.django_db
def test_a_citizens_pdf_is_validated_in_a_child_process_that_is_killed_when_out_of_time(pdf_de_acto, settings):
    """Issue 39: the upload box parses anyone's file away from the web worker, under a time budget."""
    import os

    from core.firma import aislado, documentos

    firmado = firmar(pdf_de_acto).contenido
    verificacion, _ = documentos.reconocer(firmado)
    assert verificacion.valida and verificacion.firmante == "Capitanía de Puerto de Cartagena"
    grupo = aislado._grupo
    (hijo,) = grupo._processes.values()
    assert hijo.pid != os.getpid() and hijo.is_alive()

    settings.FIRMA_VALIDACION_SEGUNDOS = 0.001  # no file validates that fast: the child is killed
    verificacion, _ = documentos.reconocer(firmado)
    assert not verificacion.valida and verificacion.problemas == [aislado.DEMASIADO_LENTO]
    hijo.join(timeout=5)
    assert not hijo.is_alive() and aislado._grupo is None

    settings.FIRMA_VALIDACION_SEGUNDOS = 10  # the next file gets a new child
    verificacion, _ = documentos.reconocer(firmado)
    assert verificacion.valida and aislado._grupo is not None and aislado._grupo is not grupo
