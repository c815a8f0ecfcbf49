"""The scaled topology of docker-compose.scale.yml, for real, with processes of this machine (issue 27):

    PostgreSQL primary ──streaming──▶ PostgreSQL replica (pg_basebackup -R)
         ▲                                   ▲ (replica-routed pages, core.plataforma.db)
      PgBouncer (transaction mode)           │
         ▲                                   │
    gunicorn node 1, gunicorn node 2 ────────┘      Celery worker 1, worker 2, beat ──▶ PgBouncer
         ▲                                                 ▲
       nginx (round robin, proxy_next_upstream)          redis-server (broker and cache)

Every server is private: its own folder, a free port of 127.0.0.1, started from the Debian packages
(postgresql, pgbouncer, nginx, redis-server) and the project's own commands (manage.py, gunicorn,
celery). `Topologia.iniciar()` starts it all, migrates straight on the primary, loads a small dataset
(tests/topologia_datos.py) and clones the replica; `detener()` stops every process it started, by
its process group, and deletes the folders; an atexit hook does the same if the caller never does.

Used by tests/test_topologia.py (pytest -m topologia), scripts/topologia.py (`make topologia`)
and bench/topologia.py.
"""

import atexit
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from tests.servidores import (
    RAIZ,
    PostgresPrivado,
    Proceso,
    RedisPrivado,
    _binario_pg,
    _escucha,
    esperar,
    pedir,
    puerto_libre,
    worker_celery,
)

BASE = "portal"
BASE_LOTES = f"{BASE}_lotes"  # the workers' PgBouncer pool (same database)
ROL_LOTES = "portal_lotes"
AJUSTES = "tests.topologia_ajustes"


def _binario(nombre: str) -> str:
    for carpeta in ("/usr/sbin", "/usr/bin"):
        if Path(carpeta, nombre).exists():
            return str(Path(carpeta, nombre))
    ruta = shutil.which(nombre)
    if not ruta:
        raise RuntimeError(f"No se encontró {nombre}: instale el paquete de Debian (make system-deps-test).")
    return ruta


class ReplicaPrivada(PostgresPrivado):
    """A streaming replica of `primaria`, cloned with pg_basebackup -R (standby.signal + primary_conninfo)."""

    def __init__(self, primaria: PostgresPrivado):
        super().__init__()
        self.primaria = primaria

    def crear(self) -> None:
        self._correr(
            _binario_pg("pg_basebackup"),
            "-h",
            "127.0.0.1",
            "-p",
            str(self.primaria.puerto),
            "-U",
            "postgres",
            "-D",
            str(self.datos),
            "-R",
            "-X",
            "stream",
            "--no-sync",
            "--checkpoint",
            "fast",
        )

    def retrasar(self, segundos: int) -> None:
        """recovery_min_apply_delay: the replica applies each commit `segundos` after it happened."""
        with open(self.datos / "postgresql.auto.conf", "a") as f:
            f.write(f"\nrecovery_min_apply_delay = '{int(segundos)}s'\n")
        self._correr(_binario_pg("pg_ctl"), "-D", str(self.datos), "reload")

    def sql(self, consulta: str) -> str:
        return self._correr(
            "psql", "-h", "127.0.0.1", "-p", str(self.puerto), "-U", "postgres", "-d", BASE, "-Atc", consulta
        ).stdout.strip()


def sql_en(puerto: int, consulta: str, base: str = BASE) -> str:
    r = subprocess.run(
        ["psql", "-h", "127.0.0.1", "-p", str(puerto), "-U", "postgres", "-d", base, "-Atc", consulta],
        capture_output=True,
        text=True,
        timeout=60,
    )
    if r.returncode:
        raise RuntimeError(f"psql falló en {puerto}: {r.stderr.strip()}\n{consulta}")
    return r.stdout.strip()


