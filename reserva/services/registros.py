"""Dimar's registries of the cargo reservation: routes, agencies, ships (C-03), national
shipowners per route, conferences and importers/exporters."""

import datetime as dt

from django.db import transaction

from core.auditoria.audit import audit_record, crear_auditado
from core.comun.fechas import fecha_larga
from core.identidad.access import require_role
from reserva import access
from reserva.models import (
    Agencia,
    Clase,
    Conferencia,
    Nave,
    NavieraNacional,
    Operacion,
    PorcentajeReserva,
    Ruta,
    UsuarioCarga,
)
from reserva.paises import pais_valido
from reserva.validacion import Errores, nit, texto


@transaction.atomic
def ruta_create(*, actor, codigo: str, nombre: str, operacion: str) -> Ruta:
    require_role(actor, *access.DIMAR)
    errores = Errores()
    codigo = texto(errores, "codigo", codigo, largo=20).upper()
    nombre = texto(errores, "nombre", nombre, largo=200)
    if codigo and Ruta.objects.filter(codigo=codigo).exists():
        errores["codigo"] = f"Ya existe la ruta «{codigo}»."
    errores.revisar()
    return crear_auditado(
        Ruta, actor=actor, accion="reserva.ruta.crear", codigo=codigo, nombre=nombre, operacion=operacion
    )


@transaction.atomic
def agencia_create(*, actor, nit: str, razon_social: str) -> Agencia:
    require_role(actor, *access.DIMAR)
    errores = Errores()
    nit_ = _nit(errores, "nit", nit)
    razon_social = texto(errores, "razon_social", razon_social, largo=200)
    if nit_ and Agencia.objects.filter(nit=nit_).exists():
        errores["nit"] = f"Ya existe una agencia marítima con NIT {nit_}."
    errores.revisar()
    return crear_auditado(Agencia, actor=actor, accion="reserva.agencia.crear", nit=nit_, razon_social=razon_social)


@transaction.atomic
def nave_create(
    *,
    actor,
    nombre: str,
    imo: str,
    bandera: str,
    asimilada: bool,
    vigente_desde: dt.date,
    vigente_hasta: dt.date | None = None,
) -> Nave:
    """C-03: a ship with its flag and assimilation, valid from a date (until another, if given)."""
    require_role(actor, *access.DIMAR)
    errores = Errores()
    nombre = texto(errores, "nombre", nombre, largo=120)
    imo = texto(errores, "imo", imo, largo=20).upper().removeprefix("IMO").strip()
    if imo and not (len(imo) == 7 and imo.isascii() and imo.isdecimal()):
        errores["imo"] = "El número IMO tiene 7 dígitos (p. ej. 9123456)."
    bandera = texto(errores, "bandera", bandera, largo=2).upper()
    if bandera and not (len(bandera) == 2 and bandera.isascii() and bandera.isalpha()):
        errores["bandera"] = "Use el código ISO de dos letras del país de la bandera (CO para Colombia)."
    if vigente_hasta is not None and vigente_hasta < vigente_desde:
        errores["vigente_hasta"] = "La vigencia no puede terminar antes de empezar."
    if "imo" not in errores and Nave.objects.filter(imo=imo, vigente_desde=vigente_desde).exists():
        errores["imo"] = f"La nave IMO {imo} ya está registrada con vigencia desde {fecha_larga(vigente_desde)}."
    errores.revisar()
    return crear_auditado(
        Nave,
        actor=actor,
        accion="reserva.nave.crear",
        nombre=nombre,
        imo=imo,
        bandera=bandera,
        asimilada=bool(asimilada),
        vigente_desde=vigente_desde,
        vigente_hasta=vigente_hasta,
    )


