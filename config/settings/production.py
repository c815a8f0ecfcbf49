"""Production: every secret comes from the environment; HTTPS everywhere."""

from .base import *  # noqa: F403
from .base import ajustar_postgres, env

DEBUG = False
# Both are checked by core.plataforma.checks (manage.py check --deploy, and at every web or Celery start):
# a known or short key, or a public address that is unset, local or not https, refuses to start.
SECRET_KEY = env("DJANGO_SECRET_KEY")
PORTAL_URL_PUBLICA = env("PORTAL_URL_PUBLICA", default="")
PORTAL_VERIFICAR_AL_INICIAR = True
# Acts are signed with the offices' own keys (FIRMA_CLAVE_<OFICINA>) and validated against FIRMA_CADENA; the
# demo CA is refused (core.plataforma.checks, portal.E005).
FIRMA_DEMO = env.bool("FIRMA_DEMO", default=False)
# Keys out of the web tier (issue 39): only the signing worker signs (core.firma.servicio).
FIRMA_SERVICIO = env("FIRMA_SERVICIO", default="cola")
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS")
DATABASES = {"default": ajustar_postgres(env.db("DATABASE_URL"))}
if env("DATABASE_REPLICA_URL", default=""):
    DATABASES["replica"] = ajustar_postgres(env.db("DATABASE_REPLICA_URL"))
LECTURA_REPLICA = "replica" in DATABASES

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SESSION_COOKIE_HTTPONLY = True
SECURE_HSTS_SECONDS = env.int("DJANGO_SECURE_HSTS_SECONDS", default=31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_AGE = 8 * 60 * 60

EMAIL_BACKEND = env("DJANGO_EMAIL_BACKEND", default="django.core.mail.backends.smtp.EmailBackend")
EMAIL_HOST = env("DJANGO_EMAIL_HOST", default="localhost")
EMAIL_PORT = env.int("DJANGO_EMAIL_PORT", default=25)
EMAIL_USE_TLS = env.bool("DJANGO_EMAIL_USE_TLS", default=False)
