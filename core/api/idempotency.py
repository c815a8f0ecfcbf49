"""The Idempotency-Key mechanism for POSTs that create (API.md "Conventions").

A retry with the same key and body gets the first response back and creates nothing new; the
same key with another body is refused with 422. The key row is inserted first, in the same
transaction as the work, so a concurrent duplicate waits on the unique index and then replays.

One handler commits earlier: the certificate's issuance records its key (status and `objeto`) in its
own write statement and sends the COMMIT with it (issue 44: the capitanía's counter is not held while
the answer is built). The answer is recorded right after; a retry that meets the key before that, or
after a crash between the two, gets the answer the view builds from `objeto` (`respuesta_de_objeto`).
"""

import contextlib
import functools
import hashlib
import json

from django.db import IntegrityError, connection, transaction
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


def _replay(vista, request, registro: SolicitudIdempotente) -> Response:
    datos = registro.respuesta
    if datos is None and registro.objeto:
        # The work and its key committed together, and the answer is recorded just after (the issuance of a
        # certificate, zarpes.services.zarpes_sql.expedir): a retry that came in between, or after a crash between
        # the two, gets the answer built from what the request created.
        datos = vista.respuesta_de_objeto(request, registro.objeto)
    response = Response(datos, status=registro.estado_http)
    response["Idempotent-Replayed"] = "true"
    return response


def _reclamar(request, clave: str, huella: str) -> tuple[SolicitudIdempotente | None, bool]:
    """The key's row, locked until the transaction ends, and whether this request inserted it (None: the row
    was there and is gone; try again). On PostgreSQL one statement when the key is new, the common case:
    INSERT … ON CONFLICT DO NOTHING, which waits for a concurrent insert of the same key to commit or roll back.
    The existing row is read and locked only when there is one."""
    datos = {"metodo": request.method, "ruta": request.path[:500], "huella": huella}
    if connection.vendor != "postgresql":
        return SolicitudIdempotente.objects.select_for_update().get_or_create(
            usuario=request.user, clave=clave, defaults=datos
        )
    with connection.cursor() as c:
        c.execute(
            f"INSERT INTO {SolicitudIdempotente._meta.db_table}"
            " (usuario_id, clave, metodo, ruta, huella, objeto, creada) VALUES (%s, %s, %s, %s, %s, '', now())"
            " ON CONFLICT (usuario_id, clave) DO NOTHING RETURNING id",
            [request.user.pk, clave, datos["metodo"], datos["ruta"], huella],
        )
        fila = c.fetchone()
    if fila is not None:
        return SolicitudIdempotente(id=fila[0], usuario=request.user, clave=clave, **datos), True
    return SolicitudIdempotente.objects.select_for_update().filter(usuario=request.user, clave=clave).first(), False


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
                    registro, creado = _reclamar(request, clave, huella)
                    if registro is None:
                        continue
                    if registro.huella != huella:
                        return Response(
                            {
                                "codigo": ErrorCore.IDEMPOTENCY_KEY_REUTILIZADA,
                                "detalle": "Esta Idempotency-Key ya se usó con otra solicitud distinta.",
                            },
                            status=status.HTTP_422_UNPROCESSABLE_ENTITY,
                        )
                    if not creado and registro.estado_http is not None:
                        return _replay(self, request, registro)
                    # A handler whose work records the key itself, in its own write (`objeto`), may commit it with
                    # that write (zarpes.services.zarpes.zarpe_request); the answer is then recorded below, after.
                    request.clave_idempotente = registro.pk
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
        return _replay(self, request, registro)

    return wrapper
