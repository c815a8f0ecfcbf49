"""High availability and point-in-time recovery, for real (issue 42; tests/alta_disponibilidad.py starts it):
etcd, three PostgreSQL 15 nodes under Patroni (synchronous_mode, pg_rewind), HAProxy on Patroni's REST
API, pgBackRest archiving every WAL segment, and the portal's gunicorn pointed at HAProxy. One cluster
for the module (short Patroni timings: ttl 10 s, loop_wait 2 s, retry_timeout 5 s).

- restore drill: a full backup, a first act, the ledger's control figures at that instant (`manage.py
  respaldo`), a second act; pgBackRest restores to the instant between them in a new data directory:
  the first act is there, the second is not, and `respaldo --verificar` finds every table's rows and the
  ledger's figures as they were;
- the primary kill -9'd while 16 officers issue certificates over HTTP: Patroni promotes the synchronous
  standby (the figure is printed), every 201 is in the database, none doubled, numbering gap-free, the
  clients saw 503 JSON with Retry-After and retried with their Idempotency-Key, no cupo overdrawn, and the
  old primary, back, rejoins as a replica by itself;
- the synchronous standby kill -9'd under load: Patroni makes the other replica synchronous and issuance
  goes on; with both replicas gone the primary goes on alone (non-strict synchronous mode);
- the primary cut from etcd (SIGSTOP): it demotes itself, the portal answers 503, and at no sample do
  two nodes accept writes; the same Idempotency-Key issues once etcd is back;
- the primary kill -9'd while a Celery worker processes a monthly report: retaken by the beat's sweeper,
  finished on the new primary with its rows exact (never half-applied);
- `manage.py verificar_respaldo` on the live pgBackRest repository, and on a copy missing one WAL segment.
"""

import json
import time
import uuid

import pytest

from tests.alta_disponibilidad import ClusterHA, Restaurada, esperar_archivado
from tests.servidores import esperar
from tests.topologia import ClienteEmision, carga_emision, consecutivos, verificar_emision

pytestmark = [pytest.mark.topologia, pytest.mark.xdist_group("alta_disponibilidad")]

LIMITE_PROMOCION = 30.0  # seconds from the primary's death to a promoted leader


@pytest.fixture(scope="module")
def ha():
    c = ClusterHA(oficiales=16, workers=4)
    try:
        c.iniciar()
        print(f"\nClúster HA listo: {', '.join(f'{k} {v:.1f} s' for k, v in c.tiempos.items())}")
        yield c
    except BaseException:
        for nodo in c.nodos:
            print(nodo.nombre, nodo.texto()[-3000:])
        if c.web is not None:
            print(c.web.texto()[-3000:])
        raise
    finally:
        c.detener()


def _cliente(ha: ClusterHA, i: int) -> ClienteEmision:
    """The officer i's client, the one carga_emision reuses (its vessel's certificate chain goes on)."""
    datos = ha.datos["clientes"][i]
    if datos["token"] not in ha.clientes:
        ha.clientes[datos["token"]] = ClienteEmision(ha, datos["token"], datos["nave"])
    return ha.clientes[datos["token"]]


def _emitir(ha: ClusterHA, i: int) -> str:
    cliente = _cliente(ha, i)
    cliente.errores = []
    assert cliente.emitir(time.monotonic() + 30), cliente.errores
    return cliente.numeros[-1]


def _intento(ha: ClusterHA, cliente: ClienteEmision, clave: str) -> tuple[int, dict, bytes]:
    """One POST of the client's next issuance with `clave` as its Idempotency-Key (no retry)."""
    cuerpo = json.dumps({**cliente.fijo, "certificado_anterior": cliente.anterior}).encode()
    estado, cabeceras, datos = ha.pedir(
        "/api/v1/zarpes/",
        metodo="POST",
        datos=cuerpo,
        timeout=30,
        cabeceras={
            "Authorization": f"Token {cliente.token}",
            "Content-Type": "application/json",
            "Idempotency-Key": clave,
        },
    )
    if estado == 201:
        numero = json.loads(datos)["certificado"]["numero"]
        cliente.anterior = numero
        cliente.numeros.append(numero)
    return estado, cabeceras, datos


