"""R-22 checks on each sale and report row, and on each certificate's uses (R-16, R-19)."""

from collections import defaultdict

from django.db.models import Count, Exists, F, Max, Min, OuterRef, Q, Subquery

from core.comun.fechas import fecha_larga
from core.comun.galones import CERO
from distribuidores.errors import DiscrepanciaConciliacion as D
from distribuidores.models import Venta
from distribuidores.selectors.conciliacion.fuentes import (
    NAVES,
    campos_base,
    certificado_invalido,
    con_cupo_vigente,
    filas_vigentes,
    numero_normalizado,
)
from distribuidores.selectors.conciliacion.tipos import Hallazgo, gal
from zarpes.models import Certificado

# --- Sales and report rows that break a rule on their own ---


def hallazgos_ventas(ventas) -> list[Hallazgo]:
    """R-16/R-19 on each registered sale: certificate valid and enough, cupo in force that day."""
    sin_certificado_valido = (
        Q(certificado__isnull=True)
        | Q(certificado__estado=Certificado.Estado.ANULADO)
        | ~Q(certificado__nave_id=F("beneficiario_id"))
        | Q(fecha__lt=F("certificado__fecha_expedicion"))
    )
    marcadas = (
        ventas.annotate(con_cupo=con_cupo_vigente())
        .filter(
            Q(con_cupo=False)
            | Q(beneficiario__tipo__in=NAVES)
            & (sin_certificado_valido | Q(galones__gt=F("certificado__galones_autorizados")))
        )
        .select_related("distribuidor", "beneficiario", "certificado")
        .order_by("fecha", "id")
    )
    hallazgos = []
    for v in marcadas:
        base = campos_base(
            v.distribuidor, v.beneficiario, fuente="venta", fecha=v.fecha, galones=v.galones, venta_id=v.id
        )
        cert = v.certificado
        texto = f"Venta registrada el {fecha_larga(v.fecha)} por {gal(v.galones)} gal"
        if not v.con_cupo:
            hallazgos.append(Hallazgo(
                codigo=D.VENTA_SIN_CUPO_VIGENTE, certificado=cert.numero if cert else "",
                detalle=f"{texto}: {v.beneficiario.nombre} no tenía un cupo vigente ese día.", **base,
            ))
        if not v.beneficiario.es_nave:
            continue
        motivo = certificado_invalido(
            numero=cert.numero if cert else "", existe=cert is not None, nave_id=cert.nave_id if cert else None,
            estado=cert.estado if cert else None, expedicion=cert.fecha_expedicion if cert else None,
            beneficiario_id=v.beneficiario_id, fecha=v.fecha,
        )
        if motivo:
            hallazgos.append(Hallazgo(
                codigo=D.VENTA_SIN_CERTIFICADO_VALIDO, certificado=cert.numero if cert else "",
                detalle=f"{texto}: {motivo}", **base,
            ))
        elif v.galones > cert.galones_autorizados:
            hallazgos.append(Hallazgo(
                codigo=D.VENTA_EXCEDE_CERTIFICADO, certificado=cert.numero, referencia=cert.galones_autorizados,
                detalle=(
                    f"{texto}, por encima de los {gal(cert.galones_autorizados)} gal del certificado {cert.numero}."
                ),
                **base,
            ))
    return hallazgos


def hallazgos_filas(filas) -> list[Hallazgo]:
    """The same rules on each row a wholesaler reported: its certificate looked up by number."""
    cert = Certificado.objects.filter(numero=OuterRef("numero"))
    anotadas = filas.annotate(
        numero=numero_normalizado(),
        cert_nave=Subquery(cert.values("nave_id")[:1]),
        cert_estado=Subquery(cert.values("estado")[:1]),
        cert_galones=Subquery(cert.values("galones_autorizados")[:1]),
        cert_fecha=Subquery(cert.values("fecha_expedicion")[:1]),
        con_cupo=con_cupo_vigente(),
    )
    invalida = (
        Q(numero="") | Q(cert_nave__isnull=True) | ~Q(cert_nave=F("beneficiario_id"))
        | Q(cert_estado=Certificado.Estado.ANULADO) | Q(fecha__lt=F("cert_fecha")) | Q(galones__gt=F("cert_galones"))
    )
    marcadas = (
        anotadas.filter(Q(con_cupo=False) | Q(beneficiario__tipo__in=NAVES) & invalida)
        .select_related("reporte__distribuidor", "beneficiario")
        .order_by("reporte__distribuidor__razon_social", "fila")
    )
    hallazgos = []
    for f in marcadas:
        base = campos_base(f.reporte.distribuidor, f.beneficiario, fuente="reporte", fecha=f.fecha, galones=f.galones,
                     reporte_id=f.reporte_id, fila=f.fila)
        texto = f"Fila {f.fila} del reporte: venta del {fecha_larga(f.fecha)} por {gal(f.galones)} gal"
        if not f.con_cupo:
            hallazgos.append(Hallazgo(
                codigo=D.VENTA_SIN_CUPO_VIGENTE, certificado=f.numero,
                detalle=f"{texto}: {f.beneficiario.nombre} no tenía un cupo vigente ese día.", **base,
            ))
        if f.beneficiario.tipo not in NAVES:
            continue
        motivo = certificado_invalido(
            numero=f.numero, existe=f.cert_nave is not None, nave_id=f.cert_nave, estado=f.cert_estado,
            expedicion=f.cert_fecha, beneficiario_id=f.beneficiario_id, fecha=f.fecha,
        )
        if motivo:
            hallazgos.append(Hallazgo(
                codigo=D.VENTA_SIN_CERTIFICADO_VALIDO, certificado=f.numero, detalle=f"{texto}: {motivo}", **base,
            ))
        elif f.galones > f.cert_galones:
            hallazgos.append(Hallazgo(
                codigo=D.VENTA_EXCEDE_CERTIFICADO, certificado=f.numero, referencia=f.cert_galones,
                detalle=f"{texto}, por encima de los {gal(f.cert_galones)} gal del certificado {f.numero}.", **base,
            ))
    return hallazgos


