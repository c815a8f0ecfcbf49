"""Settings shared by every environment; each value can be overridden from the environment.

With no DATABASE_URL the portal runs on an embedded SQLite file, and with no REDIS_URL
Celery tasks run in-process: that is what `make run` gives a fresh machine.
"""

from datetime import timedelta
from pathlib import Path

import environ

from config.regimenes import REGIMENES

BASE_DIR = Path(__file__).resolve().parent.parent.parent
SHARED_DIR = BASE_DIR.parent / "shared"

env = environ.Env()
env.read_env(BASE_DIR / ".env", overwrite=False) if (BASE_DIR / ".env").exists() else None

SECRET_KEY = env("DJANGO_SECRET_KEY", default="solo-para-desarrollo-local-no-usar-en-produccion")
DEBUG = env.bool("DJANGO_DEBUG", default=False)
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])
# A refused form gets a Spanish page that the CSP allows (Django's own is English with an inline style).
CSRF_FAILURE_VIEW = "core.web.views.errores.csrf_fallido"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "knox",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_celery_beat",
    "django_htmx",
    "axes",
    "csp",
    # Second factor (issue 24): before core, whose admin replaces their editable device admins.
    "django_otp",
    "django_otp.plugins.otp_totp",
    "django_otp.plugins.otp_static",
    "core",
    *REGIMENES,  # config/regimenes.py: the one list of regime apps
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "core.api.errors.ErroresApiJsonMiddleware",
    "core.web.middleware.CaracterNuloMiddleware",
    "core.web.middleware.BaseDeDatosNoDisponibleMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "core.plataforma.db.LecturaPropiaMiddleware",  # read-your-writes with a replica (issue 27)
    "django_otp.middleware.OTPMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "core.web.middleware.SegundoFactorMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",
    "core.web.middleware.MetodoNoPermitidoMiddleware",  # a GET on a POST-only page: a Spanish page (issue 45)
]
# Server-Timing with CPU, run-queue and database time per request (core.web.middleware): the bench's topology only.
TIEMPOS_SERVIDOR = env.bool("TIEMPOS_SERVIDOR", default=False)
if TIEMPOS_SERVIDOR:
    MIDDLEWARE.insert(0, "core.web.middleware.TiemposServidorMiddleware")

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "core.web.context_processors.portal",
                "core.web.context_processors.frescura",
            ],
        },
    },
]

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'var' / 'portal.sqlite3'}")
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False


def ajustar_postgres(base: dict) -> dict:
    """What every PostgreSQL alias gets (the primary and the replica; production calls it too)."""
    if base["ENGINE"] != "django.db.backends.postgresql":
        return base
    # Persistent connections, checked before reuse: after a database restart the first request of
    # each process reconnects by itself instead of failing on a dead connection.
    base["CONN_MAX_AGE"] = env.int("DB_CONN_MAX_AGE", default=60)
    base["CONN_HEALTH_CHECKS"] = True
    opciones = base.setdefault("OPTIONS", {})
    # A server that does not answer fails the request in seconds (503), not at gunicorn's timeout.
    opciones.setdefault("connect_timeout", env.int("DB_CONNECT_TIMEOUT", default=5))
    # No JIT: short OLTP queries with correlated subqueries (the allocation's proposal) get inflated
    # cost estimates, and PostgreSQL then spends seconds compiling what runs in milliseconds
    # (bench/asignacion.py: 4.7 s of JIT for a 50-row page).
    opciones.setdefault("options", env("DB_OPTIONS", default="-c jit=off"))
    # Behind PgBouncer in transaction mode (docs/operacion.md) a server-side cursor must not outlive
    # its transaction: QuerySet.iterator() then reads in chunks on the client.
    if env.bool("DB_PGBOUNCER", default=False):
        base["DISABLE_SERVER_SIDE_CURSORS"] = True
    # psycopg's prepared statements: off by default (Django's prepare_threshold=None), which any
    # pooler accepts. A number N prepares a statement after N runs on a connection (issuance's three
    # statements are then parsed and planned once per connection); through PgBouncer that needs
    # PgBouncer >= 1.21 with max_prepared_statements > 0.
    umbral = env("DB_PREPARE_THRESHOLD", default="").strip().lower()
    if umbral and umbral != "none":
        opciones["prepare_threshold"] = int(umbral)
    return base


