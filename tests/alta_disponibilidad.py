"""High availability for real (issue 42), beside today's topology (tests/topologia.py):

    etcd (one member; three in production) ◀── Patroni ×3 ──▶ PostgreSQL 15 ×3 (synchronous_mode)
                                                   ▲ REST API (/primary, /replica)
    gunicorn ──▶ HAProxy :escritura (the leader) ──┘   :lectura (the replicas, for the replica-routed pages)
                                                        pgBackRest: full backup + WAL archive (repo folder)

Every server is a real process of this machine on a free port of 127.0.0.1: etcd, three Patroni
daemons (each runs its PostgreSQL as the `postgres` user, as tests/servidores.PostgresPrivado does),
HAProxy, redis-server and one gunicorn node of the portal. `ClusterHA.iniciar()` starts it all, migrates
through HAProxy and loads the topology's dataset (tests/topologia_datos.py); `detener()` stops every
process it started by its id (process group) and deletes the folders. Nothing here decides a failover:
Patroni does, from etcd's leader key; HAProxy only follows what Patroni's REST API answers.

Used by tests/test_alta_disponibilidad.py (pytest -m topologia) and bench/respaldo_pitr.py.
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
import time
import urllib.request
from pathlib import Path

from tests.servidores import RAIZ, Proceso, RedisPrivado, _escucha, esperar, pedir, puerto_libre
from tests.topologia import AJUSTES, BASE, _binario

BIN_PG = "/usr/lib/postgresql/15/bin"
ESTROFA = "portal"  # pgBackRest's stanza
COMO_POSTGRES = os.geteuid() == 0


def _como_postgres(*args: str) -> list[str]:
    return [*(["runuser", "-u", "postgres", "--"] if COMO_POSTGRES else []), *args]


def _de_postgres(ruta: Path) -> Path:
    if COMO_POSTGRES:
        shutil.chown(ruta, "postgres", "postgres")
    return ruta


def _entorno_sistema() -> dict:
    """Debian's own programs (patroni is /usr/bin/python3's) must not see the project's virtualenv."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PATH"] = "/usr/sbin:/usr/bin:/sbin:/bin"
    return env


def psql(puerto: int, consulta: str, base: str = BASE, timeout: float = 30) -> str:
    r = subprocess.run(
        ["psql", "-h", "127.0.0.1", "-p", str(puerto), "-U", "postgres", "-d", base, "-Atc", consulta],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "PGCONNECT_TIMEOUT": "3"},
    )
    if r.returncode:
        raise RuntimeError(f"psql falló en {puerto}: {r.stderr.strip()}\n{consulta}")
    return r.stdout.strip()


class EtcdPrivado:
    """One etcd member (production runs three: docker-compose.scale.yml). `pausar()` is SIGSTOP: every
    Patroni loses its consensus store at once, as a primary cut off from it by the network does."""

    def __init__(self, carpeta: Path):
        self.puerto, self.puerto_pares = puerto_libre(), puerto_libre()
        self.dir = carpeta / "etcd"
        self.proceso: Proceso | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.puerto}"

    def iniciar(self) -> None:
        pares = f"http://127.0.0.1:{self.puerto_pares}"
        self.proceso = Proceso(
            [
                _binario("etcd"),
                "--name",
                "etcd1",
                "--data-dir",
                str(self.dir),
                "--listen-client-urls",
                self.url,
                "--advertise-client-urls",
                self.url,
                "--listen-peer-urls",
                pares,
                "--initial-advertise-peer-urls",
                pares,
                "--initial-cluster",
                f"etcd1={pares}",
                "--unsafe-no-fsync",  # a throwaway store: the test needs its consensus, not its durability
            ],
            _entorno_sistema(),
            self.dir.parent / "etcd.log",
        )
        esperar(lambda: _escucha(self.puerto) or not self.proceso.vivo(), segundos=20, que="etcd escuchando")
        assert self.proceso.vivo(), self.proceso.texto()[-2000:]

    def pausar(self) -> None:
        os.kill(self.proceso.popen.pid, signal.SIGSTOP)

    def reanudar(self) -> None:
        os.kill(self.proceso.popen.pid, signal.SIGCONT)

    def detener(self) -> None:
        if self.proceso is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.proceso.popen.pid, signal.SIGCONT)
            self.proceso.terminar(signal.SIGKILL, espera=5)
        self.proceso = None


