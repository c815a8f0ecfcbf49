"""API tokens (django-rest-knox) and who may act through the API (API.md "Conventions").

Tokens expire, can be revoked, and only their hash is stored. The lookup is one query by primary key (the
token's SHA-512 digest) that also loads the user's scope (capitanía, wholesaler): the issuance hot path
authenticates every request this way.

A user who signs or decides acts (core.identidad.segundo_factor.requiere) gets a token only with a fresh code of
the second factor, lasting at most API_TOKEN_HORAS_FIRMA (12 hours): any token of theirs that lasts longer
was not issued that way (one from before this rule) and is refused. Their browser session, verified once
at login, reads the API but performs nothing through it: an act asks for a fresh code, which only the
token's issue or the act's own confirmation page takes.
"""

import binascii
from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from knox.auth import TokenAuthentication
from knox.crypto import hash_token
from knox.models import AuthToken
from rest_framework import exceptions
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import SAFE_METHODS

from core.comun.errors import ErrorCore
from core.identidad import segundo_factor
from core.identidad.roles import Rol
from core.identidad.tokens import tokens_revocar  # noqa: F401  (the API's face of it)

TOKEN_INVALIDO = "Token inválido, vencido o revocado. Solicite uno nuevo en /api/v1/auth/token/."
TOKEN_SIN_SEGUNDO_FACTOR = (
    "Este token no se emitió con el segundo factor: solicite uno nuevo en /api/v1/auth/token/ con «codigo», "
    "el código de 6 dígitos de su aplicación autenticadora."
)
SESION_SIN_ACTOS = (
    "Su rol firma o decide actos: por la API los hace solo con un token emitido con su segundo factor "
    "(POST /api/v1/auth/token/ con «codigo»). La sesión del navegador los hace en las páginas del portal, "
    "que piden el código en cada confirmación."
)
# Clock skew between the token's creation and its expiry, both set by this server in one call.
_HOLGURA = timedelta(minutes=1)


class SegundoFactorRequerido(exceptions.AuthenticationFailed):
    default_code = ErrorCore.SEGUNDO_FACTOR_REQUERIDO
    default_detail = TOKEN_SIN_SEGUNDO_FACTOR


class ActoSinSegundoFactor(exceptions.PermissionDenied):
    default_code = ErrorCore.SEGUNDO_FACTOR_REQUERIDO
    default_detail = SESION_SIN_ACTOS


def duracion(usuario) -> timedelta:
    """How long a new token of the user lasts: 12 hours at most for whoever signs or decides acts."""
    general = settings.REST_KNOX["TOKEN_TTL"]
    if segundo_factor.requiere(usuario):
        firma = timedelta(hours=settings.API_TOKEN_HORAS_FIRMA)
        return min(general, firma) if general else firma
    return general


def _con_segundo_factor(auth_token: AuthToken) -> bool:
    """A token of a signing role that was issued with the code: no longer-lived one ever was."""
    if auth_token.expiry is None or auth_token.created is None:
        return False
    return auth_token.expiry - auth_token.created <= timedelta(hours=settings.API_TOKEN_HORAS_FIRMA) + _HOLGURA


