"""Continuous backups with pgBackRest (issue 42): is the last good backup recent, and is the WAL archive
whole from that backup's start to its newest segment? (`python manage.py verificar_respaldo`, and
`verificar_respaldo_task`, which Celery beat runs daily.)

pgBackRest takes the backups and archives every WAL segment (README «Despliegue»); this module only
reads its repository, through pgBackRest itself (`info --output=json` and `repo-ls`), so it works the
same on a folder or on object storage. `evaluar()` is the pure judgement (tested without pgBackRest);
`revisar()` asks pgBackRest; `alertar()` raises an alert for the administrators while the last good
backup is older than RESPALDO_EDAD_MAXIMA_HORAS (26: a daily backup plus two hours' slack) or the
archive has a gap, and resolves it when a newer good backup is there.

Continuity: a point-in-time restore replays every segment from the backup's first one on. Segments
are numbered across timelines (a promotion starts a new timeline at the segment where the old one
stopped), so the check asks that every segment number from the last good backup's start to the
archive's newest be present in some timeline.
"""

import datetime as dt
import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field

from django.conf import settings
from django.utils import timezone

SEGMENTOS_POR_ARCHIVO_LOGICO = 0x100  # 16 MB segments: 256 per 4 GB logical WAL file
SEGMENTO = re.compile(r"^([0-9A-F]{8})([0-9A-F]{8})([0-9A-F]{8})(?:-[0-9a-f]{40})?(?:\.\w+)?$")
TIPO_ALERTA = "respaldo_vencido"


class RespaldoContinuoError(Exception):
    """pgBackRest could not be asked; the message says why, in Spanish."""


@dataclass(frozen=True)
class Revision:
    estrofa: str
    ultimo: dt.datetime | None = None  # end of the last good backup
    etiqueta: str = ""  # its pgBackRest label (e.g. 20261207-052205F)
    segmentos: int = 0  # WAL segments from its start to the newest archived
    problemas: list[str] = field(default_factory=list)

    @property
    def correcta(self) -> bool:
        return not self.problemas


def _numero(segmento: str) -> int | None:
    m = SEGMENTO.match(segmento)
    if not m:
        return None
    return int(m.group(2), 16) * SEGMENTOS_POR_ARCHIVO_LOGICO + int(m.group(3), 16)


def _nombre(numero: int) -> str:
    return f"{numero // SEGMENTOS_POR_ARCHIVO_LOGICO:08X}{numero % SEGMENTOS_POR_ARCHIVO_LOGICO:08X}"


def huecos(segmentos: list[str], desde: str, hasta: str) -> list[str]:
    """The segments (log and segment number, any timeline) missing from `desde` to `hasta`, inclusive."""
    presentes = {n for n in map(_numero, segmentos) if n is not None}
    a, b = _numero(desde), _numero(hasta)
    if a is None or b is None:
        return []
    return [_nombre(n) for n in range(a, b + 1) if n not in presentes]


def _horas(delta: dt.timedelta) -> str:
    horas = delta.total_seconds() / 3600
    return f"{horas:.0f} horas" if horas >= 2 else f"{delta.total_seconds() / 60:.0f} minutos"


def evaluar(
    info: list[dict], segmentos: list[str], *, estrofa: str, ahora: dt.datetime, edad_maxima: dt.timedelta
) -> Revision:
    """Judge pgBackRest's `info --output=json` and the archive's segment names (repo-ls) at `ahora`."""
    datos = next((s for s in info if s.get("name") == estrofa), None)
    if datos is None:
        return Revision(estrofa, problemas=[f"pgBackRest no conoce la estrofa «{estrofa}»: créela (stanza-create)."])
    problemas = []
    estado = datos.get("status", {})
    if estado.get("code", 0) not in (0, 2):  # 2: no backup yet, said below in Spanish
        problemas.append(f"pgBackRest informa un problema con el repositorio: {estado.get('message', '')}.")
    buenos = [b for b in datos.get("backup", []) if not b.get("error")]
    if not buenos:
        return Revision(estrofa, problemas=[*problemas, "No hay ningún respaldo válido en el repositorio."])
    ultimo = max(buenos, key=lambda b: b["timestamp"]["stop"])
    fin = dt.datetime.fromtimestamp(ultimo["timestamp"]["stop"], tz=dt.UTC)
    edad = ahora - fin
    if edad > edad_maxima:
        problemas.append(
            f"El último respaldo válido ({ultimo['label']}) terminó hace {_horas(edad)}: "
            f"el máximo es {_horas(edad_maxima)}."
        )
    archivo = max((a for a in datos.get("archive", []) if a.get("max")), key=lambda a: a["max"][8:], default=None)
    desde = ultimo["archive"]["start"]
    n = 0
    if archivo is None:
        problemas.append("El archivo de WAL está vacío: no se puede restaurar a ningún instante.")
    else:
        faltan = huecos(segmentos, desde, archivo["max"])
        n = (_numero(archivo["max"]) or 0) - (_numero(desde) or 0) + 1
        if faltan:
            muestra = ", ".join(faltan[:5]) + (" …" if len(faltan) > 5 else "")
            problemas.append(
                f"Faltan {len(faltan)} segmentos de WAL desde el último respaldo válido ({muestra}): "
                "la restauración a un instante posterior al hueco no es posible."
            )
    return Revision(estrofa, ultimo=fin, etiqueta=ultimo["label"], segmentos=max(n, 0), problemas=problemas)


