"""The annual allocation at national scale (issue 12): the proposal of 10,000 beneficiaries per page,
and issuing 10,000 lines as a job.

    .venv/bin/python bench/asignacion.py                 # 10,000 beneficiaries
    .venv/bin/python bench/asignacion.py --beneficiarios 500

Its own database (`BENCH_ASIGNACION_DATABASE_URL`, default
postgres://postgres@127.0.0.1:5432/portal_bench_asignacion; the name must contain `bench`: it is
rebuilt every run). Data: every beneficiary with a firm 2026 cupo, 10 ledger movements and 12
monthly declarations (10 % late) in 2026; 70 % applied for 2027 and were approved, 3 % refused.
"""

import argparse
import datetime as dt
import os
import random
import statistics
import sys
import time
from decimal import Decimal
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(RAIZ))
D = dt.date


def preparar(url: str) -> None:
    import psycopg

    nombre = url.rsplit("/", 1)[1]
    if "bench" not in nombre:
        raise SystemExit("La base de datos del banco debe llamarse *bench*: se reconstruye en cada corrida.")
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conexion:
        conexion.execute(f'DROP DATABASE IF EXISTS "{nombre}" WITH (FORCE)')
        conexion.execute(f'CREATE DATABASE "{nombre}"')
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def construir(n: int) -> dict:
    from core.identidad.roles import Rol
    from core.models import Capitania, Usuario
    from cupos.models import Beneficiario, Cupo, Movimiento, Resolucion, Solicitud
    from distribuidores.models import Declaracion

    rng = random.Random(2027)
    analista = Usuario.objects.create_user("analista.bench", password="x", rol=Rol.UPME_ANALISTA)
    capitanias = [Capitania.objects.create(codigo=f"CP{i:02d}", nombre=f"Capitanía {i}") for i in range(1, 6)]
    naves = Beneficiario.objects.bulk_create(
        [
            Beneficiario(
                tipo="nave_nacional",
                nombre=f"Nave {i:05d}",
                identificacion=str(800_000_000 + i),
                matricula=f"MC-{i:06d}",
                bandera="CO",
                trb=Decimal(rng.randint(12, 900)),
                actividad="pesca",
                capacidad_combustible_gal=Decimal(rng.randint(8, 600) * 50),
                capitania=rng.choice(capitanias),
                # DOMAIN P-01: every one accepted electronic notification (10,000 messages in the issuing act).
                correo=f"nave{i:05d}@example.com",
                acepta_notificacion_electronica=True,
            )
            for i in range(n)
        ],
        batch_size=2000,
    )
    r2026 = Resolucion.objects.create(anio=2026, numero="000031", fecha_expedicion=D(2026, 2, 24), estado="expedida")
    cupos = Cupo.objects.bulk_create(
        [
            Cupo(
                resolucion=r2026,
                beneficiario=b,
                combustible="diesel_marino",
                galones_anuales=Decimal(rng.randint(20, 400) * 100),
                cuota_mensual=Decimal("1000.00"),
                estado="en_firme",
                fecha_firmeza=D(2026, 3, 2),
                fecha_comunicacion=D(2026, 3, 2),
                comunicacion_origen="oficio",
                fecha_inicio=D(2026, 3, 2),
                meses_ventana=3,
            )
            for b in naves
        ],
        batch_size=2000,
    )
    Movimiento.objects.bulk_create(
        [
            Movimiento(cupo=c, tipo="descuento", fecha=D(2026, 3 + k % 9, 1 + k), galones=Decimal(rng.randint(50, 900)))
            for c in cupos
            for k in range(10)
        ],
        batch_size=5000,
    )
    Declaracion.objects.bulk_create(
        [
            Declaracion(
                beneficiario=b,
                periodo=D(2026, m, 1),
                galones_adquiridos=Decimal(rng.randint(0, 900)),
                presentada=D(2026, m, 10),
                extemporanea=rng.random() < 0.1,
            )
            for b in naves
            for m in range(1, 13)
        ],
        batch_size=5000,
    )
    solicitudes = []
    for b in naves:
        azar = rng.random()
        if azar < 0.70:
            solicitudes.append((b, "aprobada"))
        elif azar < 0.73:
            solicitudes.append((b, "rechazada"))
    Solicitud.objects.bulk_create(
        [
            Solicitud(
                beneficiario=b,
                anio=2027,
                galones_solicitados=Decimal(rng.randint(20, 420) * 100),
                fecha_radicacion=D(2026, 11, 2),
                estado=estado,
            )
            for b, estado in solicitudes
        ],
        batch_size=5000,
    )
    r2027 = Resolucion.objects.create(anio=2027, numero="000008", fecha_expedicion=D(2026, 11, 27))
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    return {"analista": analista, "r2027": r2027}