@transaction.atomic
def naviera_create(*, actor, nit: str, razon_social: str, rutas: list[str]) -> NavieraNacional:
    require_role(actor, *access.DIMAR)
    errores = Errores()
    nit_ = _nit(errores, "nit", nit)
    razon_social = texto(errores, "razon_social", razon_social, largo=200)
    codigos = {str(c).strip().upper() for c in rutas or []}
    encontradas = list(Ruta.objects.filter(codigo__in=codigos))
    if len(encontradas) != len(codigos):
        faltan = sorted(codigos - {r.codigo for r in encontradas})
        errores["rutas"] = f"No existen las rutas {', '.join(faltan)}."
    if nit_ and NavieraNacional.objects.filter(nit=nit_).exists():
        errores["nit"] = f"Ya existe una naviera nacional con NIT {nit_}."
    errores.revisar()
    naviera = NavieraNacional.objects.create(nit=nit_, razon_social=razon_social)
    naviera.rutas.set(encontradas)
    audit_record(
        actor=actor,
        accion="reserva.naviera.crear",
        obj=naviera,
        despues={"nit": nit_, "razon_social": razon_social, "rutas": sorted(codigos)},
    )
    return naviera


@transaction.atomic
def porcentaje_pais_register(
    *,
    actor,
    pais: str,
    operacion: str,
    clase: str,
    porcentaje,
    vigente_desde: dt.date,
    acto: str,
    vigente_hasta: dt.date | None = None,
) -> PorcentajeReserva:
    """C-01 (art. 10): a reciprocity share for the goods whose origin (imports) or destination (exports)
    is one country, dated and with the act that fixes it; in force, it replaces the general share."""
    require_role(actor, *access.DIMAR)
    errores = Errores()
    pais = str(pais or "").strip().upper()
    if not pais_valido(pais):
        errores["pais"] = f"«{pais[:10]}» no es un código de país ISO 3166 de dos letras (p. ej. US, CN)."
    elif pais == "CO":
        errores["pais"] = "La reciprocidad es con otro país: Colombia no es origen ni destino extranjero."
    if operacion not in Operacion.values:
        errores["operacion"] = f"Use una de: {', '.join(Operacion.values)}."
    if clase not in Clase.values:
        errores["clase"] = f"Use una de: {', '.join(Clase.values)}."
    acto = texto(errores, "acto", acto, largo=300)
    if vigente_hasta is not None and vigente_hasta < vigente_desde:
        errores["vigente_hasta"] = "La vigencia no puede terminar antes de empezar."
    if (
        "pais" not in errores
        and PorcentajeReserva.objects.filter(
            pais=pais, operacion=operacion, clase=clase, vigente_desde=vigente_desde
        ).exists()
    ):
        errores["vigente_desde"] = f"Ya hay un porcentaje para {pais} en esa operación y clase desde esa fecha."
    errores.revisar()
    return crear_auditado(
        PorcentajeReserva,
        actor=actor,
        accion="reserva.porcentaje_pais.registrar",
        pais=pais,
        operacion=operacion,
        clase=clase,
        porcentaje=porcentaje,
        vigente_desde=vigente_desde,
        vigente_hasta=vigente_hasta,
        base_legal=acto,
    )


def agencia_registrar(*, nit: str) -> Agencia:
    """An agent's agency, registered on its first notice (inside the caller's transaction and audit);
    Dimar completes its name in the admin."""
    agencia, _ = Agencia.objects.get_or_create(nit=nit, defaults={"razon_social": f"Agencia marítima NIT {nit}"})
    return agencia


def conferencia_registrar(*, codigo: str, nombre: str = "") -> Conferencia:
    """The conference a representative speaks for, registered on its first filing (inside the caller's
    transaction and audit)."""
    conferencia, _ = Conferencia.objects.get_or_create(codigo=codigo, defaults={"nombre": nombre or codigo})
    return conferencia


def usuario_carga_registrar(*, nit: str, razon_social: str, regimen_especial: bool = False) -> UsuarioCarga:
    """An importer or exporter as a bill of lading names it (inside the caller's transaction)."""
    usuario, creado = UsuarioCarga.objects.get_or_create(
        nit=nit, defaults={"razon_social": razon_social or nit, "regimen_especial": regimen_especial}
    )
    if not creado and regimen_especial and not usuario.regimen_especial:
        usuario.regimen_especial = True
        usuario.save(update_fields=["regimen_especial"])
    return usuario


def _nit(errores: Errores, campo: str, valor) -> str:
    return nit(errores, campo, valor)
