"""Demo: the wholesalers' side of the story cupos.demo and zarpes.demo tell (R-18 to R-22).

- every acuicultora's and the Armada's discount (`venta:<NIT>` on the ledger) is its wholesaler's sale;
- nearly every vessel's certificate was sold the day it was issued, by the wholesaler of its port,
  and is redeemed (today's certificates are still unsold: a wholesaler can check and sell them);
- each wholesaler reported every finished month with exactly those sales, so Conciliación shows
  every demo month; the demo wholesaler's (`distribuidor`) last month is not reported yet, for
  its login to upload.

History is bulk-written (thousands of rows: the services would take minutes on every `make run`);
loaded once: a second run finds the sales and does nothing.
"""

import datetime as dt
import io
import random
from collections import defaultdict

from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone

from core.comun.fechas import fecha_larga
from core.comun.galones import galones_texto
from core.identidad.roles import Rol
from core.models import Distribuidor, Usuario
from core.vencimientos.calendario import add_business_days, today
from cupos.models import Beneficiario, Movimiento
from distribuidores.models import DocumentoVenta, FilaReporte, ReporteMensual, Venta
from distribuidores.plazos import fecha_limite_periodo
from distribuidores.selectors.documentos import documentos_requeridos
from zarpes.models import Certificado

# The wholesaler that sells at each capitanía's port (the rest: Combustibles del Caribe).
MAYORISTA_DEL_PUERTO = {"CP05": "900456123", "CP01": "890900650", "CP02": "890900650", "CP16": "890900650",
                        "CP11": "890900650"}
MAYORISTA_CARIBE = "860002400"
NIT_DEMO = "900456123"  # the `distribuidor` login's wholesaler (core.demo)


def cargar() -> list:
    if Venta.objects.exists():
        return []
    _cargar_datos()
    return []


@transaction.atomic
def _cargar_datos() -> None:
    distribuidores = {d.nit: d for d in Distribuidor.objects.all()}
    usuarios = {u.distribuidor_id: u for u in Usuario.objects.filter(rol=Rol.DISTRIBUIDOR)}
    ventas = []
    descuentos = Movimiento.objects.filter(
        tipo=Movimiento.Tipo.DESCUENTO, referencia__startswith="venta:", venta__isnull=True
    ).select_related("cupo")
    for m in descuentos:
        vendedor = distribuidores[m.referencia.removeprefix("venta:")]
        ventas.append(Venta(distribuidor=vendedor, beneficiario_id=m.cupo.beneficiario_id, fecha=m.fecha,
                            galones=m.galones, movimiento=m, registrada_por=usuarios.get(vendedor.id)))
    rng = random.Random(1505)
    vendidos, numeros = [], {}
    certificados = Certificado.objects.filter(
        estado=Certificado.Estado.VIGENTE, fecha_expedicion__lt=today()
    ).select_related("capitania", "zarpe__inspeccion").order_by("fecha_expedicion", "id")
    for c in certificados:
        if rng.random() < 0.03:
            continue  # a few certificates never used: the vessel did not buy
        vendedor = distribuidores[MAYORISTA_DEL_PUERTO.get(c.capitania.codigo, MAYORISTA_CARIBE)]
        inspeccion = getattr(c.zarpe, "inspeccion", None)
        galones = inspeccion.galones_verificados if inspeccion else c.galones_autorizados
        if galones <= 0:
            continue
        ventas.append(Venta(distribuidor=vendedor, beneficiario_id=c.nave_id, fecha=c.fecha_expedicion,
                            galones=galones, certificado=c, registrada_por=usuarios.get(vendedor.id)))
        vendidos.append(c.id)
        numeros[c.id] = c.numero
    for v in ventas:  # the invoice each sale's documents support
        v.factura = f"FE-{v.distribuidor.nit[-4:]}-{v.fecha:%Y%m%d}-{v.beneficiario_id:05d}"
    Venta.objects.bulk_create(ventas, batch_size=2000)
    _documentos(ventas, numeros)
    Certificado.objects.filter(id__in=vendidos).update(estado=Certificado.Estado.REDIMIDO)
    _reportes(ventas, usuarios, numeros)


