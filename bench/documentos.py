"""Documents that grow with the data, as jobs (issue 14 §2): the resolution PDF at 10,000 and 20,000
cupos, the bulk firmeza of 10,000 cupos, and the year's reconciliation XLSX when the job exists.

Builds its data in its own database (`bench_documentos`; BENCH_DOCUMENTOS_DATABASE_URL or
--database-url), with set-based inserts (bulk_create in batches of 5,000), then runs each job in a
child process so its peak memory (max RSS of that process, Django and WeasyPrint included) is its
own. Prints the figures and PASS/FAIL against the targets:

- PDF of 10,000 cupos ≤ 40 s and ≤ 400 MB peak; 20,000 cupos ≤ 2.2 × the time of 10,000;
- the PAdES signature of each PDF (once, on the merged file) ≤ 10 % of its unsigned build.

Usage: .venv/bin/python bench/documentos.py [--tamanos 10000,20000] [--firmeza 10000] [--reconstruir]
"""

import argparse
import datetime as dt
import json
import os
import resource
import subprocess
import sys
import threading
import time
from decimal import Decimal

from bench.comun import RAIZ, crear_base_si_falta, duracion, nave_pesquera

URL_POR_DEFECTO = "postgres://postgres@127.0.0.1:5432/bench_documentos"
AJUSTES = "bench.settings"
LOTE = 5_000
OBJETIVO_SEGUNDOS, OBJETIVO_MB, OBJETIVO_CRECIMIENTO = 40.0, 400.0, 2.2
OBJETIVO_FIRMA = 0.10  # signing the merged file adds at most 10 % to the build (issue 24)


def preparar_django(url: str, *, migrar: bool = False):
    os.environ["DATABASE_URL"] = url
    os.environ["DJANGO_SETTINGS_MODULE"] = AJUSTES
    os.environ.setdefault("DJANGO_MEDIA_ROOT", "/tmp/bench-documentos-media")
    # Notices and jobs queued by the measured work go to an in-memory broker, not run in-process.
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "false"
    os.environ["CELERY_BROKER_URL"] = "memory://"
    import django

    django.setup()
    if migrar:
        from django.core.management import call_command

        call_command("migrate", interactive=False, verbosity=0)


def analista():
    from core.identidad.roles import Rol
    from core.models import Usuario

    usuario, _ = Usuario.objects.get_or_create(username="bench.analista", defaults={"rol": Rol.UPME_ANALISTA})
    return usuario


def resolucion_con(n: int, numero: str, *, reconstruir: bool):
    """A resolution of 2026 with n issued cupos of n beneficiaries of its own (reused when complete)."""
    from core.models import Capitania
    from cupos import calculo
    from cupos.models import Beneficiario, Cupo, Resolucion

    resolucion = Resolucion.objects.filter(anio=2026, numero=numero).first()
    if resolucion is not None and not reconstruir and resolucion.cupos.count() == n:
        return resolucion, 0.0
    t = time.perf_counter()
    if resolucion is not None:
        ids = list(resolucion.cupos.values_list("beneficiario_id", flat=True))
        from core.models import MensajeSaliente

        MensajeSaliente.objects.filter(
            clave__in=[f"cupo_en_firme:{c}" for c in resolucion.cupos.values_list("id", flat=True)]
        ).delete()
        resolucion.cupos.all().delete()
        resolucion.documentos.all().delete()
        resolucion.firmezas_masivas.all().delete()
        Beneficiario.objects.filter(id__in=ids).delete()
        resolucion.delete()
    capitania, _ = Capitania.objects.get_or_create(
        codigo="CP05", defaults={"nombre": "Capitanía de Puerto de Cartagena"}
    )
    resolucion = Resolucion.objects.create(
        anio=2026,
        numero=numero,
        fecha_expedicion=dt.date(2026, 2, 20),
        considerandos="Que se evaluaron las solicitudes del año.",
    )
    prefijo = numero.replace("-", "")[-6:]
    galones = Decimal("24000.00")
    cuota = calculo.cuota_mensual(galones)
    for desde in range(0, n, LOTE):
        hasta = min(n, desde + LOTE)
        benef = Beneficiario.objects.bulk_create(
            [
                nave_pesquera(
                    nombre=f"Nave pesquera {prefijo} número {i:05d}",
                    identificacion=f"9{resolucion.id:03d}{i:06d}",
                    matricula=f"MC-R{resolucion.id}-{i:05d}",
                    capitania=capitania,
                    capacidad_gal=Decimal("3000.00"),
                )
                for i in range(desde, hasta)
            ]
        )
        Cupo.objects.bulk_create(
            [
                Cupo(
                    resolucion=resolucion,
                    beneficiario=b,
                    combustible=b.combustible,
                    galones_anuales=galones,
                    cuota_mensual=cuota,
                )
                for b in benef
            ]
        )
    return resolucion, time.perf_counter() - t


