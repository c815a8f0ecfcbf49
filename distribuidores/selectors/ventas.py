"""Reads of sales: the check before a sale (R-16, R-18, R-19) and the sales a user may see."""

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, Exists, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce

from core.comun.fechas import fecha_larga
from core.models import Distribuidor
from core.vencimientos.calendario import last_day_of_month, today
from cupos.access import clientela
from cupos.errors import ErrorCupos
from cupos.models import Beneficiario
from cupos.selectors import cupos as cupo_selectors
from cupos.selectors import saldos
from cupos.selectors.condiciones import convenio_vigente, tiene_convenio
from distribuidores.access import ventas_visibles
from distribuidores.errors import ErrorDistribuidores
from distribuidores.models import DocumentoVenta, Venta
from distribuidores.selectors.conciliacion.fuentes import primer_dia
from distribuidores.selectors.conciliacion.tipos import gal
from zarpes.access import certificado_presentado
from zarpes.models import Certificado, Inspeccion

E = ErrorDistribuidores

# --- Who may sell, and how much a certificate still allows (R-17) ---


def motivo_no_habilitado(distribuidor, fecha: dt.date) -> str:
    """Why this distribuidor may not register an exempt sale on `fecha` (R-18), in Spanish; "" if it may."""
    if distribuidor.habilitado_en(fecha):
        return ""
    quien = f"{distribuidor.razon_social} (NIT {distribuidor.nit})"
    if not distribuidor.activo:
        return f"{quien} está inactivo: no puede registrar ventas exentas."
    if distribuidor.tipo == distribuidor.Tipo.ESTACION_MARITIMA:
        if not distribuidor.habilitacion_numero:
            return f"{quien} no tiene registrada su habilitación como estación de servicio marítimo."
        return (
            f"La habilitación {distribuidor.habilitacion_numero} de {quien} va del "
            f"{fecha_larga(distribuidor.habilitacion_fecha)} al "
            f"{fecha_larga(distribuidor.habilitacion_vigente_hasta)}: "
            f"no cubre el {fecha_larga(fecha)}."
        )
    return (
        f"{quien} es un {distribuidor.get_tipo_display().lower()}: solo los distribuidores mayoristas y las "
        "estaciones de servicio marítimo habilitadas entregan combustible exento (R-18)."
    )


def galones_tomables(cert: Certificado) -> tuple[Decimal, Decimal | None]:
    """R-17: what a sale may take on this certificate: the inspector's verified gallons once the
    inspection is recorded, the authorized gallons before it. → (maximum, verified or None)."""
    verificados = (
        Inspeccion.objects.filter(zarpe_id=cert.zarpe_id).values_list("galones_verificados", flat=True).first()
    )
    if verificados is None:
        return cert.galones_autorizados, None
    return min(verificados, cert.galones_autorizados), verificados


# --- The check before a sale ---


@dataclass
class Verificacion:
    """Whether an exempt sale is allowed right now, and for how many gallons at most."""

    permitido: bool
    codigo: str  # "permitido", or the code venta_register would refuse with
    mensaje: str
    beneficiario: Beneficiario | None = None
    certificado: Certificado | None = None
    galones_maximos: Decimal | None = None
    galones_verificados: Decimal | None = None  # R-17, when the inspector already reported
    designado: bool | None = None  # acuicultora/Armada: is this the designated wholesaler?
    saldo: saldos.Saldo | None = None
    certificados_vigentes: list[Certificado] = field(default_factory=list)

    @property
    def matricula(self) -> str:
        return (self.beneficiario.matricula or "") if self.beneficiario else ""


def venta_verificar(
    *,
    distribuidor: Distribuidor,
    certificado: str = "",
    codigo: str = "",
    beneficiario_id: int | None = None,
    fecha: dt.date | None = None,
) -> Verificacion:
    """What a wholesaler checks before selling: by certificate number (a vessel) or by beneficiary
    (an acuicultora or the Armada: designated wholesaler and balance). The same rules as
    distribuidores.services.ventas.venta_register, without writing anything."""
    fecha = fecha or today()
    motivo = motivo_no_habilitado(distribuidor, fecha)
    if motivo:
        return Verificacion(False, E.DISTRIBUIDOR_NO_HABILITADO, motivo)
    numero = (certificado or "").strip().upper()
    if numero:
        return _por_certificado(numero, codigo, fecha)
    # By id, only its clientela (API.md "Conventions"): any other id is as if it did not exist.
    suyos = clientela(distribuidor.id, Beneficiario.objects.select_related("distribuidor"))
    beneficiario = suyos.filter(pk=beneficiario_id).first() if beneficiario_id else None
    if beneficiario is None:
        return Verificacion(False, E.SIN_DATOS, "Escriba el número de un certificado o elija un beneficiario.")
    if beneficiario.es_nave:
        vigentes = list(
            Certificado.objects.filter(nave=beneficiario, estado=Certificado.Estado.VIGENTE)
            .exclude(Exists(Venta.objects.filter(certificado=OuterRef("pk"))))
            .order_by("-fecha_expedicion", "-id")[:5]
        )
        return Verificacion(
            False,
            E.NAVE_REQUIERE_CERTIFICADO,
            "Una nave compra combustible exento solo con su certificado de cupo de exención: escriba el número "
            "del certificado que presenta el capitán.",
            beneficiario=beneficiario,
            certificados_vigentes=vigentes,
        )
    return _por_saldo(beneficiario, distribuidor, fecha)