def nice_de_autogrupo(pid: int, nice: int) -> bool:
    """Give the niceness to the process's whole autogroup too. With the kernel's autogroup scheduling
    (/proc/sys/kernel/sched_autogroup_enabled, on in this machine's kernel) every session is one group,
    and the groups share the CPU fairly whatever their processes' niceness: a worker niced in a session of
    its own (Proceso starts each server with start_new_session) still took a full group's share from the
    web nodes. The group's niceness is /proc/<pid>/autogroup. Returns whether it was set."""
    try:
        Path(f"/proc/{pid}/autogroup").write_text(f"{nice}\n")
    except OSError:  # no autogroup scheduling (or not allowed): the process niceness is what counts
        return False
    return True


class ConsultaRepetida:
    """One query asked again and again on one kept connection (autocommit; it reconnects after an error):
    the samplers that run every second during a measurement, which a psql per sample (a process and a
    backend forked each time: 0.06 cores of the peak day) would themselves load."""

    def __init__(self, puerto: int, base: str = BASE):
        self.puerto, self.base, self._conexion = puerto, base, None

    def filas(self, consulta: str) -> list[tuple]:
        import psycopg

        try:
            if self._conexion is None or self._conexion.closed:
                self._conexion = psycopg.connect(
                    host="127.0.0.1",
                    port=self.puerto,
                    user="postgres",
                    dbname=self.base,
                    autocommit=True,
                    connect_timeout=5,
                )
            return self._conexion.execute(consulta).fetchall()
        except psycopg.Error as error:
            self.cerrar()
            raise RuntimeError(f"consulta fallida en {self.puerto}: {error}") from error

    def cerrar(self) -> None:
        if self._conexion is not None:
            with contextlib.suppress(Exception):
                self._conexion.close()
            self._conexion = None


class PgBouncerPrivado:
    """PgBouncer in transaction mode in front of the primary (runs as `postgres`: it refuses root)."""

    def __init__(self, primaria: PostgresPrivado, carpeta: Path):
        self.puerto = puerto_libre()
        self.dir = carpeta / "pgbouncer"
        self.dir.mkdir()
        self.proceso: Proceso | None = None
        (self.dir / "usuarios.txt").write_text('"postgres" ""\n')
        (self.dir / "pgbouncer.ini").write_text(f"""[databases]
{BASE} = host=127.0.0.1 port={primaria.puerto} dbname={BASE} user=postgres
; The Celery workers' own pool (Topologia(nice_bd=...)): its server connections log in as ROL_LOTES,
; so the primary's backends doing batch work can be told apart (and given a lower CPU priority).
{BASE_LOTES} = host=127.0.0.1 port={primaria.puerto} dbname={BASE} user={ROL_LOTES}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = {self.puerto}
unix_socket_dir =
auth_type = trust
auth_file = {self.dir}/usuarios.txt
pool_mode = transaction
max_client_conn = 400
default_pool_size = 20
ignore_startup_parameters = extra_float_digits,options
server_reset_query =
logfile = {self.dir}/pgbouncer.log
""")
        if os.geteuid() == 0:
            for ruta in (self.dir, *self.dir.iterdir()):
                shutil.chown(ruta, "postgres", "postgres")

    def iniciar(self) -> None:
        prefijo = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        self.proceso = Proceso(
            [*prefijo, _binario("pgbouncer"), str(self.dir / "pgbouncer.ini")],
            os.environ.copy(),
            self.dir.parent / "pgbouncer.salida",
        )
        esperar(lambda: _escucha(self.puerto) or not self.proceso.vivo(), segundos=15, que="PgBouncer escuchando")
        assert self.proceso.vivo(), self.proceso.texto()[-2000:]

    def detener(self) -> None:
        if self.proceso is not None:
            self.proceso.terminar(signal.SIGTERM, espera=5)  # SIGTERM: immediate shutdown, as a restart does
        self.proceso = None
        esperar(lambda: not _escucha(self.puerto), segundos=10, que="PgBouncer detenido")


