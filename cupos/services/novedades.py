"""Dimar's monthly novelties (R-24): altas create vessels awaiting a cupo decision; bajas are
Dimar's report, not the cancellation: each raises an alert for UPME, whose own act cancels the cupo.

Dimar sends them through the API or as a CSV file: one row per alta or baja, read into the
service's shape by `leer_novedades`. Columns: novedad (alta|baja), matricula, nombre,
identificacion, bandera, trb, actividad, capacidad_combustible_gal, capitania, empresa_nit, fecha,
motivo. Comma or semicolon separated, UTF-8 (with or without BOM) or Latin-1, decimal point or comma.
"""

import csv
import datetime as dt
import io
from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils import timezone

from core.auditoria.audit import audit_record
from core.comun.errors import ApplicationError, DatosInvalidos
from core.identidad.access import require_role
from core.models import Alerta
from core.vencimientos.alertas import alerta_raise, alerta_resolve, alertas_abiertas, alertas_resolve_por_referencia
from core.vencimientos.calendario import today
from cupos.access import ESCRITORES, REPORTAN_NOVEDADES
from cupos.errors import ErrorCupos
from cupos.models import AltaDimar, BajaDimar, Beneficiario, Cupo, NovedadDimar, TipoAlertaCupos
from cupos.plazos import referencia_baja, sujeto_baja
from cupos.selectors.novedades import cupos_por_decidir
from cupos.services.beneficiarios import beneficiario_create_unchecked


def novedades_register(*, actor, periodo: dt.date, altas: list[dict], bajas: list[dict], archivo=None) -> NovedadDimar:
    """Record Dimar's report for a month. All or nothing: one bad row refuses the whole report."""
    require_role(actor, *REPORTAN_NOVEDADES, integracion=True)  # Dimar's data, from its system too
    periodo = periodo.replace(day=1)
    if periodo > today().replace(day=1):
        raise DatosInvalidos({"periodo": "El periodo no puede ser un mes futuro."})
    errores: dict[str, list[str]] = {}
    with transaction.atomic():
        novedad = NovedadDimar.objects.create(
            periodo=periodo, fecha_recepcion=today(), registrada_por=actor, archivo=archivo
        )
        for i, datos in enumerate(altas):
            datos = dict(datos)
            if not datos.get("tipo"):
                bandera = (datos.get("bandera") or "CO").upper()
                datos["tipo"] = (
                    Beneficiario.Tipo.NAVE_NACIONAL if bandera == "CO" else Beneficiario.Tipo.NAVE_EXTRANJERA
                )
            if datos["tipo"] not in Beneficiario.TIPOS_NAVE:
                errores.setdefault(f"altas[{i}].tipo", []).append("Dimar reporta naves.")
                continue
            try:
                with transaction.atomic():
                    beneficiario = beneficiario_create_unchecked(actor=actor, **datos)
            except DatosInvalidos as exc:
                for campo, mensajes in exc.errores.items():
                    errores.setdefault(f"altas[{i}].{campo}", []).extend(mensajes)
                continue
            except ApplicationError as exc:
                errores.setdefault(f"altas[{i}].matricula", []).append(exc.detalle)
                continue
            AltaDimar.objects.create(novedad=novedad, beneficiario=beneficiario)
        registradas = []
        for i, datos in enumerate(bajas):
            matricula = str(datos.get("matricula") or "").strip().upper()
            nave = Beneficiario.objects.filter(matricula=matricula).first()
            if nave is None:
                errores.setdefault(f"bajas[{i}].matricula", []).append(
                    f"No existe una nave con matrícula «{matricula}»."
                )
                continue
            fecha, motivo = datos["fecha"], (datos.get("motivo") or "").strip() or "Baja reportada por Dimar"
            if fecha > today():
                errores.setdefault(f"bajas[{i}].fecha", []).append("La fecha es posterior a hoy.")
                continue
            registradas.append(
                BajaDimar.objects.create(
                    novedad=novedad, matricula=matricula, fecha=fecha, motivo=motivo, beneficiario=nave
                )
            )
        if errores:
            raise DatosInvalidos(errores)
        for baja in registradas:
            _alertar_baja(baja)
        audit_record(
            actor=actor,
            accion="novedades_dimar.registrar",
            obj=novedad,
            despues={"periodo": f"{periodo:%Y-%m}", "altas": len(altas), "bajas": len(bajas)},
        )
        alertas_resolve_por_referencia(
            tipo=TipoAlertaCupos.NOVEDADES_DIMAR_VENCIDAS,
            referencia=f"{periodo:%Y-%m}",
            detalle="Dimar presentó las novedades.",
        )
    return novedad