def _resumen(lista) -> str:
    estados: dict[int, int] = {}
    for c in lista:
        for k, v in c.estados.items():
            estados[k] = estados.get(k, 0) + v
    return (
        f"{sum(len(c.numeros) for c in lista)} certificados, {sum(c.reintentos for c in lista)} reintentos, "
        f"estados {dict(sorted(estados.items()))}"
    )


SALDOS = """
import json
import sys

import django

django.setup()
from core.vencimientos.calendario import today
from cupos.models import Cupo, Movimiento
from cupos.selectors.saldos import cupo_saldo
from zarpes.models import Certificado

naves = json.loads(sys.argv[1])
problemas = []
cupos = list(Cupo.objects.filter(beneficiario_id__in=naves))
if len(cupos) != len(naves):
    problemas.append(f"{len(cupos)} cupos para {len(naves)} naves")
for cupo in cupos:
    saldo = cupo_saldo(cupo=cupo, fecha=today(), toda_la_ventana=True)
    if saldo.asignado - saldo.consumido < 0:
        problemas.append(f"cupo {cupo.pk} sobregirado: {saldo.asignado} - {saldo.consumido}")
    descuentos = Movimiento.objects.filter(cupo=cupo, tipo=Movimiento.Tipo.DESCUENTO).count()
    certificados = Certificado.objects.filter(nave_id=cupo.beneficiario_id).count()
    if descuentos != certificados:
        problemas.append(f"cupo {cupo.pk}: {descuentos} descuentos y {certificados} certificados")
print(json.dumps(problemas))
"""


def _saldos(ha: ClusterHA) -> list[str]:
    naves = [c["nave"] for c in ha.datos["clientes"]]
    salida = ha.python("-c", SALDOS, json.dumps(naves)).stdout
    return json.loads(salida.strip().splitlines()[-1])


def test_pitr_restore_drill_between_two_acts(ha, tmp_path):
    t0 = time.monotonic()
    ha.pgbackrest("backup", "--type=full")
    respaldo_s = time.monotonic() - t0
    primero = _emitir(ha, 0)
    corte = tmp_path / "corte"
    ha.python("manage.py", "respaldo", "--destino", str(corte))  # rows per table and ledger figures now
    instante = ha.sql("SELECT clock_timestamp()")
    time.sleep(0.2)
    segundo = _emitir(ha, 0)
    esperar_archivado(ha)
    # The live system has moved on: the comparison can fail, and does.
    vivo = ha.python("manage.py", "respaldo", "--verificar", str(corte), chequear=False)
    assert vivo.returncode != 0 and "zarpes_certificado" in vivo.stderr, vivo.stderr[-2000:]

    restaurada = Restaurada(ha)
    try:
        t1 = time.monotonic()
        restaurada.restaurar("--type=time", f"--target={instante}", "--target-action=promote")
        restaurada.iniciar()
        rto = time.monotonic() - t1
        numeros = restaurada_sql(restaurada, "SELECT numero FROM zarpes_certificado").split()
        assert primero in numeros and segundo not in numeros, (primero, segundo)
        entorno = {**ha.entorno(), "DATABASE_URL": restaurada.url()}
        entorno.pop("DATABASE_REPLICA_URL")
        r = ha.python("manage.py", "respaldo", "--verificar", str(corte), env=entorno, chequear=False)
        assert r.returncode == 0, r.stdout + r.stderr[-3000:]
    finally:
        restaurada.detener()
    print(
        f"\npgBackRest: respaldo completo en {respaldo_s:.1f} s; restauración al instante {instante} "
        f"(entre {primero} y {segundo}) e inicio en {rto:.1f} s (RTO de esta base pequeña); RPO 0 con "
        "replicación sincrónica, hasta el último segmento archivado si se pierden los tres nodos"
    )


