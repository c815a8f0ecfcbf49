"""Keys for the benchmarks that run the production settings (bench/zarpes.py): production refuses the demo
CA (core.plataforma.checks, portal.E005), so the bench makes its own small CA, not marked as a demo, with one PKCS#12
per office, and sets FIRMA_CLAVE_<OFICINA>, FIRMA_PIN_<OFICINA> and FIRMA_CADENA exactly as a deployment
would. The files live in the system's temporary folder and are made once."""

import datetime as dt
import os
import tempfile
from pathlib import Path

CONTRASENA = "banco-de-pruebas"


def preparar(*oficinas: tuple[str, str, str, str]) -> None:
    """oficinas: (clave, nombre, cargo, entidad) of each office that will sign."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.serialization import pkcs12
    from cryptography.x509.oid import NameOID

    carpeta = Path(tempfile.gettempdir()) / "portal-bench-firma"
    carpeta.mkdir(exist_ok=True)
    ahora = dt.datetime.now(dt.UTC)
    ruta_ca, ruta_clave_ca = carpeta / "cadena.pem", carpeta / "ca.key"
    if not ruta_ca.exists():
        clave_ca = ec.generate_private_key(ec.SECP256R1())
        nombre = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "AC del banco de pruebas del portal")])
        ca = (
            x509.CertificateBuilder()
            .subject_name(nombre)
            .issuer_name(nombre)
            .public_key(clave_ca.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(ahora - dt.timedelta(days=1))
            .not_valid_after(ahora + dt.timedelta(days=3650))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .sign(clave_ca, hashes.SHA256())
        )
        ruta_clave_ca.write_bytes(
            clave_ca.private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
            )
        )
        ruta_ca.write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    ca = x509.load_pem_x509_certificate(ruta_ca.read_bytes())
    clave_ca = serialization.load_pem_private_key(ruta_clave_ca.read_bytes(), password=None)
    for clave, nombre, cargo, entidad in oficinas:
        ruta = carpeta / f"{clave}.p12"
        if not ruta.exists():
            privada = ec.generate_private_key(ec.SECP256R1())
            sujeto = x509.Name(
                [
                    x509.NameAttribute(NameOID.COUNTRY_NAME, "CO"),
                    x509.NameAttribute(NameOID.ORGANIZATION_NAME, entidad),
                    x509.NameAttribute(NameOID.TITLE, cargo),
                    x509.NameAttribute(NameOID.COMMON_NAME, nombre),
                ]
            )
            certificado = (
                x509.CertificateBuilder()
                .subject_name(sujeto)
                .issuer_name(ca.subject)
                .public_key(privada.public_key())
                .serial_number(x509.random_serial_number())
                .not_valid_before(ahora - dt.timedelta(days=1))
                .not_valid_after(ahora + dt.timedelta(days=365))
                .add_extension(x509.KeyUsage(True, True, False, False, False, False, False, False, False), True)
                .sign(clave_ca, hashes.SHA256())
            )
            ruta.write_bytes(
                pkcs12.serialize_key_and_certificates(
                    clave.encode(),
                    privada,
                    certificado,
                    [ca],
                    serialization.BestAvailableEncryption(CONTRASENA.encode()),
                )
            )
        ruta.chmod(0o600)  # the signing worker refuses a key others can read
        os.environ.setdefault(f"FIRMA_CLAVE_{clave.upper()}", f"pkcs12:{ruta}")
        os.environ.setdefault(f"FIRMA_PIN_{clave.upper()}", CONTRASENA)
    os.environ.setdefault("FIRMA_CADENA", str(ruta_ca))