class NodoPatroni:
    """One PostgreSQL 15 node under its Patroni daemon (as `postgres`). `matar()` is the machine lost:
    kill -9 of Patroni and of its PostgreSQL (the postmaster's own process group, Patroni starts it in a
    new session); `iniciar()` again is the machine back, and Patroni rejoins it by itself (pg_rewind)."""

    def __init__(self, cluster: "ClusterHA", n: int):
        self.cluster, self.n = cluster, n
        self.nombre = f"nodo{n}"
        self.puerto, self.puerto_api = puerto_libre(), puerto_libre()
        self.dir = cluster.dir / self.nombre
        self.dir.mkdir()
        _de_postgres(self.dir)
        self.datos = self.dir / "datos"
        self.proceso: Proceso | None = None
        self.config_respaldo = self.dir / "pgbackrest.conf"
        self.config_respaldo.write_text(cluster.config_pgbackrest(self.datos, self.puerto, self.dir))
        _de_postgres(self.config_respaldo)
        self.config = self.dir / "patroni.yml"
        self.config.write_text(self._yaml())
        _de_postgres(self.config)

    def _yaml(self) -> str:
        c = self.cluster
        archivar = f"pgbackrest --config={self.config_respaldo} --stanza={ESTROFA} archive-push %p"
        return f"""scope: portal
namespace: /portal-ha/
name: {self.nombre}
log:
  level: INFO
restapi:
  listen: 127.0.0.1:{self.puerto_api}
  connect_address: 127.0.0.1:{self.puerto_api}
etcd3:
  hosts: 127.0.0.1:{c.etcd.puerto}
bootstrap:
  dcs:
    ttl: {c.ttl}
    loop_wait: {c.loop_wait}
    retry_timeout: {c.retry_timeout}
    maximum_lag_on_failover: 1048576
    synchronous_mode: true
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        wal_level: replica
        hot_standby: "on"
        wal_log_hints: "on"
        full_page_writes: "on"
        max_wal_senders: 10
        max_replication_slots: 10
        wal_keep_size: 256MB
        archive_mode: "on"
        synchronous_commit: "on"
        fsync: "off"
        jit: "off"
        max_connections: 100
  initdb:
  - encoding: UTF8
  - locale: C.UTF-8
  pg_hba:
  - local all all trust
  - host all all 127.0.0.1/32 trust
  - local replication all trust
  - host replication all 127.0.0.1/32 trust
postgresql:
  listen: 127.0.0.1:{self.puerto}
  connect_address: 127.0.0.1:{self.puerto}
  data_dir: {self.datos}
  bin_dir: {BIN_PG}
  pgpass: {self.dir}/pgpass
  basebackup:
  - checkpoint: fast
  authentication:
    superuser:
      username: postgres
      password: postgres
    replication:
      username: replicador
      password: replicador
    rewind:
      username: postgres
      password: postgres
  parameters:
    unix_socket_directories: {self.dir}
    archive_command: '{archivar}'
    log_min_messages: warning
tags:
  nofailover: false
  noloadbalance: false
  clonefrom: false
  nosync: false
"""

    def iniciar(self) -> None:
        self.proceso = Proceso(
            _como_postgres(_binario("patroni"), str(self.config)), _entorno_sistema(), self.dir / "patroni.log"
        )

    def postmaster(self) -> int | None:
        """The pid of this node's running postmaster (a stale postmaster.pid, or its pid now another
        process's, gives None)."""
        with contextlib.suppress(OSError, ValueError, IndexError):
            pid = int((self.datos / "postmaster.pid").read_text().split()[0])
            if str(self.datos) in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace"):
                return pid
        return None

    def matar(self) -> None:
        pid = self.postmaster()
        if self.proceso is not None:
            self.proceso.matar()
        if pid:
            # Patroni starts the postmaster in a session of its own: its group is that session's.
            with contextlib.suppress(ProcessLookupError):
                os.killpg(os.getpgid(pid), signal.SIGKILL)
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            esperar(lambda: not Path(f"/proc/{pid}").exists(), segundos=10, que="el postmaster muerto")

    def detener(self) -> None:
        """Disposable: the node killed outright (its folder is deleted next)."""
        if (self.proceso is not None and self.proceso.vivo()) or self.postmaster():
            self.matar()

    def api(self, ruta: str = "patroni", timeout: float = 1.0) -> tuple[int, dict]:
        """(HTTP status, JSON) of Patroni's REST API; (0, {}) when it does not answer."""
        try:
            estado, _, cuerpo = pedir(f"http://127.0.0.1:{self.puerto_api}/{ruta}", timeout=timeout)
        except OSError:
            return 0, {}
        try:
            return estado, json.loads(cuerpo or b"{}")
        except ValueError:
            return estado, {}

    def es_primaria(self) -> bool:
        return self.api("primary")[0] == 200

    def es_replica(self) -> bool:
        return self.api("replica")[0] == 200

    def en_recuperacion(self) -> bool | None:
        """pg_is_in_recovery() asked of PostgreSQL itself; None when it does not answer."""
        try:
            return psql(self.puerto, "SELECT pg_is_in_recovery()", base="postgres", timeout=5) == "t"
        except (RuntimeError, subprocess.TimeoutExpired):
            return None

    def sql(self, consulta: str) -> str:
        return psql(self.puerto, consulta)

    def texto(self) -> str:
        return self.proceso.texto() if self.proceso is not None else ""


