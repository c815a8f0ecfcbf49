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


def _uso(*, firma: bool) -> x509.KeyUsage:
    return x509.KeyUsage(
        digital_signature=firma, content_commitment=firma, key_encipherment=False, data_encipherment=False,
        key_agreement=False, key_cert_sign=not firma, crl_sign=not firma, encipher_only=False, decipher_only=False,
    )


def _certificado(sujeto: x509.Name, emisor: x509.Name, clave_publica, clave_emisor, *, dias: int, ca: bool):
    ahora = dt.datetime.now(dt.UTC)
    return (
        x509.CertificateBuilder()
        .subject_name(sujeto)
        .issuer_name(emisor)
        .public_key(clave_publica)
        .serial_number(x509.random_serial_number())
        .not_valid_before(ahora - dt.timedelta(days=1))
        .not_valid_after(ahora + dt.timedelta(days=dias))
        .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
        .add_extension(_uso(firma=not ca), critical=True)
        .sign(clave_emisor, hashes.SHA256())
    )


def crear(carpeta: Path, oficinas, *, raiz_nombre: str = "AC Raíz de prueba del portal") -> CaDePrueba:
    carpeta.mkdir(parents=True, exist_ok=True)
    clave_raiz = ec.generate_private_key(ec.SECP256R1())
    nombre_raiz = _nombre((NameOID.COMMON_NAME, raiz_nombre), (NameOID.ORGANIZATION_NAME, "Entidad de prueba"))
    raiz = _certificado(nombre_raiz, nombre_raiz, clave_raiz.public_key(), clave_raiz, dias=365, ca=True)
    cadena = carpeta / "cadena.pem"
    cadena.write_bytes(raiz.public_bytes(serialization.Encoding.PEM))
    ca = CaDePrueba(carpeta=carpeta, cadena=cadena, privadas=carpeta / "privadas")
    ca.privadas.mkdir(exist_ok=True)
    for oficina in oficinas:
        clave = ec.generate_private_key(ec.SECP256R1())
        sujeto = _nombre(
            (NameOID.COMMON_NAME, oficina.nombre), (NameOID.TITLE, oficina.cargo),
            (NameOID.ORGANIZATION_NAME, oficina.entidad),
        )
        certificado = _certificado(sujeto, nombre_raiz, clave.public_key(), clave_raiz, dias=90, ca=False)
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
