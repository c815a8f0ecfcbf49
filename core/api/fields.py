"""Field conventions of API.md: gallons as 2-decimal strings (inputs accept number or string)."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.comun.galones import GALONES_MAXIMO


class Cantidad(serializers.DecimalField):
    """A decimal amount: a string out; in, a number or string up to `maximo` (the narrowest column
    that stores it), so an absurd amount is a 400 with the field named, never a database overflow."""

    digitos, decimales, maximo = 14, 2, None

    def __init__(self, **kwargs):
        kwargs.setdefault("max_digits", self.digitos)
        kwargs.setdefault("decimal_places", self.decimales)
        kwargs.setdefault("coerce_to_string", True)
        kwargs.setdefault("max_value", self.maximo)
        super().__init__(**kwargs)


class Galones(Cantidad):
    """Gallons: a 2-decimal string, up to GALONES_MAXIMO (the narrowest gallons column)."""

    maximo = GALONES_MAXIMO


def fecha_query(request, nombre: str = "fecha"):
    """Parse ?fecha=YYYY-MM-DD (default today); a bad value is a 400 with the field named."""
    import datetime as dt

    from core.comun.errors import DatosInvalidos
    from core.vencimientos.calendario import today

    valor = request.query_params.get(nombre)
    if not valor:
        return today()
    try:
        return dt.date.fromisoformat(valor)
    except ValueError as exc:
        raise DatosInvalidos({nombre: f"«{valor}» no es una fecha AAAA-MM-DD válida."}) from exc


def enteros_query(request, *nombres: str) -> list[int | None]:
    """Optional whole-number query parameters (?anio=2026&beneficiario=7), in the order named: absent
    or blank → None; anything but ASCII digits ("²", "true", "1.5") is a 400 naming every bad one,
    never a silent "no filter"."""
    from core.comun.errors import DatosInvalidos
    from core.comun.numeros import entero

    valores, errores = [], {}
    for nombre in nombres:
        texto = (request.query_params.get(nombre) or "").strip()
        numero = entero(texto) if texto else None
        if texto and numero is None:
            errores[nombre] = f"«{texto[:40]}» no es un número entero."
        valores.append(numero)
    if errores:
        raise DatosInvalidos(errores)
    return valores


@extend_schema_field({"type": "string", "pattern": r"^\d{4}-\d{2}$", "example": "2026-06"})
class PeriodoField(serializers.Field):
    """A month as YYYY-MM ↔ the first day of that month."""

    default_error_messages = {"invalido": "Use un periodo AAAA-MM válido."}

    def to_internal_value(self, data):
        import datetime as dt

        from core.comun.numeros import entero

        anio, guion, mes = str(data).strip().partition("-")
        anio, mes = entero(anio), entero(mes)  # ASCII digits only: int() also takes "٢٠٢٦"
        if not guion or anio is None or mes is None or not (1 <= anio <= 9999 and 1 <= mes <= 12):
            self.fail("invalido")
        return dt.date(anio, mes, 1)

    def to_representation(self, value):
        return f"{value.year:04d}-{value.month:02d}"  # strftime's "%Y" drops a small year's zeros


# --- Text is never "None" or "null" ---------------------------------------------------------------
# A client that sends a form body (or a generator that stringifies None) turns a null into the text
# "None": a zarpe's certificado_anterior arrived as "None" and was refused as an unknown certificate.
# No text field of the API takes those words as a value: they are a 400 naming the field. Installed
# once on DRF's CharField (every subclass: EmailField, SlugField, RegexField…) so that every
# serializer, present and future, refuses them without each declaring a special field; `Clave`
# (passwords) is the one exception, since a password is not ours to judge.

TEXTOS_NULOS = frozenset({"none", "null"})


class Clave(serializers.CharField):
    """A password or secret: taken as typed (no trimming), "None" and "null" included."""

    acepta_texto_nulo = True

    def __init__(self, **kwargs):
        kwargs.setdefault("trim_whitespace", False)
        super().__init__(**kwargs)


def es_texto_nulo(valor) -> bool:
    return isinstance(valor, str) and valor.strip().lower() in TEXTOS_NULOS


def instalar_texto_no_nulo() -> None:
    """Make every DRF CharField refuse "None"/"null" (any case, padded or not) with a 400; idempotent."""
    campo = serializers.CharField
    if getattr(campo.run_validation, "rechaza_texto_nulo", False):
        return
    original = campo.run_validation

    def run_validation(self, data=serializers.empty):
        if es_texto_nulo(data) and not getattr(self, "acepta_texto_nulo", False):
            self.fail("texto_nulo", valor=data.strip())
        return original(self, data)

    run_validation.rechaza_texto_nulo = True
    campo.run_validation = run_validation
    campo.default_error_messages = {
        **campo.default_error_messages,
        "texto_nulo": (
            "«{valor}» no es un valor válido: un dato ausente se envía como null en JSON (o se omite), "
            "nunca como texto."
        ),
    }


# --- Numbers are written with the digits 0 to 9 ---------------------------------------------------
# DRF's numeric fields parse with Decimal(), int() and float(), which also read Arabic-Indic ("٣٤٥")
# and full-width ("３４５") digits: gallons sent that way were accepted (issue 27). Installed once on
# the numeric fields (Galones and every other amount, ids and counts) as the rule above is.

MENSAJE_CIFRAS = "Escriba el número con las cifras 0 a 9."


def instalar_cifras_ascii() -> None:
    """Make DRF's DecimalField, IntegerField and FloatField refuse non-ASCII digits with a 400; idempotent."""
    from core.comun.numeros import cifras_ascii

    for campo in (serializers.DecimalField, serializers.IntegerField, serializers.FloatField):
        if getattr(campo.to_internal_value, "solo_cifras_ascii", False):
            continue
        original = campo.to_internal_value

        def to_internal_value(self, data, _original=original):
            if isinstance(data, str) and not cifras_ascii(data):
                self.fail("cifras")
            return _original(self, data)

        to_internal_value.solo_cifras_ascii = True
        campo.to_internal_value = to_internal_value
        campo.default_error_messages = {**campo.default_error_messages, "cifras": MENSAJE_CIFRAS}
