"""`python manage.py generar_sdk [--destino DIR]`: the Python SDK for other agencies, generated from the
live OpenAPI schema with openapi-python-client (pinned in pyproject.toml), as `make sdk` commits it in
clientes/python/. tests/test_cliente_generado.py generates it again and compares, so the committed SDK
never drifts from the API."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

DESTINO = Path(settings.BASE_DIR) / "clientes" / "python"
PAQUETE = "portal_cupos_cliente"
README = Path(settings.BASE_DIR) / "docs" / "api" / "sdk-README.md"
# Binary answers (PDF, XLSX, CSV, ZIP) as bytes; formatted with the venv's ruff in isolation, so that a
# generation in /tmp and one in the repository (whose pyproject.toml has its own ruff settings) match.
CONFIGURACION = {
    "project_name_override": "portal-cupos-cliente",
    "package_name_override": PAQUETE,
    "content_type_overrides": {
        "application/pdf": "application/octet-stream",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "application/octet-stream",
        "text/csv": "application/octet-stream",
        "application/zip": "application/octet-stream",
    },
    "post_hooks": [
        "ruff check . --isolated --no-cache --fix-only --quiet --select F401,I --line-length 120",
        "ruff format . --isolated --no-cache --quiet --line-length 120",
    ],
}


def esquema_api() -> dict:
    """The schema /api/schema/ serves, as a dict."""
    from drf_spectacular.generators import SchemaGenerator
    from drf_spectacular.renderers import OpenApiJsonRenderer

    esquema = SchemaGenerator().get_schema(request=None, public=True)
    return json.loads(OpenApiJsonRenderer().render(esquema, renderer_context={}))


def generar(destino: Path, esquema: dict | None = None) -> Path:
    """Generate the SDK into `destino` (replaced); return it. Raises CommandError on any generator warning."""
    esquema = esquema or esquema_api()
    binarios = Path(sys.executable).parent
    entorno = {**os.environ, "PATH": f"{binarios}{os.pathsep}{os.environ.get('PATH', '')}"}
    with tempfile.TemporaryDirectory() as tmp:
        ruta_esquema, ruta_config = Path(tmp) / "openapi.json", Path(tmp) / "config.json"
        ruta_esquema.write_text(json.dumps(esquema, ensure_ascii=False, indent=2), encoding="utf-8")
        ruta_config.write_text(json.dumps(CONFIGURACION), encoding="utf-8")
        salida = Path(tmp) / "sdk"
        proceso = subprocess.run(
            [
                str(binarios / "openapi-python-client"), "generate", "--path", str(ruta_esquema),
                "--config", str(ruta_config), "--meta", "setup", "--output-path", str(salida), "--fail-on-warning",
            ],
            capture_output=True, text=True, env=entorno, cwd=tmp, check=False,
        )  # fmt: skip
        if proceso.returncode != 0 or not (salida / PAQUETE).is_dir():
            raise CommandError(f"openapi-python-client falló:\n{proceso.stdout}\n{proceso.stderr}")
        (salida / "README.md").write_text(README.read_text(encoding="utf-8"), encoding="utf-8")
        if destino.exists():
            shutil.rmtree(destino)
        destino.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(salida, destino)
    return destino


class Command(BaseCommand):
    help = "Genera el SDK de Python de la API (clientes/python/) a partir del esquema OpenAPI vigente."

    def add_arguments(self, parser):
        parser.add_argument("--destino", default=str(DESTINO), help="Carpeta donde escribir el SDK (se reemplaza).")

    def handle(self, *args, **opciones):
        destino = generar(Path(opciones["destino"]))
        self.stdout.write(self.style.SUCCESS(f"SDK generado en {destino}"))
