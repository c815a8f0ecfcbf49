"""Beneficiaries (R-01, R-02)."""

from decimal import Decimal

from django.db import transaction

from core.auditoria.audit import guardar_auditado, snapshot
from core.comun.errors import ApplicationError, DatosInvalidos
from core.identidad.access import require_role
from core.models import Capitania, Distribuidor
from cupos.access import ESCRITORES
from cupos.errors import ErrorCupos
from cupos.models import Beneficiario

CAMPOS_NAVE = ("matricula", "bandera", "trb", "actividad", "capacidad_combustible_gal", "capitania")


def beneficiario_validate(datos: dict) -> dict[str, list[str]]:
    """R-01/R-02 checks with messages an analyst can act on. Returns field → messages."""
    errores: dict[str, list[str]] = {}
    tipo = datos.get("tipo")

    def falta(campo, mensaje):
        errores.setdefault(campo, []).append(mensaje)

    if tipo not in Beneficiario.Tipo.values:
        falta("tipo", "Tipo inválido: use nave_nacional, nave_extranjera, acuicultora o armada.")
        return errores
    if tipo in Beneficiario.TIPOS_NAVE:
        for campo in CAMPOS_NAVE:
            if datos.get(campo) in (None, ""):
                falta(campo, "Este campo es obligatorio para una nave (R-02).")
        bandera = (datos.get("bandera") or "").upper()
        if tipo == Beneficiario.Tipo.NAVE_NACIONAL and bandera and bandera != "CO":
            falta("bandera", "Una nave nacional debe tener bandera CO.")
        if tipo == Beneficiario.Tipo.NAVE_EXTRANJERA:
            if bandera == "CO":
                falta("bandera", "Una nave extranjera no puede tener bandera CO.")
            if not datos.get("empresa_nit"):
                falta("empresa_nit", "Una nave extranjera debe estar afiliada a una empresa colombiana (NIT).")
            # "que desembarquen producto en puertos colombianos": foreign vessels are fishing vessels.
            if datos.get("actividad") and datos["actividad"] != Beneficiario.Actividad.PESCA:
                falta("actividad", "Una nave extranjera es beneficiaria solo como nave de pesca (R-01).")
            if not datos.get("permiso_vigente_hasta"):
                falta(
                    "permiso_vigente_hasta",
                    "Indique hasta cuándo está vigente el permiso de operación en aguas colombianas (R-01).",
                )
        trb = datos.get("trb")
        if trb not in (None, "") and Decimal(trb) < 0:
            falta("trb", "El TRB no puede ser negativo.")
        capacidad = datos.get("capacidad_combustible_gal")
        if capacidad not in (None, "") and Decimal(capacidad) <= 0:
            falta("capacidad_combustible_gal", "La capacidad máxima de combustible debe ser mayor que cero.")
        if datos.get("actividad") and datos["actividad"] not in Beneficiario.Actividad.values:
            falta("actividad", "Actividad inválida: pesca, cabotaje o remolque.")
    else:
        distribuidor = datos.get("distribuidor")
        if not distribuidor:
            falta("distribuidor_nit", "Una acuicultora o la Armada necesitan su distribuidor designado (R-18).")
        elif distribuidor.tipo != Distribuidor.Tipo.MAYORISTA:
            # D1505 art. 5 par. 2 (the Armada's convenio «en el cual el mayorista se compromete a
            # abastecer») and D1891 art. 1 num. 10 («Razón social del distribuidor mayorista que proveerá»).
            falta(
                "distribuidor_nit",
                f"El distribuidor designado de una acuicultora o de la Armada debe ser un distribuidor mayorista; "
                f"{distribuidor.razon_social} es {distribuidor.get_tipo_display().lower()} (R-18).",
            )
    if datos.get("acepta_notificacion_electronica") and not (datos.get("correo") or datos.get("celular")):
        falta(
            "acepta_notificacion_electronica",
            "Para notificarle los actos electrónicamente indique el correo o el celular al que se envía el enlace.",
        )
    return errores


