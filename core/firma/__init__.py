"""Signed acts (Ley 527 de 1999 arts. 7 and 28; Ley 1437 de 2011 art. 57; Decreto 2364 de 2012).

Every PDF the portal issues as an act carries a PAdES signature made here with pyHanko:

- `oficinas.Oficina` names who signs: an issuing office's seal (UPME, a Capitanía) or a person with a
  position (Dimar's Director General, or its Secretary General under a recorded delegation).
- `claves` finds that office's key: a PKCS#12 file or a PKCS#11 token (HSM) set by the environment
  (`FIRMA_CLAVE_<OFICINA>`, `FIRMA_PIN_<OFICINA>`), or, outside production, a demo CA (`demo`) whose
  certificates say «DEMOSTRACIÓN - SIN VALIDEZ JURÍDICA».
- `pades.firmar_pdf` signs with a visible stamp: B-T with an RFC 3161 timestamp from `FIRMA_TSA_URL`,
  B-B without a TSA.
- `validacion.validar_pdf` re-validates a file: integrity, the signer's chain up to the published chain
  (`/firma/cadena.pem`), the timestamp, and whether anything was appended after the signature.
- `documentos` keeps each signed act once (`core.models.DocumentoFirmado`), so the verification pages
  re-validate the very file that was issued and recognise a copy a citizen uploads.

Apps declare what they sign in their AppConfig.ready() (`registro.registrar_firmable`); core never
imports them.
"""