ajustar_postgres(DATABASES["default"])
# Issue 14 §5: the read-heavy pages that opt in (core.plataforma.db.lectura_replica) read from a PostgreSQL
# replica when DATABASE_REPLICA_URL is set; writes and the balance stay on the primary.
if env("DATABASE_REPLICA_URL", default=""):
    DATABASES["replica"] = ajustar_postgres(env.db("DATABASE_REPLICA_URL")) | {"TEST": {"MIRROR": "default"}}
LECTURA_REPLICA = "replica" in DATABASES
DATABASE_ROUTERS = ["core.plataforma.db.RouterReplica"]
# While the database is unavailable requests answer 503 with this Retry-After (core.web.middleware).
BD_REINTENTAR_TRAS_SEGUNDOS = env.int("BD_REINTENTAR_TRAS_SEGUNDOS", default=10)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "core.Usuario"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 10}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "inicio"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "es-co"
LANGUAGES = [("es-co", "Español (Colombia)")]
TIME_ZONE = "America/Bogota"
USE_I18N = True
# The portal's es-CO wording of the few messages Django REST framework's catalog words otherwise (issue 26).
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_TZ = True
# Off: with it on, every integer a template prints is grouped, so ids from 1,000 up came out as
# "1.066" in links, form values and htmx targets. Amounts are grouped where they are shown, on
# purpose: `floatformat:"2g"` for gallons, `intcomma` for counts.
USE_THOUSAND_SEPARATOR = False

