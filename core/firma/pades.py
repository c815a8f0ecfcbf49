"""PAdES signatures with a visible stamp (pyHanko).

The document leaves room for the stamp with `templates/core/pdf/_firma.html`: a link to
`ESPACIO_URI` that WeasyPrint lays out where the signature goes. The link is removed and the stamp
drawn in its rectangle, so the stamp never covers the act's text. Each signature is a certification
signature that allows no change (DocMDP P=1): anything appended afterwards, other than validation data,
is reported as an alteration by the portal and by `pyhanko sign validate`."""

import dataclasses
import datetime as dt
import io
import logging
from dataclasses import dataclass

from django.conf import settings
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.pdf_utils.text import TextBoxStyle
from pyhanko.sign import fields, signers
from pyhanko.sign.fields import MDPPerm
from pyhanko.sign.signers.pdf_signer import DSSContentSettings, SigDSSPlacementPreference
from pyhanko.stamp import QRStampStyle
from pyhanko.stamp.qr import QRStamp

from core.firma import claves, demo, revocacion
from core.firma.bucle import fuera_del_bucle
from core.firma.oficinas import Oficina

logger = logging.getLogger(__name__)

ESPACIO_URI = "urn:portal-cupos:firma"
CAMPO = "FirmaPortal"
CAJA_POR_DEFECTO = (54, 28, 396, 100)  # bottom of the last page when the document left no room
RESERVA = 16 * 1024  # bytes for the CMS: the signer's certificate and chain (RSA 4096 included)
RESERVA_CON_SELLO = 32 * 1024  # plus the timestamp token with the TSA's chain


SUJETO = ("common_name", "title", "organization_name")


@dataclass(frozen=True)
class Firmado:
    contenido: bytes
    nivel: str  # "B-B" without a timestamp, "B-T" with one, "B-LTA" with the revocation data and a document timestamp
    firmado_en: dt.datetime
    # Who signed, as the certificate says (common_name, title, organization_name): recorded with the act by a
    # process that holds no key (core.firma.servicio).
    sujeto: dict = dataclasses.field(default_factory=dict)
    # B-LTA: when the certificate of the last timestamp expires (core.firma.archivo renews it before).
    sello_vence: dt.datetime | None = None


def _espacio(paginas) -> tuple[int, tuple[float, float, float, float]] | None:
    """Find and drop the room the document left for the stamp: (page index, rectangle)."""
    for indice in range(len(paginas) - 1, -1, -1):
        pagina = paginas[indice]
        anotaciones = pagina.get("/Annots")
        if not anotaciones:
            continue
        for anotacion in list(anotaciones):
            objeto = anotacion.get_object()
            accion = objeto.get("/A") or {}
            if objeto.get("/Subtype") == "/Link" and accion.get("/URI") == ESPACIO_URI:
                x1, y1, x2, y2 = (float(v) for v in objeto["/Rect"])
                anotaciones.remove(anotacion)
                return indice, (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
    return None


def retirar_espacio(escritor) -> tuple[int, tuple[float, float, float, float]] | None:
    """The same on a pypdf writer that is about to be written (a merged resolution)."""
    return _espacio(escritor.pages)


def _preparar(contenido: bytes):
    from pypdf import PdfReader, PdfWriter

    lector = PdfReader(io.BytesIO(contenido))
    if not any(p.get("/Annots") for p in lector.pages):
        return contenido, None
    escritor = PdfWriter(clone_from=lector)
    lugar = _espacio(escritor.pages)
    if lugar is None:
        return contenido, None
    salida = io.BytesIO()
    escritor.write(salida)
    return salida.getvalue(), lugar


_selladores: dict = {}


def _sellador_de_tiempo():
    """The TSA client, one per address and kept: to embed the TSA's own revocation data (B-LT) pyHanko
    first asks it for a sample token to learn its certificates, and it does so once per client."""
    if not settings.FIRMA_TSA_URL:
        return None
    from pyhanko.sign.timestamps.requests_client import RequestsHTTPTimeStamper

    llave = (settings.FIRMA_TSA_URL, settings.FIRMA_TSA_TIMEOUT)
    sellador = _selladores.get(llave)
    if sellador is None:
        sellador = _selladores[llave] = RequestsHTTPTimeStamper(llave[0], timeout=llave[1])
    return sellador


def _con_revocacion(meta: signers.PdfSignatureMetadata, contexto) -> signers.PdfSignatureMetadata:
    """B-LTA: the revocation data go into the DSS in the signature's own revision (no VRI), so the signed
    revision is the whole file and the DocMDP P=1 certification is kept; then a document timestamp (with the
    TSA's own validation data) seals the whole, so the act validates after its certificates expire, for as
    long as the archive re-timestamps it (core.firma.archivo)."""
    return dataclasses.replace(
        meta,
        embed_validation_info=True,
        use_pades_lta=True,
        validation_context=contexto,
        dss_settings=DSSContentSettings(placement=SigDSSPlacementPreference.TOGETHER_WITH_SIGNATURE, include_vri=False),
    )


class _SelloQR(QRStamp):
    """pyHanko's QR stamp with a fixed mask (issue 44): choosing the best of the eight masks, as the qrcode library
    does by default, scored all of them and was a quarter of the signature's CPU (about 5 ms of 22); any mask
    reads the same. The rest is pyHanko 0.38's `QRStamp._qr_xobject` (plain QR, no centre image)."""

    def _qr_xobject(self):
        import qrcode
        from pyhanko.pdf_utils.qr import PdfStreamQRImage
        from pyhanko.pdf_utils.writer import init_xobject_dictionary

        if self.style.qr_inner_content is not None:  # not used here: pyHanko's own way
            return super()._qr_xobject()
        qr = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, mask_pattern=0)
        qr.add_data(self.url)
        qr.make()
        comandos = qr.make_image(image_factory=PdfStreamQRImage).render_command_stream()
        lado = (qr.modules_count + 2 * qr.border) * qr.box_size
        objeto = init_xobject_dictionary(comandos, lado, lado)
        objeto.compress()
        return self.writer.add_object(objeto), lado