def anio_de_reportes(filas_por_mes: int, anio: int = 2025) -> tuple[int, float]:
    """A wholesaler's 12 processed reports of `anio`, `filas_por_mes` rows each, every row a sale with
    a certificate number that does not exist (a discrepancy each): the year's workbook then streams
    12 × filas_por_mes discrepancies. Rebuilt on every run."""
    from core.models import Distribuidor
    from cupos.models import Beneficiario
    from distribuidores.models import ExportacionConciliacion, FilaReporte, ReporteMensual

    t = time.perf_counter()
    distribuidor, _ = Distribuidor.objects.get_or_create(nit="900999001", defaults={"razon_social": "Bench S.A.S."})
    ExportacionConciliacion.objects.filter(anio=anio).delete()
    ReporteMensual.objects.filter(distribuidor=distribuidor).delete()
    beneficiarios = list(Beneficiario.objects.order_by("id").values_list("id", flat=True)[:filas_por_mes])
    for mes in range(1, 13):
        periodo = dt.date(anio, mes, 1)
        reporte = ReporteMensual.objects.create(
            distribuidor=distribuidor,
            periodo=periodo,
            archivo=f"reportes/bench-{mes}.csv",
            nombre_original="x.csv",
            estado=ReporteMensual.Estado.PROCESADO,
            vigente=True,
            filas_validas=filas_por_mes,
            progreso=100,
        )
        FilaReporte.objects.bulk_create(
            [
                FilaReporte(
                    reporte=reporte,
                    fila=i + 2,
                    fecha=periodo.replace(day=1 + i % 28),
                    beneficiario_id=beneficiarios[i % len(beneficiarios)],
                    certificado_numero=f"CP05-{anio}-9{mes:02d}{i:05d}",
                    galones=Decimal("100.00"),
                )
                for i in range(filas_por_mes)
            ],
            batch_size=LOTE,
        )
    return distribuidor.id, time.perf_counter() - t