def _documentos(ventas: list[Venta], numeros: dict[int, str]) -> None:
    """R-23: the documents each sale recorded «al momento de la venta», each with its reference."""
    beneficiarios = {
        b.id: b for b in Beneficiario.objects.filter(pk__in={v.beneficiario_id for v in ventas})
        .select_related("distribuidor").prefetch_related("convenios")
    }
    filas = []
    for v in ventas:
        b = beneficiarios[v.beneficiario_id]
        convenio = next(iter(b.convenios.all()), None)
        referencias = {
            DocumentoVenta.Tipo.LICENCIA_PESCA: f"AUNAP-{b.matricula or b.identificacion}",
            DocumentoVenta.Tipo.ZARPE: f"Zarpe del {fecha_larga(v.fecha)}",
            DocumentoVenta.Tipo.CERTIFICADO_DESEMBARQUE: f"AUNAP-DES-{b.id:05d}-{v.fecha:%Y%m}",
            DocumentoVenta.Tipo.CERTIFICADO_EXENCION: numeros.get(v.certificado_id, ""),
            DocumentoVenta.Tipo.CONVENIO: convenio.numero if convenio else "",
            DocumentoVenta.Tipo.PERMISO_CULTIVO: f"Permiso de cultivo AUNAP {b.identificacion}",
            DocumentoVenta.Tipo.DECLARACION_EXPRESA: f"Declaración expresa del {fecha_larga(v.fecha)}",
            DocumentoVenta.Tipo.RESOLUCION_UPME: "Resolución UPME de cupos",
        }
        for tipo in documentos_requeridos(b.tipo, b.actividad):
            filas.append(DocumentoVenta(
                venta=v, tipo=tipo, referencia=referencias[tipo], conservado=True, al_momento_de_la_venta=True,
                registrado_por=v.registrada_por,
                vigente_hasta=b.permiso_cultivo_vigente_hasta if tipo == DocumentoVenta.Tipo.PERMISO_CULTIVO else None,
            ))
    DocumentoVenta.objects.bulk_create(filas, batch_size=5000)


def _reportes(ventas: list[Venta], usuarios: dict, numeros: dict[int, str]) -> None:
    """One processed report per wholesaler and finished month, listing exactly its sales (R-20)."""
    este_mes = today().replace(day=1)
    ultimo_terminado = (este_mes - dt.timedelta(days=1)).replace(day=1)
    por_reporte: dict[tuple[int, dt.date], list[Venta]] = defaultdict(list)
    for v in ventas:
        periodo = v.fecha.replace(day=1)
        if periodo < este_mes and not (v.distribuidor.nit == NIT_DEMO and periodo == ultimo_terminado):
            por_reporte[v.distribuidor_id, periodo].append(v)
    identificaciones = dict(Beneficiario.objects.values_list("id", "identificacion"))
    filas = []
    for (_, periodo), del_mes in sorted(por_reporte.items(), key=lambda x: (x[0][1], x[0][0])):
        vendedor = del_mes[0].distribuidor
        del_mes.sort(key=lambda v: (v.fecha, v.id))
        limite = fecha_limite_periodo(periodo)
        procesado = timezone.make_aware(dt.datetime.combine(add_business_days(limite, -3), dt.time(10, 30)))
        reporte = ReporteMensual(
            distribuidor=vendedor, periodo=periodo, nombre_original=f"ventas-exentas-{periodo:%Y-%m}.csv",
            estado=ReporteMensual.Estado.PROCESADO, progreso=100, filas_validas=len(del_mes),
            total_galones=sum(v.galones for v in del_mes), fecha_limite=limite, procesado=procesado,
            subido_por=usuarios.get(vendedor.id),
        )
        csv = io.StringIO()
        csv.write("fecha;identificacion_beneficiario;certificado;galones\n")
        for v in del_mes:
            csv.write(f"{v.fecha:%Y-%m-%d};{identificaciones[v.beneficiario_id]};{numeros.get(v.certificado_id, '')};"
                      f"{galones_texto(v.galones).replace('.', '')}\n")
        contenido = csv.getvalue().encode()
        reporte.tamano_bytes = len(contenido)
        reporte.archivo.save(f"{vendedor.nit}_{periodo:%Y-%m}_v1.csv", ContentFile(contenido), save=False)
        reporte.save()
        ReporteMensual.objects.filter(pk=reporte.pk).update(recibido=procesado - dt.timedelta(minutes=2))
        filas += [
            FilaReporte(reporte=reporte, fila=i, fecha=v.fecha, beneficiario_id=v.beneficiario_id,
                        certificado_numero=numeros.get(v.certificado_id, ""), galones=v.galones)
            for i, v in enumerate(del_mes, start=2)
        ]
    FilaReporte.objects.bulk_create(filas, batch_size=5000)