class _EstiloQR(QRStampStyle):
    def create_stamp(self, writer, box, text_params: dict) -> QRStamp:
        try:
            url = text_params.pop("url")
        except KeyError:
            return super().create_stamp(writer, box, text_params)
        return _SelloQR(writer, style=self, url=url, text_params=text_params, box=box)


def _texto(oficina: Oficina, codigo: str, es_demo: bool) -> str:
    lineas = ["Firmado digitalmente por: %(signer)s", f"{oficina.cargo} - {oficina.entidad}"]
    if oficina.delegacion:
        lineas.append(f"Por delegación: {oficina.delegacion}")
    lineas.append("Fecha: %(ts)s")
    if codigo:
        lineas.append(f"Código de verificación: {codigo}")
    lineas.append("Verifique en: %(url)s")
    if es_demo:
        lineas.append(demo.LEYENDA)
    # The stamp's font is a standard one (no embedding, so signing stays fast): WinAnsi text only.
    return "\n".join(lineas).encode("cp1252", "replace").decode("cp1252")


def firmar_pdf(
    contenido: bytes,
    *,
    oficina: Oficina,
    url: str,
    codigo: str = "",
    motivo: str,
    lugar: tuple[int, tuple[float, float, float, float]] | None = None,
) -> Firmado:
    """Sign `contenido` as `oficina`, with a stamp (QR to `url`) in the room the document left for it
    (or `lugar`, when the caller already took it out). B-LT when a TSA answers and the revocation data of
    the signer's (and the TSA's) chain can be fetched; B-T when only the TSA answers; B-B otherwise. A
    failure of either never stops the act: it is signed at the level that could be reached, and says so."""
    if lugar is None:
        contenido, lugar = _preparar(contenido)
    pagina, caja = lugar if lugar is not None else (-1, CAJA_POR_DEFECTO)
    firmante = claves.firmante(oficina)
    certificado = firmante.signing_cert
    es_demo = any(demo.LEYENDA in str(v) for v in certificado.subject.native.values())
    estilo = _EstiloQR(
        stamp_text=_texto(oficina, codigo, es_demo),
        text_box_style=TextBoxStyle(font_size=7, leading=8),
        border_width=1,
        innsep=2,
        timestamp_format="%d/%m/%Y %H:%M:%S (UTC%z)",
    )
    meta = signers.PdfSignatureMetadata(
        field_name=CAMPO,
        subfilter=fields.SigSeedSubFilter.PADES,
        md_algorithm="sha256",
        reason=motivo[:200].encode("cp1252", "replace").decode("cp1252"),
        location="Colombia",
        certify=True,
        docmdp_permissions=MDPPerm.NO_CHANGES,
    )
    sellador = _sellador_de_tiempo()
    nivel = "B-T" if sellador is not None else "B-B"
    salida = None
    contexto = revocacion.contexto_para_firmar(certificado) if sellador is not None else None
    if contexto is not None:
        try:
            salida = _firmar(contenido, _con_revocacion(meta, contexto), firmante, estilo, sellador, pagina, caja, url)
        except Exception as error:  # a CRL or OCSP server that does not answer must not stop the counter
            if _revocado(error):
                # The data were fetched, and they list this certificate: keep them (the verification says it
                # is revoked; the next acts do not fetch again) and let the act out, B-T, for the office's
                # key to be replaced.
                revocacion.recordar(certificado, contexto)
                logger.error("El certificado de firma de «%s» está revocado: %s", oficina.nombre, _causa(error))
            else:
                revocacion.fallo(certificado)
                logger.warning("No se obtuvieron los datos de revocación; se firma sin ellos (B-T): %s", _causa(error))
        else:
            nivel = "B-LTA" if revocacion.recordar(certificado, contexto) else nivel
    if salida is None:
        try:
            salida = _firmar(contenido, meta, firmante, estilo, sellador, pagina, caja, url)
        except Exception as error:  # a TSA that does not answer must not stop the counter
            if sellador is None:
                raise
            logger.warning("El sellado de tiempo (%s) falló; se firma sin él: %s", settings.FIRMA_TSA_URL, error)
            salida, nivel = _firmar(contenido, meta, firmante, estilo, None, pagina, caja, url), "B-B"
    sujeto = {k: v for k, v in certificado.subject.native.items() if k in SUJETO and isinstance(v, str)}
    vence = sello_vence(salida) if nivel == "B-LTA" else None
    return Firmado(contenido=salida, nivel=nivel, firmado_en=dt.datetime.now(dt.UTC), sujeto=sujeto, sello_vence=vence)