def medir(funcion, veces: int = 7) -> tuple[float, float]:
    tiempos = []
    for _ in range(veces):
        inicio = time.perf_counter()
        funcion()
        tiempos.append((time.perf_counter() - inicio) * 1000)
    return statistics.median(tiempos), max(tiempos)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--beneficiarios", type=int, default=10_000)
    args = parser.parse_args()
    url = os.environ.get("BENCH_ASIGNACION_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/portal_bench_asignacion")
    preparar(url)
    inicio = time.perf_counter()
    datos = construir(args.beneficiarios)
    print(f"datos: {args.beneficiarios} beneficiarios en {time.perf_counter() - inicio:.1f} s")

    from django.conf import settings
    from django.core.paginator import Paginator
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from cupos.apis.resoluciones import _fila
    from cupos.models import Resolucion
    from cupos.selectors.asignacion import propuesta, totales
    from cupos.services import asignacion

    r2027 = datos["r2027"]

    def pagina(**filtros):
        paginas = Paginator(propuesta(r2027, **filtros), 50)
        return [_fila(b) for b in paginas.page(1).object_list], paginas.count

    for nombre, filtros in (
        ("página 1 por nombre", {}),
        ("página 1 por diferencia desc.", {"orden": "-diferencia"}),
        ("página 1 filtro aumenta + capitanía", {"diferencia": "aumenta", "capitania": "CP03"}),
    ):
        with CaptureQueriesContext(connection) as ctx:
            pagina(**filtros)
        mediana, peor = medir(lambda f=filtros: pagina(**f))
        print(
            f"propuesta, {nombre}: mediana {mediana:.0f} ms, peor {peor:.0f} ms, {len(ctx.captured_queries)} consultas"
        )
    mediana, _ = medir(lambda: [_fila(b) for b in propuesta(r2027)], veces=3)
    filas = list(propuesta(r2027))
    print(f"propuesta completa ({len(filas)} filas, JSON de la API): mediana {mediana:.0f} ms")
    mediana, _ = medir(lambda: totales(r2027), veces=3)
    print(f"totales: mediana {mediana:.0f} ms")

    lineas = [
        {"beneficiario": b.id, "galones_anuales": b.galones_propuestos, "motivo": "Ajuste del banco"} for b in filas
    ]
    inicio = time.perf_counter()
    n = asignacion.lineas_set(usuario=datos["analista"], resolucion=r2027, lineas=lineas)
    print(f"lineas_set de {n} líneas: {time.perf_counter() - inicio:.1f} s")

    settings.CELERY_TASK_ALWAYS_EAGER = False  # queue nothing: the job is run below, timed
    asignacion.encolar_trabajo_al_confirmar = lambda *a: None
    asignacion.resolucion_expedir(usuario=datos["analista"], resolucion=r2027)
    inicio = time.perf_counter()
    resultado = asignacion.resolucion_expedicion_process(resolucion_id=r2027.id)
    segundos = time.perf_counter() - inicio
    r2027 = Resolucion.objects.get(pk=r2027.id)
    from core.actos.models import Interesado
    from core.actos.notificacion import TIPO_MENSAJE
    from core.models import MensajeSaliente

    interesados = Interesado.objects.filter(acto_id=r2027.acto_id)
    avisos = MensajeSaliente.objects.filter(tipo=TIPO_MENSAJE).count()
    veredicto = "PASS" if segundos <= 300 and avisos == interesados.count() == n else "FAIL"
    print(
        f"expedición de {n} líneas (un trabajo, una transacción, con el acto, {interesados.count()} interesados y "
        f"{avisos} notificaciones electrónicas): {segundos:.1f} s → {resultado.estado}, {r2027.cupos.count()} cupos "
        f"(meta ≤ 300 s) {veredicto}"
    )
    fallos = veredicto != "PASS"

    # P-04's daily job over the 10,000: each notified and waiving its recursos the day the act was issued, so all
    # are due the next day (simulated here in one UPDATE; the job runs as the beat runs it, for that day).
    from core.actos.services import firmezas_aplicar

    dia = r2027.fecha_expedicion
    manana = dia + dt.timedelta(days=1)
    interesados.update(notificacion_medio="personal", notificacion_fecha=dia, renuncia_fecha=dia,
                       renuncia_soporte="Renuncia (banco)", en_firme_desde=manana)
    inicio = time.perf_counter()
    hecho = firmezas_aplicar(hoy=manana)
    segundos = time.perf_counter() - inicio
    firmes = r2027.cupos.filter(estado="en_firme", fecha_firmeza=manana).count()
    veredicto = "PASS" if segundos <= 60 and firmes == n else "FAIL"
    print(f"trabajo diario de firmeza (P-04) sobre {n} cupos que vencen el mismo día: {segundos:.1f} s, {hecho}, "
          f"{firmes} en firme y comunicados a Dimar (meta ≤ 60 s) {veredicto}")
    fallos = fallos or veredicto != "PASS"
    if fallos:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
