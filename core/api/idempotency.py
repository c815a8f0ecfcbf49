"""The Idempotency-Key mechanism for POSTs that create (API.md "Conventions").

A retry with the same key and body gets the first response back and creates nothing new; the
same key with another body is refused with 422. The key row is inserted first, in the same
transaction as the work, so a concurrent duplicate waits on the unique index and then replays.
"""

import contextlib
import functools
import hashlib
import json

from django.db import IntegrityError, transaction
from rest_framework import status
from rest_framework.response import Response

from core.comun.errors import ErrorCore
from core.models import SolicitudIdempotente

HEADER = "Idempotency-Key"


def _fingerprint(request) -> str:
    digest = hashlib.sha256()
    digest.update(request.method.encode())
    digest.update(request.path.encode())
    content_type = request.content_type or ""
    if content_type.startswith("multipart/"):
        for key in sorted(request.data.keys()):
            if key in request.FILES:
                continue
            digest.update(f"{key}={request.data.getlist(key)!r}".encode())
        for key in sorted(request.FILES.keys()):
            for archivo in request.FILES.getlist(key):
                digest.update(key.encode())
                for chunk in archivo.chunks():
                    digest.update(chunk)
                archivo.seek(0)
    else:
        raw = request.body
        with contextlib.suppress(ValueError):
            raw = json.dumps(json.loads(raw or b"null"), sort_keys=True, separators=(",", ":")).encode()
        digest.update(raw)
    return digest.hexdigest()


def _replay(registro: SolicitudIdempotente) -> Response:
    response = Response(registro.respuesta, status=registro.estado_http)
    response["Idempotent-Replayed"] = "true"
    return response


def idempotente(handler):
    """Decorate an APIView's `post` to honour the Idempotency-Key header."""

    @functools.wraps(handler)
    def wrapper(self, request, *args, **kwargs):
        clave = request.headers.get(HEADER, "").strip()
        if not clave:
            return handler(self, request, *args, **kwargs)
        if len(clave) > 255:
            return Response(
                {
                    "codigo": ErrorCore.IDEMPOTENCY_KEY_INVALIDA,
                    "detalle": "La Idempotency-Key admite hasta 255 caracteres.",
                },
                status=status.HTTP_400_BAD_REQUEST,
            )
        huella = _fingerprint(request)
        for _ in range(3):
            try:
                with transaction.atomic():
                    registro, creado = SolicitudIdempotente.objects.select_for_update().get_or_create(
                        usuario=request.user,
                        clave=clave,
                        defaults={"metodo": request.method, "ruta": request.path[:500], "huella": huella},
                    )
                    if registro.huella != huella:
                        return Response(
                            {
                                "codigo": ErrorCore.IDEMPOTENCY_KEY_REUTILIZADA,
                                "detalle": "Esta Idempotency-Key ya se usó con otra solicitud distinta.",
                            },
                            status=status.HTTP_422_UNPROCESSABLE_ENTITY,
                        )
                    if not creado and registro.estado_http is not None:
                        return _replay(registro)
                    try:
                        response = handler(self, request, *args, **kwargs)
                    except Exception as exc:
                        response = self.handle_exception(exc)
                    if response.status_code >= 500:
                        transaction.set_rollback(True)
                        return response
                    registro.estado_http = response.status_code
                    registro.respuesta = response.data
                    registro.save(update_fields=["estado_http", "respuesta"])
                    return response
            except IntegrityError:
                continue  # a concurrent request with the same key committed first: replay it
        registro = SolicitudIdempotente.objects.get(usuario=request.user, clave=clave)
        return _replay(registro)

    return wrapper