def restaurada_sql(restaurada: Restaurada, consulta: str) -> str:
    from tests.alta_disponibilidad import psql

    return psql(restaurada.puerto, consulta)


def test_primary_killed_under_16_clients_promotes_and_loses_nothing(ha):
    ha.todos_en_linea()
    for i in range(len(ha.datos["clientes"])):
        _cliente(ha, i)
    antes = consecutivos(ha)
    viejo, sincronica = ha.lider(), ha.sincronica()
    assert sincronica is not None and sincronica is not viejo
    ha.respuestas_503.clear()
    marcas: dict = {}

    def matar():
        marcas["muerte"] = time.monotonic()
        viejo.matar()

    def esperar_promocion():
        marcas["nuevo"] = esperar(
            lambda: next((n for n in ha.nodos if n is not viejo and n.es_primaria()), None),
            segundos=60,
            que="Patroni promueve una réplica",
            cada=0.1,
        )
        marcas["promocion"] = time.monotonic()
        marcas["al_promover"] = len(marcas["nuevo"].sql("SELECT id FROM zarpes_certificado").split())

    lista = carga_emision(ha, segundos=24, eventos=[(3.0, matar), (3.01, esperar_promocion)])
    segundos = marcas["promocion"] - marcas["muerte"]
    print(f"\nPrimaria {viejo.nombre} muerta (kill -9): {marcas['nuevo'].nombre} promovida en {segundos:.1f} s")
    print(_resumen(lista), f"; {len(ha.respuestas_503)} respuestas 503")
    assert segundos <= LIMITE_PROMOCION
    assert marcas["nuevo"] is sincronica  # synchronous_mode: only the synchronous standby may be promoted
    problemas = verificar_emision(ha, lista, antes)
    assert not problemas, problemas
    assert not any(500 in c.estados for c in lista), _resumen(lista)
    assert sum(c.reintentos for c in lista) > 0, _resumen(lista)
    assert ha.respuestas_503, _resumen(lista)
    for cabeceras, cuerpo in ha.respuestas_503:
        assert int(cabeceras.get("Retry-After", "0")) > 0, cabeceras
        assert "json" in cabeceras.get("Content-Type", ""), cabeceras
        assert json.loads(cuerpo)["detalle"], cuerpo
    total = len(consecutivos(ha))
    assert total > marcas["al_promover"], "nada se emitió después de la promoción"
    assert not _saldos(ha)

    # The old primary's machine back: Patroni rejoins it as a replica, rewound if it had diverged.
    viejo.iniciar()
    ha.todos_en_linea(segundos=90)
    miembro = ha.miembros()[viejo.nombre]
    assert miembro["role"] in ("replica", "sync_standby"), miembro
    lider = ha.lider()
    esperar(
        lambda: (
            viejo.sql("SELECT count(*) FROM zarpes_certificado") == lider.sql("SELECT count(*) FROM zarpes_certificado")
        ),
        segundos=30,
        que="la antigua primaria alcanza a la nueva",
        cada=0.3,
    )
    rebobinado = "usado" if "pg_rewind" in viejo.texto() else "no necesario"
    print(f"{viejo.nombre} reincorporado como réplica; pg_rewind {rebobinado}")


def test_synchronous_standby_killed_issuance_goes_on(ha):
    ha.todos_en_linea()
    antes = consecutivos(ha)
    lider, sincronica = ha.lider(), ha.sincronica()
    otra = next(n for n in ha.nodos if n not in (lider, sincronica))
    lista = carga_emision(ha, segundos=10, eventos=[(2.0, sincronica.matar)])
    print(f"\nRéplica sincrónica {sincronica.nombre} muerta: {_resumen(lista)}")
    problemas = verificar_emision(ha, lista, antes)
    assert not problemas, problemas
    assert not any(500 in c.estados for c in lista), _resumen(lista)
    # Patroni moved the synchronous role to the other replica.
    esperar(lambda: ha.sincronica() is otra, segundos=20, que="la otra réplica sincrónica", cada=0.2)
    assert lider.sql("SHOW synchronous_standby_names").find(otra.nombre) >= 0

    # Both replicas gone: non-strict synchronous mode lets the primary go on alone (the README's trade-off).
    otra.matar()
    t0 = time.monotonic()
    _emitir(ha, 1)
    print(f"Sin réplicas: la primaria sigue sola; primera emisión en {time.monotonic() - t0:.1f} s")
    assert lider.sql("SHOW synchronous_standby_names") == ""
    sincronica.iniciar()
    otra.iniciar()
    ha.todos_en_linea(segundos=90)