class NginxPrivado:
    """nginx balancing the web nodes (round robin); a node refusing connections is skipped and the
    request passed to the next one (proxy_next_upstream error timeout). A POST already sent to a node
    that dies is NOT replayed by nginx (non_idempotent is off): the client retries it with its
    Idempotency-Key, which the portal answers exactly once."""

    def __init__(self, carpeta: Path, puertos_web: list[int]):
        self.puerto = puerto_libre()
        self.dir = carpeta / "nginx"
        self.dir.mkdir()
        self.proceso: Proceso | None = None
        servidores = "\n".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;" for p in puertos_web)
        temporales = "\n".join(
            f"    {t}_temp_path {self.dir}/{t};" for t in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (self.dir / "nginx.conf").write_text(f"""worker_processes 1;
pid {self.dir}/nginx.pid;
error_log {self.dir}/error.log warn;
events {{ worker_connections 512; }}
http {{
    log_format topologia '$status|$upstream_addr|$upstream_status|$request_time|$request|$upstream_response_time|$msec';
    access_log {self.dir}/access.log topologia;
{temporales}
    upstream portal_web {{
{servidores}
        keepalive 16;
    }}
    server {{
        listen 127.0.0.1:{self.puerto};
        client_max_body_size 25m;
        # Bodies and answers stay in memory: nginx's workers (nobody) cannot write to this private folder.
        client_body_buffer_size 25m;
        proxy_max_temp_file_size 0;
        location / {{
            proxy_pass http://portal_web;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_next_upstream error timeout;
            proxy_next_upstream_tries 2;
            proxy_connect_timeout 1s;
            proxy_read_timeout 30s;
        }}
    }}
}}
""")

    def iniciar(self) -> None:
        self.proceso = Proceso(
            [
                _binario("nginx"),
                "-p",
                str(self.dir),
                "-c",
                str(self.dir / "nginx.conf"),
                "-e",
                str(self.dir / "error.log"),
                "-g",
                "daemon off;",
            ],
            os.environ.copy(),
            self.dir.parent / "nginx.salida",
        )
        esperar(lambda: _escucha(self.puerto) or not self.proceso.vivo(), segundos=10, que="nginx escuchando")
        assert self.proceso.vivo(), self.proceso.texto()[-2000:]

    def detener(self) -> None:
        if self.proceso is not None:
            self.proceso.terminar(signal.SIGQUIT, espera=5)
        self.proceso = None

    def accesos(self) -> list[str]:
        ruta = self.dir / "access.log"
        return ruta.read_text().splitlines() if ruta.exists() else []


class Topologia:
    """Everything of docker-compose.scale.yml on this machine. `nodos` gunicorn nodes of
    `workers_gunicorn` sync workers each; `oficiales` issuance clients in the dataset."""

    def __init__(
        self,
        *,
        nodos: int = 2,
        workers_gunicorn: int = 2,
        oficiales: int = 8,
        celery: bool = True,
        nice_workers: int = 0,
        nice_bd: int = 0,
    ):
        self.dir = Path(tempfile.mkdtemp(prefix="topologia-"))
        self.nodos_n, self.workers_gunicorn = nodos, workers_gunicorn
        self.oficiales, self.con_celery = oficiales, celery
        # On one host the workers' batch work competes with the web nodes for the same cores; a positive
        # niceness gives the counter's requests the CPU first, as separate worker nodes would (bench/pico.py).
        self.nice_workers = nice_workers
        # Likewise for the primary's backends that serve the workers (their own PgBouncer pool, ROL_LOTES):
        # a separate worker fleet would still share the database server, but not its cores with the web's
        # requests on a 2-core host. Only as root (the backends run as `postgres`).
        self.nice_bd = nice_bd if os.geteuid() == 0 else 0
        self._renice: threading.Thread | None = None
        self.primaria = PostgresPrivado()
        self.replica = ReplicaPrivada(self.primaria)
        self.redis = RedisPrivado()
        self.pgbouncer: PgBouncerPrivado | None = None
        self.nginx: NginxPrivado | None = None
        self.puertos_web = [puerto_libre() for _ in range(nodos)]
        self.nodos: list[Proceso | None] = [None] * nodos
        self.workers: list[Proceso] = []
        self.beat: Proceso | None = None
        self.datos: dict = {}
        self.clientes: dict = {}  # token → ClienteEmision
        self._detenido = False
        atexit.register(self.detener)

    # --- environment ---

    def entorno(self, *, directo: bool = False, replica: bool = True, lotes: bool = False) -> dict:
        """The environment of a portal process: through PgBouncer (or `directo` to the primary); `lotes`:
        through the workers' own pool."""
        base = os.environ.copy()
        for clave in ("DATABASE_URL", "DATABASE_REPLICA_URL", "REDIS_URL", "CELERY_BROKER_URL"):
            base.pop(clave, None)
        pool = BASE_LOTES if lotes else BASE
        url = self.primaria.url(BASE) if directo else f"postgres://postgres@127.0.0.1:{self.pgbouncer.puerto}/{pool}"
        extra = {
            "DJANGO_SETTINGS_MODULE": AJUSTES,
            "PYTHONUNBUFFERED": "1",
            "DATABASE_URL": url,
            "DB_PGBOUNCER": "false" if directo else "true",
            "DB_CONN_MAX_AGE": "60",
            "DB_CONNECT_TIMEOUT": "2",
            "REDIS_URL": f"redis://127.0.0.1:{self.redis.puerto}/1",
            "CELERY_BROKER_URL": f"redis://127.0.0.1:{self.redis.puerto}/0",
            "CELERY_TASK_ALWAYS_EAGER": "false",
            "DJANGO_MEDIA_ROOT": str(self.dir / "media"),
            "FIRMA_DIR": os.environ.get("FIRMA_DIR", str(self.dir / "firma")),
            "TRABAJOS_LATIDO_SEGUNDOS": "0.5",
            "TRABAJOS_VENCIDO_SEGUNDOS": "3",
            "PROXIES_CONFIABLES": "1",
        }
        if replica and not directo:
            extra["DATABASE_REPLICA_URL"] = self.replica.url(BASE)
        return {**base, **extra}

    def manage(self, *args: str, directo: bool = True, timeout: float = 300) -> str:
        r = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=RAIZ,
            env=self.entorno(directo=directo),
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if r.returncode:
            raise RuntimeError(f"manage.py {' '.join(args)} falló:\n{r.stdout[-2000:]}\n{r.stderr[-4000:]}")
        return r.stdout

    def python(self, *args: str, directo: bool = False, timeout: float = 300) -> str:
        r = subprocess.run(
            [sys.executable, *args],
            cwd=RAIZ,
            env=self.entorno(directo=directo),
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if r.returncode:
            raise RuntimeError(f"{' '.join(args)} falló:\n{r.stdout[-2000:]}\n{r.stderr[-4000:]}")
        return r.stdout

    # --- start and stop ---

    def iniciar(self) -> "Topologia":
        t0 = time.monotonic()
        self.tiempos = {}
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
        self.primaria.crear()
        self.primaria.iniciar()
        self.primaria.crear_base(BASE)
        # PgBouncer drops the `options` startup parameter (the settings' -c jit=off): set it on the base.
        sql_en(self.primaria.puerto, f"ALTER DATABASE {BASE} SET jit = off", base="postgres")
        sql_en(self.primaria.puerto, f"CREATE ROLE {ROL_LOTES} SUPERUSER LOGIN", base="postgres")
        self.redis.iniciar()
        self.tiempos["servidores"] = time.monotonic() - t0
        self.manage("migrate", "--noinput")
        self.tiempos["migrate"] = time.monotonic() - t0
        self.datos = json.loads(
            self.python("tests/topologia_datos.py", str(self.oficiales), directo=True).strip().splitlines()[-1]
        )
        self.tiempos["datos"] = time.monotonic() - t0
        self.replica.crear()
        self.replica.iniciar()
        self.pgbouncer = PgBouncerPrivado(self.primaria, self.dir)
        self.pgbouncer.iniciar()
        for i in range(self.nodos_n):
            self.iniciar_nodo(i, esperar_listo=False)
        for i in range(self.nodos_n):
            self._esperar_nodo(i)
        self.nginx = NginxPrivado(self.dir, self.puertos_web)
        self.nginx.iniciar()
        if self.con_celery:
            self.workers = [self.iniciar_worker(i) for i in (1, 2)]
            if self.nice_bd:
                self._renice = threading.Thread(target=self._bajar_prioridad_de_lotes, daemon=True)
                self._renice.start()
            self.beat = Proceso(
                [
                    sys.executable,
                    "-m",
                    "celery",
                    "-A",
                    "config",
                    "beat",
                    "--loglevel",
                    "INFO",
                    "-s",
                    str(self.dir / "beat-schedule"),
                ],
                self.entorno(),
                self.dir / "beat.log",
            )
        self.tiempos["total"] = time.monotonic() - t0
        return self

    def calentar(self, segundos: float = 3.0) -> None:
        """First requests of each gunicorn worker import and compile a lot: out of the measured runs."""
        for puerto in self.puertos_web:
            for _ in range(self.workers_gunicorn + 1):
                pedir(f"http://127.0.0.1:{puerto}/fronteras/transparencia/", timeout=60)
        lista = carga_emision(self, segundos=segundos)
        problemas = [e for c in lista for e in c.errores]
        assert not problemas, problemas[:3]

    def _bajar_prioridad_de_lotes(self) -> None:
        """Every second, the primary's backends logged in as ROL_LOTES (the workers' pool) get nice_bd."""
        hechos: set[int] = set()
        consulta = ConsultaRepetida(self.primaria.puerto)
        while not self._detenido:
            try:
                pids = {
                    fila[0]
                    for fila in consulta.filas(f"SELECT pid FROM pg_stat_activity WHERE usename = '{ROL_LOTES}'")
                }
            except RuntimeError:
                pids = set()
            for pid in pids - hechos:
                with contextlib.suppress(OSError):
                    os.setpriority(os.PRIO_PROCESS, pid, self.nice_bd)
                    hechos.add(pid)
            time.sleep(1.0)
        consulta.cerrar()

    def iniciar_worker(self, i: int) -> Proceso:
        proceso = worker_celery(
            self.entorno(lotes=bool(self.nice_bd)),
            self.dir / f"worker{i}.log",
            "--pool",
            "prefork",
            "--concurrency",
            "1",
            "-n",
            f"topologia{i}@%h",
        )
        if self.nice_workers:  # the whole process group: the prefork parent and the children it forks
            os.setpriority(os.PRIO_PGRP, proceso.popen.pid, self.nice_workers)
            nice_de_autogrupo(proceso.popen.pid, self.nice_workers)
        return proceso

    def iniciar_nodo(self, i: int, *, esperar_listo: bool = True) -> None:
        self.nodos[i] = Proceso(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "config.wsgi:application",
                "--bind",
                f"127.0.0.1:{self.puertos_web[i]}",
                "--workers",
                str(self.workers_gunicorn),
                "--timeout",
                "30",
                "--graceful-timeout",
                "5",
                "--preload",  # the portal imported once per node, before its workers fork
                "--access-logfile",
                str(self.dir / f"web{i + 1}-accesos.log"),
                "--access-logformat",
                # worker pid, method, path, status, milliseconds in Django, core.web.middleware's Server-Timing
                "%(p)s|%(m)s|%(U)s|%(s)s|%(M)s|%({server-timing}o)s",
            ],
            {**self.entorno(), "TIEMPOS_SERVIDOR": "true"},
            self.dir / f"web{i + 1}.log",
        )
        if esperar_listo:
            self._esperar_nodo(i)

    def _esperar_nodo(self, i: int) -> None:
        nodo, puerto = self.nodos[i], self.puertos_web[i]
        esperar(lambda: _escucha(puerto) or not nodo.vivo(), segundos=60, que=f"gunicorn del nodo {i + 1} escuchando")
        assert nodo.vivo(), nodo.texto()[-3000:]

    def matar_nodo(self, i: int) -> None:
        """kill -9 of the node's whole process group: a web container that dies."""
        if self.nodos[i] is not None:
            self.nodos[i].matar()

    def detener(self) -> None:
        """Stop everything this topology started, by its process group; always safe to call again."""
        if self._detenido:
            return
        self._detenido = True
        procesos = [p for p in [*self.workers, self.beat, *self.nodos] if p is not None and p.vivo()]
        for proceso in procesos:  # all asked at once, then waited for: a few seconds, not a few each
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proceso.popen.pid, signal.SIGTERM)
        limite = time.monotonic() + 2  # disposable: a short grace, then SIGKILL
        for proceso in procesos:
            with contextlib.suppress(Exception):
                proceso.popen.wait(timeout=max(0.1, limite - time.monotonic()))
        for proceso in procesos:
            with contextlib.suppress(Exception):
                proceso.terminar(signal.SIGKILL, espera=2)
        for servidor in (self.nginx, self.pgbouncer):
            if servidor is not None:
                with contextlib.suppress(Exception):
                    servidor.detener()
        with contextlib.suppress(Exception):
            self.redis.detener()
        for pg in (self.replica, self.primaria):
            with contextlib.suppress(Exception):
                pg.borrar()
        if os.environ.get("TOPOLOGIA_CONSERVAR"):
            print(f"Registros conservados en {self.dir}")
        else:
            shutil.rmtree(self.dir, ignore_errors=True)

    # --- clients ---

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.nginx.puerto}"

    def pedir(self, ruta: str, **kwargs):
        return pedir(f"{self.url}{ruta}", **kwargs)

    def sql(self, consulta: str) -> str:
        """A query straight on the primary (what the checks verify)."""
        return sql_en(self.primaria.puerto, consulta)

    def replica_al_dia(self, segundos: float = 30) -> None:
        objetivo = self.sql("SELECT pg_current_wal_lsn()")
        esperar(
            lambda: self.replica.sql(f"SELECT pg_last_wal_replay_lsn() >= '{objetivo}'::pg_lsn") == "t",
            segundos=segundos,
            que="la réplica alcanza a la primaria",
            cada=0.2,
        )


