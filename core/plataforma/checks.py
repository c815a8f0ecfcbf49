"""Deploy checks (`manage.py check --deploy`): production refuses a guessable secret key and a public
address that a certificate's QR cannot carry. Production settings also run them when a web or Celery
process starts (exigir_despliegue_seguro), so a bad configuration never serves a request."""

import ipaddress
import math
from collections import Counter
from itertools import pairwise
from urllib.parse import urlsplit

from django.conf import settings
from django.core.checks import Error, Tags, Warning, register
from django.core.exceptions import ImproperlyConfigured

# Values that were ever written in this repository (settings, docker-compose.yml, .env.example).
CLAVES_CONOCIDAS = {
    "cambie-esta-clave",
    "cambie-esta-clave-db",
    "solo-para-desarrollo-local-no-usar-en-produccion",
}
LARGO_MINIMO_CLAVE = 50
# A key must also be unpredictable, not only long: 'abcde' * 10 has 50 characters and 2.3 bits each.
# Django's get_random_secret_key() gives about 5 bits per character, secrets.token_urlsafe() about 5.5
# and secrets.token_hex() about 3.8 (16 symbols), so these floors refuse patterns, never a generated key.
DISTINTOS_MINIMOS_CLAVE = 10
BITS_POR_CARACTER_MINIMOS = 3.0
# A keyboard run ("0123456789abcdef…"): 8 consecutive characters turn up by chance about once in ten
# million generated hex keys.
SECUENCIA_MAXIMA_CLAVE = 8
LOCALES = {"localhost", "localhost.localdomain", "0.0.0.0"}
# Names only a private network resolves (RFC 6762 .local, RFC 8375 .home.arpa, and the usual intranet ones).
SUFIJOS_PRIVADOS = (".local", ".lan", ".internal", ".intranet", ".home.arpa", ".corp")


@register(Tags.security, deploy=True)
def clave_secreta(app_configs=None, **kwargs) -> list[Error]:
    clave = str(getattr(settings, "SECRET_KEY", "") or "")
    problema = None
    if clave in CLAVES_CONOCIDAS or clave.startswith("django-insecure-"):
        problema = "es un valor por defecto publicado en el repositorio"
    elif len(clave) < LARGO_MINIMO_CLAVE:
        problema = f"tiene menos de {LARGO_MINIMO_CLAVE} caracteres"
    elif not _impredecible(clave):
        problema = "es un patrón predecible (muy pocos caracteres distintos, repetidos o una secuencia que se repite)"
    if problema is None:
        return []
    return [
        Error(
            f"DJANGO_SECRET_KEY {problema}.",
            hint='Genere una con: python -c "import secrets; print(secrets.token_urlsafe(50))"',
            id="portal.E001",
        )
    ]


def bits_por_caracter(texto: str) -> float:
    """Shannon entropy of the text's characters, in bits per character."""
    total = len(texto)
    return -sum(n / total * math.log2(n / total) for n in Counter(texto).values()) if total else 0.0


