"""Where each office's key lives, set by the environment:

    FIRMA_CLAVE_UPME=pkcs12:/run/secrets/upme.p12        FIRMA_PIN_UPME=<passphrase>
    FIRMA_CLAVE_CAPITANIA_CP05=pkcs11:biblioteca=/usr/lib/softhsm/libsofthsm2.so;token=capitanias;clave=cp05
    FIRMA_PIN_CAPITANIA_CP05=<user PIN>

A PKCS#11 key may carry its certificate on the token (`certificado=<label>`, default: the key's label)
or in a PEM file (`certificado=/path/cert.pem`). Outside production (FIRMA_DEMO) an office with no key
signs with the demo CA. Signers are built once per process and kept (a token session stays open)."""

import contextlib
import functools
import os
import threading
from dataclasses import dataclass

from asn1crypto import keys as akeys
from asn1crypto import x509 as ax509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from django.conf import settings
from pyhanko.sign import attributes, signers
from pyhanko.sign.signers.pdf_cms import CAdESSignedAttributeProviderSpec, PdfCMSSignedAttributes
from pyhanko_certvalidator.registry import SimpleCertificateStore

from core.comun.errors import ApplicationError, ErrorCore
from core.firma import demo
from core.firma.oficinas import Oficina


class FirmaNoConfigurada(ApplicationError):
    """An office that must sign has no usable key: the act's document cannot be issued (503: the
    configuration, not the request, is at fault)."""

    status_code = 503

    def __init__(self, detalle: str):
        super().__init__(ErrorCore.FIRMA_NO_CONFIGURADA, detalle)


class ClaveEnMemoria(signers.SimpleSigner):
    """pyHanko's SimpleSigner re-parses the private key on every signature (~0.1-0.3 s for RSA, where
    `cryptography` checks the key); the counter signs all day, so the parsed key is kept."""

    @functools.cached_property
    def _privada(self):
        return serialization.load_der_private_key(self.signing_key.dump(), password=None)

    def sign_raw(self, data: bytes, digest_algorithm: str) -> bytes:
        mecanismo = self.get_signature_mechanism_for_digest(digest_algorithm).signature_algo
        algoritmo = getattr(hashes, digest_algorithm.upper().replace("-", "_"))()
        if mecanismo == "rsassa_pkcs1v15" and isinstance(self._privada, rsa.RSAPrivateKey):
            return self._privada.sign(data, padding.PKCS1v15(), algoritmo)
        if mecanismo == "ecdsa" and isinstance(self._privada, ec.EllipticCurvePrivateKey):
            return self._privada.sign(data, ec.ECDSA(algoritmo))
        return super().sign_raw(data, digest_algorithm)


class _CertificadoDelFirmante(attributes.CMSAttributeProvider):
    """The signing-certificate-v2 attribute (ESS, RFC 5035) from its DER, made once per signer: asn1crypto re-encodes
    a value built field by field every time it is placed in the CMS (its Name copied and re-serialized; about 5 ms a
    signature, a quarter of it, issue 44), and encodes one parsed from bytes as it came."""

    attribute_type = "signing_certificate_v2"

    def __init__(self, der: bytes):
        self.der = der

    async def build_attr_value(self, dry_run=False):
        from asn1crypto import tsp

        return tsp.SigningCertificateV2.load(self.der)


class AtributosPAdES(CAdESSignedAttributeProviderSpec):
    """The signed attributes pyHanko gives a PAdES signature (CAdESSignedAttributeProviderSpec with is_pades: the
    signing certificate, no signing time), the certificate's attribute encoded once (above). The portal signs no
    CAdES content timestamp or commitment type (no attribute settings), so the spec holds for every signature."""

    def __init__(self, certificado):
        from pyhanko.sign.general import as_signing_certificate_v2

        super().__init__(PdfCMSSignedAttributes(), signing_cert=certificado, is_pades=True, timestamper=None)
        self.der = as_signing_certificate_v2(certificado).dump()

    def signed_attr_providers(self, data_digest: bytes, digest_algorithm: str):
        for proveedor in super().signed_attr_providers(data_digest, digest_algorithm):
            if isinstance(proveedor, attributes.SigningCertificateV2Provider):
                yield _CertificadoDelFirmante(self.der)
            else:
                yield proveedor


@dataclass(frozen=True)
class Origen:
    """A parsed FIRMA_CLAVE_<OFICINA>: `tipo` is pkcs12 or pkcs11."""

    tipo: str
    ruta: str = ""
    biblioteca: str = ""
    token: str = ""
    clave: str = ""
    certificado: str = ""

    @classmethod
    def leer(cls, valor: str, oficina: str) -> "Origen":
        tipo, _, resto = valor.partition(":")
        if tipo == "pkcs12" and resto:
            return cls(tipo="pkcs12", ruta=resto)
        if tipo == "pkcs11":
            partes = dict(p.split("=", 1) for p in resto.split(";") if "=" in p)
            if partes.get("biblioteca") and partes.get("token") and partes.get("clave"):
                return cls(
                    tipo="pkcs11", **{k: partes.get(k, "") for k in ("biblioteca", "token", "clave", "certificado")}
                )
        raise FirmaNoConfigurada(
            f"FIRMA_CLAVE_{oficina.upper()} no se entiende: use «pkcs12:<ruta>» o "
            "«pkcs11:biblioteca=<módulo>;token=<etiqueta>;clave=<etiqueta>[;certificado=<etiqueta o ruta PEM>]»."
        )