def test_primary_cut_from_etcd_demotes_itself_and_no_two_nodes_accept_writes(ha):
    ha.todos_en_linea()
    viejo = ha.lider()
    cliente = _cliente(ha, 2)
    muestras: list[tuple[float, list[str]]] = []
    t0 = time.monotonic()

    def muestrear() -> list[str]:
        primarias = [n.nombre for n in ha.nodos if n.en_recuperacion() is False]
        muestras.append((round(time.monotonic() - t0, 2), primarias))
        return primarias

    ha.etcd.pausar()
    try:
        esperar(lambda: viejo.nombre not in muestrear(), segundos=40, que="la primaria se degrada sola", cada=0.2)
        degradada = time.monotonic() - t0
        # Patroni restarts it as a standby (read-only) while no leader can be elected.
        esperar(lambda: viejo.en_recuperacion() is True, segundos=30, que="la antigua primaria en solo lectura")
        with pytest.raises(RuntimeError, match="read-only"):
            viejo.sql("CREATE TABLE escritura_aislada (x int)")
        clave = str(uuid.uuid4())
        estado, cabeceras, cuerpo = _intento(ha, cliente, clave)
        assert estado == 503 and int(cabeceras["Retry-After"]) > 0, (estado, cuerpo[:300])
        assert json.loads(cuerpo)["detalle"]
        for _ in range(5):
            time.sleep(0.3)
            assert not muestrear(), muestras[-3:]
    finally:
        ha.etcd.reanudar()
    print(f"\netcd detenido: {viejo.nombre} se degradó en {degradada:.1f} s")
    esperar(lambda: len(muestrear()) == 1, segundos=60, que="un líder de nuevo", cada=0.3)
    assert all(len(p) <= 1 for _, p in muestras), muestras
    # The same key, now that there is a leader: issued once.
    t1 = time.monotonic()
    estado = 0
    while estado != 201 and time.monotonic() - t1 < 30:
        estado, _, cuerpo = _intento(ha, cliente, clave)
        if estado != 201:
            time.sleep(0.5)
    assert estado == 201, cuerpo[:500]
    numero = cliente.numeros[-1]
    assert ha.sql(f"SELECT count(*) FROM zarpes_certificado WHERE numero = '{numero}'") == "1"
    print(f"Líder de nuevo tras reanudar etcd; {len(muestras)} muestras, nunca dos nodos aceptando escrituras")
    ha.todos_en_linea(segundos=60)


FILAS_REPORTE = 99_000  # seconds of work even on a quiet machine (as tests/test_topologia.py)