class HAProxyPrivado:
    """HAProxy health-checking each node's Patroni REST API: `escritura` goes to the one answering 200 on
    /primary, `lectura` to those answering 200 on /replica (the primary as a fallback). A node marked
    down has its sessions cut (on-marked-down shutdown-sessions): no connection lingers on a demoted
    primary."""

    def __init__(self, cluster: "ClusterHA"):
        self.escritura, self.lectura = puerto_libre(), puerto_libre()
        self.dir = cluster.dir / "haproxy"
        self.dir.mkdir()
        self.proceso: Proceso | None = None

        servidores = "\n".join(
            f"    server {n.nombre} 127.0.0.1:{n.puerto} check port {n.puerto_api}" for n in cluster.nodos
        )
        (self.dir / "haproxy.cfg").write_text(f"""global
    maxconn 400

defaults
    mode tcp
    retries 2
    timeout client 30m
    timeout server 30m
    timeout connect 2s
    timeout check 3s

listen escritura
    bind 127.0.0.1:{self.escritura}
    option httpchk OPTIONS /primary
    http-check expect status 200
    default-server inter 1s fastinter 500ms fall 3 rise 1 on-marked-down shutdown-sessions
{servidores}

listen lectura
    bind 127.0.0.1:{self.lectura}
    balance roundrobin
    option httpchk OPTIONS /replica
    http-check expect status 200
    default-server inter 1s fastinter 500ms fall 3 rise 1 on-marked-down shutdown-sessions
{servidores}
""")

    def iniciar(self) -> None:
        self.proceso = Proceso(
            [_binario("haproxy"), "-db", "-f", str(self.dir / "haproxy.cfg")],
            _entorno_sistema(),
            self.dir.parent / "haproxy.log",
        )
        esperar(lambda: _escucha(self.escritura) or not self.proceso.vivo(), segundos=10, que="HAProxy escuchando")
        assert self.proceso.vivo(), self.proceso.texto()[-2000:]

    def detener(self) -> None:
        if self.proceso is not None:
            self.proceso.terminar(signal.SIGKILL, espera=5)
        self.proceso = None