def origen(oficina: str) -> Origen | None:
    valor = os.environ.get(f"FIRMA_CLAVE_{oficina.upper()}", "").strip()
    return Origen.leer(valor, oficina) if valor else None


def _pin(oficina: str) -> str:
    return os.environ.get(f"FIRMA_PIN_{oficina.upper()}", "")


def _desde_pkcs12(o: Origen, oficina: str) -> signers.Signer:
    if not os.path.exists(o.ruta):
        raise FirmaNoConfigurada(f"No existe el archivo PKCS#12 de la oficina «{oficina}»: {o.ruta}.")
    clave = _pin(oficina).encode() or None
    base = signers.SimpleSigner.load_pkcs12(o.ruta, passphrase=clave)
    if base is None:
        raise FirmaNoConfigurada(f"No se pudo abrir el PKCS#12 de la oficina «{oficina}» (¿contraseña errada?).")
    return ClaveEnMemoria(
        signing_cert=base.signing_cert, signing_key=base.signing_key, cert_registry=base.cert_registry
    )


_sesiones: dict = {}
_sesiones_bloqueo = threading.Lock()


def _desde_pkcs11(o: Origen, oficina: str) -> signers.Signer:
    from pyhanko.config.pkcs11 import TokenCriteria
    from pyhanko.sign import pkcs11

    with _sesiones_bloqueo:
        sesion = _sesiones.get((o.biblioteca, o.token))
        if sesion is None:
            sesion = pkcs11.open_pkcs11_session(
                o.biblioteca, token_criteria=TokenCriteria(label=o.token), user_pin=_pin(oficina) or None
            )
            _sesiones[(o.biblioteca, o.token)] = sesion
    certificado, etiqueta = None, o.certificado or o.clave
    if o.certificado.endswith(".pem") or os.sep in o.certificado:
        from pyhanko.keys import load_cert_from_pemder

        certificado, etiqueta = load_cert_from_pemder(o.certificado), None
    cadena = cadena_certificados()
    return pkcs11.PKCS11Signer(
        sesion,
        cert_label=etiqueta,
        signing_cert=certificado,
        key_label=o.clave,
        other_certs_to_pull=None,
        bulk_fetch=False,
        ca_chain=cadena,
        use_raw_mechanism=True,  # hash here: tokens lack ECDSA-SHA256 (SoftHSM2)
    )


def _desde_demo(oficina: Oficina) -> signers.Signer:
    clave, certificado = demo.oficina(oficina)
    return ClaveEnMemoria(
        signing_cert=ax509.Certificate.load(certificado.public_bytes(serialization.Encoding.DER)),
        signing_key=akeys.PrivateKeyInfo.load(
            clave.private_bytes(
                serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
            )
        ),
        cert_registry=SimpleCertificateStore.from_certs(cadena_certificados()),
    )


_firmantes: dict = {}
_firmantes_bloqueo = threading.Lock()


def firmante(oficina: Oficina) -> signers.Signer:
    """The office's signer: its own key when the environment sets one, the demo CA's otherwise (never
    in production: there an office without a key cannot sign, and says so)."""
    o = origen(oficina.clave)
    llave = (oficina.clave, o, oficina if o is None else None)
    with _firmantes_bloqueo:
        if llave in _firmantes:
            return _firmantes[llave]
    if o is not None and o.tipo == "pkcs12":
        resultado = _desde_pkcs12(o, oficina.clave)
    elif o is not None:
        resultado = _desde_pkcs11(o, oficina.clave)
    elif settings.FIRMA_DEMO:
        resultado = _desde_demo(oficina)
    else:
        raise FirmaNoConfigurada(
            f"La oficina «{oficina.nombre}» no tiene clave de firma: configure FIRMA_CLAVE_{oficina.clave.upper()} "
            "(PKCS#12 o PKCS#11) y su FIRMA_PIN."
        )
    resultado.signed_attr_prov_spec = AtributosPAdES(resultado.signing_cert)
    with _firmantes_bloqueo:
        _firmantes[llave] = resultado
    return resultado


def olvidar() -> None:
    """Drop the kept signers and token sessions (tests that change the keys)."""
    with _firmantes_bloqueo:
        _firmantes.clear()
    with _sesiones_bloqueo:
        for sesion in _sesiones.values():
            with contextlib.suppress(Exception):  # a dead token session is dropped all the same
                sesion.close()
        _sesiones.clear()


def cadena_certificados() -> list[ax509.Certificate]:
    """The CA certificates that validate the portal's signatures: FIRMA_CADENA (a PEM file of the
    issuing and root CAs, the TSA's included) and, outside production, the demo root."""
    certificados = []
    if settings.FIRMA_CADENA:
        from pyhanko.keys import load_certs_from_pemder

        certificados.extend(load_certs_from_pemder([settings.FIRMA_CADENA]))
    if settings.FIRMA_DEMO:
        certificados.append(ax509.Certificate.load(demo.raiz().public_bytes(serialization.Encoding.DER)))
    return certificados


def cadena_pem() -> bytes:
    return b"".join(
        b"-----BEGIN CERTIFICATE-----\n" + _base64_lineas(c.dump()) + b"-----END CERTIFICATE-----\n"
        for c in cadena_certificados()
    )


def _base64_lineas(datos: bytes) -> bytes:
    import base64

    texto = base64.b64encode(datos)
    return b"".join(texto[i : i + 64] + b"\n" for i in range(0, len(texto), 64))