def motivo_no_presentado(numero: str, codigo: str | None) -> str:
    """Why a certificate is not taken without its verification code (the check and venta_register)."""
    falta = "Falta" if not (codigo or "").strip() else "No coincide"
    return (
        f"{falta} el código de verificación del certificado {numero}: escriba el que está impreso bajo su "
        "código QR, o escanee el QR. Sin el certificado en la mano no se consulta ni se redime."
    )


def _por_certificado(numero: str, codigo: str, fecha: dt.date) -> Verificacion:
    cert = Certificado.objects.select_related("nave", "capitania").filter(numero=numero).first()
    if cert is None:
        return Verificacion(False, E.CERTIFICADO_INEXISTENTE, f"No existe el certificado {numero}.")
    if not certificado_presentado(cert, codigo):
        # Nothing of the certificate without the paper in hand (API.md "Wholesalers").
        return Verificacion(False, E.CERTIFICADO_NO_PRESENTADO, motivo_no_presentado(numero, codigo))
    nave = cert.nave
    maximo, verificados = galones_tomables(cert)
    comun = {"beneficiario": nave, "certificado": cert, "galones_verificados": verificados}
    if cert.estado == Certificado.Estado.REDIMIDO or Venta.objects.filter(certificado=cert).exists():
        return Verificacion(
            False, E.CERTIFICADO_REDIMIDO, f"El certificado {numero} ya fue redimido: no admite otra venta.", **comun
        )
    if cert.estado == Certificado.Estado.ANULADO:
        return Verificacion(False, E.CERTIFICADO_ANULADO, f"El certificado {numero} está anulado.", **comun)
    if fecha < cert.fecha_expedicion:
        return Verificacion(
            False,
            E.CERTIFICADO_POSTERIOR,
            f"El certificado {numero} se expidió el {fecha_larga(cert.fecha_expedicion)}, "
            "después de la fecha de la venta.",
            **comun,
        )
    if cupo_selectors.cupo_vigente(beneficiario_id=nave.id, fecha=fecha) is None:
        return Verificacion(
            False, "sin_cupo_vigente", f"La nave {nave} no tiene un cupo vigente el {fecha_larga(fecha)}.", **comun
        )
    if maximo <= 0:
        return Verificacion(
            False,
            E.EXCEDE_CERTIFICADO,
            f"El inspector de contaminación verificó 0 galones tomados con el certificado {numero}: no admite "
            "una venta exenta (R-17).",
            galones_maximos=maximo,
            **comun,
        )
    por_inspector = (
        f" (lo que verificó el inspector de contaminación; el certificado autoriza {gal(cert.galones_autorizados)})"
        if verificados is not None
        else ""
    )
    return Verificacion(
        True,
        "permitido",
        f"Venta exenta permitida a la nave {nave.nombre} (matrícula {nave.matricula}) por hasta "
        f"{gal(maximo)} galones{por_inspector}, una sola vez.",
        galones_maximos=maximo,
        **comun,
    )