# --- Issuance load: officers issuing through nginx, retrying with their Idempotency-Key ---


class ClienteEmision:
    """An officer clearing its vessel again and again (certificate chain, R-14). Each issuance has one
    Idempotency-Key; a failed attempt (connection error, 502/503/504) is retried with the same key
    and body until it gets an answer, as a client following API.md does."""

    def __init__(self, topologia: "Topologia", token: str, nave: int):
        self.t, self.token = topologia, token
        self.fijo = {
            "nave": nave,
            "capitania": topologia.datos["capitania"],
            "fecha": topologia.datos["fecha"],
            "galones_solicitados": "10",
        }
        self.anterior = None
        self.numeros: list[str] = []  # one per issuance that got its 201
        self.latencias: list[float] = []  # seconds of each issuance, retries included
        self.reintentos = 0
        self.estados: dict[int, int] = {}
        self.errores: list[str] = []

    def emitir(self, limite: float) -> bool:
        import http.client
        import uuid

        clave = str(uuid.uuid4())
        cuerpo = json.dumps({**self.fijo, "certificado_anterior": self.anterior}).encode()
        cabeceras = {
            "Authorization": f"Token {self.token}",
            "Content-Type": "application/json",
            "Accept": "application/json",
            "Idempotency-Key": clave,
        }
        t0 = time.perf_counter()
        intento = 0
        while True:
            intento += 1
            try:
                estado, _, datos = self.t.pedir(
                    "/api/v1/zarpes/", metodo="POST", cabeceras=cabeceras, datos=cuerpo, timeout=30
                )
            except (OSError, http.client.HTTPException) as exc:
                # Connection refused or reset, or the answer cut short (IncompleteRead when the node dies
                # mid-response): the answer is lost, not the work; the same key gets it back.
                estado, datos = 0, repr(exc).encode()
            self.estados[estado] = self.estados.get(estado, 0) + 1
            if estado == 201:
                respuesta = json.loads(datos)
                if respuesta.get("estado") != "certificado":
                    self.errores.append(f"negado: {respuesta}")
                    return False
                self.numeros.append(respuesta["certificado"]["numero"])
                self.anterior = respuesta["certificado"]["numero"]
                self.latencias.append(time.perf_counter() - t0)
                return True
            if estado in (0, 502, 503, 504) and time.monotonic() < limite + 60:
                self.reintentos += 1
                time.sleep(min(0.1 * intento, 1.0))
                continue
            self.errores.append(f"{estado}: {datos[:300]!r}")
            return False

    def correr(self, limite: float) -> None:
        try:
            while time.monotonic() < limite:
                if not self.emitir(limite):
                    return
        except Exception as exc:  # a client that dies says so in the checks, not as a thread warning
            self.errores.append(f"el cliente falló: {exc!r}")


