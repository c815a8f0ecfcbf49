"""A counter's device in tests: an ECDSA P-256 key signing acts as WebCrypto does (r‖s, base64url)."""

import base64
import datetime as dt
import secrets

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

from zarpes.services.mostradores import acto_canonico
from zarpes.services.zarpes import codigo_verificacion


def _b64(datos: bytes) -> str:
    return base64.urlsafe_b64encode(datos).decode().rstrip("=")


class Dispositivo:
    def __init__(self):
        self.clave = ec.generate_private_key(ec.SECP256R1())

    def jwk(self) -> dict:
        n = self.clave.public_key().public_numbers()
        return {"kty": "EC", "crv": "P-256", "x": _b64(n.x.to_bytes(32, "big")), "y": _b64(n.y.to_bytes(32, "big"))}

    def firmar(self, acto: dict) -> str:
        r, s = decode_dss_signature(self.clave.sign(acto_canonico(acto), ec.ECDSA(hashes.SHA256())))
        return _b64(r.to_bytes(32, "big") + s.to_bytes(32, "big"))

    def acto(
        self, *, numero: str, retencion, nave, fecha: dt.date, solicitados: str, autorizados: str, anterior: str = ""
    ) -> dict:
        """An offline act as the counter builds it (its own id and verification code)."""
        return {
            "id": secrets.token_hex(8),
            "numero": numero,
            "retencion": retencion.id,
            "nave": nave.id,
            "fecha": fecha.isoformat(),
            "galones_solicitados": solicitados,
            "galones_autorizados": autorizados,
            "certificado_anterior": anterior,
            "codigo_verificacion": codigo_verificacion(),
            "emitido": "2026-03-20T10:00:00-05:00",
        }
