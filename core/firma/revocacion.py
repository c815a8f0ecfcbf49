"""Revocation data for the signatures: what makes a B-T signature B-LT, and what lets the verification tell
a revoked signer.

pyHanko fetches the CRLs and OCSP responses the certificates point to (their CRL distribution points and
OCSP addresses: the demo CA's `/firma/demo.crl`, a real CA's own). What it fetched is kept per signer for
FIRMA_REVOCACION_TTL seconds (never past a CRL's next update): the counter signs all day, and fetching a
CRL per certificate would double its cost. When fetching fails, the signer is not tried again for a minute
(`ESPERA_TRAS_FALLO`): the act is signed B-T meanwhile, and says so."""

import asyncio
import datetime as dt
import logging
import threading
import time
from dataclasses import dataclass

from asn1crypto import x509 as ax509
from django.conf import settings
from pyhanko_certvalidator import ValidationContext
from pyhanko_certvalidator.fetchers.requests_fetchers import RequestsFetcherBackend

from core.firma import claves
from core.firma.bucle import fuera_del_bucle

logger = logging.getLogger(__name__)

ESPERA_TRAS_FALLO = 60  # seconds without trying again a signer whose revocation data could not be fetched


@dataclass(frozen=True)
class _Guardado:
    crls: tuple
    ocsps: tuple
    hasta: float  # time.monotonic() until which it is used
    fallo: bool = False


_guardados: dict[bytes, _Guardado] = {}
_bloqueo = threading.Lock()


class _SinAvisoDeCache(logging.Filter):
    """pyHanko warns, at every signature, that embedding validation data without fetching «may give rise to
    unexpected results»: here that is the point (the data were fetched a moment ago and are kept)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "fetching is not allowed" not in record.getMessage()


logging.getLogger("pyhanko.sign.signers.pdf_signer").addFilter(_SinAvisoDeCache())


def publica_revocacion(certificado: ax509.Certificate) -> bool:
    """Does the certificate say where its revocation status is published (a CRL or an OCSP responder)?"""
    return bool(certificado.crl_distribution_points or certificado.ocsp_urls)


def _llave(certificado: ax509.Certificate) -> bytes:
    return certificado.sha256


def _vigente(certificado: ax509.Certificate) -> _Guardado | None:
    with _bloqueo:
        guardado = _guardados.get(_llave(certificado))
    if guardado is not None and guardado.hasta > time.monotonic():
        return guardado
    return None


def _contexto(*, crls=(), ocsps=(), buscar: bool, modo: str) -> ValidationContext:
    return ValidationContext(
        trust_roots=claves.cadena_certificados(),
        crls=list(crls),
        ocsps=list(ocsps),
        allow_fetching=buscar,
        fetcher_backend=RequestsFetcherBackend(per_request_timeout=settings.FIRMA_REVOCACION_TIMEOUT)
        if buscar
        else None,
        revocation_mode=modo,
    )


def contexto_para_firmar(certificado: ax509.Certificate) -> ValidationContext | None:
    """The validation context a B-LT signature by `certificado` embeds its revocation data from: the kept
    data when there are, pyHanko's fetching otherwise. None when B-LT is not to be tried (revocation
    fetching off, a certificate that publishes none, or a failure less than a minute ago).

    «hard-fail»: when a certificate names a CRL or OCSP responder that does not answer, signing with this
    context fails (and the caller signs B-T) instead of embedding nothing and calling it B-LT."""
    if not settings.FIRMA_REVOCACION or not publica_revocacion(certificado):
        return None
    guardado = _vigente(certificado)
    if guardado is not None:
        if guardado.fallo:
            return None
        return _contexto(crls=guardado.crls, ocsps=guardado.ocsps, buscar=False, modo="hard-fail")
    return _contexto(buscar=True, modo="hard-fail")


def _hasta(crls) -> float:
    """Keep the data FIRMA_REVOCACION_TTL seconds, but not past the first CRL's next update."""
    segundos = float(settings.FIRMA_REVOCACION_TTL)
    ahora = dt.datetime.now(dt.UTC)
    for lista in crls:
        siguiente = lista["tbs_cert_list"]["next_update"].native
        if siguiente is not None:
            segundos = min(segundos, (siguiente - ahora).total_seconds())
    return time.monotonic() + max(segundos, 0.0)


def recordar(certificado: ax509.Certificate, contexto: ValidationContext) -> bool:
    """Keep what a signature fetched (or used) for the next ones; True when there is revocation data."""
    crls, ocsps = tuple(contexto.crls), tuple(contexto.ocsps)
    if not (crls or ocsps):
        return False
    with _bloqueo:
        _guardados[_llave(certificado)] = _Guardado(crls=crls, ocsps=ocsps, hasta=_hasta(crls))
    return True


def fallo(certificado: ax509.Certificate) -> None:
    """Fetching failed: sign B-T, without trying again, for ESPERA_TRAS_FALLO seconds."""
    with _bloqueo:
        _guardados[_llave(certificado)] = _Guardado(
            crls=(), ocsps=(), hasta=time.monotonic() + ESPERA_TRAS_FALLO, fallo=True
        )


def conocidos(certificado: ax509.Certificate) -> tuple[list, list]:
    """(CRLs, OCSP responses) the verification checks `certificado` against: the kept ones, or freshly
    fetched (and kept) when revocation fetching is on. Nothing known: ([], []), and the verification says
    nothing about revocation."""
    if not settings.FIRMA_REVOCACION or not publica_revocacion(certificado):
        return [], []
    guardado = _vigente(certificado)
    if guardado is not None and not guardado.fallo:
        return list(guardado.crls), list(guardado.ocsps)
    if guardado is not None:
        return [], []
    from pyhanko_certvalidator.errors import PathBuildingError, PathValidationError

    # Anyone can upload a PDF whose certificate names any address: fetch only for a certificate the
    # portal's chain vouches for (checked offline first), never where a stranger's certificate points.
    try:
        fuera_del_bucle(lambda: asyncio.run(_validar(certificado, _contexto(buscar=False, modo="soft-fail"))))
    except Exception:  # not from the portal's chain (or unreadable): nothing to fetch
        return [], []
    contexto = _contexto(buscar=True, modo="soft-fail")
    try:
        fuera_del_bucle(lambda: asyncio.run(_validar(certificado, contexto)))
    except (PathBuildingError, PathValidationError):
        pass  # revoked: the verification itself says so, with what was fetched
    except Exception as error:  # a CRL server that misbehaves must not break the verification page
        logger.info("No se obtuvieron datos de revocación para verificar: %s", error)
    if not recordar(certificado, contexto):
        fallo(certificado)
        return [], []
    return list(contexto.crls), list(contexto.ocsps)


async def _validar(certificado: ax509.Certificate, contexto: ValidationContext):
    from pyhanko_certvalidator import CertificateValidator

    return await CertificateValidator(certificado, validation_context=contexto).async_validate_path()


def olvidar() -> None:
    """Drop the kept revocation data (tests, or after revoking a certificate)."""
    with _bloqueo:
        _guardados.clear()
