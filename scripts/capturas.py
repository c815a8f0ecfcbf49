"""Screenshots of the main pages for the README, taken in headless Debian Chromium on the demo data.

.venv/bin/python scripts/capturas.py      # writes docs/img/*.png
"""

import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

RAIZ = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RAIZ))

from tests.e2e.chromium import CHROMIUM_ARGS  # noqa: E402  (the repository's root is on the path only now)

SALIDA = RAIZ / "docs" / "img"
PUERTO = 8765
CLAVE = "Cupos.Demo.2026"

PAGINAS = [
    ("analista", "/cupos/tablero/", "tablero.png"),
    ("analista", "/beneficiarios/", "beneficiarios.png"),
    ("analista", "/beneficiarios/?q=Do%C3%B1a+Luc%C3%ADa", None),  # finds the worked example's vessel
    ("analista", "DONA_LUCIA", "linea-de-tiempo.png"),
    ("oficial.cartagena", "/zarpes/", "oficial.png"),
    (None, "/fronteras/transparencia/", "transparencia.png"),
]


def main():
    SALIDA.mkdir(parents=True, exist_ok=True)
    base = tempfile.mkdtemp()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "DATABASE_URL": f"sqlite:///{base}/demo.sqlite3",
        "DJANGO_DEBUG": "true",
    }
    env.pop("REDIS_URL", None)
    manage = [sys.executable, str(RAIZ / "manage.py")]
    subprocess.run([*manage, "migrate", "-v0"], env=env, check=True, cwd=RAIZ)
    subprocess.run([*manage, "cargar_demo"], env=env, check=True, cwd=RAIZ, stdout=subprocess.DEVNULL)
    servidor = subprocess.Popen(
        [*manage, "runserver", f"127.0.0.1:{PUERTO}", "--noreload"],
        env=env,
        cwd=RAIZ,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{PUERTO}"
    try:
        for _ in range(60):
            try:
                urllib.request.urlopen(url + "/salud/", timeout=1)
                break
            except OSError:
                time.sleep(0.5)
        with sync_playwright() as p:
            navegador = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            contextos = {}
            for usuario, ruta, archivo in PAGINAS:
                if usuario not in contextos:
                    contexto = navegador.new_context(viewport={"width": 1280, "height": 900}, locale="es-CO")
                    if usuario:
                        pagina = contexto.new_page()
                        pagina.goto(url + "/ingresar/")
                        pagina.get_by_label("Usuario").fill(usuario)
                        pagina.get_by_label("Contraseña").fill(CLAVE)
                        pagina.get_by_role("button", name="Ingresar").click()
                        pagina.wait_for_load_state("networkidle")
                        pagina.close()
                    contextos[usuario] = contexto
                pagina = contextos[usuario].new_page()
                if ruta == "DONA_LUCIA":
                    pagina.goto(url + "/beneficiarios/?q=Do%C3%B1a+Luc%C3%ADa")
                    pagina.locator("table a").first.click()
                    pagina.wait_for_load_state("networkidle")
                    pagina.locator("canvas").first.scroll_into_view_if_needed()
                    pagina.mouse.wheel(0, -120)
                else:
                    pagina.goto(url + ruta)
                pagina.wait_for_load_state("networkidle")
                pagina.wait_for_timeout(600)  # charts finish their animation
                if archivo:
                    pagina.screenshot(path=str(SALIDA / archivo), full_page=False)
                    print("captura", archivo)
                pagina.close()
            navegador.close()
    finally:
        servidor.terminate()
        servidor.wait(timeout=10)


if __name__ == "__main__":
    main()
