"""The demo CA of `make run` and the tests: a root, a timestamping authority and one certificate per
office, made once with `cryptography` and kept under FIRMA_DIR/demo. Every subject says «DEMOSTRACIÓN -
SIN VALIDEZ JURÍDICA» and production refuses to start with it (core.plataforma.checks).

Like a real CA it publishes a CRL: every certificate it issues names `url_crl()` (the portal's
`/firma/demo.crl`, or FIRMA_DEMO_CRL_URL) as its CRL distribution point, so signatures can carry
revocation data (PAdES B-LT) and the verification can tell a revoked seal. `revocar` lists a certificate
in it (tests, or an operator trying the revocation on `make run`)."""

import contextlib
import datetime as dt
import fcntl
import hashlib
import os
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
from django.conf import settings
from django.urls import reverse

from core.firma.oficinas import Oficina

LEYENDA = "DEMOSTRACIÓN - SIN VALIDEZ JURÍDICA"
ORGANIZACION = "Portal de cupos de combustible exento"
VIGENCIA = dt.timedelta(days=3650)


def carpeta() -> Path:
    ruta = Path(settings.FIRMA_DIR) / "demo"
    ruta.mkdir(parents=True, exist_ok=True)
    return ruta


@contextlib.contextmanager
def _bloqueo():
    """One process at a time makes a key (gunicorn and Celery workers may ask at the same moment)."""
    with open(carpeta() / ".bloqueo", "w") as archivo:
        fcntl.flock(archivo, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(archivo, fcntl.LOCK_UN)


def _nombre(*, cn: str, o: str, titulo: str = "") -> x509.Name:
    atributos = [
        x509.NameAttribute(NameOID.COUNTRY_NAME, "CO"),
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, o[:64]),
        x509.NameAttribute(NameOID.ORGANIZATIONAL_UNIT_NAME, LEYENDA),
    ]
    if titulo:
        atributos.append(x509.NameAttribute(NameOID.TITLE, titulo[:64]))
    atributos.append(x509.NameAttribute(NameOID.COMMON_NAME, cn[:64]))
    return x509.Name(atributos)


def _uso(**marcas) -> x509.KeyUsage:
    campos = dict.fromkeys(
        (
            "digital_signature",
            "content_commitment",
            "key_encipherment",
            "data_encipherment",
            "key_agreement",
            "key_cert_sign",
            "crl_sign",
            "encipher_only",
            "decipher_only",
        ),
        False,
    )
    return x509.KeyUsage(**{**campos, **marcas})


def _guardar(base: Path, clave, certificado: x509.Certificate) -> None:
    temporal = base.with_suffix(".tmp")
    temporal.write_bytes(
        clave.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
        + certificado.public_bytes(serialization.Encoding.PEM)
    )
    os.chmod(temporal, 0o600)
    os.replace(temporal, base.with_suffix(".pem"))


def _leer(base: Path):
    datos = base.with_suffix(".pem").read_bytes()
    clave = serialization.load_pem_private_key(datos, password=None)
    return clave, x509.load_pem_x509_certificate(datos)