def _alertar_baja(baja: BajaDimar) -> None:
    """R-24: UPME decides on the cupo of a vessel Dimar reported as baja (the alert links to its
    cancellation). A vessel with no cupo to decide on raises nothing."""
    cupo = cupos_por_decidir(baja).order_by("-id").first()
    if cupo is not None:
        alerta_raise(tipo=TipoAlertaCupos.BAJA_DIMAR_POR_DECIDIR, sujeto=sujeto_baja(baja, cupo), fecha=today())


def bajas_decidir_por_cancelacion(*, cupo: Cupo) -> None:
    """UPME cancelled a cupo: it is the decision on the vessel's open bajas (R-24)."""
    for baja in BajaDimar.objects.filter(beneficiario_id=cupo.beneficiario_id).select_related("novedad"):
        abiertas = alertas_abiertas(TipoAlertaCupos.BAJA_DIMAR_POR_DECIDIR)
        alerta = abiertas.filter(referencia=referencia_baja(baja)).first()
        if alerta is None:
            continue
        baja.cupos_cancelados.add(cupo)
        if not cupos_por_decidir(baja).exists():
            alerta_resolve(alerta=alerta, detalle="UPME canceló el cupo.")


def altas_decidir_por_cupo(*, beneficiario_id: int) -> None:
    """A cupo granted to a vessel reported as alta is UPME's decision on it (R-24)."""
    altas_decidir_por_cupos(beneficiario_ids=[beneficiario_id])


def altas_decidir_por_cupos(*, beneficiario_ids) -> None:
    """altas_decidir_por_cupo for many beneficiaries at once (a resolution issued whole): two UPDATEs."""
    altas = AltaDimar.objects.filter(beneficiario_id__in=beneficiario_ids, decision=AltaDimar.Decision.PENDIENTE)
    if altas.update(decision=AltaDimar.Decision.CUPO_OTORGADO, decidida=today()):
        Alerta.objects.filter(
            tipo=TipoAlertaCupos.ALTA_SIN_CUPO_VENCIDA, beneficiario_id__in=beneficiario_ids, resuelta__isnull=True
        ).update(resuelta=timezone.now(), resolucion_detalle="Se otorgó el cupo.")


@transaction.atomic
def alta_negar(*, actor, alta: AltaDimar, motivo: str) -> AltaDimar:
    """UPME decides not to grant a cupo to a reported vessel, with a reason."""
    require_role(actor, *ESCRITORES)
    if not (motivo or "").strip():
        raise DatosInvalidos({"motivo": "Indique el motivo de la decisión."})
    if alta.decision != AltaDimar.Decision.PENDIENTE:
        raise ApplicationError(ErrorCupos.ALTA_DECIDIDA, "Esta alta ya tiene decisión.")
    alta.decision, alta.decidida, alta.motivo_decision = AltaDimar.Decision.NEGADA, today(), motivo.strip()
    alta.save()
    audit_record(actor=actor, accion="alta_dimar.negar", obj=alta)
    Alerta.objects.filter(
        tipo=TipoAlertaCupos.ALTA_SIN_CUPO_VENCIDA, beneficiario_id=alta.beneficiario_id, resuelta__isnull=True
    ).update(resuelta=timezone.now(), resolucion_detalle="UPME negó el cupo.")
    return alta


# --- The CSV file -------------------------------------------------------------------------------