def _pgbackrest(*args: str, config: str | None) -> str:
    binario = shutil.which("pgbackrest")
    if binario is None:
        raise RespaldoContinuoError("No se encontró pgbackrest: instale el paquete pgbackrest.")
    comando = [binario, *([f"--config={config}"] if config else []), *args]
    try:
        r = subprocess.run(comando, capture_output=True, text=True, timeout=300, cwd="/")
    except subprocess.TimeoutExpired as exc:
        raise RespaldoContinuoError("pgbackrest no respondió en 5 minutos.") from exc
    if r.returncode:
        raise RespaldoContinuoError(f"pgbackrest {args[-1]} falló: {(r.stderr or r.stdout).strip()[-1000:]}")
    return r.stdout


def revisar(*, config: str | None = None, estrofa: str | None = None, ahora: dt.datetime | None = None) -> Revision:
    """Ask pgBackRest about the repository and judge it (settings PGBACKREST_CONFIG, PGBACKREST_ESTROFA)."""
    config = config or getattr(settings, "PGBACKREST_CONFIG", "") or None
    estrofa = estrofa or getattr(settings, "PGBACKREST_ESTROFA", "portal")
    try:
        info = json.loads(_pgbackrest(f"--stanza={estrofa}", "--output=json", "info", config=config))
        archivos = {}
        for archivo in next((s for s in info if s.get("name") == estrofa), {}).get("archive", []):
            ruta = f"archive/{estrofa}/{archivo['id']}"
            listado = json.loads(_pgbackrest("--recurse", "--output=json", "repo-ls", ruta, config=config))
            archivos.update(listado)
    except RespaldoContinuoError as exc:
        return Revision(estrofa, problemas=[str(exc)])
    segmentos = [os.path.basename(ruta) for ruta, d in archivos.items() if d.get("type") == "file"]
    edad = dt.timedelta(hours=getattr(settings, "RESPALDO_EDAD_MAXIMA_HORAS", 26))
    return evaluar(info, segmentos, estrofa=estrofa, ahora=ahora or timezone.now(), edad_maxima=edad)


def alertar(revision: Revision, *, fecha: dt.date | None = None) -> bool:
    """Raise an alert for the administrators while the revision fails (once per last backup: its label, or
    none), and resolve the earlier ones once it passes. Returns whether an alert is open."""
    from core.identidad.roles import Rol
    from core.vencimientos.alertas import Sujeto, alerta_raise, alertas_abiertas
    from core.vencimientos.calendario import today

    fecha = fecha or today()
    edad = getattr(settings, "RESPALDO_EDAD_MAXIMA_HORAS", 26)
    referencia = f"pgBackRest {revision.estrofa} {revision.etiqueta or 'sin respaldo'}"[:80]
    abiertas = alertas_abiertas(TIPO_ALERTA)
    if revision.correcta:
        abiertas.update(
            resuelta=timezone.now(), resolucion_detalle="Hay un respaldo válido reciente y el WAL completo."
        )
        return False
    abiertas.exclude(referencia=referencia).update(
        resuelta=timezone.now(), resolucion_detalle="Reemplazada por la revisión de un respaldo posterior."
    )
    alerta_raise(
        tipo=TIPO_ALERTA,
        sujeto=Sujeto(
            referencia=referencia,
            vence=(revision.ultimo + dt.timedelta(hours=edad)).date() if revision.ultimo else fecha,
            detalle=" ".join(revision.problemas),
            rol_responsable=Rol.ADMINISTRADOR,
        ),
        fecha=fecha,
    )
    return True