def _periodica(texto: str) -> bool:
    """Whether the text is a shorter piece repeated at least twice ('abc123abc123abc1')."""
    return any(texto[p:] == texto[:-p] for p in range(1, len(texto) // 2 + 1))


def _secuencia_mas_larga(texto: str) -> int:
    """The longest run of consecutive characters ('abcdefgh', '98765432')."""
    mas_larga = actual = 1 if texto else 0
    paso_anterior = None
    for a, b in pairwise(texto):
        paso = ord(b) - ord(a)
        actual = actual + 1 if paso in (1, -1) and paso == paso_anterior else 2 if paso in (1, -1) else 1
        paso_anterior = paso
        mas_larga = max(mas_larga, actual)
    return mas_larga


def _impredecible(clave: str) -> bool:
    return (
        len(set(clave)) >= DISTINTOS_MINIMOS_CLAVE
        and bits_por_caracter(clave) >= BITS_POR_CARACTER_MINIMOS
        and not _periodica(clave)
        and _secuencia_mas_larga(clave) < SECUENCIA_MAXIMA_CLAVE
    )


def _es_local(host: str) -> bool:
    host = (host or "").lower().rstrip(".")
    if host in LOCALES or host.endswith(".localhost"):
        return True
    try:
        direccion = ipaddress.ip_address(host)
    except ValueError:
        return False
    return direccion.is_loopback or direccion.is_unspecified


def _es_privada(host: str) -> bool:
    """An address or a name that only a private network reaches (10.x, 172.16-31.x, 192.168.x,
    169.254.x, 100.64.x, fc00::/7, an intranet name): a QR printed on paper must open from anywhere."""
    host = (host or "").lower().rstrip(".")
    try:
        direccion = ipaddress.ip_address(host)
    except ValueError:
        return "." not in host or host.endswith(SUFIJOS_PRIVADOS)
    return not direccion.is_global


@register(Tags.security, deploy=True)
def url_publica(app_configs=None, **kwargs) -> list[Error | Warning]:
    url = str(getattr(settings, "PORTAL_URL_PUBLICA", "") or "").strip()
    pista = "Fije PORTAL_URL_PUBLICA con la dirección HTTPS pública del portal, p. ej. https://cupos.upme.gov.co"
    if not url:
        return [
            Error(
                "PORTAL_URL_PUBLICA no está definida: el enlace y el QR del certificado no tendrían a dónde llevar.",
                hint=pista,
                id="portal.E002",
            )
        ]
    partes = urlsplit(url)
    if partes.scheme != "https" or not partes.hostname:
        return [Error(f"PORTAL_URL_PUBLICA ({url}) no es una dirección https://.", hint=pista, id="portal.E003")]
    if _es_local(partes.hostname):
        return [
            Error(
                f"PORTAL_URL_PUBLICA ({url}) apunta a esta máquina, no a una dirección pública.",
                hint=pista,
                id="portal.E004",
            )
        ]
    if _es_privada(partes.hostname):
        return [
            Warning(
                f"PORTAL_URL_PUBLICA ({url}) es una dirección de red privada: el enlace y el QR de los "
                "certificados no abrirían fuera de esa red.",
                hint=pista,
                id="portal.W001",
            )
        ]
    return []


@register(Tags.security, deploy=True)
def firma_de_demostracion(app_configs=None, **kwargs) -> list[Error]:
    """Acts signed by the demo CA carry no legal force: production refuses it, as it refuses a default key."""
    pista = (
        "Configure FIRMA_CLAVE_<OFICINA> y FIRMA_PIN_<OFICINA> con las claves de cada oficina (PKCS#12 o "
        "PKCS#11) y FIRMA_CADENA con la cadena de su autoridad de certificación; deje FIRMA_DEMO sin definir."
    )
    if getattr(settings, "FIRMA_DEMO", False):
        return [
            Error(
                "FIRMA_DEMO está activo: los actos se firmarían con la autoridad de certificación de "
                "demostración, sin validez jurídica.",
                hint=pista,
                id="portal.E005",
            )
        ]
    ruta = str(getattr(settings, "FIRMA_CADENA", "") or "")
    if not ruta:
        return [
            Error(
                "FIRMA_CADENA no está definida: nadie podría validar las firmas de los actos.",
                hint=pista,
                id="portal.E005",
            )
        ]
    try:
        from pyhanko.keys import load_certs_from_pemder

        certificados = list(load_certs_from_pemder([ruta]))
    except (OSError, ValueError) as error:
        return [Error(f"FIRMA_CADENA ({ruta}) no se pudo leer: {error}", hint=pista, id="portal.E005")]
    if any("DEMOSTRACIÓN" in str(c.subject.native) for c in certificados):
        return [
            Error("FIRMA_CADENA contiene la autoridad de certificación de demostración.", hint=pista, id="portal.E005")
        ]
    return []


@register(Tags.security, deploy=True)
def claves_fuera_de_la_web(app_configs=None, **kwargs) -> list[Error]:
    """Keys out of the web tier (issue 39): production signs only in the signing worker, and no other process
    (gunicorn, the other workers, beat) is given an office's PIN."""
    import os

    pista = (
        "Firme con el trabajador de firma (FIRMA_SERVICIO=cola, `celery worker -Q firma` con FIRMA_TRABAJADOR=1): "
        "solo ese proceso recibe FIRMA_CLAVE_<OFICINA> y FIRMA_PIN_<OFICINA> (README «Seguridad en producción»)."
    )
    errores = []
    if getattr(settings, "FIRMA_SERVICIO", "local") != "cola":
        errores.append(Error(
            "FIRMA_SERVICIO no es «cola»: cada proceso web firmaría con las claves de las oficinas en memoria.",
            hint=pista, id="portal.E006",
        ))
    elif not getattr(settings, "CELERY_RESULT_BACKEND", None):
        errores.append(Error(
            "La firma por la cola necesita CELERY_RESULT_BACKEND (o REDIS_URL) para recibir el documento firmado.",
            hint=pista, id="portal.E006",
        ))
    if not getattr(settings, "FIRMA_TRABAJADOR", False):
        pines = sorted(k for k, v in os.environ.items() if k.startswith("FIRMA_PIN_") and v)
        if pines:
            errores.append(Error(
                f"{', '.join(pines)} está en el entorno de un proceso que no firma: un nodo web comprometido "
                "tendría el PIN.",
                hint=pista, id="portal.E006",
            ))
    return errores


@register(Tags.security, deploy=True)
def tiempos_servidor(app_configs=None, **kwargs) -> list[Warning]:
    """The bench's Server-Timing (core.web.middleware.TiemposServidorMiddleware) tells anyone how long each
    request computed and queried: a measurement aid, not for a public server."""
    if getattr(settings, "TIEMPOS_SERVIDOR", False):
        return [
            Warning(
                "TIEMPOS_SERVIDOR está activo: cada respuesta dice a quien la pida cuánto tardó el servidor en "
                "calcularla y en consultar la base de datos.",
                hint="Deje TIEMPOS_SERVIDOR sin definir fuera de las mediciones (bench/pico.py).",
                id="portal.W002",
            )
        ]
    return []


def exigir_despliegue_seguro() -> None:
    """Refuse to start (ImproperlyConfigured) when a deploy check of this module fails."""
    revisiones = (*clave_secreta(), *url_publica(), *firma_de_demostracion(), *claves_fuera_de_la_web())
    errores = [e for e in revisiones if e.is_serious()]
    if errores:
        raise ImproperlyConfigured(
            "Configuración de producción insegura:\n" + "\n".join(f"{e.id}: {e.msg} {e.hint}" for e in errores)
        )
