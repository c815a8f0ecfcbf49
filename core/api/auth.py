"""API tokens (django-rest-knox): they expire, they can be revoked, and only their hash is stored.

The lookup is one query by primary key (the token's SHA-512 digest) that also loads the user's scope
(capitanía, wholesaler): the issuance hot path authenticates every request this way.
"""

import binascii

from django.utils import timezone
from knox.auth import TokenAuthentication
from knox.crypto import hash_token
from knox.models import AuthToken
from rest_framework.exceptions import AuthenticationFailed

TOKEN_INVALIDO = "Token inválido, vencido o revocado. Solicite uno nuevo en /api/v1/auth/token/."


class TokenConAlcance(TokenAuthentication):
    def authenticate_credentials(self, token: bytes):
        try:
            digest = hash_token(token.decode("ascii"))
        except (UnicodeDecodeError, TypeError, ValueError, binascii.Error) as exc:
            raise AuthenticationFailed(TOKEN_INVALIDO) from exc
        auth_token = (
            AuthToken.objects.select_related("user", "user__capitania", "user__distribuidor")
            .filter(digest=digest)
            .first()
        )
        if auth_token is None:
            raise AuthenticationFailed(TOKEN_INVALIDO)
        if auth_token.expiry is not None and auth_token.expiry <= timezone.now():
            auth_token.delete()
            raise AuthenticationFailed(TOKEN_INVALIDO)
        if not auth_token.user.is_active:
            raise AuthenticationFailed("Usuario inactivo o eliminado.")
        return (auth_token.user, auth_token)


def token_emitir(usuario) -> tuple[AuthToken, str]:
    """A new token for the user (its expiry from REST_KNOX["TOKEN_TTL"]); the user's expired ones are purged."""
    AuthToken.objects.filter(user=usuario, expiry__lte=timezone.now()).delete()
    return AuthToken.objects.create(user=usuario)


def tokens_revocar(usuario) -> int:
    """Delete every API token of the user; the number deleted."""
    if usuario.pk is None:
        return 0
    borrados, _ = AuthToken.objects.filter(user_id=usuario.pk).delete()
    return borrados