def _raiz():
    base = carpeta() / "ca"
    if not base.with_suffix(".pem").exists():
        clave = ec.generate_private_key(ec.SECP256R1())
        nombre = _nombre(cn="CA de demostración del portal de cupos", o=ORGANIZACION)
        ahora = dt.datetime.now(dt.UTC)
        certificado = (
            x509.CertificateBuilder()
            .subject_name(nombre)
            .issuer_name(nombre)
            .public_key(clave.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(ahora - dt.timedelta(days=1))
            .not_valid_after(ahora + 2 * VIGENCIA)
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(_uso(key_cert_sign=True, crl_sign=True), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(clave.public_key()), critical=False)
            .sign(clave, hashes.SHA256())
        )
        _guardar(base, clave, certificado)
    return _leer(base)


def url_crl() -> str:
    """Where the demo CA publishes its CRL: FIRMA_DEMO_CRL_URL, or the portal's own `/firma/demo.crl`."""
    return settings.FIRMA_DEMO_CRL_URL or settings.PORTAL_URL_PUBLICA.rstrip("/") + reverse("firma-demo-crl")


def _punto_crl(url: str) -> x509.CRLDistributionPoints:
    return x509.CRLDistributionPoints(
        [
            x509.DistributionPoint(
                full_name=[x509.UniformResourceIdentifier(url)], relative_name=None, reasons=None, crl_issuer=None
            )
        ]
    )


def _archivo(clave: str, nombre: x509.Name) -> Path:
    """Where the certificate of `clave` with this subject, naming the CRL where the CA publishes now, is kept.

    The subject and the CRL address are part of the file name: a delegate other than the one whose seal is
    kept (the Secretary General under another delegation), or a portal served at another address (`make run`
    on another port and the test suite, sharing FIRMA_DIR), gets a certificate of its own instead of
    replacing the other's while it signs. Same root, so every one of them validates."""
    huella = hashlib.sha256(f"{nombre.rfc4514_string()}|{url_crl()}".encode()).hexdigest()[:12]
    return carpeta() / f"{clave}-{huella}"


def _emitir(base: Path, nombre: x509.Name, *, sellado_de_tiempo: bool = False):
    _guardar(base, *certificado_nuevo(nombre, sellado_de_tiempo=sellado_de_tiempo, raiz=_raiz()))


def certificado_nuevo(nombre: x509.Name, *, sellado_de_tiempo: bool = False, vigencia: dt.timedelta = VIGENCIA,
                      raiz=None):
    """A new key and its certificate from the demo CA (an office's, or a TSA's), valid `vigencia` from now;
    stored by nobody (the tests' renewed TSA takes one as it is)."""
    clave_ca, ca = raiz or _raiz_bloqueada()
    # pyHanko's TSA (the tests' and benchmarks' local one) signs with RSA only.
    clave = rsa.generate_private_key(65537, 2048) if sellado_de_tiempo else ec.generate_private_key(ec.SECP256R1())
    ahora = dt.datetime.now(dt.UTC)
    constructor = (
        x509.CertificateBuilder()
        .subject_name(nombre)
        .issuer_name(ca.subject)
        .public_key(clave.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(ahora - dt.timedelta(days=1))
        .not_valid_after(ahora + vigencia)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(clave.public_key()), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(clave_ca.public_key()), critical=False)
        .add_extension(_punto_crl(url_crl()), critical=False)
    )
    if sellado_de_tiempo:
        constructor = constructor.add_extension(_uso(digital_signature=True), critical=True).add_extension(
            x509.ExtendedKeyUsage([ExtendedKeyUsageOID.TIME_STAMPING]), critical=True
        )
    else:
        constructor = constructor.add_extension(_uso(digital_signature=True, content_commitment=True), critical=True)
    return clave, constructor.sign(clave_ca, hashes.SHA256())


def raiz() -> x509.Certificate:
    with _bloqueo():
        return _raiz()[1]


def raiz_asn1():
    from asn1crypto import x509 as ax509

    return ax509.Certificate.load(raiz().public_bytes(serialization.Encoding.DER))


def oficina(oficina: Oficina):
    """(private key, certificate) of the office's demo seal, made the first time it is asked for."""
    nombre = _nombre(cn=oficina.nombre, o=oficina.entidad, titulo=oficina.cargo)
    base = _archivo(oficina.clave, nombre)
    with _bloqueo():
        if not base.with_suffix(".pem").exists():
            _emitir(base, nombre)
        return _leer(base)


def sellado_de_tiempo():
    """(private key, certificate) of the demo timestamping authority (tests and `make run` only)."""
    nombre = _nombre(cn="Sellado de tiempo de demostración", o=ORGANIZACION)
    base = _archivo("tsa-rsa", nombre)
    with _bloqueo():
        if not base.with_suffix(".pem").exists():
            _emitir(base, nombre, sellado_de_tiempo=True)
        return _leer(base)


def _revocados() -> Path:
    return carpeta() / "revocados.txt"


def revocar(certificado: x509.Certificate, *, motivo: x509.ReasonFlags = x509.ReasonFlags.key_compromise) -> None:
    """List `certificado` in the demo CA's CRL from now on (one line per certificate: serial, date, reason)."""
    ahora = dt.datetime.now(dt.UTC).replace(microsecond=0)
    with _bloqueo(), open(_revocados(), "a") as archivo:
        archivo.write(f"{certificado.serial_number:x} {ahora.isoformat()} {motivo.name}\n")


def crl(ahora: dt.datetime | None = None) -> bytes:
    """The demo CA's current CRL (DER), signed now and valid for a day, as `/firma/demo.crl` serves it (`ahora`:
    the CRL it would publish on another day, for the validations years ahead)."""
    clave_ca, ca = _raiz_bloqueada()
    ahora = ahora or dt.datetime.now(dt.UTC)
    constructor = (
        x509.CertificateRevocationListBuilder()
        .issuer_name(ca.subject)
        .last_update(ahora - dt.timedelta(minutes=5))
        .next_update(ahora + dt.timedelta(days=1))
        .add_extension(x509.CRLNumber(int(ahora.timestamp())), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(clave_ca.public_key()), critical=False)
    )
    ruta = _revocados()
    for linea in ruta.read_text().splitlines() if ruta.exists() else []:
        serie, fecha, motivo = linea.split()
        constructor = constructor.add_revoked_certificate(
            x509.RevokedCertificateBuilder()
            .serial_number(int(serie, 16))
            .revocation_date(dt.datetime.fromisoformat(fecha))
            .add_extension(x509.CRLReason(x509.ReasonFlags[motivo]), critical=False)
            .build()
        )
    return constructor.sign(clave_ca, hashes.SHA256()).public_bytes(serialization.Encoding.DER)


def _raiz_bloqueada():
    with _bloqueo():
        return _raiz()


def exportar_pkcs12(oficina_: Oficina, ruta: str | os.PathLike, contrasena: str) -> None:
    """The office's demo key and certificate as a PKCS#12 file, as a real CA would deliver them."""
    clave, certificado = oficina(oficina_)
    datos = pkcs12.serialize_key_and_certificates(
        oficina_.clave.encode(),
        clave,
        certificado,
        [raiz()],
        serialization.BestAvailableEncryption(contrasena.encode()),
    )
    Path(ruta).write_bytes(datos)


def es_demo(certificado: x509.Certificate) -> bool:
    unidades = certificado.subject.get_attributes_for_oid(NameOID.ORGANIZATIONAL_UNIT_NAME)
    return any(LEYENDA in str(u.value) for u in unidades)