# --- Certificates used more than once ---


def hallazgos_uso_doble(ventas, filas, distribuidor_id: int | None) -> list[Hallazgo]:
    """R-16: a certificate is redeemed once. Its uses are the report rows that name it (any period,
    any wholesaler) and its registered sale; a row of the wholesaler that registered the sale is
    that same sale reported, not a second use.

    Grouped in the database by certificate number for the numbers used this month: a number is
    flagged when two rows name it, or one row of a wholesaler other than the one that registered it.
    A number no certificate has is already venta_sin_certificado_valido, not listed again here.
    """
    numeros_filas = filas.exclude(certificado_numero="").annotate(n=numero_normalizado()).values("n")
    usados = Q(numero__in=Subquery(numeros_filas)) | Q(
        numero__in=Subquery(ventas.filter(certificado__isnull=False).values("certificado__numero"))
    )
    venta_de = Venta.objects.filter(certificado__numero=OuterRef("numero")).values("distribuidor_id")[:1]
    grupos = (
        filas_vigentes().exclude(certificado_numero="").annotate(numero=numero_normalizado())
        .filter(usados, Exists(Certificado.objects.filter(numero=OuterRef("numero"))))
        .values("numero")
        .annotate(
            n_filas=Count("id"), dmin=Min("reporte__distribuidor_id"), dmax=Max("reporte__distribuidor_id"),
            venta_distribuidor=Subquery(venta_de),
        )
        .filter(Q(n_filas__gt=1) | Q(venta_distribuidor__isnull=False) & ~Q(venta_distribuidor=F("dmin")))
        .order_by("numero")
    )
    marcados = {g["numero"]: g for g in grupos}
    # Issue 14: the two lookups run even when nothing is flagged ("~" is no certificate number), so the
    # page makes the same queries whatever the month holds.
    buscados = list(marcados) or ["~"]
    usos = defaultdict(list)
    for fila in (
        filas_vigentes().annotate(numero=numero_normalizado()).filter(numero__in=buscados)
        .select_related("reporte__distribuidor").order_by("reporte__periodo", "reporte__distribuidor_id", "fila")
    ):
        usos[fila.numero].append(fila)
    certificados = {
        c.numero: c
        for c in Certificado.objects.filter(numero__in=buscados).select_related("nave", "venta__distribuidor")
    }
    hallazgos = []
    for numero in marcados:
        cert = certificados.get(numero)
        venta = getattr(cert, "venta", None) if cert else None
        partes = []
        for fila in usos[numero]:
            quien = fila.reporte.distribuidor.razon_social
            if distribuidor_id and fila.reporte.distribuidor_id != distribuidor_id:
                quien = "otro distribuidor"
            partes.append(
                f"fila {fila.fila} del reporte de {fila.reporte.periodo:%Y-%m} de {quien} ({gal(fila.galones)} gal)"
            )
        if venta is not None:
            quien = venta.distribuidor.razon_social
            if distribuidor_id and venta.distribuidor_id != distribuidor_id:
                quien = "otro distribuidor"
            partes.append(f"venta registrada el {fecha_larga(venta.fecha)} por {quien} ({gal(venta.galones)} gal)")
        propio = _uso_propio(usos[numero], venta, distribuidor_id)
        hallazgos.append(Hallazgo(
            codigo=D.CERTIFICADO_USADO_DOS_VECES, fuente="certificado", certificado=numero,
            detalle=f"El certificado {numero} aparece {len(partes)} veces: " + "; ".join(partes) + ".",
            galones=sum((f.galones for f in usos[numero]), CERO) + (venta.galones if venta else CERO),
            referencia=cert.galones_autorizados if cert else None,
            fecha=venta.fecha if venta else (usos[numero][0].fecha if usos[numero] else None),
            **campos_base(propio, cert.nave if cert else None),
        ))
    return hallazgos


def _uso_propio(filas, venta, distribuidor_id):
    """The wholesaler a double use is listed under: the scoped one, else who registered the sale."""
    candidatos = ([venta.distribuidor] if venta else []) + [f.reporte.distribuidor for f in filas]
    if distribuidor_id:
        return next((d for d in candidatos if d.id == distribuidor_id), None)
    return candidatos[0] if candidatos else None