STATIC_URL = "/static/"
STATIC_ROOT = env("DJANGO_STATIC_ROOT", default=str(BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "/media/"
MEDIA_ROOT = env("DJANGO_MEDIA_ROOT", default=str(BASE_DIR / "var" / "media"))
# Continuous backups (pgBackRest, README «Despliegue»): `manage.py verificar_respaldo` and the daily beat
# job read its repository with this config and stanza, and alert past this age of the last good backup.
PGBACKREST_CONFIG = env("PGBACKREST_CONFIG", default="")
PGBACKREST_ESTROFA = env("PGBACKREST_ESTROFA", default="portal")
RESPALDO_EDAD_MAXIMA_HORAS = env.int("RESPALDO_EDAD_MAXIMA_HORAS", default=26)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024

# --- Cache (failed-login counters, idempotency is in the database) ---
REDIS_URL = env("REDIS_URL", default="")
if REDIS_URL:
    # Tolerant of a Redis that is down (core.plataforma.cache): the counters stop counting, requests go on.
    CACHES = {
        "default": {
            "BACKEND": "core.plataforma.cache.RedisTolerante",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- The client's address behind reverse proxies ---
# How many reverse proxies in front of the portal append to X-Forwarded-For (0: the portal is reached
# directly and X-Forwarded-For is ignored). The client is the right-most address no trusted proxy
# wrote. One number for DRF's throttles, django-axes and the public verification page (core.plataforma.red).
PROXIES_CONFIABLES = env.int("PROXIES_CONFIABLES", default=0)

# --- Failed-login throttling (django-axes) ---
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = env.float("AXES_COOLOFF_HOURS", default=0.25)  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# Failed logins from one client address, whatever the usernames, before that address is locked out
# for the same cool-off (core.identidad.auth.ManejadorAxes): guessing one password over many users.
AXES_FAILURE_LIMIT_IP = env.int("AXES_FAILURE_LIMIT_IP", default=20)
AXES_HANDLER = "core.identidad.auth.ManejadorAxes"
AXES_CLIENT_IP_CALLABLE = "core.plataforma.red.ip_cliente"
AXES_RESET_ON_SUCCESS = True
AXES_HTTP_RESPONSE_CODE = 429
AXES_LOCKOUT_CALLABLE = "core.identidad.auth.lockout_response"
AXES_VERBOSE = False

# --- Second factor for whoever signs or decides an act (core.identidad.segundo_factor, issue 24) ---
# TOTP codes from an authenticator app, and single-use recovery codes. The issuer names the portal in
# the app; the admin never shows the secrets.
OTP_TOTP_ISSUER = "Portal de cupos UPME"
OTP_ADMIN_HIDE_SENSITIVE_DATA = True
# Seconds a user who typed the right password has to type the code before starting again.
SEGUNDO_FACTOR_PENDIENTE_SEGUNDOS = env.int("SEGUNDO_FACTOR_PENDIENTE_SEGUNDOS", default=300)

# --- REST framework ---
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "core.api.auth.TokenConAlcance",
        "core.api.auth.SesionSinActos",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # JSON bodies only (API.md Conventions): a form body would turn null into the text "None". The few
    # upload views set parser_classes = [MultiPartParser] themselves, and the schema says exactly that.
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "DEFAULT_PAGINATION_CLASS": "core.api.pagination.Paginacion",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_SCHEMA_CLASS": "core.api.schema.AutoSchema",
    "EXCEPTION_HANDLER": "core.api.errors.exception_handler",
    "COERCE_DECIMAL_TO_STRING": True,
    "DATE_INPUT_FORMATS": ["%Y-%m-%d"],
    # ISO 8601 (YYYY-MM-DD): strftime's "%Y" drops a small year's zeros ("88-09-22").
    "DATE_FORMAT": "iso-8601",
    # Public endpoints (certificate verification, API and page) are rate-limited per client address.
    "DEFAULT_THROTTLE_RATES": {
        "verificacion": env("VERIFICACION_RATE", default="120/min"),
        "verificacion_pagina": env("VERIFICACION_RATE", default="120/min"),
        "verificacion_archivo": env("VERIFICACION_ARCHIVO_RATE", default="20/min"),
        # A wholesaler looking certificates up by number (API.md "Wholesalers"): per user, so guessing
        # numbers and codes is slow whatever the address.
        "certificado_consulta": env("CERTIFICADO_CONSULTA_RATE", default="60/min"),
    },
    "NUM_PROXIES": PROXIES_CONFIABLES,
}

# --- API tokens (django-rest-knox): only their hash is stored; they expire and can be revoked ---
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=env.int("API_TOKEN_DIAS", default=30)),
    "AUTO_REFRESH": False,
    "AUTH_HEADER_PREFIX": "Token",
}
# A user who signs or decides acts gets a token only with a fresh second-factor code, and it lasts at most
# this long (API.md "Conventions"; core.api.auth).
API_TOKEN_HORAS_FIRMA = min(env.int("API_TOKEN_HORAS_FIRMA", default=12), 12)

# --- OpenAPI schema and Swagger UI: for logged-in users unless this says otherwise (local: open) ---
API_DOCS_PUBLICA = env.bool("API_DOCS_PUBLICA", default=False)

# --- Content-Security-Policy (django-csp): every script and style comes from the portal's own files ---
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Portal de cupos de combustible exento — API v1",
    "DESCRIPTION": "Contrato REST para Dimar, distribuidores mayoristas, UPME y demás entidades (Ley 681 de 2001).",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Several models have a field "estado" or "tipo" with their own choices: name each enum.
    "ENUM_NAME_OVERRIDES": {
        "EstadoCupoEnum": "cupos.models.cupos.Cupo.Estado",
        # The procedure of acts (core.actos).
        "TipoRecursoEnum": "core.actos.models.TipoRecurso",
        "EstadoRecursoEnum": "core.actos.models.Recurso.Estado",
        "SentidoDecisionEnum": "core.actos.models.Recurso.Sentido",
        "MedioNotificacionEnum": [("personal", "Personal"), ("aviso", "Por aviso")],
        "CausalCancelacionEnum": "cupos.models.cupos.Cupo.Causal",
        "CargoFirmaEnum": "reserva.models.Delegacion.Cargo",
        "EstadoResolucionEnum": "cupos.models.cupos.Resolucion.Estado",
        "TipoResolucionEnum": "cupos.models.cupos.Resolucion.Tipo",
        "EstadoSolicitudEnum": "cupos.models.solicitudes.Solicitud.Estado",
        "EstadoZarpeEnum": "zarpes.models.Zarpe.Estado",
        "EstadoCertificadoEnum": "zarpes.models.Certificado.Estado",
        "EstadoReporteEnum": "distribuidores.models.ReporteMensual.Estado",
        "TipoBeneficiarioEnum": "cupos.models.beneficiarios.Beneficiario.Tipo",
        "TipoDistribuidorEnum": "core.models.Distribuidor.Tipo",
        "TipoMovimientoEnum": "cupos.models.cupos.Movimiento.Tipo",
        "TipoDocumentoVentaEnum": "distribuidores.models.DocumentoVenta.Tipo",
        "CombustibleCupoEnum": "cupos.models.beneficiarios.Beneficiario.Combustible",
        "CombustibleFronteraEnum": "fronteras.models.Combustible",
        "EstadoPlanEnum": "fronteras.models.PlanAbastecimiento.Estado",
        "EstadoAsignacionEnum": "fronteras.models.Asignacion.Estado",
        "PrioridadContratoEcopetrolEnum": "fronteras.models.ContratoEcopetrol.Prioridad",
        "EstadoTrabajoEnum": "core.segundo_plano.trabajos.ESTADOS_API",  # GET /api/v1/trabajos/{id}/ and every 202
        # Every enum pinned, so that a new field elsewhere never renames one a client already uses.
        "ActividadEnum": "cupos.models.beneficiarios.Beneficiario.Actividad",
        "TipoNaveEnum": [("nave_nacional", "Nave nacional"), ("nave_extranjera", "Nave extranjera")],
        "OrigenLineaEnum": "cupos.models.asignacion.LineaAsignacion.Origen",
        "ComunicacionOrigenEnum": "cupos.models.cupos.Cupo.Comunicacion",
        "MotivoFinEnum": "cupos.models.cupos.Cupo.Fin",
        "RolEnum": "core.identidad.roles.Rol",
        "TipoFilaTransparenciaEnum": [("estacion", "estacion"), ("gran_consumidor", "gran_consumidor")],
        "OperacionEnum": "reserva.models.Operacion",
        "ClaseEnum": "reserva.models.Clase",
        "EmbalajeEnum": "reserva.models.Embalaje",
        "FundamentoEnum": "reserva.models.Exoneracion.Fundamento",
        "EstadoExoneracionEnum": "reserva.models.Exoneracion.Estado",
        "DecisionExoneracionEnum": "reserva.models.DecisionExoneracion.Decision",
        "TipoAvisoEnum": "reserva.models.AvisoCapitania.Tipo",
        "EstadoRecargoEnum": "reserva.models.Recargo.Estado",
        "CalificacionEnum": "reserva.models.SolicitudOferta.Calificacion",
        "EstadoControlEnum": "reserva.models.RequerimientoControl.Estado",
    },
    # Components named after the domain (ZarpeSolicitud, CupoNuevo…) and every error answer documented:
    # core/api/schema.py. The enum hook must run first (it is drf-spectacular's default).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.api.schema.nombres_de_dominio",
        "core.api.schema.respuestas_de_error",
        "core.api.schema.nulos_explicitos",
    ],
}