class _ConsultaToken:
    """The token, its user and the user's scope (capitanía, wholesaler) in one statement by the digest, its SQL
    written once per process from the models' _meta and its rows turned into model instances as the ORM would
    (`Model.from_db`, each field's converters). It replaces `select_related(...).filter(digest=…).first()`, whose
    compilation was about a fifth of an issuance's Python time (issue 44, py-spy and cProfile of the hot path)."""

    def __init__(self):
        from django.contrib.auth import get_user_model

        usuario = get_user_model()
        capitania = usuario._meta.get_field("capitania").related_model
        distribuidor = usuario._meta.get_field("distribuidor").related_model
        self.partes = []  # (model, [field], alias)
        columnas = []
        for modelo, alias in ((AuthToken, "t"), (usuario, "u"), (capitania, "c"), (distribuidor, "d")):
            campos = list(modelo._meta.concrete_fields)
            self.partes.append((modelo, campos, alias))
            columnas += [f'{alias}."{campo.column}"' for campo in campos]
        self.sql = (
            f"SELECT {', '.join(columnas)} FROM {AuthToken._meta.db_table} t"
            f' JOIN {usuario._meta.db_table} u ON u."{usuario._meta.pk.column}" = t."user_id"'
            f' LEFT JOIN {capitania._meta.db_table} c ON c."{capitania._meta.pk.column}" = u."capitania_id"'
            f" LEFT JOIN {distribuidor._meta.db_table} d"
            f' ON d."{distribuidor._meta.pk.column}" = u."distribuidor_id"'
            f' WHERE t."digest" = %s LIMIT 1'
        )

    def __call__(self, digest: str) -> AuthToken | None:
        from django.db import connection

        with _cursor_preparable() as cursor:
            cursor.execute(self.sql, [digest])
            fila = cursor.fetchone()
        if fila is None:
            return None
        objetos, i = [], 0
        for modelo, campos, alias in self.partes:
            valores = list(fila[i : i + len(campos)])
            i += len(campos)
            if valores[[c.primary_key for c in campos].index(True)] is None:  # no capitanía / wholesaler
                objetos.append(None)
                continue
            for k, campo in enumerate(campos):
                if valores[k] is not None:  # the backend's converters, then the field's, as the ORM's compiler
                    columna = campo.get_col(alias)
                    for convertir in connection.ops.get_db_converters(columna) + columna.get_db_converters(connection):
                        valores[k] = convertir(valores[k], columna, connection)
            objetos.append(modelo.from_db(connection.alias, [c.attname for c in campos], valores))
        token, usuario, capitania, distribuidor = objetos
        AuthToken._meta.get_field("user").set_cached_value(token, usuario)
        type(usuario)._meta.get_field("capitania").set_cached_value(usuario, capitania)
        type(usuario)._meta.get_field("distribuidor").set_cached_value(usuario, distribuidor)
        return token


def _cursor_preparable():
    """On PostgreSQL a server-side-binding cursor, so that with DB_PREPARE_THRESHOLD psycopg prepares the lookup
    (PostgreSQL then neither parses nor plans its four-table join per request); elsewhere Django's own cursor."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return connection.cursor()
    from django.db.backends.postgresql.base import ServerBindingCursor

    connection.ensure_connection()
    connection.validate_thread_sharing()
    crudo = ServerBindingCursor(connection.connection)
    return connection.make_debug_cursor(crudo) if connection.queries_logged else connection.make_cursor(crudo)


_consulta_token: _ConsultaToken | None = None


def token_por_digest(digest: str) -> AuthToken | None:
    """The token with this digest, its user and the user's scope loaded (None when there is none)."""
    global _consulta_token
    if _consulta_token is None:
        _consulta_token = _ConsultaToken()
    return _consulta_token(digest)


class TokenConAlcance(TokenAuthentication):
    def authenticate_credentials(self, token: bytes):
        try:
            digest = hash_token(token.decode("ascii"))
        except (UnicodeDecodeError, TypeError, ValueError, binascii.Error) as exc:
            raise exceptions.AuthenticationFailed(TOKEN_INVALIDO) from exc
        auth_token = token_por_digest(digest)
        if auth_token is None:
            raise exceptions.AuthenticationFailed(TOKEN_INVALIDO)
        if auth_token.expiry is not None and auth_token.expiry <= timezone.now():
            auth_token.delete()
            raise exceptions.AuthenticationFailed(TOKEN_INVALIDO)
        if not auth_token.user.is_active:
            raise exceptions.AuthenticationFailed("Usuario inactivo o eliminado.")
        if segundo_factor.requiere(auth_token.user) and not _con_segundo_factor(auth_token):
            raise SegundoFactorRequerido()
        return (auth_token.user, auth_token)


class SesionSinActos(SessionAuthentication):
    """The browser session in the API (DRF's, with its CSRF check): reads for everyone; writes for no one
    who signs or decides acts (their acts ask for a fresh code, which a session verified at login lacks).
    An integration account never has a session."""

    def authenticate(self, request):
        resultado = super().authenticate(request)
        if resultado is None:
            return None
        usuario = resultado[0]
        if usuario.rol == Rol.INTEGRACION:
            return None
        if request.method not in SAFE_METHODS and segundo_factor.requiere(usuario):
            raise ActoSinSegundoFactor()
        return resultado


def token_emitir(usuario) -> tuple[AuthToken, str]:
    """A new token for the user (its expiry by `duracion`); the user's expired ones are purged. Whoever
    calls this for a signing role has checked the second factor (TokenApi) or is a test."""
    AuthToken.objects.filter(user=usuario, expiry__lte=timezone.now()).delete()
    return AuthToken.objects.create(user=usuario, expiry=duracion(usuario))