def sello_vence(datos: bytes) -> dt.datetime | None:
    """When the certificate of the last document timestamp in `datos` expires (None: it has none)."""
    from pyhanko.pdf_utils.reader import PdfFileReader

    try:
        sellos = PdfFileReader(io.BytesIO(datos), strict=False).embedded_timestamp_signatures
    except Exception as error:  # not a PDF pyHanko reads: nothing to renew
        logger.warning("No se pudo leer el sello de tiempo del documento: %s", error)
        return None
    if not sellos:
        return None
    return sellos[-1].signer_cert["tbs_certificate"]["validity"]["not_after"].native


def _revocado(error: BaseException | None) -> bool:
    from pyhanko_certvalidator.errors import RevokedError

    while error is not None:
        if isinstance(error, RevokedError):
            return True
        error = error.__cause__
    return False


def _causa(error: BaseException) -> str:
    """pyHanko wraps the reason (a revoked certificate, a CRL that did not answer) in a generic error."""
    partes = [str(error)]
    while error.__cause__ is not None:
        error = error.__cause__
        partes.append(str(error))
    return ": ".join(p for p in partes if p)


def _firmar(contenido, meta, firmante, estilo, sellador, pagina, caja, url) -> bytes:
    escritor = IncrementalPdfFileWriter(io.BytesIO(contenido), strict=False)
    firmador = signers.PdfSigner(
        meta,
        signer=firmante,
        timestamper=sellador,
        stamp_style=estilo,
        new_field_spec=fields.SigFieldSpec(CAMPO, on_page=pagina, box=tuple(round(v) for v in caja)),
    )
    salida = io.BytesIO()
    # Room reserved up front: otherwise pyHanko builds the whole CMS twice to measure it.
    reservado = RESERVA_CON_SELLO if sellador is not None else RESERVA
    fuera_del_bucle(
        firmador.sign_pdf, escritor, bytes_reserved=reservado, output=salida, appearance_text_params={"url": url}
    )
    return salida.getvalue()