# --- Celery ---
# With no Redis, an in-memory broker named with its host, so kombu has nothing to warn about on `make run`.
CELERY_BROKER_URL = env("CELERY_BROKER_URL", default=REDIS_URL or "memory://localhost/")
# Results are kept only for the one task whose answer a caller awaits (the signing worker's, core.firma.servicio):
# every other task ignores its result.
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", default=REDIS_URL or None)
CELERY_TASK_IGNORE_RESULT = True
CELERY_RESULT_EXPIRES = 10 * 60
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = False
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_TIMEZONE = TIME_ZONE
# Delivery, set together on purpose:
# - acks_late: a task's message is acknowledged when the task ends, not when it starts, so a worker
#   that dies mid-task does not lose it; reject_on_worker_lost puts it back at once when a pool child
#   dies. Every task is therefore idempotent (a second run finds the work done or redoes it whole).
# - visibility_timeout (Redis): a message not acknowledged within it is delivered again. It must
#   exceed the longest a live task holds its message, or a running task would get a twin: the hard
#   time limit (10 min) and the furthest retry countdown (Redis keeps messages with an ETA
#   unacknowledged until then; the outbox backoff caps at 1 h). 2 h exceeds both. A worker killed
#   outright (kill -9, lost machine) has its message redelivered only after those 2 h: the long jobs
#   do not wait for that, the sweeper of core.segundo_plano.trabajos re-queues them from their heartbeat within
#   TRABAJOS_VENCIDO_SEGUNDOS + 1 min.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = 10 * 60
CELERY_TASK_SOFT_TIME_LIMIT = 9 * 60
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": 2 * 60 * 60,
    "socket_connect_timeout": 3,  # a broker that does not answer fails fast (the request goes on)
}
# Queuing from a request with the broker down gives up within about a second: the job is not lost
# (core.segundo_plano.trabajos marks it never-queued and the sweeper queues it later), and the request answers.
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.5}
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_TASK_DEFAULT_QUEUE = env("CELERY_TASK_DEFAULT_QUEUE", default="celery")
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# --- Long jobs that survive a dead worker (core.segundo_plano.trabajos) ---
# A worker stamps its job's row every TRABAJOS_LATIDO_SEGUNDOS; the beat sweeper re-queues a job
# waiting or in progress with no stamp for TRABAJOS_VENCIDO_SEGUNDOS (several missed heartbeats).
TRABAJOS_LATIDO_SEGUNDOS = env.float("TRABAJOS_LATIDO_SEGUNDOS", default=30)
TRABAJOS_VENCIDO_SEGUNDOS = env.float("TRABAJOS_VENCIDO_SEGUNDOS", default=180)