class ClusterHA:
    """etcd, three Patroni nodes, HAProxy, Redis and a gunicorn node of `workers` sync workers, with the
    topology's dataset of `oficiales` issuing officers. The shape tests/topologia.carga_emision needs:
    `datos`, `clientes`, `pedir`, `sql`."""

    def __init__(
        self, *, oficiales: int = 16, workers: int = 4, ttl: int = 10, loop_wait: int = 2, retry_timeout: int = 5
    ):
        self.dir = Path(tempfile.mkdtemp(prefix="alta-disp-"))
        _de_postgres(self.dir)
        self.ttl, self.loop_wait, self.retry_timeout = ttl, loop_wait, retry_timeout
        self.oficiales, self.workers = oficiales, workers
        self.repositorio = self.dir / "pgbackrest-repo"
        self.repositorio.mkdir()
        _de_postgres(self.repositorio)
        self.etcd = EtcdPrivado(self.dir)
        self.nodos = [NodoPatroni(self, n) for n in (1, 2, 3)]
        self.haproxy = HAProxyPrivado(self)
        self.redis = RedisPrivado()
        self.puerto_web = puerto_libre()
        self.web: Proceso | None = None
        self.datos: dict = {}
        self.clientes: dict = {}
        self.respuestas_503: list[tuple[dict, bytes]] = []  # headers and body of each 503 the clients saw
        self._detenido = False
        atexit.register(self.detener)

    # --- pgBackRest ---

    def config_pgbackrest(self, datos: Path, puerto: int, sockets: Path) -> str:
        for sub in ("log", "lock", "spool"):
            (self.dir / "pgbackrest" / sub).mkdir(parents=True, exist_ok=True)
            _de_postgres(self.dir / "pgbackrest" / sub)
        _de_postgres(self.dir / "pgbackrest")
        return f"""[global]
repo1-path={self.repositorio}
repo1-retention-full=2
log-path={self.dir}/pgbackrest/log
lock-path={self.dir}/pgbackrest/lock
spool-path={self.dir}/pgbackrest/spool
log-level-console=warn
log-level-file=info
compress-type=lz4
start-fast=y
process-max=2

[{ESTROFA}]
pg1-path={datos}
pg1-port={puerto}
pg1-socket-path={sockets}
pg1-user=postgres
"""

    def pgbackrest(self, *args: str, nodo: "NodoPatroni | None" = None, timeout: float = 600) -> str:
        """pgBackRest as `postgres`, with the config of `nodo` (default: the current leader)."""
        nodo = nodo or self.lider()
        r = subprocess.run(
            _como_postgres(_binario("pgbackrest"), f"--config={nodo.config_respaldo}", f"--stanza={ESTROFA}", *args),
            capture_output=True,
            text=True,
            timeout=timeout,
            env=_entorno_sistema(),
            cwd="/",
        )
        if r.returncode:
            raise RuntimeError(f"pgbackrest {' '.join(args)} falló ({r.returncode}):\n{r.stdout}\n{r.stderr}")
        return r.stdout

    # --- the cluster ---

    def lider(self, segundos: float = 60) -> NodoPatroni:
        return esperar(
            lambda: next((n for n in self.nodos if n.proceso is not None and n.es_primaria()), None),
            segundos=segundos,
            que="un líder de Patroni",
            cada=0.2,
        )

    def miembros(self) -> dict[str, dict]:
        """Patroni's view of the cluster (/cluster of any node that answers): name → member."""
        for nodo in self.nodos:
            estado, cuerpo = nodo.api("cluster")
            if estado == 200 and cuerpo.get("members"):
                return {m["name"]: m for m in cuerpo["members"]}
        return {}

    def nodo(self, nombre: str) -> NodoPatroni:
        return next(n for n in self.nodos if n.nombre == nombre)

    def sincronica(self) -> NodoPatroni | None:
        """The synchronous standby Patroni chose (role sync_standby)."""
        nombre = next((n for n, m in self.miembros().items() if m.get("role") == "sync_standby"), None)
        return self.nodo(nombre) if nombre else None

    def todos_en_linea(self, segundos: float = 90) -> None:
        """A leader, a synchronous standby and the third node streaming: the cluster whole again."""

        def completo():
            m = self.miembros()
            roles = sorted(x.get("role", "") for x in m.values())
            estados = {x.get("state") for x in m.values()}
            return (
                len(m) == 3
                and estados <= {"running", "streaming"}
                and roles.count("sync_standby") == 1
                and (roles.count("leader") == 1 or roles.count("master") == 1 or roles.count("primary") == 1)
            )

        esperar(completo, segundos=segundos, que=f"los tres nodos en línea: {self.miembros()}", cada=0.3)

    # --- environment of the portal's processes ---

    def entorno(self) -> dict:
        base = os.environ.copy()
        for clave in ("DATABASE_URL", "DATABASE_REPLICA_URL", "REDIS_URL", "CELERY_BROKER_URL"):
            base.pop(clave, None)
        return {
            **base,
            "DJANGO_SETTINGS_MODULE": AJUSTES,
            "PYTHONUNBUFFERED": "1",
            "DATABASE_URL": f"postgres://postgres@127.0.0.1:{self.haproxy.escritura}/{BASE}",
            "DATABASE_REPLICA_URL": f"postgres://postgres@127.0.0.1:{self.haproxy.lectura}/{BASE}",
            "DB_PGBOUNCER": "false",
            "DB_CONN_MAX_AGE": "60",
            "DB_CONNECT_TIMEOUT": "2",
            "REDIS_URL": f"redis://127.0.0.1:{self.redis.puerto}/1",
            "CELERY_BROKER_URL": f"redis://127.0.0.1:{self.redis.puerto}/0",
            "CELERY_TASK_ALWAYS_EAGER": "false",
            "DJANGO_MEDIA_ROOT": str(self.dir / "media"),
            "FIRMA_DIR": os.environ.get("FIRMA_DIR", str(self.dir / "firma")),
            "PROXIES_CONFIABLES": "0",
            "TRABAJOS_LATIDO_SEGUNDOS": "0.5",
            "TRABAJOS_VENCIDO_SEGUNDOS": "3",
        }

    def python(self, *args: str, env: dict | None = None, timeout: float = 300, chequear: bool = True):
        r = subprocess.run(
            [sys.executable, *args],
            cwd=RAIZ,
            env=env or self.entorno(),
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if chequear and r.returncode:
            raise RuntimeError(f"{' '.join(args)} falló:\n{r.stdout[-2000:]}\n{r.stderr[-4000:]}")
        return r

    # --- start and stop ---

    def iniciar(self) -> "ClusterHA":
        t0 = time.monotonic()
        self.tiempos: dict[str, float] = {}
        self.etcd.iniciar()
        self.nodos[0].iniciar()  # the first bootstraps (initdb); the others clone it (pg_basebackup)
        primero = self.lider(segundos=90)
        assert primero is self.nodos[0], primero.nombre
        for nodo in self.nodos[1:]:
            nodo.iniciar()
        self.haproxy.iniciar()
        self.redis.iniciar()
        # HAProxy listens before its first health checks have found the primary: until then it closes what
        # it accepts (a CI run failed here). Wait until the write port reaches a primary, then create.
        esperar(
            lambda: self._escritura_en_primario(),
            segundos=30,
            que="HAProxy enviando las escrituras al primario",
            cada=0.3,
        )
        psql(self.haproxy.escritura, f"CREATE DATABASE {BASE}", base="postgres")
        self.pgbackrest("stanza-create")
        self.tiempos["servidores"] = time.monotonic() - t0
        # Straight on the leader, as an operator migrates: not through HAProxy, whose health checks a starved
        # machine can delay (a node marked down cuts its sessions, a migration's too).
        directo = {**self.entorno(), "DATABASE_URL": f"postgres://postgres@127.0.0.1:{primero.puerto}/{BASE}"}
        directo.pop("DATABASE_REPLICA_URL")
        self.python("manage.py", "migrate", "--noinput", env=directo)
        self.tiempos["migrate"] = time.monotonic() - t0
        salida = self.python("tests/topologia_datos.py", str(self.oficiales), env=directo).stdout
        self.datos = json.loads(salida.strip().splitlines()[-1])
        self.tiempos["datos"] = time.monotonic() - t0
        self.iniciar_web()
        self.todos_en_linea()
        self.tiempos["total"] = time.monotonic() - t0
        return self

    def _escritura_en_primario(self) -> bool:
        try:
            return psql(self.haproxy.escritura, "SELECT pg_is_in_recovery()", base="postgres", timeout=5) == "f"
        except (RuntimeError, subprocess.TimeoutExpired):
            return False

    def iniciar_web(self) -> None:
        self.web = Proceso(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "config.wsgi:application",
                "--bind",
                f"127.0.0.1:{self.puerto_web}",
                "--workers",
                str(self.workers),
                "--timeout",
                "60",
                "--graceful-timeout",
                "5",
                "--preload",
            ],
            self.entorno(),
            self.dir / "web.log",
        )
        esperar(lambda: _escucha(self.puerto_web) or not self.web.vivo(), segundos=60, que="gunicorn escuchando")
        assert self.web.vivo(), self.web.texto()[-3000:]

    def detener(self) -> None:
        if self._detenido:
            return
        self._detenido = True
        if self.web is not None:
            with contextlib.suppress(Exception):
                self.web.terminar(signal.SIGKILL, espera=3)
        for cosa in (self.haproxy, *self.nodos, self.etcd):
            with contextlib.suppress(Exception):
                cosa.detener()
        with contextlib.suppress(Exception):
            self.redis.detener()
        if os.environ.get("TOPOLOGIA_CONSERVAR"):
            print(f"Registros conservados en {self.dir}")
        else:
            shutil.rmtree(self.dir, ignore_errors=True)

    # --- what tests/topologia.carga_emision and verificar_emision use ---

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.puerto_web}"

    def pedir(self, ruta: str, **kwargs):
        estado, cabeceras, cuerpo = pedir(f"{self.url}{ruta}", **kwargs)
        if estado == 503:
            self.respuestas_503.append((cabeceras, cuerpo))
        return estado, cabeceras, cuerpo

    def sql(self, consulta: str) -> str:
        """A query on the current leader, through HAProxy (what the checks verify)."""
        return psql(self.haproxy.escritura, consulta)


