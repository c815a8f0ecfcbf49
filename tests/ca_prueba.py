"""A certification authority as production would have one (not the demo CA): a root, and one PKCS#12 per office,
each readable by its owner only, with its PIN. For the tests of the signing worker and its start-up checks."""

import datetime as dt
import os
from dataclasses import dataclass, field
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import NameOID


@dataclass
class CaDePrueba:
    carpeta: Path
    cadena: Path  # public: what FIRMA_CADENA names
    privadas: Path  # the .p12 files: what only the signing worker may open
    claves: dict[str, Path] = field(default_factory=dict)  # office key → its .p12
    pines: dict[str, str] = field(default_factory=dict)

    def entorno(self, *, con_pines: bool = True) -> dict[str, str]:
        """FIRMA_CLAVE_<OFICINA> for every office, and their FIRMA_PIN_<OFICINA> when `con_pines`."""
        env = {f"FIRMA_CLAVE_{k.upper()}": f"pkcs12:{ruta}" for k, ruta in self.claves.items()}
        if con_pines:
            env |= {f"FIRMA_PIN_{k.upper()}": pin for k, pin in self.pines.items()}
        return env


def _nombre(*partes: tuple) -> x509.Name:
    return x509.Name([x509.NameAttribute(oid, valor) for oid, valor in partes if valor])


def crear(carpeta: Path, oficinas, *, raiz_nombre: str = "AC Raíz de prueba del portal") -> CaDePrueba:
    carpeta.mkdir(parents=True, exist_ok=True)
    ahora = dt.datetime.now(dt.UTC)
    clave_raiz = ec.generate_private_key(ec.SECP256R1())
    nombre_raiz = _nombre((NameOID.COMMON_NAME, raiz_nombre), (NameOID.ORGANIZATION_NAME, "Entidad de prueba"))
    raiz = (
        x509.CertificateBuilder()
        .subject_name(nombre_raiz)
        .issuer_name(nombre_raiz)
        .public_key(clave_raiz.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(ahora - dt.timedelta(days=1))
        .not_valid_after(ahora + dt.timedelta(days=365))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=False, content_commitment=False, key_encipherment=False, data_encipherment=False,
                key_agreement=False, key_cert_sign=True, crl_sign=True, encipher_only=False, decipher_only=False,
            ),
            critical=True,
        )
        .sign(clave_raiz, hashes.SHA256())
    )
    cadena = carpeta / "cadena.pem"
    cadena.write_bytes(raiz.public_bytes(serialization.Encoding.PEM))
    ca = CaDePrueba(carpeta=carpeta, cadena=cadena, privadas=carpeta / "privadas")
    ca.privadas.mkdir(exist_ok=True)
    for oficina in oficinas:
        clave = ec.generate_private_key(ec.SECP256R1())
        certificado = (
            x509.CertificateBuilder()
            .subject_name(
                _nombre(
                    (NameOID.COMMON_NAME, oficina.nombre),
                    (NameOID.TITLE, oficina.cargo),
                    (NameOID.ORGANIZATION_NAME, oficina.entidad),
                )
            )
            .issuer_name(nombre_raiz)
            .public_key(clave.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(ahora - dt.timedelta(days=1))
            .not_valid_after(ahora + dt.timedelta(days=90))
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(
                x509.KeyUsage(
                    digital_signature=True, content_commitment=True, key_encipherment=False, data_encipherment=False,
                    key_agreement=False, key_cert_sign=False, crl_sign=False, encipher_only=False, decipher_only=False,
                ),
                critical=True,
            )
            .sign(clave_raiz, hashes.SHA256())
        )
        pin = f"pin-{oficina.clave}"
        ruta = ca.privadas / f"{oficina.clave}.p12"
        ruta.write_bytes(
            pkcs12.serialize_key_and_certificates(
                oficina.clave.encode(), clave, certificado, [raiz], serialization.BestAvailableEncryption(pin.encode())
            )
        )
        os.chmod(ruta, 0o600)
        ca.claves[oficina.clave], ca.pines[oficina.clave] = ruta, pin
    return ca
