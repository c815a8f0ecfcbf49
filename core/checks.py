"""Deploy checks (`manage.py check --deploy`): production refuses a guessable secret key and a public
address that a certificate's QR cannot carry. Production settings also run them when a web or Celery
process starts (exigir_despliegue_seguro), so a bad configuration never serves a request."""

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.core.checks import Error, Tags, register
from django.core.exceptions import ImproperlyConfigured

# Values that were ever written in this repository (settings, docker-compose.yml, .env.example).
CLAVES_CONOCIDAS = {
    "cambie-esta-clave",
    "cambie-esta-clave-db",
    "solo-para-desarrollo-local-no-usar-en-produccion",
}
LARGO_MINIMO_CLAVE = 50
LOCALES = {"localhost", "localhost.localdomain", "0.0.0.0"}


@register(Tags.security, deploy=True)
def clave_secreta(app_configs=None, **kwargs) -> list[Error]:
    clave = str(getattr(settings, "SECRET_KEY", "") or "")
    problema = None
    if clave in CLAVES_CONOCIDAS or clave.startswith("django-insecure-"):
        problema = "es un valor por defecto publicado en el repositorio"
    elif len(clave) < LARGO_MINIMO_CLAVE or len(set(clave)) < 5:
        problema = f"tiene menos de {LARGO_MINIMO_CLAVE} caracteres o muy pocos distintos"
    if problema is None:
        return []
    return [
        Error(
            f"DJANGO_SECRET_KEY {problema}.",
            hint='Genere una con: python -c "import secrets; print(secrets.token_urlsafe(50))"',
            id="portal.E001",
        )
    ]


def _es_local(host: str) -> bool:
    host = (host or "").lower().rstrip(".")
    if host in LOCALES or host.endswith(".localhost"):
        return True
    try:
        direccion = ipaddress.ip_address(host)
    except ValueError:
        return False
    return direccion.is_loopback or direccion.is_unspecified


@register(Tags.security, deploy=True)
def url_publica(app_configs=None, **kwargs) -> list[Error]:
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


def exigir_despliegue_seguro() -> None:
    """Refuse to start (ImproperlyConfigured) when a deploy check of this module fails."""
    errores = [*clave_secreta(), *url_publica(), *firma_de_demostracion()]
    if errores:
        raise ImproperlyConfigured(
            "Configuración de producción insegura:\n" + "\n".join(f"{e.id}: {e.msg} {e.hint}" for e in errores)
        )
