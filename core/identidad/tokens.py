"""Ending a user's API tokens (django-rest-knox): on a password change, a change of role or scope, or an
administrator's order. Below core.models (which calls it on save) and core.api.auth (which issues tokens)."""

from knox.models import AuthToken


def tokens_revocar(usuario) -> int:
    """Delete every API token of the user; the number deleted."""
    if usuario.pk is None:
        return 0
    borrados, _ = AuthToken.objects.filter(user_id=usuario.pk).delete()
    return borrados
