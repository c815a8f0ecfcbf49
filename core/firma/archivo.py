"""Signatures that still validate in twenty years (PAdES B-LTA, ETSI EN 319 142-1 §5.5; issue 39).

A B-LTA act ends with a document timestamp. A validator years later trusts that timestamp only while its TSA
certificate is valid; before it expires, the archive adds a new document timestamp over the whole file, with the
revocation data of the previous one in the DSS (pyHanko's `PdfTimeStamper.update_archival_timestamp_chain`, as
EU DSS does). Each renewal stretches the proof by the new TSA certificate's lifetime.

- `pades.sello_vence(datos)`: when the certificate of the file's last timestamp expires
  (`DocumentoFirmado.sello_vence`).
- `resellar(documento)`: one renewal; the file grows by two revisions (the DSS, then the timestamp), its
  previous SHA-256 is kept (`HuellaAnterior`) so a copy a citizen kept is still recognised. Needs the TSA
  only, never a signing key.
- `resellar_por_vencer()`: the beat job (`core.tasks.resellar_archivo_task`, daily), every B-LTA document whose
  last timestamp expires within FIRMA_RESELLO_ANTELACION_DIAS.
- `validar_en(datos, cuando, crls=…)`: the AdES long-term validation at any date, with no fetching, against the
  published chain and the revocation data a validator has on that date."""

from __future__ import annotations

import asyncio
import datetime as dt
import io
import logging
import os
import tempfile

from django.conf import settings
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils import timezone

from core.models import DocumentoFirmado, HuellaAnterior

logger = logging.getLogger(__name__)


class ReselladoImposible(Exception):
    """No TSA is configured, or the previous timestamp's revocation data cannot be had: the document is left as
    it is, and the job tries it again on its next run."""


def resellar(documento: DocumentoFirmado) -> DocumentoFirmado:
    """Add a document timestamp over the whole stored file (module docstring). All or nothing: the row is locked,
    the new file is written beside the old one and takes its place only once the row (its new hash, the old hash
    kept) has committed. A crash in between leaves the previous version, which the portal still recognises."""
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko.sign.signers.pdf_signer import PdfTimeStamper
    from pyhanko_certvalidator import ValidationContext

    from core.firma import claves, documentos, pades
    from core.firma.bucle import fuera_del_bucle

    sellador = pades._sellador_de_tiempo()
    if sellador is None:
        raise ReselladoImposible("No hay autoridad de sellado de tiempo configurada (FIRMA_TSA_URL).")
    with transaction.atomic():
        documento = DocumentoFirmado.objects.select_for_update().get(pk=documento.pk)
        anterior = documentos.contenido(documento)
        if documentos.huella(anterior) != documento.sha256:
            raise ReselladoImposible(f"El archivo de {documento} no es el que el portal firmó: no se resella.")
        contexto = ValidationContext(
            trust_roots=claves.cadena_certificados(), allow_fetching=True, revocation_mode="require"
        )
        salida = io.BytesIO()
        try:
            fuera_del_bucle(
                PdfTimeStamper(sellador).update_archival_timestamp_chain,
                PdfFileReader(io.BytesIO(anterior), strict=False),
                contexto,
                in_place=False,
                output=salida,
            )
        except Exception as error:
            raise ReselladoImposible(f"No se pudo resellar {documento}: {pades._causa(error)}") from error
        nuevo = salida.getvalue()
        ruta = default_storage.path(documento.archivo.name)
        temporal = _al_lado(ruta, nuevo)
        try:
            ahora = timezone.now()
            HuellaAnterior.objects.create(documento=documento, sha256=documento.sha256, hasta=ahora)
            documento.sha256 = documentos.huella(nuevo)
            documento.tamano = len(nuevo)
            documento.sello_vence = pades.sello_vence(nuevo)
            documento.resellado_en = ahora
            documento.save(update_fields=["sha256", "tamano", "sello_vence", "resellado_en"])
        except BaseException:
            _borrar(temporal)
            raise
        transaction.on_commit(lambda: os.replace(temporal, ruta))  # a reader sees the old file or the new
    return documento


