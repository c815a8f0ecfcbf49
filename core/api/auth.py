"""Token authentication that loads the user's scope (capitanía, wholesaler) in the same query."""

from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed


class TokenConAlcance(TokenAuthentication):
    def authenticate_credentials(self, key):
        try:
            token = (
                self.get_model().objects.select_related("user", "user__capitania", "user__distribuidor").get(key=key)
            )
        except self.get_model().DoesNotExist as exc:
            raise AuthenticationFailed("Token inválido.") from exc
        if not token.user.is_active:
            raise AuthenticationFailed("Usuario inactivo o eliminado.")
        return (token.user, token)