def esperar_archivado(cluster: ClusterHA, segundos: float = 30) -> str:
    """Switch to a new WAL segment and wait until pgBackRest has archived the one just closed."""
    segmento = cluster.sql("SELECT pg_walfile_name(pg_switch_wal())")

    def archivado():
        ultimo = cluster.sql("SELECT coalesce(last_archived_wal, '') FROM pg_stat_archiver")
        return ultimo >= segmento

    esperar(archivado, segundos=segundos, que=f"el segmento {segmento} archivado", cada=0.2)
    return segmento


class Restaurada:
    """A PostgreSQL restored by pgBackRest into a new data directory, started on a free port."""

    def __init__(self, cluster: ClusterHA):
        self.cluster = cluster
        self.dir = cluster.dir / f"restaurada-{time.monotonic_ns()}"
        self.dir.mkdir()
        _de_postgres(self.dir)
        self.datos = self.dir / "datos"
        self.puerto = puerto_libre()

    def restaurar(self, *opciones: str) -> None:
        self.cluster.pgbackrest("restore", f"--pg1-path={self.datos}", *opciones)

    def iniciar(self) -> None:
        ajustes = " ".join(
            f"-c {k}={v}"
            for k, v in {
                "port": self.puerto,
                "listen_addresses": "127.0.0.1",
                "unix_socket_directories": self.dir,
                "hba_file": self.datos / "pg_hba.conf",
                "ident_file": self.datos / "pg_ident.conf",
                "archive_mode": "off",
                "synchronous_standby_names": "''",
                "cluster_name": "restaurada",
            }.items()
        )
        subprocess.run(
            _como_postgres(
                f"{BIN_PG}/pg_ctl",
                "-D",
                str(self.datos),
                "-o",
                ajustes,
                "-l",
                str(self.dir / "log"),
                "-w",
                "-t",
                "120",
                "start",
            ),
            check=True,
            capture_output=True,
            text=True,
            timeout=180,
            cwd="/",
        )
        esperar(
            lambda: psql(self.puerto, "SELECT pg_is_in_recovery()", base="postgres") == "f",
            segundos=120,
            que="la restauración termina la recuperación y se promueve",
            cada=0.2,
        )

    def detener(self) -> None:
        with contextlib.suppress(Exception):
            subprocess.run(
                _como_postgres(f"{BIN_PG}/pg_ctl", "-D", str(self.datos), "-m", "immediate", "-w", "stop"),
                capture_output=True,
                timeout=30,
                cwd="/",
            )
        shutil.rmtree(self.dir, ignore_errors=True)

    def url(self, base: str = BASE) -> str:
        return f"postgres://postgres@127.0.0.1:{self.puerto}/{base}"


def api_patroni(puerto: int, ruta: str, cuerpo: dict, metodo: str = "PATCH") -> int:
    peticion = urllib.request.Request(
        f"http://127.0.0.1:{puerto}/{ruta}",
        method=metodo,
        data=json.dumps(cuerpo).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(peticion, timeout=5) as r:
        return r.status
