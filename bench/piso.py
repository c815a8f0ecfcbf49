"""The framework's floor for the "Zarpes" benchmark, and a timing middleware (bench only).

- `PisoApi` (POST /bench/piso/, body {"cupo": id}): the least an authenticated write can do in
  this stack. Same base class (ApiBase), same token authentication and the same permission
  (PorRol, roles_escritura = capitania_oficial) as POST /api/v1/zarpes/; in one transaction it
  locks one cupos.Cupo row (SELECT … FOR UPDATE) and inserts one core.RegistroAuditoria row,
  then answers 201 with a small JSON body.
- `TiemposMiddleware`: first in the bench MIDDLEWARE; adds to every response
    X-Bench-Ms        time inside Django (this middleware in → out), ms
    X-Bench-Sql       "<queries>/<ms spent in them>"
    X-Bench-Bloqueos  "<tables>=<wait ms>/<hold ms>,…" for each SELECT … FOR UPDATE (tables joined
                      by "+": without OF, PostgreSQL locks the rows of every joined table), each
                      UPDATE and each INSERT … ON CONFLICT DO UPDATE (the certificate counter):
                      the wait is the statement's duration (≈ time queued behind the row lock),
                      the hold runs from the first lock on those rows to the transaction's commit
                      (they are released then).
  Nothing here changes what the views do; it only times the queries they send.
"""

import re
import time

from django.db import connection, transaction
from rest_framework import serializers, status
from rest_framework.response import Response

from core.api.apis import ApiBase
from core.comun.errors import NoEncontrado
from core.identidad.roles import Rol
from core.models import RegistroAuditoria
from cupos.models import Cupo

_TABLAS = re.compile(r'\b(?:FROM|JOIN) "([A-Za-z0-9_]+)"')
_UPDATE = re.compile(r'\s*UPDATE "([A-Za-z0-9_]+)"')
# INSERT … ON CONFLICT … DO UPDATE (also inside a WITH): locks the existing row like an UPDATE.
_UPSERT = re.compile(r'INSERT INTO "([A-Za-z0-9_]+)"[^;]*?ON CONFLICT[^;]*?DO UPDATE', re.DOTALL)
_OF = re.compile(r"FOR UPDATE OF (.+?)(?: NOWAIT| SKIP LOCKED)?$")


def tablas_bloqueadas(consulta: str) -> str:
    """The tables whose rows a SELECT … FOR UPDATE locks: without OF, PostgreSQL locks every joined table."""
    tablas = list(dict.fromkeys(_TABLAS.findall(consulta)))
    m = _OF.search(consulta.rstrip())
    if m:
        nombradas = {x.strip().strip('"') for x in m.group(1).split(",")}
        tablas = [t for t in tablas if t in nombradas] or sorted(nombradas)
    return "+".join(tablas) or "?"


class PisoApi(ApiBase):
    """One locked read and one insert, behind the portal's real authentication and permission."""

    roles_escritura = (Rol.CAPITANIA_OFICIAL,)

    class InputSerializer(serializers.Serializer):
        cupo = serializers.IntegerField(min_value=1)

    def post(self, request):
        entrada = self.InputSerializer(data=request.data)
        entrada.is_valid(raise_exception=True)
        with transaction.atomic():
            # get(), not first(): first() would apply Cupo.Meta.ordering (resolucion__anio,
            # beneficiario__nombre), whose JOINs make FOR UPDATE lock those rows too.
            try:
                cupo = Cupo.objects.select_for_update().get(pk=entrada.validated_data["cupo"])
            except Cupo.DoesNotExist:
                raise NoEncontrado("No existe ese cupo.") from None
            registro = RegistroAuditoria.objects.create(
                actor=request.user, actor_nombre=request.user.get_username(), accion="bench.piso",
                objeto_tipo="cupos.cupo", objeto_id=str(cupo.pk),
            )
        return Response({"cupo": cupo.pk, "registro": registro.pk}, status=status.HTTP_201_CREATED)


class TiemposMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        t0 = time.perf_counter()
        sql = [0, 0.0]
        bloqueos: dict[str, list] = {}  # table -> [wait s, hold s or None]

        def envoltura(execute, consulta, params, many, context):
            t = time.perf_counter()
            try:
                return execute(consulta, params, many, context)
            finally:
                ahora = time.perf_counter()
                sql[0] += 1
                sql[1] += ahora - t
                etiqueta = None
                if " FOR UPDATE" in consulta:
                    etiqueta = tablas_bloqueadas(consulta)
                elif m := (_UPDATE.match(consulta) or _UPSERT.search(consulta)):  # locks until COMMIT as well
                    etiqueta = m.group(1)
                if etiqueta is not None:
                    b = bloqueos.get(etiqueta)
                    if b is None:  # first lock on these rows in this request: the hold starts here
                        b = bloqueos[etiqueta] = [0.0, None]

                        def liberado(b=b, desde=ahora):
                            b[1] = time.perf_counter() - desde

                        transaction.on_commit(liberado)
                    b[0] += ahora - t

        with connection.execute_wrapper(envoltura):
            response = self.get_response(request)
        response["X-Bench-Ms"] = f"{(time.perf_counter() - t0) * 1000:.3f}"
        response["X-Bench-Sql"] = f"{sql[0]}/{sql[1] * 1000:.3f}"
        if bloqueos:
            response["X-Bench-Bloqueos"] = ",".join(
                f"{t}={w * 1000:.3f}/{(h or 0) * 1000:.3f}" for t, (w, h) in bloqueos.items()
            )
        return response
