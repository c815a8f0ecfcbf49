"""Rule codes (R-01, R-12, F-05, C-06…) out of the sentences people read (issue 26, defect 10).

Services keep citing the rule in their messages (the API keeps it, and `codigo` names the refusal); a page
shows the sentence without it and the rule apart, in a small «Norma: R-12» line (core/_norma.html)."""

import re

CODIGO = r"[RFCP]-\d{2}"
# «(R-04)», «(R-03, R-04)», «(R-17 y R-19)» inside a sentence; «R-12: …» or «: …» opening it.
ENTRE_PARENTESIS = re.compile(rf"\s*\((?:{CODIGO})(?:\s*(?:,|y|/)\s*{CODIGO})*\)")
# «(décimo día hábil, R-20 y R-21)»: the rule closing a bracket that says something else, which stays.
AL_CERRAR = re.compile(rf",\s*{CODIGO}(?:\s*(?:,|y|/)\s*{CODIGO})*(?=\))")
AL_COMIENZO = re.compile(rf"^\s*{CODIGO}(?:\s*(?:,|y|/)\s*{CODIGO})*\s*:\s*")
CODIGOS = re.compile(rf"\b{CODIGO}\b")


PUNTO_DOBLE = re.compile(r"(?<=[^.\s]\.)\.(?!\.)")


def sin_norma(texto) -> str:
    """The sentence without its rule codes: «Causa justificada registrada (R-04).» → «Causa justificada
    registrada.»; «R-12: por cancelación…» → «Por cancelación…»."""
    texto = str(texto)
    limpio = AL_CERRAR.sub("", ENTRE_PARENTESIS.sub("", texto))
    if AL_COMIENZO.match(limpio):
        limpio = AL_COMIENZO.sub("", limpio)
        limpio = limpio[:1].upper() + limpio[1:]
    # A name that ends in its own period closing the sentence («… a nombre de Petromar S.A.S.») keeps one.
    return PUNTO_DOBLE.sub("", limpio)


def normas(texto) -> str:
    """The rule codes the sentence cited, in order and once each: «R-03, R-04»."""
    vistos = []
    for codigo in CODIGOS.findall(str(texto)):
        if codigo not in vistos:
            vistos.append(codigo)
    return ", ".join(vistos)