# --- Outbox: messages to other agencies (R-06 Dimar notice) ---
# One endpoint per message kind; when none is configured the message is logged and kept.
OUTBOX_ENDPOINTS = {
    "cupo_en_firme": env("DIMAR_NOTIFICACION_URL", default=""),
    # F-05: the copy of each border resolution and, once final, its ejecutoria, to Ecopetrol.
    "asignacion_frontera_copia": env("ECOPETROL_NOTIFICACION_URL", default=""),
    "asignacion_frontera_ejecutoria": env("ECOPETROL_NOTIFICACION_URL", default=""),
    # Art. 15 D1505: the wholesalers' relación to the producer and/or importer.
    "relacion_art15": env("PRODUCTOR_RELACION_URL", default=""),
}
OUTBOX_TOKEN = env("OUTBOX_TOKEN", default="")
OUTBOX_TIMEOUT_SECONDS = env.float("OUTBOX_TIMEOUT_SECONDS", default=10.0)
OUTBOX_MAX_ATTEMPTS = env.int("OUTBOX_MAX_ATTEMPTS", default=12)

# --- Notices to beneficiaries of every act in their name (core.mensajes.avisos) ---
# The SMS gateway: a class with enviar(telefono, texto); the default only logs.
SMS_PASARELA = env("SMS_PASARELA", default="core.mensajes.sms.RegistroSms")
# How long the signed "no fui yo" link of a notice stays valid.
AVISO_ENLACE_DIAS = env.int("AVISO_ENLACE_DIAS", default=30)