COLUMNAS = [
    "novedad",
    "matricula",
    "nombre",
    "identificacion",
    "bandera",
    "trb",
    "actividad",
    "capacidad_combustible_gal",
    "capitania",
    "empresa_nit",
    "permiso_vigente_hasta",
    "fecha",
    "motivo",
]
MAX_BYTES = 5 * 1024 * 1024


class ArchivoInvalido(Exception):
    def __init__(self, errores: dict[str, list[str]]):
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in errores.items()))
        self.errores = errores


def _texto(contenido: bytes) -> str:
    for codificacion in ("utf-8-sig", "cp1252"):
        try:
            return contenido.decode(codificacion)
        except UnicodeDecodeError:
            continue
    raise ArchivoInvalido({"archivo": ["El archivo no está en UTF-8 ni en Latin-1. Guárdelo como CSV UTF-8."]})


def _numero(valor: str) -> Decimal:
    valor = valor.strip().replace(" ", "")
    if "," in valor and "." in valor:
        valor = (
            valor.replace(".", "").replace(",", ".") if valor.rfind(",") > valor.rfind(".") else valor.replace(",", "")
        )
    else:
        valor = valor.replace(",", ".")
    return Decimal(valor)


def leer_novedades(archivo) -> tuple[list[dict], list[dict]]:
    """Parse the uploaded file into (altas, bajas); raise ArchivoInvalido with errors by row."""
    if archivo.size > MAX_BYTES:
        raise ArchivoInvalido({"archivo": ["El archivo supera 5 MB."]})
    texto = _texto(archivo.read())
    if not texto.strip():
        raise ArchivoInvalido({"archivo": ["El archivo está vacío."]})
    primera = texto.splitlines()[0]
    lector = csv.DictReader(io.StringIO(texto), delimiter=";" if primera.count(";") > primera.count(",") else ",")
    encabezado = [c.strip().lower() for c in (lector.fieldnames or [])]
    faltan = [c for c in ("novedad", "matricula") if c not in encabezado]
    if faltan:
        raise ArchivoInvalido(
            {"archivo": [f"Faltan las columnas: {', '.join(faltan)}. Columnas esperadas: {', '.join(COLUMNAS)}."]}
        )
    altas, bajas, errores = [], [], {}
    for n, fila in enumerate(lector, start=2):
        fila = {(k or "").strip().lower(): (v or "").strip() for k, v in fila.items()}
        tipo = fila.get("novedad", "").lower()
        try:
            if tipo == "alta":
                altas.append(
                    {
                        k: v
                        for k, v in {
                            "matricula": fila.get("matricula"),
                            "nombre": fila.get("nombre"),
                            "identificacion": fila.get("identificacion"),
                            "bandera": fila.get("bandera") or "CO",
                            "trb": _numero(fila["trb"]) if fila.get("trb") else None,
                            "actividad": fila.get("actividad"),
                            "capacidad_combustible_gal": _numero(fila["capacidad_combustible_gal"])
                            if fila.get("capacidad_combustible_gal")
                            else None,
                            "capitania": fila.get("capitania"),
                            "empresa_nit": fila.get("empresa_nit"),
                            "permiso_vigente_hasta": dt.date.fromisoformat(fila["permiso_vigente_hasta"])
                            if fila.get("permiso_vigente_hasta")
                            else None,
                        }.items()
                        if v not in (None, "")
                    }
                )
            elif tipo == "baja":
                bajas.append(
                    {
                        "matricula": fila.get("matricula"),
                        "fecha": dt.date.fromisoformat(fila.get("fecha", "")),
                        "motivo": fila.get("motivo", ""),
                    }
                )
            else:
                errores.setdefault(f"fila {n}", []).append("La columna novedad debe ser «alta» o «baja».")
        except (InvalidOperation, ValueError):
            errores.setdefault(f"fila {n}", []).append("Número o fecha inválidos (fechas AAAA-MM-DD).")
    if errores:
        raise ArchivoInvalido(errores)
    if not altas and not bajas:
        raise ArchivoInvalido({"archivo": ["El archivo no tiene filas de novedades."]})
    return altas, bajas