def _resolver_referencias(datos: dict) -> dict:
    datos = dict(datos)
    codigo = datos.pop("capitania", None)
    if codigo:
        capitania = Capitania.objects.filter(codigo=str(codigo).strip().upper()).first()
        if capitania is None:
            raise DatosInvalidos({"capitania": f"No existe la capitanía «{codigo}»."})
        datos["capitania"] = capitania
    nit = datos.pop("distribuidor_nit", None)
    if nit:
        distribuidor = Distribuidor.objects.filter(nit=str(nit).strip()).first()
        if distribuidor is None:
            raise DatosInvalidos({"distribuidor_nit": f"No existe un distribuidor con NIT «{nit}»."})
        datos["distribuidor"] = distribuidor
    if datos.get("bandera"):
        datos["bandera"] = datos["bandera"].strip().upper()
    if datos.get("matricula"):
        datos["matricula"] = datos["matricula"].strip().upper()
    return datos


@transaction.atomic
def beneficiario_create(*, actor, **datos) -> Beneficiario:
    """Register a beneficiary of any of the four kinds (R-01) with its validations (R-02)."""
    require_role(actor, *ESCRITORES)
    return beneficiario_create_unchecked(actor=actor, **datos)


def beneficiario_create_unchecked(*, actor, **datos) -> Beneficiario:
    """The creation itself, for callers that already checked the actor (Dimar's altas, R-24)."""
    datos = _resolver_referencias(datos)
    errores = beneficiario_validate(datos)
    if datos.get("tipo") == Beneficiario.Tipo.ACUICULTORA and not datos.get("permiso_cultivo_vigente_hasta"):
        # R-27 (API.md «Registries»): the permit is kept, and checked at application, grant and every sale. Only at
        # registration: an acuicultora recorded before the field existed is still edited without it.
        errores.setdefault("permiso_cultivo_vigente_hasta", []).append(
            "Indique hasta cuándo está vigente el permiso de cultivo de la acuicultora (R-27)."
        )
    if errores:
        raise DatosInvalidos(errores)
    if datos.get("matricula") and Beneficiario.objects.filter(matricula=datos["matricula"]).exists():
        raise ApplicationError(
            ErrorCupos.MATRICULA_DUPLICADA, f"Ya existe una nave con matrícula {datos['matricula']}."
        )
    if datos["tipo"] not in Beneficiario.TIPOS_NAVE:
        for campo in CAMPOS_NAVE:
            datos.pop(campo, None)
    if datos["tipo"] != Beneficiario.Tipo.NAVE_EXTRANJERA:
        datos.pop("permiso_vigente_hasta", None)
    if datos["tipo"] != Beneficiario.Tipo.ACUICULTORA:
        datos.pop("permiso_cultivo_vigente_hasta", None)
    beneficiario = Beneficiario(**{k: v for k, v in datos.items() if v is not None})
    return guardar_auditado(beneficiario, actor=actor, accion="beneficiario.crear")


@transaction.atomic
def beneficiario_update(*, actor, beneficiario: Beneficiario, **cambios) -> Beneficiario:
    require_role(actor, *ESCRITORES)
    antes = snapshot(beneficiario)
    cambios = _resolver_referencias(cambios)
    for campo, valor in cambios.items():
        setattr(beneficiario, campo, valor)
    campos = ("tipo", *CAMPOS_NAVE, "empresa_nit", "permiso_vigente_hasta", "permiso_cultivo_vigente_hasta",
              "distribuidor", "correo", "celular", "acepta_notificacion_electronica")
    errores = beneficiario_validate({campo: getattr(beneficiario, campo) for campo in campos})
    if errores:
        raise DatosInvalidos(errores)
    return guardar_auditado(beneficiario, actor=actor, accion="beneficiario.actualizar", antes=antes)