def test_a_bulk_job_running_when_the_primary_dies_is_retaken_and_never_half_applied(ha):
    """A wholesaler's monthly report (tens of thousands of rows, one transaction) being processed by a Celery
    worker when the primary is kill -9'd: the attempt's rows die with its transaction, the beat's sweeper
    re-queues the job once its heartbeat stops, and it finishes on the new primary with its rows exact."""
    import subprocess
    import sys

    from tests.servidores import RAIZ, Proceso, worker_celery
    from tests.test_topologia import SUBIR_REPORTE

    ha.todos_en_linea()
    worker = worker_celery(ha.entorno(), ha.dir / "worker.log", "--pool", "prefork", "--concurrency", "1")
    beat = Proceso(
        [sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel", "INFO", "-s", str(ha.dir / "beat-prog")],
        ha.entorno(),
        ha.dir / "beat.log",
    )
    try:
        # The upload runs beside the polling: the worker takes the report the moment it is committed.
        subida = subprocess.Popen(
            [sys.executable, "-c", SUBIR_REPORTE, str(FILAS_REPORTE)],
            cwd=RAIZ,
            env=ha.entorno(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        esperar(
            lambda: ha.sql("SELECT count(*) FROM distribuidores_reportemensual") != "0",
            segundos=90,
            que="el reporte subido",
            cada=0.05,
        )
        reporte = int(ha.sql("SELECT max(id) FROM distribuidores_reportemensual"))
        linea = []

        def estado(evento: str = ""):
            try:
                fila = ha.sql(
                    f"SELECT estado, progreso, intentos FROM distribuidores_reportemensual WHERE id = {reporte}"
                )
            except RuntimeError:
                fila = "sin base||"
            linea.append((fila, evento))
            e, p, i = fila.split("|")
            return e, int(p or 0), int(i or 0)

        esperar(
            lambda: estado()[0] == "procesando" and estado()[1] >= 5,
            segundos=90,
            que="el reporte en proceso",
            cada=0.02,
        )
        viejo = ha.lider()
        viejo.matar()
        e, progreso, _ = estado("primaria muerta")
        assert progreso < 90, linea  # killed mid-way
        subida.communicate(timeout=60)
        esperar(lambda: estado()[0] in ("procesado", "rechazado"), segundos=150, que="el reporte terminado", cada=0.5)
        e, _, intentos = estado()
        filas = int(ha.sql(f"SELECT count(*) FROM distribuidores_filareporte WHERE reporte_id = {reporte}"))
        print(
            f"\nReporte de {FILAS_REPORTE} filas, primaria muerta a mitad: {e} tras {intentos} intentos, {filas} filas"
        )
        assert e == "procesado" and filas == FILAS_REPORTE, (linea[-5:], worker.texto()[-2000:])
        assert "recuperar_trabajos" in beat.texto()
    finally:
        for proceso in (beat, worker):
            proceso.terminar(espera=5)
    viejo.iniciar()
    ha.todos_en_linea(segundos=90)


def test_verificar_respaldo_reads_the_real_repository_and_finds_a_missing_wal_segment(ha, tmp_path):
    """`manage.py verificar_respaldo` asks pgBackRest about the module's repository (the drill's backup, the
    WAL archived since, across the failovers' timelines); on a copy missing one segment, it fails."""
    import shutil

    from tests.alta_disponibilidad import _de_postgres

    esperar_archivado(ha)
    lider = ha.lider()
    r = ha.python("manage.py", "verificar_respaldo", f"--config={lider.config_respaldo}", chequear=False)
    print(f"\n{r.stdout.strip()}")
    assert r.returncode == 0 and "Respaldo continuo correcto" in r.stdout, r.stdout + r.stderr[-2000:]

    copia = tmp_path / "repo"
    shutil.copytree(ha.repositorio, copia)
    for ruta in (tmp_path, *copia.rglob("*"), copia):
        _de_postgres(ruta)
    segmentos = sorted(p for p in copia.glob("archive/portal/*/*/0*") if "." in p.name and "-" in p.name)
    respaldo = sorted(copia.glob("backup/portal/*F"))[-1].name
    inicio = json.loads(ha.pgbackrest("info", "--output=json"))[0]["backup"][-1]["archive"]["start"]
    despues = [p for p in segmentos if p.name[8:24] > inicio[8:24]]
    assert len(despues) >= 2, (respaldo, inicio, [p.name for p in segmentos])  # one before the newest
    despues[0].unlink()
    config = tmp_path / "pgbackrest.conf"
    config.write_text(lider.config_respaldo.read_text().replace(f"repo1-path={ha.repositorio}", f"repo1-path={copia}"))
    _de_postgres(config)
    r = ha.python("manage.py", "verificar_respaldo", f"--config={config}", chequear=False)
    assert r.returncode != 0 and "Faltan 1 segmentos de WAL" in r.stderr, r.stdout + r.stderr[-2000:]
