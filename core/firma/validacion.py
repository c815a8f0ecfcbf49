"""Re-validate a signed PDF: integrity, the signer's chain up to the portal's published chain, the
timestamp, the signer's revocation where it is known (`revocacion.conocidos`: the CRL or OCSP answer its
certificate points to, kept a few minutes), and whether anything was added after the signature. Each
failure is said in Spanish."""

import datetime as dt
import io
import logging
from dataclasses import dataclass, field

from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign.validation import validate_pdf_signature
from pyhanko.sign.validation.status import SignatureCoverageLevel
from pyhanko_certvalidator import ValidationContext

from core.firma import claves, demo, revocacion
from core.firma.bucle import fuera_del_bucle

logger = logging.getLogger(__name__)


@dataclass
class Verificacion:
    firmado: bool = False
    valida: bool = False
    firmante: str = ""
    cargo: str = ""
    entidad: str = ""
    fecha: dt.datetime | None = None
    nivel: str = ""
    motivo: str = ""
    demo: bool = False
    problemas: list[str] = field(default_factory=list)

    @property
    def problema(self) -> str:
        return " ".join(self.problemas)

    def como_api(self, delegacion: str = "") -> dict:
        datos = {
            "valida": self.valida,
            "firmante": self.firmante,
            "cargo": self.cargo,
            "entidad": self.entidad,
            "fecha": self.fecha.isoformat() if self.fecha else None,
            "nivel": self.nivel or None,
        }
        if delegacion:
            datos["delegacion"] = delegacion
        if self.problemas:
            datos["detalle"] = self.problema
        return datos


def _contexto(firma) -> ValidationContext:
    """Soft-fail: revocation data that cannot be had say nothing; a CRL that lists the signer says so."""
    try:
        crls, ocsps = revocacion.conocidos(firma.signer_cert)
    except Exception as error:  # a certificate pyHanko cannot read: the validation says what is wrong
        logger.info("Sin datos de revocación para verificar: %s", error)
        crls, ocsps = [], []
    return ValidationContext(
        trust_roots=claves.cadena_certificados(),
        allow_fetching=False,
        crls=crls,
        ocsps=ocsps,
        revocation_mode="soft-fail",
    )


def _nivel(lector, estado) -> str:
    if lector.embedded_timestamp_signatures:
        return "B-LTA"
    dss = lector.root.get("/DSS")
    dss = dss.get_object() if dss is not None else None  # an indirect reference, as pyHanko writes it
    con_revocacion = dss is not None and any(clave in dss and len(dss[clave]) for clave in ("/CRLs", "/OCSPs"))
    if estado.timestamp_validity is not None:
        return "B-LT" if con_revocacion else "B-T"
    return "B-B"


# An act the portal signs has its original revision, the signature's, and a few more: the DSS and document
# timestamp of B-LTA, and two per renewal of that timestamp (core.firma.archivo; 40 leaves room for 18 renewals).
# Validating each further revision costs time over the whole file: 3,000 empty updates of a 284 KB certificate
# took 38 s of a web worker.
MAX_REVISIONES = 40


def revisiones(contenido: bytes) -> int:
    """How many revisions (the original and its incremental updates) a PDF has: each ends with its own
    `startxref`. Counted on the bytes, before anything parses them."""
    return contenido.count(b"startxref")


def validar_pdf(contenido: bytes) -> Verificacion:
    resultado = Verificacion()
    if (cuantas := revisiones(contenido)) > MAX_REVISIONES:
        cuantas = f"{cuantas:,}".replace(",", ".")  # es-CO
        resultado.firmado = b"/ByteRange" in contenido  # it looks signed: its signature is what is refused
        resultado.problemas.append(
            f"El archivo tiene {cuantas} revisiones (actualizaciones agregadas al PDF); un acto del portal tiene a "
            f"lo sumo {MAX_REVISIONES}. No es un documento tal como lo expidió el portal: no se verifica."
        )
        return resultado
    try:
        lector = PdfFileReader(io.BytesIO(contenido), strict=False)
        firmas = lector.embedded_regular_signatures
    except Exception as error:  # any upload: a file pyHanko cannot parse is refused, never a 500
        logger.info("PDF ilegible al verificar: %s", error)
        resultado.problemas.append("El archivo no es un PDF legible o está dañado.")
        return resultado
    if not firmas:
        resultado.problemas.append("El documento no tiene firma digital.")
        return resultado
    resultado.firmado = True
    firma = firmas[0]
    try:
        contexto = _contexto(firma)
        estado = fuera_del_bucle(validate_pdf_signature, firma, contexto, ts_validation_context=contexto)
    except Exception as error:  # a damaged signature dictionary or CMS is a verdict, not a 500
        logger.info("Firma no verificable: %s", error)
        resultado.problemas.append("La firma del documento está dañada y no se puede verificar.")
        return resultado
    sujeto = estado.signing_cert.subject.native
    resultado.firmante = sujeto.get("common_name", "")
    resultado.cargo = sujeto.get("title", "")
    resultado.entidad = sujeto.get("organization_name", "")
    resultado.demo = demo.LEYENDA in str(sujeto.get("organizational_unit_name", ""))
    resultado.motivo = str(firma.sig_object.get("/Reason", "") or "")
    resultado.nivel = _nivel(lector, estado)
    ts = estado.timestamp_validity
    resultado.fecha = ts.timestamp if ts is not None else estado.signer_reported_dt
    if not (estado.intact and estado.valid):
        resultado.problemas.append("El contenido cambió después de firmado: la firma no corresponde al documento.")
    elif estado.revoked:
        revocada = estado.revocation_details
        quien = "de una autoridad de su cadena" if revocada.ca_revoked else "del firmante"
        fecha = revocada.revocation_date.astimezone(dt.UTC).strftime("%d/%m/%Y a las %H:%M (UTC)")
        resultado.problemas.append(f"El certificado {quien} fue revocado el {fecha}: la firma ya no es confiable.")
    elif not estado.trusted:
        resultado.problemas.append("El certificado del firmante no pertenece a la cadena de confianza del portal.")
    if ts is not None and not (ts.intact and ts.valid and ts.trusted):
        resultado.problemas.append("El sello de tiempo de la firma no es válido.")
    if estado.coverage != SignatureCoverageLevel.ENTIRE_FILE and not (
        estado.docmdp_ok
        and estado.coverage == SignatureCoverageLevel.ENTIRE_REVISION
        and estado.modification_level is not None
        and estado.modification_level.value <= 1
    ):
        resultado.problemas.append("Se agregaron cambios al documento después de la firma.")
    resultado.valida = not resultado.problemas
    return resultado
