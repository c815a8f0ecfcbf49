"""Who signs an act: an office's seal or a person with a position, and the delegation they sign under."""

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Oficina:
    """An issuing office's signing identity. `clave` names its key in the settings
    (`FIRMA_CLAVE_<CLAVE>`); `nombre`, `cargo` and `entidad` are what a demo certificate says (a real
    certificate says its own, and the verification reads them from it)."""

    clave: str
    nombre: str
    cargo: str
    entidad: str
    sello: bool = True  # an organizational seal (no person), e.g. a Capitanía at the counter
    delegacion: str = ""  # «por delegación conferida mediante …» when a person signs under one

    def __post_init__(self):
        if not re.fullmatch(r"[a-z0-9_]{2,60}", self.clave):
            raise ValueError(f"Clave de oficina inválida: {self.clave!r}")


UPME = Oficina(
    clave="upme",
    nombre="Unidad de Planeación Minero Energética",
    cargo="Sello electrónico de la UPME",
    entidad="Unidad de Planeación Minero Energética (UPME)",
)
MINMINAS = Oficina(
    clave="minminas",
    nombre="Dirección de Hidrocarburos",
    cargo="Sello electrónico de la Dirección de Hidrocarburos",
    entidad="Ministerio de Minas y Energía",
)
DIMAR = "Dirección General Marítima (Dimar)"


def capitania(codigo: str, nombre: str) -> Oficina:
    """A Capitanía's organizational seal: certificates are issued at the counter all day, so the
    Capitanía, not the officer on duty, is the signer."""
    return Oficina(
        clave=f"capitania_{re.sub(r'[^a-z0-9]', '', codigo.lower())}",
        nombre=nombre,
        cargo="Sello electrónico de la capitanía",
        entidad=DIMAR,
    )


def dimar_director_general(nombre: str = "Director General Marítimo") -> Oficina:
    return Oficina(
        clave="dimar_director_general", nombre=nombre, cargo="Director General Marítimo", entidad=DIMAR, sello=False
    )


def dimar_secretario_general(*, nombre: str = "Secretario General", delegacion: str) -> Oficina:
    """Seed 004 art. 16: the Secretary General signs only under an express delegation, named here."""
    if not delegacion.strip():
        raise ValueError("El Secretario General solo firma por delegación expresa (art. 16).")
    return Oficina(
        clave="dimar_secretario_general",
        nombre=nombre,
        cargo="Secretario General",
        entidad=DIMAR,
        sello=False,
        delegacion=delegacion.strip(),
    )
