"""The audit log as a person reads it: {{ r|accion_legible }} "Cupo: firmeza" for `cupo.firmeza`,
{{ r.objeto_tipo|objeto_legible }} "Despacho" for `fronteras.despacho`, and {{ r.despues|valores_legibles }}
the recorded values with their names in words, dates in words and amounts as 1.234,56. The API and the
CSV keep the codes and the raw values; the page shows the code only in the action's tooltip."""

import datetime as dt
import re

from django import template
from django.apps import apps
from django.utils import timezone

from core.comun.fechas import fecha_larga
from core.comun.galones import galones_texto

register = template.Library()

FECHA = re.compile(r"^\d{4}-\d{2}-\d{2}$")
MOMENTO = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}")
DECIMAL = re.compile(r"^-?\d+\.\d+$")


def _palabras(codigo: str) -> str:
    return str(codigo).replace("_", " ").replace("-", " ").strip()


@register.filter
def objeto_legible(objeto_tipo: str) -> str:
    """`fronteras.despacho` → "Despacho" (the model's verbose name)."""
    try:
        modelo = apps.get_model(objeto_tipo)
    except (LookupError, ValueError):
        return _palabras(str(objeto_tipo).rpartition(".")[2]).capitalize()
    return str(modelo._meta.verbose_name).capitalize()


@register.filter
def accion_legible(accion: str) -> str:
    """`reserva.exoneracion.radicar` → "Exoneracion: radicar"; the model's name when the code names one."""
    partes = [p for p in str(accion).split(".") if p]
    if len(partes) < 2:
        return _palabras(accion).capitalize()
    sujeto = partes[-2]
    for app in apps.get_app_configs():
        try:
            sujeto = str(app.get_model(partes[-2])._meta.verbose_name)
            break
        except LookupError:
            continue
    else:
        sujeto = _palabras(sujeto)
    return f"{sujeto.capitalize()}: {_palabras(partes[-1])}"


def _valor(valor) -> str:
    if valor is None or valor == "":
        return "—"
    if isinstance(valor, bool):
        return "sí" if valor else "no"
    if isinstance(valor, list | tuple):
        return "; ".join(_valor(v) for v in valor) or "—"
    if isinstance(valor, dict):
        return "; ".join(f"{_palabras(k)}: {_valor(v)}" for k, v in valor.items()) or "—"
    texto = str(valor)
    if FECHA.match(texto):
        try:
            return fecha_larga(dt.date.fromisoformat(texto))
        except ValueError:  # what a user typed, recorded as is (e.g. 2026-02-30 in a refused form)
            return texto
    if MOMENTO.match(texto):
        try:
            momento = dt.datetime.fromisoformat(texto)
        except ValueError:
            return texto
        if timezone.is_aware(momento):  # recorded in UTC: dated as in Bogotá (issue 45)
            momento = timezone.localtime(momento)
        return fecha_larga(momento.date())
    if DECIMAL.match(texto):
        return galones_texto(texto)
    if re.fullmatch(r"[a-z]+(?:_[a-z0-9]+)+", texto):
        return _palabras(texto)
    return texto


def _campo(modelo, clave: str):
    if modelo is None:
        return None
    for nombre in (clave, clave.removesuffix("_id")):
        try:
            return modelo._meta.get_field(nombre)
        except Exception:  # FieldDoesNotExist, or a recorded key that is no field
            continue
    return None


@register.filter
def valores_legibles(valores, objeto_tipo: str = "") -> list[tuple[str, str]]:
    """[(name, value)] of an audit entry's before/after values, for people (issue 45: no raw field names, enum
    values nor storage paths): with the entry's model (`objeto_tipo`), each field's Spanish name, each choice's
    label and a file's name alone."""
    if not isinstance(valores, dict):
        return []
    try:
        modelo = apps.get_model(objeto_tipo) if objeto_tipo else None
    except (LookupError, ValueError):
        modelo = None
    filas = []
    for clave, valor in valores.items():
        campo = _campo(modelo, clave)
        if campo is not None and getattr(campo, "verbose_name", None):
            nombre = str(campo.verbose_name)
        else:
            nombre = _palabras(clave.removesuffix("_id") + (" (id)" if clave.endswith("_id") else ""))
        if campo is not None and getattr(campo, "choices", None) and isinstance(valor, (str, int)):
            texto = str(dict(campo.flatchoices).get(valor, _valor(valor)))
        elif campo is not None and campo.get_internal_type() in ("FileField", "ImageField") and valor:
            texto = str(valor).rsplit("/", 1)[-1]
        else:
            texto = _valor(valor)
        filas.append((nombre[:1].upper() + nombre[1:], texto))
    return filas
