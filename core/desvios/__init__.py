"""Diversion flags (alertas de desvío, issue 28 §2): cases an analyst reviews, never a block on an act.

Each app registers its signals in its AppConfig.ready() with `registrar_senal(Senal(...))`; core
scores them (core.desvios.services, a recoverable job) and never imports an app. A signal is one
SQL pass over the app's tables that compares each subject with its peer group (same kind, TRB band,
capitanía, month) with robust statistics (median and MAD, or percentiles) and returns the subjects
that stand out, each with one Spanish sentence that explains why and the rows that show it.

A case is one subject (a beneficiary, a border station or a wholesaler): its score is the sum of
its signals' points. Analysts mark it «confirmado» or «descartado» with a note; the portal reports
each signal's precision from those marks, and a new scoring keeps them.
"""

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

BENEFICIARIO, ESTACION, DISTRIBUIDOR = "beneficiario", "estacion", "distribuidor"
TIPOS_SUJETO = {BENEFICIARIO: "Beneficiario", ESTACION: "Estación de frontera", DISTRIBUIDOR: "Distribuidor mayorista"}
EVIDENCIA_MAX = 20  # rows of evidence kept per signal and case: the sentence says how many there are


@dataclass(frozen=True)
class Evidencia:
    """One row that shows the signal: what a person reads, and the page where the row is."""

    texto: str
    url: str = ""


@dataclass(frozen=True)
class Hallazgo:
    """A subject a signal raised: `sujeto_id` (the row's id in its app), `sujeto` (its name as a person
    reads it), `clave` (what the API filters by: a beneficiary's id, a wholesaler's NIT, a station's
    code), `url` (its page), `puntaje` (the signal's points for it, 0 to 100), `detalle` (one Spanish
    sentence) and the `evidencia` rows."""

    sujeto_id: int
    sujeto: str
    puntaje: float
    detalle: str
    clave: str = ""
    url: str = ""
    evidencia: tuple[Evidencia, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Senal:
    """A signal: `codigo` (stable, the API's), `etiqueta` (its Spanish name), the kind of subject it
    scores and `calcular(fecha)` → the subjects it raises as of `fecha` (set-based SQL, no loop over
    rows). `explicacion`: how it is computed, in Spanish, for the page."""

    codigo: str
    etiqueta: str
    tipo_sujeto: str
    calcular: Callable[[dt.date], Iterable[Hallazgo]]
    explicacion: str = ""
    # Written with the ORM, so it runs on every database; the others are PostgreSQL SQL (robust statistics with
    # percentile_cont), which the embedded SQLite of `make run` lacks: there only the portable ones run (issue 45).
    portable: bool = False


_senales: dict[str, Senal] = {}


def registrar_senal(senal: Senal) -> None:
    if senal.tipo_sujeto not in TIPOS_SUJETO:
        raise ValueError(f"Tipo de sujeto desconocido: {senal.tipo_sujeto!r}")
    _senales[senal.codigo] = senal


def senales(*, solo_portables: bool = False) -> list[Senal]:
    return sorted((s for s in _senales.values() if s.portable or not solo_portables), key=lambda s: s.codigo)


def etiqueta_senal(codigo: str) -> str:
    senal = _senales.get(codigo)
    return senal.etiqueta if senal else codigo


def banda_trb_sql(columna: str) -> str:
    """The TRB band of the peer group, as a SQL expression (no TRB: an acuicultora or the Armada)."""
    return (
        f"CASE WHEN {columna} IS NULL THEN 0 WHEN {columna} < 10 THEN 1 WHEN {columna} < 25 THEN 2 "
        f"WHEN {columna} < 50 THEN 3 WHEN {columna} < 100 THEN 4 WHEN {columna} < 500 THEN 5 ELSE 6 END"
    )


# Robust z: (x − median) / (1.4826 · MAD); a MAD of zero (a flat group) uses this floor instead.
MAD_MINIMA = 0.05
Z_UMBRAL = 3.5


def puntos(z: float, base: float = 20.0, tope: float = 50.0) -> float:
    """A signal's points from how far the subject stands out: `base` at the threshold, up to `tope`."""
    return round(min(tope, base + max(0.0, float(z) - Z_UMBRAL) * 3), 2)


def consultar(sql: str, params: dict | None = None) -> list[dict]:
    """Rows of a signal's SQL as dicts (the signals read with set-based SQL: no loop over rows)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(sql, params or {})
        columnas = [c.name for c in cursor.description]
        return [dict(zip(columnas, fila, strict=True)) for fila in cursor.fetchall()]


def porcentaje(valor) -> str:
    """0.985 → "98,5 %" (es-CO)."""
    return f"{float(valor) * 100:.1f}".replace(".", ",") + " %"


def galones(valor) -> str:
    from core.comun.galones import galones_texto

    return galones_texto(valor)


GRUPO_MINIMO = 8  # a capitanía's group smaller than this joins the national group of its kind and band


def pares_sql() -> str:
    """A CTE `pares (id, tipo, banda, capitania_id)`: each beneficiary's peer group — its kind, its TRB
    band and its capitanía, or capitanía 0 (national) when that group has fewer than GRUPO_MINIMO members,
    so a median is never taken over two or three vessels."""
    banda = banda_trb_sql("b.trb")
    return f"""pares AS (
            SELECT b.id, b.tipo, {banda} AS banda,
                   CASE WHEN count(*) OVER (PARTITION BY b.tipo, {banda}, b.capitania_id) >= {GRUPO_MINIMO}
                        THEN coalesce(b.capitania_id, 0) ELSE 0 END AS capitania_id
            FROM cupos_beneficiario b
        )"""