def _al_lado(ruta: str, datos: bytes) -> str:
    """`datos` written and synced in a hidden file beside `ruta` (same folder: the rename is atomic)."""
    descriptor, temporal = tempfile.mkstemp(dir=os.path.dirname(ruta), prefix=".resellado-")
    try:
        with os.fdopen(descriptor, "wb") as archivo:
            archivo.write(datos)
            archivo.flush()
            os.fsync(archivo.fileno())
        os.chmod(temporal, 0o644)
    except BaseException:
        _borrar(temporal)
        raise
    return temporal


def _borrar(ruta: str) -> None:
    if os.path.exists(ruta):
        os.unlink(ruta)


def por_vencer(ahora: dt.datetime | None = None):
    """The B-LTA documents whose last timestamp expires within FIRMA_RESELLO_ANTELACION_DIAS."""
    limite = (ahora or timezone.now()) + dt.timedelta(days=settings.FIRMA_RESELLO_ANTELACION_DIAS)
    return DocumentoFirmado.objects.filter(nivel="B-LTA", sello_vence__lte=limite).order_by("sello_vence", "pk")


def resellar_por_vencer(*, lote: int = 200, ahora: dt.datetime | None = None) -> dict:
    """Renew up to `lote` documents (the beat job, daily): {"resellados", "fallidos"}. A failure is logged and
    left for the next run; the earliest to expire go first."""
    resellados = fallidos = 0
    for documento in por_vencer(ahora)[:lote]:
        try:
            resellar(documento)
        except ReselladoImposible as error:
            fallidos += 1
            logger.error("%s", error)
        else:
            resellados += 1
    return {"resellados": resellados, "fallidos": fallidos}


def validar_en(datos: bytes, cuando: dt.datetime, *, crls: list[bytes] = ()) -> tuple[bool, str]:
    """AdES long-term validation (EN 319 102-1 §5.6.3) of the file's signature as a validator would run it on
    `cuando`: no fetching, the published chain as trust anchor, CRL or OCSP required for every certificate, and
    `crls` the revocation lists that validator has that day. (valid, AdES indication)."""
    from asn1crypto import crl as acrl
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko.sign.validation import ades
    from pyhanko.sign.validation.policy_decl import (
        CertValidationPolicySpec,
        LocalKnowledge,
        PdfSignatureValidationSpec,
        RevinfoOnlineFetchingRule,
        RevocationInfoGatheringSpec,
        SignatureValidationSpec,
    )
    from pyhanko_certvalidator.context import ValidationTimingInfo
    from pyhanko_certvalidator.policy_decl import CertRevTrustPolicy, RevocationCheckingPolicy, RevocationCheckingRule
    from pyhanko_certvalidator.registry import SimpleTrustManager
    from pyhanko_certvalidator.revinfo.archival import CRLContainer

    from core.firma import claves

    requerida = RevocationCheckingRule.CRL_OR_OCSP_REQUIRED
    politica = CertValidationPolicySpec(
        trust_manager=SimpleTrustManager.build(trust_roots=claves.cadena_certificados()),
        revinfo_policy=CertRevTrustPolicy(RevocationCheckingPolicy(requerida, requerida)),
    )
    especificacion = PdfSignatureValidationSpec(
        SignatureValidationSpec(
            cert_validation_policy=politica,
            local_knowledge=LocalKnowledge(known_crls=[CRLContainer(acrl.CertificateList.load(c)) for c in crls]),
            revinfo_gathering_policy=RevocationInfoGatheringSpec(
                online_fetching_rule=RevinfoOnlineFetchingRule.LOCAL_ONLY
            ),
        )
    )
    firmas = PdfFileReader(io.BytesIO(datos), strict=False).embedded_regular_signatures
    if not firmas:
        return False, "sin firma"
    tiempo = ValidationTimingInfo(validation_time=cuando, best_signature_time=cuando, point_in_time_validation=True)

    async def _validar():
        return await ades.ades_lta_validation(firmas[0], especificacion, timing_info=tiempo)

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        resultado = asyncio.run(_validar())
    else:
        from core.firma.bucle import fuera_del_bucle

        resultado = fuera_del_bucle(asyncio.run, _validar())
    # The AdES indication decides (PASSED: OK). pyHanko's `api_status` re-checks the signer's certificate at
    # `cuando` itself, which years later has expired by design: the proof is the timestamp chain.
    from pyhanko.sign.ades.report import AdESPassed

    indicacion = resultado.ades_subindic
    return indicacion is AdESPassed.OK, getattr(indicacion, "name", str(indicacion))
