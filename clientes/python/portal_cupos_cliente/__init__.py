"""A client library for accessing Portal de cupos de combustible exento — API v1"""

from .client import AuthenticatedClient, Client

__all__ = (
    "AuthenticatedClient",
    "Client",
)
