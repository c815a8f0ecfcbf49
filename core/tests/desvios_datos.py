"""A small world for the diversion signals: one peer group of normal vessels, wholesalers and border
stations, and a function per planted pattern (each signal's "what diversion looks like")."""

import datetime as dt
import itertools
from decimal import Decimal

from core.models import Capitania, Distribuidor
from cupos.models import Beneficiario, Cupo, Movimiento
from cupos.tests.factories import NaveFactory, ResolucionFactory
from distribuidores.models import Declaracion, Discrepancia, FilaReporte, ReporteMensual, Venta
from fronteras.models import Asignacion, AsignacionEstacion, Despacho, EstacionServicio, Municipio
from zarpes.models import Certificado, Zarpe

D = dt.date
FECHA = D(2026, 11, 28)  # the scoring's day
INICIO = D(2024, 12, 1)  # two years of history: the window and the year before it
NORMALES = 12
_consecutivo = itertools.count(1)


def meses(desde: dt.date, hasta: dt.date):
    mes = desde.replace(day=1)
    while mes <= hasta:
        yield mes
        mes = (mes + dt.timedelta(days=32)).replace(day=1)


class Mundo:
    def __init__(self):
        self.cp01 = Capitania.objects.get_or_create(codigo="CP01", defaults={"nombre": "Capitanía de Buenaventura"})[0]
        self.cp02 = Capitania.objects.get_or_create(codigo="CP02", defaults={"nombre": "Capitanía de Tumaco"})[0]
        self.resolucion = ResolucionFactory(anio=2024, fecha_expedicion=D(2024, 11, 1))
        self.mayoristas = [
            Distribuidor.objects.create(nit=f"86000{i:04d}-1", razon_social=f"Combustibles del Pacífico {i} S.A.S.")
            for i in range(1, 7)
        ]
        self.w1, self.w2 = self.mayoristas[0], self.mayoristas[1]
        self.normales = [self.nave(f"Nave normal {i}") for i in range(NORMALES)]
        self.normales_cp02 = [self.nave(f"Nave de Tumaco {i}", capitania=self.cp02) for i in range(NORMALES)]
        for naves, mayorista in ((self.normales, self.w1), (self.normales_cp02, self.w2)):
            for k, nave in enumerate(naves):
                self.rutina(nave, galones=Decimal(300 + (k % 5) * 5), mayorista=mayorista, desfase=k % 7)
        for k, nave in enumerate(self.normales):
            self.declarar(nave, factor=Decimal("1.00") if k % 2 else Decimal("1.02"))
        for k, mayorista in enumerate(self.mayoristas):
            self.reportes(mayorista, filas=40, discrepancias=1 if k == 2 else 0)
        self.municipio = Municipio.objects.create(
            codigo_dane="54001", nombre="Cúcuta", departamento="Norte de Santander", poblacion=100_000
        )
        self.estaciones_normales = [
            self.estacion(f"EDS-{i:03d}", usos=[0.55 + 0.03 * ((i + m) % 10) for m in range(12)]) for i in range(8)
        ]

    # --- Builders --------------------------------------------------------------------------------

    def nave(self, nombre, *, capitania=None, capacidad="3000") -> Beneficiario:
        nave = NaveFactory(
            nombre=nombre,
            capitania=capitania or self.cp01,
            trb=Decimal("40"),
            capacidad_combustible_gal=Decimal(capacidad),
        )
        nave.cupo = Cupo.objects.create(
            resolucion=self.resolucion,
            beneficiario=nave,
            combustible="diesel_marino",
            galones_anuales=12000,
            cuota_mensual=1000,
            estado="en_firme",
            fecha_firmeza=INICIO,
            fecha_inicio=INICIO,
            meses_ventana=1,
        )
        return nave

    def certificar(self, nave, fechas_galones, *, mayorista=None) -> list[Certificado]:
        fechas_galones = list(fechas_galones)
        movimientos = Movimiento.objects.bulk_create(
            [
                Movimiento(cupo=nave.cupo, tipo="descuento", fecha=f, galones=g, referencia="certificado:prueba")
                for f, g in fechas_galones
            ]
        )
        zarpes = Zarpe.objects.bulk_create(
            [
                Zarpe(
                    nave=nave,
                    capitania=nave.capitania,
                    fecha=f,
                    galones_solicitados=g,
                    estado="certificado",
                    galones_autorizados=g,
                    cupo=nave.cupo,
                )
                for f, g in fechas_galones
            ]
        )
        certificados = []
        for (f, g), m, z in zip(fechas_galones, movimientos, zarpes, strict=True):
            n = next(_consecutivo)
            certificados.append(
                Certificado(
                    zarpe=z,
                    numero=f"{nave.capitania.codigo}-{f.year}-{n:06d}",
                    anio=f.year,
                    consecutivo=n,
                    codigo_verificacion=f"PRUEBA-{n:08d}",
                    capitania=nave.capitania,
                    nave=nave,
                    cupo=nave.cupo,
                    movimiento=m,
                    galones_autorizados=g,
                    fecha_expedicion=f,
                )
            )
        certificados = Certificado.objects.bulk_create(certificados)
        if mayorista is not None:
            Venta.objects.bulk_create(
                [
                    Venta(
                        distribuidor=mayorista,
                        beneficiario=nave,
                        fecha=c.fecha_expedicion,
                        galones=c.galones_autorizados,
                        certificado=c,
                    )
                    for c in certificados
                    if c.fecha_expedicion > FECHA - dt.timedelta(days=365)
                ]
            )
        return certificados

    def rutina(self, nave, *, galones, mayorista=None, desfase=0):
        """A zarpe every ten days over two years (days 1, 11 and 21 of each month, plus a shift)."""
        fechas = [mes + dt.timedelta(days=d + desfase % 3) for mes in meses(INICIO, FECHA) for d in (0, 10, 20)]
        return self.certificar(nave, [(f, galones) for f in fechas if f <= FECHA], mayorista=mayorista)

    def declarar(self, nave, *, factor: Decimal, meses_raros=()):
        """R-21 declarations of the window's months: what was sold × factor (× 2 in `meses_raros`)."""
        filas = []
        for mes in meses(FECHA - dt.timedelta(days=330), FECHA.replace(day=1) - dt.timedelta(days=1)):
            fin = (mes + dt.timedelta(days=32)).replace(day=1)
            vendido = sum(
                Venta.objects.filter(beneficiario=nave, fecha__gte=mes, fecha__lt=fin).values_list(
                    "galones", flat=True
                ),
                Decimal(0),
            )
            f = Decimal(2) if mes in meses_raros else factor
            filas.append(
                Declaracion(
                    beneficiario=nave,
                    periodo=mes,
                    galones_adquiridos=max(vendido * f, Decimal(1)),
                    presentada=fin + dt.timedelta(days=5),
                )
            )
        Declaracion.objects.bulk_create(filas)

    def reportes(self, mayorista, *, filas: int, discrepancias: int):
        for mes in meses(FECHA - dt.timedelta(days=300), FECHA - dt.timedelta(days=40)):
            reporte = ReporteMensual.objects.create(
                distribuidor=mayorista,
                periodo=mes,
                archivo="reportes/prueba.csv",
                nombre_original="reporte.csv",
                estado="procesado",
                filas_validas=filas,
            )
            FilaReporte.objects.bulk_create(
                [
                    FilaReporte(reporte=reporte, fila=i + 2, fecha=mes, galones=100, beneficiario=self.normales[0])
                    for i in range(filas)
                ]
            )
            Discrepancia.objects.bulk_create(
                [
                    Discrepancia(
                        reporte=reporte,
                        periodo=mes,
                        distribuidor=mayorista,
                        fila=i + 2,
                        codigo="sin_certificado",
                        detalle="La fila no tiene certificado.",
                    )
                    for i in range(discrepancias)
                ]
            )

    def estacion(self, codigo, *, usos) -> EstacionServicio:
        """A border station whose deliveries of the last 12 finished months are `usos` × its volume."""
        estacion = EstacionServicio.objects.create(
            codigo=codigo,
            nombre=f"Estación {codigo}",
            municipio=self.municipio,
            capacidad_certificada_gal=20000,
            fecha_certificado=D(2024, 6, 1),
            fecha_entrega_certificado=D(2024, 6, 15),
        )
        asignacion = Asignacion.objects.create(
            municipio=self.municipio,
            combustible="gasolina",
            anio_inicio=2025,
            indicador_per_capita=Decimal("2.5"),
            factor_gnv=1,
            factor_flujo=1,
            poblacion=100_000,
            volumen_municipal=250_000,
            vigencia_inicio=D(2025, 1, 1),
            vigencia_fin=D(2026, 12, 31),
        )
        ae = AsignacionEstacion.objects.create(
            asignacion=asignacion,
            estacion=estacion,
            promedio_compras=10000,
            capacidad=20000,
            participacion=Decimal("0.1"),
            volumen_mensual=10000,
        )
        ultimos = list(meses(D(2025, 11, 1), D(2026, 10, 1)))
        Despacho.objects.bulk_create(
            [
                Despacho(
                    distribuidor=self.mayoristas[-1],
                    estacion=estacion,
                    asignacion_estacion=ae,
                    fecha=mes + dt.timedelta(days=k * 9),
                    combustible="gasolina",
                    galones=(Decimal(10000) * Decimal(str(uso)) / 3).quantize(Decimal("0.01")),
                )
                for mes, uso in zip(ultimos, usos, strict=True)
                for k in range(3)
            ]
        )
        return estacion

    # --- Planted patterns --------------------------------------------------------------------------

    def plantar_galones(self):
        """The last three months' certificates at 1.5 × the tank's capacity."""
        nave = self.nave("Nave tanque inflado")
        certificados = self.rutina(nave, galones=Decimal(300))
        inflar = [c.id for c in certificados if c.fecha_expedicion >= D(2026, 9, 1)]
        Certificado.objects.filter(id__in=inflar).update(galones_autorizados=4500)
        return nave

    def plantar_tanques(self):
        """Two full tanks certified the same day (issue 45: more than a tank and a half, physically impossible)."""
        nave = self.nave("Nave de dos tanques en un día")
        self.rutina(nave, galones=Decimal(300))
        self.certificar(nave, [(D(2026, 7, 25), Decimal(3000)), (D(2026, 7, 25), Decimal(3000))])
        return nave

    def plantar_seguidos(self):
        """Six extra zarpes, each the day after a regular one."""
        nave = self.nave("Nave de zarpes seguidos")
        self.rutina(nave, galones=Decimal(300))
        self.certificar(nave, [(D(2026, m, 2), Decimal(300)) for m in range(3, 9)])
        return nave

    def plantar_negados(self):
        """Two denials within a week, then a certificate among the group's largest."""
        nave = self.nave("Nave negada y luego grande")
        self.rutina(nave, galones=Decimal(300))
        Zarpe.objects.bulk_create(
            [
                Zarpe(
                    nave=nave,
                    capitania=nave.capitania,
                    fecha=D(2026, 6, d),
                    galones_solicitados=900,
                    estado="negado",
                    motivo="sin_cupo",
                    galones_autorizados=0,
                )
                for d in (3, 5)
            ]
        )
        self.certificar(nave, [(D(2026, 6, 8), Decimal(2000))])
        return nave

    def plantar_firmeza(self):
        """The whole month's cuota drawn on the window's first day, every month."""
        nave = self.nave("Nave que agota al abrir")
        self.certificar(nave, [(mes, Decimal(1000)) for mes in meses(INICIO, FECHA)])
        return nave

    def plantar_lejos(self):
        """A Tumaco vessel whose four certificates of the year are all sold at Buenaventura's wholesaler."""
        nave = self.nave("Nave de Tumaco que vende lejos", capitania=self.cp02)
        self.certificar(nave, [(D(2026, m, 15), Decimal(300)) for m in (5, 7, 9, 10)], mayorista=self.w1)
        return nave

    def plantar_declarado(self):
        nave = self.nave("Nave que declara de más")
        self.rutina(nave, galones=Decimal(300), mayorista=self.w1)
        self.declarar(nave, factor=Decimal(1), meses_raros=set(meses(D(2026, 5, 1), D(2026, 8, 1))))
        return nave

    def plantar_discrepancias(self):
        mayorista = Distribuidor.objects.create(nit="860009999-1", razon_social="Combustibles Descuadrados S.A.S.")
        self.reportes(mayorista, filas=40, discrepancias=8)
        return mayorista

    def plantar_tope(self):
        return self.estacion("EDS-TOPE", usos=[0.99, 0.985, 1.0, 0.99, 0.995, 0.99, 0.98, 0.99, 1.0, 0.99, 0.99, 0.99])
