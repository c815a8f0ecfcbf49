"""Requests that hit the API at the same instant: one thread and one API client per token, released
together by a barrier, each closing its own database connection."""

import threading

from django.db import connection
from rest_framework.test import APIClient


def a_la_vez(tokens, peticion) -> list:
    """`peticion(api)` for every token at once; what each returned (e.g. its status code), in finishing order."""
    barrera, resultados = threading.Barrier(len(tokens)), []

    def correr(token):
        try:
            api = APIClient()
            api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
            barrera.wait()
            resultados.append(peticion(api))
        finally:
            connection.close()

    hilos = [threading.Thread(target=correr, args=(t,)) for t in tokens]
    for h in hilos:
        h.start()
    for h in hilos:
        h.join()
    return resultados