def carga_emision(
    topologia: "Topologia", *, segundos: float, clientes: int | None = None, eventos: list[tuple[float, object]] = ()
) -> list[ClienteEmision]:
    """`clientes` officers issuing for `segundos`; each (t, función) of `eventos` runs t s after the start."""
    import threading

    datos = topologia.datos["clientes"][: clientes or len(topologia.datos["clientes"])]
    # One client per officer for the topology's whole life: its vessel's certificate chain goes on.
    for c in datos:
        if c["token"] not in topologia.clientes:
            topologia.clientes[c["token"]] = ClienteEmision(topologia, c["token"], c["nave"])
        cliente = topologia.clientes[c["token"]]
        cliente.numeros, cliente.latencias, cliente.reintentos, cliente.estados, cliente.errores = [], [], 0, {}, []
    lista = [topologia.clientes[c["token"]] for c in datos]
    inicio = time.monotonic()
    limite = inicio + segundos
    hilos = [threading.Thread(target=c.correr, args=(limite,), daemon=True) for c in lista]
    for h in hilos:
        h.start()
    try:
        for cuando, funcion in sorted(eventos, key=lambda e: e[0]):
            time.sleep(max(0.0, inicio + cuando - time.monotonic()))
            funcion()
    finally:
        for h in hilos:
            h.join(timeout=segundos + 120)
    return lista