# --- Mail ---
EMAIL_BACKEND = env("DJANGO_EMAIL_BACKEND", default="django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env("DJANGO_DEFAULT_FROM_EMAIL", default="Portal de cupos UPME <no-responder@upme.gov.co>")

PORTAL_NOMBRE = "Portal de Cupos de Combustible Exento"
PORTAL_ENTIDAD = "Unidad de Planeación Minero Energética — UPME"
PORTAL_URL_PUBLICA = env("PORTAL_URL_PUBLICA", default="http://127.0.0.1:8000")

# --- Open data (core.datos, issue 28): the published files, served at /datos/ as they were written ---
DATOS_ROOT = env("DJANGO_DATOS_ROOT", default=str(Path(MEDIA_ROOT) / "datos"))
# The contact point of each publisher in the DCAT metadata (configure the real mailboxes in production).
DATOS_CONTACTO = {
    "UPME": env("DATOS_CONTACTO_UPME", default="datosabiertos@upme.gov.co"),
    "Dimar": env("DATOS_CONTACTO_DIMAR", default="datosabiertos@dimar.mil.co"),
}

# --- Digital signature of the acts (core.firma) ---
# Each office's key: FIRMA_CLAVE_<OFICINA>=pkcs12:<path> or pkcs11:biblioteca=…;token=…;clave=…, with its
# FIRMA_PIN_<OFICINA> (read when the key is first used, never kept in settings). Without a key an office
# signs with the demo CA under FIRMA_DIR, only while FIRMA_DEMO (never in production: core.plataforma.checks).
FIRMA_DIR = env("FIRMA_DIR", default=str(BASE_DIR / "var" / "firma"))
FIRMA_DEMO = env.bool("FIRMA_DEMO", default=True)
FIRMA_CADENA = env("FIRMA_CADENA", default="")  # PEM: the issuing and root CAs (and the TSA's), published
FIRMA_TSA_URL = env("FIRMA_TSA_URL", default="")  # RFC 3161 timestamping authority: B-T; none: B-B
FIRMA_TSA_TIMEOUT = env.int("FIRMA_TSA_TIMEOUT", default=5)
# Where acts are signed (core.firma.servicio): "local" in this process; "cola" by the signing worker only
# (`celery worker -Q firma` with FIRMA_TRABAJADOR=1, the one process given the keys and PINs), waited for up to
# FIRMA_ESPERA_SEGUNDOS. Production signs by the queue (core.plataforma.checks refuses "local" there).
FIRMA_SERVICIO = env("FIRMA_SERVICIO", default="local")
FIRMA_COLA = env("FIRMA_COLA", default="firma")
FIRMA_ESPERA_SEGUNDOS = env.float("FIRMA_ESPERA_SEGUNDOS", default=20)
FIRMA_TRABAJADOR = env.bool("FIRMA_TRABAJADOR", default=False)
# The signing worker runs one small task per certificate (issue 44). Celery's Django fixup closes every database
# connection before and after each task unless CELERY_DB_REUSE_MAX is set, so each signature opened a new PostgreSQL
# connection (about 14 ms of the worker's CPU, a third of a certificate). There the connection is kept as a web
# request keeps it: config.celery_app closes it around each task only when unusable or older than CONN_MAX_AGE.
CELERY_DB_REUSE_MAX = 1_000_000 if FIRMA_TRABAJADOR else None
# Issue 44: a certificate's signed PDF is made right after its issuance commits, by the signing worker, so the
# officer's «Imprimir» finds it ready. Off when tasks run in-process (make run, the tests): the print signs it.
FIRMA_ANTICIPADA = env.bool("FIRMA_ANTICIPADA", default=not CELERY_TASK_ALWAYS_EAGER)
# A citizen's PDF (the public upload box) is validated in a child process, killed after FIRMA_VALIDACION_SEGUNDOS
# and limited to FIRMA_VALIDACION_MEMORIA_MB (core.firma.aislado).
FIRMA_VALIDACION_AISLADA = env.bool("FIRMA_VALIDACION_AISLADA", default=True)
FIRMA_VALIDACION_SEGUNDOS = env.float("FIRMA_VALIDACION_SEGUNDOS", default=10)
FIRMA_VALIDACION_MEMORIA_MB = env.int("FIRMA_VALIDACION_MEMORIA_MB", default=1024)
# B-LTA acts get a new document timestamp this many days before their last one's TSA certificate expires
# (core.firma.archivo, daily beat job).
FIRMA_RESELLO_ANTELACION_DIAS = env.int("FIRMA_RESELLO_ANTELACION_DIAS", default=180)
# B-LT: with a TSA, the signature also embeds its revocation data (CRLs, OCSP responses, fetched by pyHanko
# from the certificates' own CRL distribution points and OCSP addresses) when they can be fetched; they are
# kept FIRMA_REVOCACION_TTL seconds per signer (the counter signs all day: one fetch, not one per act).
FIRMA_REVOCACION = env.bool("FIRMA_REVOCACION", default=True)
FIRMA_REVOCACION_TTL = env.int("FIRMA_REVOCACION_TTL", default=300)
FIRMA_REVOCACION_TIMEOUT = env.int("FIRMA_REVOCACION_TIMEOUT", default=3)
# Where the demo CA's certificates say its CRL is published (default: this portal's /firma/demo.crl).
FIRMA_DEMO_CRL_URL = env("FIRMA_DEMO_CRL_URL", default="")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env("DJANGO_LOG_LEVEL", default="INFO")},
    "loggers": {"axes": {"level": "WARNING"}},
}

# F-07 / DOMAIN §8: Ecopetrol S.A.'s NIT, the person concerned by the approvals of its supply plans; a user of the
# `ecopetrol` role reads and contests the acts issued to it.
ECOPETROL_NIT = env("ECOPETROL_NIT", default="899999068")