def _rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as estado:
            for linea in estado:
                if linea.startswith("VmRSS:"):
                    return int(linea.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class PicoArbol(threading.Thread):
    """Samples every 0.1 s the resident memory of this process plus its children (the PDF's worker
    processes) and keeps the largest sum: the job's real peak, whatever renders where."""

    def __init__(self):
        super().__init__(daemon=True)
        self.pico, self.parar = 0.0, threading.Event()

    def run(self):
        pid = os.getpid()
        while not self.parar.wait(0.1):
            try:
                with open(f"/proc/{pid}/task/{pid}/children") as hijos:
                    pids = [int(x) for x in hijos.read().split()]
            except OSError:
                pids = []
            self.pico = max(self.pico, _rss_mb(pid) + sum(_rss_mb(h) for h in pids))


def hijo(tarea: str, resolucion_id: int) -> None:
    """Run one job in this (child) process and print its figures as JSON."""
    from django.db import reset_queries

    from cupos.models import DocumentoResolucion, FirmezaMasiva, Resolucion

    resolucion = Resolucion.objects.filter(pk=resolucion_id).first()
    actor = analista()
    uso = resource.getrusage(resource.RUSAGE_SELF)
    base_mb, cpu0 = uso.ru_maxrss / 1024, uso.ru_utime + uso.ru_stime
    reset_queries()
    muestreo = PicoArbol()
    muestreo.start()
    t = time.perf_counter()
    if tarea == "pdf":
        from core.firma import pades
        from cupos.services import documentos as servicio

        # An issued resolution is an act: the job signs it once, on the merged file (core.firma). The time
        # spent signing is measured apart, so the same run gives the build signed and unsigned.
        Resolucion.objects.filter(pk=resolucion.pk).update(estado=Resolucion.Estado.EXPEDIDA)
        resolucion.refresh_from_db()
        firma = {"segundos": 0.0}
        firmar = pades.firmar_pdf

        def firmar_medido(*args, **kwargs):
            t0 = time.perf_counter()
            try:
                return firmar(*args, **kwargs)
            finally:
                firma["segundos"] += time.perf_counter() - t0

        servicio.pades.firmar_pdf = firmar_medido
        documento = DocumentoResolucion.objects.create(resolucion=resolucion, huella="bench", solicitado_por=actor)
        documento = servicio.resolucion_documento_build(documento_id=documento.id)
        extra = {
            "estado": documento.estado,
            "paginas": documento.paginas,
            "bytes": documento.archivo.size,
            "firma_segundos": firma["segundos"],
        }
    elif tarea == "firmeza":
        from cupos.services.firmezas import firmeza_masiva_process

        trabajo = FirmezaMasiva.objects.create(
            resolucion=resolucion,
            fecha_firmeza=dt.date(2026, 3, 2),
            total=resolucion.cupos.count(),
            solicitada_por=actor,
        )
        trabajo = firmeza_masiva_process(trabajo_id=trabajo.id)
        extra = {
            "estado": trabajo.estado,
            "hechos": trabajo.hechos,
            "avisos": trabajo.avisos,
            "mensaje": trabajo.mensaje,
        }
    elif tarea == "xlsx":
        from distribuidores.models import ExportacionConciliacion
        from distribuidores.services.conciliacion import conciliacion_anual_build

        exportacion = ExportacionConciliacion.objects.create(anio=2025, solicitada_por=actor)
        exportacion = conciliacion_anual_build(exportacion_id=exportacion.id)
        extra = {"estado": exportacion.estado, "filas": exportacion.filas, "bytes": exportacion.archivo.size}
    else:
        raise SystemExit(f"tarea desconocida {tarea}")
    segundos = time.perf_counter() - t
    uso = resource.getrusage(resource.RUSAGE_SELF)
    pico_mb, cpu = uso.ru_maxrss / 1024, uso.ru_utime + uso.ru_stime - cpu0
    muestreo.parar.set()
    # The PDF's parts render in worker processes (cupos.pdf): their CPU counts, and so does their memory
    # (the sampled peak of the job plus its workers; never below the job's own peak).
    hijos = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu += hijos.ru_utime + hijos.ru_stime
    procesos = 0
    if tarea == "pdf":
        from cupos.pdf import procesos_pdf

        procesos = procesos_pdf() if documento.cupos > pdf_filas_por_parte() else 0
    resultado = {
        "segundos": segundos,
        "cpu": cpu,
        "pico_mb": max(pico_mb, muestreo.pico),
        "pico_job_mb": pico_mb,
        "pico_hijo_mb": hijos.ru_maxrss / 1024 if procesos else 0,
        "procesos": procesos,
        "base_mb": base_mb,
        **extra,
    }
    print("RESULTADO " + json.dumps(resultado))


def pdf_filas_por_parte() -> int:
    from cupos.pdf import FILAS_POR_PARTE

    return FILAS_POR_PARTE


def en_hijo(url: str, tarea: str, resolucion_id: int) -> dict:
    salida = subprocess.run(
        [sys.executable, __file__, "--database-url", url, "--hijo", tarea, str(resolucion_id)],
        capture_output=True,
        text=True,
        cwd=RAIZ,
        check=False,
    )
    for linea in salida.stdout.splitlines():
        if linea.startswith("RESULTADO "):
            return json.loads(linea.removeprefix("RESULTADO "))
    raise SystemExit(f"El proceso hijo ({tarea}) falló:\n{salida.stdout[-3000:]}\n{salida.stderr[-3000:]}")


def marca(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tamanos", default="10000,20000", help="cupos of the PDF resolutions (first one is the reference)")
    p.add_argument("--firmeza", type=int, default=10_000, help="cupos of the bulk firmeza (0: skip)")
    p.add_argument("--conciliacion", type=int, default=5_000, help="report rows per month of the year XLSX (0: skip)")
    p.add_argument("--reconstruir", action="store_true")
    p.add_argument("--database-url", default=os.environ.get("BENCH_DOCUMENTOS_DATABASE_URL", URL_POR_DEFECTO))
    p.add_argument("--hijo", nargs=2, metavar=("TAREA", "RESOLUCION"), help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.hijo:
        preparar_django(a.database_url)
        hijo(a.hijo[0], int(a.hijo[1]))
        return 0
    crear_base_si_falta(a.database_url)
    preparar_django(a.database_url, migrar=True)
    print(f"uptime: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}", flush=True)
    tamanos = [int(x) for x in a.tamanos.split(",") if x]
    fallos = 0
    pdf = []
    for n in tamanos:
        resolucion, construir = resolucion_con(n, f"BENCH-PDF-{n}", reconstruir=a.reconstruir)
        if construir:
            print(f"datos: {n:,} cupos insertados en {duracion(construir)}", flush=True)
        r = en_hijo(a.database_url, "pdf", resolucion.id)
        pdf.append((n, r))
        print(
            f"PDF {n:>6,} cupos: {r['segundos']:.1f} s ({r['cpu']:.1f} s de CPU con los procesos), "
            f"pico {r['pico_mb']:.0f} MB (trabajo y procesos a la vez; trabajo solo {r['pico_job_mb']:.0f} MB, "
            f"Django {r['base_mb']:.0f} MB antes; {r['procesos']} procesos de hasta {r['pico_hijo_mb']:.0f} MB), "
            f"{r['paginas']:,} páginas, {r['bytes'] / 1e6:.1f} MB ({r['estado']})",
            flush=True,
        )
        sin_firma = r["segundos"] - r["firma_segundos"]
        ok_firma = r["firma_segundos"] <= OBJETIVO_FIRMA * sin_firma
        print(
            f"{marca(ok_firma)}  firma PAdES del PDF de {n:,} cupos (una vez, sobre el archivo unido): "
            f"{r['firma_segundos']:.2f} s sobre {sin_firma:.1f} s sin firmar = "
            f"{r['firma_segundos'] / sin_firma * 100 if sin_firma else 0:.1f} % (objetivo ≤ {OBJETIVO_FIRMA:.0%})",
            flush=True,
        )
        fallos += not ok_firma
    if pdf:
        n0, r0 = pdf[0]
        if n0 == 10_000:
            ok_t, ok_m = r0["segundos"] <= OBJETIVO_SEGUNDOS, r0["pico_mb"] <= OBJETIVO_MB
            estimado = r0["cpu"] / max(1, r0["procesos"])  # the wall time when each process has a core
            print(
                f"{marca(ok_t)}  PDF 10,000 cupos en {r0['segundos']:.1f} s (objetivo ≤ {OBJETIVO_SEGUNDOS:.0f} s); "
                f"CPU {r0['cpu']:.1f} s en {max(1, r0['procesos'])} proceso(s) = {estimado:.1f} s: "
                f"{marca(estimado <= OBJETIVO_SEGUNDOS)} en una máquina sin otra carga"
            )
            print(f"{marca(ok_m)}  PDF 10,000 cupos pico {r0['pico_mb']:.0f} MB (objetivo ≤ {OBJETIVO_MB:.0f} MB)")
            fallos += (not ok_t) + (not ok_m)
        for n, r in pdf[1:]:
            limite = OBJETIVO_CRECIMIENTO * r0["segundos"] * n / (2 * n0)
            ok = r["segundos"] <= limite
            cpu = r["cpu"] / r0["cpu"]
            print(
                f"{marca(ok)}  PDF {n:,} cupos en {r['segundos']:.1f} s = {r['segundos'] / r0['segundos']:.2f} × "
                f"el de {n0:,} (objetivo ≤ {OBJETIVO_CRECIMIENTO} × para el doble: {limite:.1f} s); CPU {cpu:.2f} ×"
            )
            fallos += not ok
    if a.firmeza:
        resolucion, construir = resolucion_con(a.firmeza, f"BENCH-FIRMEZA-{a.firmeza}", reconstruir=True)
        print(f"datos: {a.firmeza:,} cupos expedidos insertados en {duracion(construir)}", flush=True)
        r = en_hijo(a.database_url, "firmeza", resolucion.id)
        print(
            f"Firmeza masiva de {a.firmeza:,} cupos: {r['segundos']:.1f} s, {r['cpu']:.1f} s de CPU "
            f"({r['segundos'] * 1000 / a.firmeza:.1f} ms por cupo), pico {r['pico_mb']:.0f} MB, "
            f"{r['hechos']:,} en firme, {r['avisos']:,} avisos a Dimar "
            f"({r['estado']})",
            flush=True,
        )
    if a.conciliacion:
        _, construir = anio_de_reportes(a.conciliacion)
        print(f"datos: 12 reportes de {a.conciliacion:,} filas insertados en {duracion(construir)}", flush=True)
        r = en_hijo(a.database_url, "xlsx", 0)
        print(
            f"Conciliación anual en Excel ({r['filas']:,} discrepancias): {r['segundos']:.1f} s, {r['cpu']:.1f} s de "
            f"CPU, pico {r['pico_mb']:.0f} MB (Django: {r['base_mb']:.0f} MB antes), {r['bytes'] / 1e6:.1f} MB "
            f"({r['estado']})",
            flush=True,
        )
    return 1 if fallos else 0


if __name__ == "__main__":
    sys.exit(main())