def consecutivos(topologia: "Topologia") -> list[int]:
    """The consecutive numbers of the capitanía's certificates of the year, in order (on the primary)."""
    filas = topologia.sql(
        "SELECT c.consecutivo FROM zarpes_certificado c JOIN core_capitania k ON k.id = c.capitania_id "
        f"WHERE k.codigo = '{topologia.datos['capitania']}' AND c.anio = {topologia.datos['fecha'][:4]} "
        "ORDER BY c.consecutivo"
    )
    return [int(x) for x in filas.split()] if filas else []


def verificar_emision(topologia: "Topologia", lista: list[ClienteEmision], antes: list[int]) -> list[str]:
    """No certificate lost or doubled, numbering gap-free: what the run's checks assert."""
    problemas = []
    numeros = [n for c in lista for n in c.numeros]
    errores = [e for c in lista for e in c.errores]
    if errores:
        problemas.append(f"{len(errores)} emisiones sin respuesta correcta: {errores[:3]}")
    if len(set(numeros)) != len(numeros):
        problemas.append("un número de certificado respondido dos veces")
    despues = consecutivos(topologia)
    nuevos = despues[len(antes) :]
    if despues[: len(antes)] != antes:
        problemas.append("cambiaron certificados anteriores a la carga")
    base = antes[-1] if antes else 0
    if nuevos != list(range(base + 1, base + 1 + len(nuevos))):
        problemas.append(f"consecutivos con huecos o repetidos: {nuevos[:10]}…")
    if len(nuevos) != len(numeros):
        problemas.append(f"{len(nuevos)} certificados en la base y {len(numeros)} respondidos a los clientes")
    if numeros:
        lista_sql = ",".join(f"'{n}'" for n in numeros)
        en_base = int(topologia.sql(f"SELECT count(*) FROM zarpes_certificado WHERE numero IN ({lista_sql})"))
        if en_base != len(numeros):
            problemas.append(f"{len(numeros) - en_base} certificados respondidos no están en la base")
    return problemas


def percentil(valores: list[float], p: float) -> float:
    if not valores:
        return float("nan")
    ordenados = sorted(valores)
    return ordenados[min(len(ordenados) - 1, max(0, round(p / 100 * len(ordenados)) - 1))]
