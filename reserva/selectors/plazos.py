"""Reads behind the deadline checks and the calendar of the cargo reservation."""

import datetime as dt

from reserva import calculo
from reserva.models import (
    Arribo,
    Conocimiento,
    ContratoAnual,
    Exoneracion,
    InformeSemestral,
    Mercancia,
    Recargo,
    UsuarioListado,
)

LIMITE_CALENDARIO = 200


def semestres_vencidos(fecha: dt.date) -> list[tuple[int, int]]:
    """The last semesters whose report deadline has passed on `fecha` (the two latest are checked)."""
    candidatos = [(fecha.year - 2, 2), (fecha.year - 1, 1), (fecha.year - 1, 2), (fecha.year, 1)]
    vencidos = [s for s in candidatos if calculo.vence_informe(*s) < fecha]
    return vencidos[-2:]


def obligados_a_informar(anio: int, semestre: int) -> dict[str, str]:
    """C-09 (art. 14): who owes the semester's report, by NIT with its name. The duty follows the
    user's status: everyone the foreign-trade authority's list names for the semester, and everyone
    seen as importer or exporter in special-system bills of lading of the semester (by the date of
    the arrival or sailing) even if no list names it."""
    inicio, fin = dt.date(anio, 1 if semestre == 1 else 7, 1), calculo.fin_semestre(anio, semestre)
    por_conocimiento = (
        Conocimiento.objects.filter(mercancia=Mercancia.REGIMEN_ESPECIAL, arribo__fecha_arribo__range=(inicio, fin))
        .order_by("usuario_nit", "-arribo__fecha_arribo", "-id")
        .values_list("usuario_nit", "usuario_nombre")
    )
    obligados = {}
    for nit, nombre in por_conocimiento:
        obligados.setdefault(nit, nombre)
    listados = UsuarioListado.objects.filter(lista__anio=anio, lista__semestre=semestre).values_list("nit", "nombre")
    obligados.update(listados)  # the list's name and address are the official ones
    return obligados


def usuarios_sin_informe(anio: int, semestre: int) -> list[tuple[str, str]]:
    """C-09: those who owe the semester's report (obligados_a_informar) and have not filed it."""
    obligados = obligados_a_informar(anio, semestre)
    presentados = set(
        InformeSemestral.objects.filter(anio=anio, semestre=semestre, usuario_nit__in=list(obligados)).values_list(
            "usuario_nit", flat=True
        )
    )
    return sorted((nit, nombre) for nit, nombre in obligados.items() if nit not in presentados)


def _por_mes(filas, fecha):
    """At most LIMITE_CALENDARIO rows a month (the calendar of a busy month stays readable)."""
    limite = LIMITE_CALENDARIO
    vistos: dict[tuple[int, int], int] = {}
    for fila in filas:
        dia = fecha(fila)
        clave = (dia.year, dia.month)
        vistos[clave] = vistos.get(clave, 0) + 1
        if vistos[clave] <= limite:
            yield fila


def vencimientos_entre(inicio: dt.date, fin: dt.date) -> list[tuple[str, dt.date, str]]:
    """What falls due between two dates, five queries whatever the span (at most LIMITE_CALENDARIO
    agents' reports of each kind a month)."""
    meses = (fin.year - inicio.year) * 12 + fin.month - inicio.month + 1
    tope = LIMITE_CALENDARIO * max(1, meses)
    items = []
    sobordos = (
        Arribo.objects.select_related("nave", "agencia")
        .filter(vence_sobordo__range=(inicio, fin), sobordo_presentado__isnull=True)
        .order_by("vence_sobordo", "id")[:tope]
    )
    for a in _por_mes(sobordos, lambda a: a.vence_sobordo):
        items.append((f"Sobordo de {a.nave.nombre} en {a.puerto} (C-08)", a.vence_sobordo, a.agencia.razon_social))
    conocimientos = (
        Arribo.objects.select_related("nave", "agencia")
        .filter(vence_conocimientos__range=(inicio, fin), conocimientos_entregados__isnull=True)
        .order_by("vence_conocimientos", "id")[:tope]
    )
    for a in _por_mes(conocimientos, lambda a: a.vence_conocimientos):
        items.append(
            (f"Conocimientos de embarque de {a.nave.nombre} (C-08)", a.vence_conocimientos, a.agencia.razon_social)
        )
    for e in Exoneracion.objects.filter(vence_decision__range=(inicio, fin), estado=Exoneracion.Estado.RADICADA):
        items.append((f"Decisión de la exoneración n.º {e.pk} (C-06)", e.vence_decision, "Dimar"))
    for r in Recargo.objects.select_related("conferencia").filter(
        vence_decision__range=(inicio, fin), estado=Recargo.Estado.PRESENTADO
    ):
        items.append((f"Decisión del recargo «{r.concepto}» (C-12)", r.vence_decision, "Dimar"))
    for c in ContratoAnual.objects.filter(vence_registro__range=(inicio, fin), fecha_registro__isnull=True):
        items.append((f"Registro de contratos de fletamento {c.anio} (C-11)", c.vence_registro, f"NIT {c.usuario_nit}"))
    return items
