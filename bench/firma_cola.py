"""What keeping the keys out of the web tier costs the PDF link (issue 39): a certificate-sized act signed in the
calling process (FIRMA_SERVICIO=local) against the same act signed by the signing worker (FIRMA_SERVICIO=cola:
the unsigned file to shared storage, a task on the queue `firma` through Redis, the worker signs, the caller
reads the answer from the result backend and the signed file from storage).

Both sides sign B-B with the demo CA (no TSA), so the difference is the queue's own cost. The signing worker is
a real `celery worker -Q firma --pool solo` started by this script on the machine's Redis (database 13, emptied
first). Issuing a certificate at the counter does not sign (the first PDF request does), so issuance's p95 does
not move; this measures the first PDF request's extra wait. PASS when the queue adds less than 40 ms (p50).

Usage: .venv/bin/python bench/firma_cola.py [--firmas 60] [--redis redis://127.0.0.1:6379/13]
"""

import argparse
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent
OBJETIVO_EXTRA_MS = 40.0


def _percentil(valores: list[float], q: float) -> float:
    ordenados = sorted(valores)
    return ordenados[min(len(ordenados) - 1, math.ceil(q * len(ordenados)) - 1)]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--firmas", type=int, default=60)
    p.add_argument("--redis", default="redis://127.0.0.1:6379/13")
    a = p.parse_args()
    sys.path.insert(0, str(RAIZ))
    carpeta = tempfile.mkdtemp(prefix="portal-bench-firma-cola-")
    entorno = {
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "FIRMA_DIR": os.path.join(carpeta, "firma"),
        "DJANGO_MEDIA_ROOT": os.path.join(carpeta, "media"),
        "FIRMA_DEMO": "true",
        "FIRMA_REVOCACION": "false",
        "FIRMA_TSA_URL": "",
        "REDIS_URL": a.redis,
        "CELERY_BROKER_URL": a.redis,
        "CELERY_RESULT_BACKEND": a.redis,
        "CELERY_TASK_ALWAYS_EAGER": "false",
    }
    os.environ.update(entorno)
    import django

    django.setup()
    import redis
    from django.conf import settings
    from django.template.loader import render_to_string
    from weasyprint import HTML

    from core.firma import claves, demo, oficinas, servicio

    redis.Redis.from_url(a.redis).flushdb()
    oficina = oficinas.capitania("CP05", "Capitanía de Puerto de Cartagena")
    demo.oficina(oficina)  # the demo CA and the office's key made once, before either side is timed
    html = render_to_string("core/pdf/_firma.html")
    contenido = HTML(string=f"<h1>Certificado de cupo de exención</h1><p>Zarpe autorizado.</p>{html}").write_pdf()

    registro = open(os.path.join(carpeta, "firma.log"), "wb")  # noqa: SIM115
    trabajador = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", "firma", "--pool", "solo", "-l", "INFO",
         "--without-gossip", "--without-mingle", "--without-heartbeat"],
        cwd=RAIZ, env={**os.environ, **entorno}, stdout=registro, stderr=subprocess.STDOUT,
    )
    try:
        limite = time.monotonic() + 60
        while b"ready." not in Path(registro.name).read_bytes():
            if time.monotonic() > limite or trabajador.poll() is not None:
                print(Path(registro.name).read_text(errors="replace")[-2000:])
                return 1
            time.sleep(0.2)

        def medir(modo: str) -> tuple[float, list[float]]:
            settings.FIRMA_SERVICIO = modo
            claves.olvidar()
            t0 = time.perf_counter()
            servicio.firmar(contenido, oficina=oficina, url="https://x/verificar/A/", motivo="x")
            primera = (time.perf_counter() - t0) * 1000
            tiempos = []
            for _ in range(a.firmas):
                t0 = time.perf_counter()
                firmado = servicio.firmar(contenido, oficina=oficina, url="https://x/verificar/A/", motivo="x")
                tiempos.append((time.perf_counter() - t0) * 1000)
                assert firmado.nivel == "B-B" and firmado.sujeto.get("common_name"), firmado
            return primera, tiempos

        filas = {modo: medir(modo) for modo in ("local", "cola", "local", "cola")}  # the second round is kept
    finally:
        trabajador.terminate()
        trabajador.wait(timeout=30)
        registro.close()
    print(f"`.venv/bin/python bench/firma_cola.py --firmas {a.firmas}`\n")
    print("| where | first ms | p50 ms | p95 ms |")
    print("|---|---|---|---|")
    for modo, (primera, tiempos) in filas.items():
        print(f"| {modo} | {primera:.1f} | {_percentil(tiempos, 0.5):.1f} | {_percentil(tiempos, 0.95):.1f} |")
    extra = _percentil(filas["cola"][1], 0.5) - _percentil(filas["local"][1], 0.5)
    extra95 = _percentil(filas["cola"][1], 0.95) - _percentil(filas["local"][1], 0.95)
    veredicto = "PASS" if extra < OBJETIVO_EXTRA_MS else "FAIL"
    print(f"\nThe signing worker adds {extra:.1f} ms at p50 ({extra95:.1f} ms at p95) to the first PDF request "
          f"(target < {OBJETIVO_EXTRA_MS:.0f} ms p50): {veredicto}")
    return 0 if veredicto == "PASS" else 1


if __name__ == "__main__":
    sys.exit(main())