def _por_saldo(beneficiario: Beneficiario, distribuidor: Distribuidor, fecha: dt.date) -> Verificacion:
    designado = beneficiario.distribuidor_id == distribuidor.id or (
        beneficiario.tipo == Beneficiario.Tipo.ARMADA
        and tiene_convenio(beneficiario_id=beneficiario.id, distribuidor_id=distribuidor.id)
    )
    comun = {"beneficiario": beneficiario, "designado": designado}
    cupo = cupo_selectors.cupo_vigente(beneficiario_id=beneficiario.id, fecha=fecha)
    saldo = None
    if cupo is not None:
        # The balance venta_register authorizes against: every movement of the window.
        saldo = saldos.cupo_saldo(cupo=cupo, fecha=fecha, toda_la_ventana=True)
    if not designado:
        return Verificacion(
            False,
            E.DISTRIBUIDOR_NO_AUTORIZADO,
            f"{beneficiario.nombre} compra solo a su distribuidor designado ({beneficiario.distribuidor}).",
            saldo=saldo,
            **comun,
        )
    if beneficiario.tipo == Beneficiario.Tipo.ARMADA and convenio_vigente(
        beneficiario_id=beneficiario.id, distribuidor_id=distribuidor.id, fecha=fecha
    ) is None:
        return Verificacion(
            False,
            ErrorCupos.SIN_CONVENIO,
            f"{beneficiario.nombre} no tiene un convenio vigente con {distribuidor.razon_social} el "
            f"{fecha_larga(fecha)} (R-27).",
            saldo=saldo,
            **comun,
        )
    permiso = beneficiario.permiso_cultivo_vigente_hasta
    if beneficiario.tipo == Beneficiario.Tipo.ACUICULTORA and permiso is not None and permiso < fecha:
        return Verificacion(
            False,
            E.PERMISO_CULTIVO_VENCIDO,
            f"El permiso de cultivo de {beneficiario.nombre} venció el {fecha_larga(permiso)} (R-27).",
            saldo=saldo,
            **comun,
        )
    if saldo is None:
        return Verificacion(
            False,
            "sin_cupo_vigente",
            f"{beneficiario.nombre} no tiene un cupo vigente el {fecha_larga(fecha)}.",
            **comun,
        )
    if saldo.disponible <= 0:
        return Verificacion(
            False,
            E.EXCEDE_CUPO,
            f"{beneficiario.nombre} no tiene saldo disponible en su ventana "
            f"({fecha_larga(saldo.ventana.inicio)} a {fecha_larga(saldo.ventana.fin)}).",
            saldo=saldo,
            galones_maximos=saldo.disponible,
            **comun,
        )
    return Verificacion(
        True,
        "permitido",
        f"Venta exenta permitida a {beneficiario.nombre} por hasta {gal(saldo.disponible)} galones "
        f"(saldo disponible de la ventana al {fecha_larga(fecha)}).",
        saldo=saldo,
        galones_maximos=saldo.disponible,
        **comun,
    )


def beneficiario_buscar(*, distribuidor: Distribuidor, q: str, limite: int = 10) -> list[Beneficiario]:
    """The beneficiary picker of the check screen. A wholesaler never browses beneficiaries (API.md
    "Conventions"): by name or part of a number it finds its clientela (served, or designating it);
    any other beneficiary only by its exact matrícula or identification, marked `alcanzable=False`
    (the page says how to sell to it instead of linking to it)."""
    q = (q or "").strip()
    if len(q) < 2:
        return []
    propios = clientela(distribuidor.id).filter(
        Q(nombre__icontains=q) | Q(identificacion__icontains=q) | Q(matricula__icontains=q)
    )
    encontrados = list(propios.order_by("nombre", "id")[:limite])
    vistos = {b.id for b in encontrados}
    for b in encontrados:
        b.alcanzable = True
    exactos = Beneficiario.objects.filter(Q(identificacion=q) | Q(matricula=q.upper())).exclude(pk__in=vistos)
    for b in exactos.order_by("nombre", "id")[:limite]:
        b.alcanzable = False
        encontrados.append(b)
    return encontrados[:limite]


# --- Sales ---


def venta_list(
    *, user, periodo: dt.date | None = None, beneficiario_id: int | None = None, distribuidor_id: int | None = None
) -> QuerySet[Venta]:
    """The sales the user may see, newest first, each with how many documents are complete."""
    qs = ventas_visibles(user).select_related("distribuidor", "beneficiario", "certificado")
    if periodo:
        inicio = primer_dia(periodo)
        qs = qs.filter(fecha__gte=inicio, fecha__lte=last_day_of_month(inicio.year, inicio.month))
    if beneficiario_id:
        qs = qs.filter(beneficiario_id=beneficiario_id)
    if distribuidor_id:
        qs = qs.filter(distribuidor_id=distribuidor_id)
    # A correlated count per row of the page (not a GROUP BY over every sale before the LIMIT).
    completos = (
        DocumentoVenta.objects.filter(venta=OuterRef("pk"))
        .filter(Q(conservado=True) | (Q(archivo__isnull=False) & ~Q(archivo="")))
        .order_by()
        .values("venta")
        .annotate(n=Count("id"))
        .values("n")
    )
    return qs.annotate(documentos_completos=Coalesce(Subquery(completos), 0)).order_by("-fecha", "-id")


def beneficiarios_con_ventas(*, user) -> list[tuple[int, str]]:
    """The beneficiaries of the sales the user sees, as (id, "name (matrícula)") choices of the sales
    filter: plain tuples, since a national list holds 10,000 of them."""
    filas = (
        Beneficiario.objects.filter(Exists(ventas_visibles(user).filter(beneficiario_id=OuterRef("pk"))))
        .order_by("nombre")
        .values_list("id", "nombre", "matricula")
    )
    return [(i, f"{nombre} ({matricula})" if matricula else nombre) for i, nombre, matricula in filas]


def venta_recientes(*, user) -> QuerySet[Venta]:
    """The sales the user may see, newest first (the API's list)."""
    return (
        ventas_visibles(user).select_related("distribuidor", "certificado").prefetch_related("documentos")
        .order_by("-fecha", "-id")
    )
