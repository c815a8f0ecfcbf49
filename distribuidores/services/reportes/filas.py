"""Each row of a report checked on its own: dates, gallons, beneficiary, certificate (R-16, R-19, R-20).

Rows arrive in batches (`Validador.validar`) while the load's COPY holds the connection, so no
query runs here: beneficiaries are looked up in dictionaries loaded once per report, and parsed
dates and identifications are cached by their text (a month has ~30 distinct dates), so a typical
row takes one fast path of a few dictionary lookups. What needs the database or other rows (the
certificate, duplicates, a certificate used twice) is checked in SQL afterwards: `cruces`.
"""

import datetime as dt
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from core.archivos.tablas import mostrar
from core.comun.fechas import fecha_larga
from core.comun.galones import GALONES_MAXIMO
from core.vencimientos.calendario import last_day_of_month
from cupos.models import Beneficiario
from zarpes.models import Certificado

CENTAVO = Decimal("0.01")

_ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]00:00(?::00)?)?", re.ASCII)
_DMA = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})(?: 0?0:00(?::00)?)?", re.ASCII)
_ENTERO_O_PUNTO = re.compile(r"[+-]?\d+(?:\.\d+)?", re.ASCII)
_DECIMAL_COMA = re.compile(r"[+-]?\d+,\d+", re.ASCII)
_AMBIGUO = re.compile(r"[+-]?[1-9]\d{0,2}[.,]\d{3}", re.ASCII)
_MILES_PUNTO = re.compile(r"[+-]?\d{1,3}(?:\.\d{3})+(?:,\d+)?", re.ASCII)  # 1.234,56  1.234.567
_MILES_COMA = re.compile(r"[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?", re.ASCII)  # 1,234.56  1,234,567
_SIN_ESPACIOS_NI_PUNTOS = str.maketrans("", "", " \t\u00a0.")
_RAPIDO = re.compile(r"\d{1,10}(?:[.,]\d{1,2})?", re.ASCII)  # 1234 · 1234.5 · 1234,56
_MILES_RAPIDO = re.compile(r"\d{1,3}(?:\.\d{3}){1,3},\d{1,2}", re.ASCII)  # 1.234,56 (Excel es-CO with separators)
LARGO_CERTIFICADO = 30  # FilaReporte.certificado_numero
_CERTIFICADO = re.compile(r"[A-Z0-9ÑÁÉÍÓÚ][A-Z0-9ÑÁÉÍÓÚ\-_/.]{0,29}")  # nothing COPY would need to escape
DEMASIADOS = (
    "La fila tiene {n} valores y el encabezado {ancho}: si escribe los galones con coma decimal, separe las "
    "columnas con punto y coma o ponga el número entre comillas."
)
_FORMATOS = "use AAAA-MM-DD (2026-03-15) o DD/MM/AAAA (15/03/2026)"


class Invalido(Exception):
    """One value of one row is wrong; `args[0]` is the Spanish message."""


def es_formula(texto: str) -> bool:
    return texto.startswith("=")


def _formula(texto: str) -> Invalido:
    return Invalido(f"La celda tiene una fórmula («{mostrar(texto, 40)}»), que no se evalúa: escriba el valor.")


def leer_fecha(valor) -> dt.date:
    """YYYY-MM-DD or DD/MM/YYYY as text, or an Excel date cell."""
    if isinstance(valor, dt.datetime):
        return valor.date()
    if isinstance(valor, dt.date):
        return valor
    if valor is None or (isinstance(valor, str) and not valor.strip()):
        raise Invalido("Falta la fecha.")
    texto = str(valor).strip()
    if es_formula(texto):
        raise _formula(texto)
    try:
        if m := _ISO.fullmatch(texto):
            return dt.date(int(m[1]), int(m[2]), int(m[3]))
        if m := _DMA.fullmatch(texto):
            return dt.date(int(m[3]), int(m[2]), int(m[1]))
    except ValueError:
        raise Invalido(f"«{mostrar(texto)}» no es una fecha que exista; {_FORMATOS}.") from None
    raise Invalido(f"«{mostrar(texto)}» no es una fecha válida: {_FORMATOS}.")


def leer_galones(valor) -> Decimal:
    """A positive amount with decimal point or comma: 1234.5, 1234,5, 1.234,56, 1,234.56."""
    if isinstance(valor, bool | dt.date):
        raise Invalido(f"«{mostrar(valor)}» no es una cantidad de galones.")
    if isinstance(valor, int | Decimal):
        cantidad = Decimal(valor)
    elif isinstance(valor, float):
        cantidad = Decimal(repr(valor))
    elif valor is None or not str(valor).strip():
        raise Invalido("Faltan los galones (si la celda tiene una fórmula, pegue el valor).")
    else:
        cantidad = _galones_de_texto(str(valor))
    if not cantidad.is_finite():
        raise Invalido(f"«{mostrar(valor)}» no es una cantidad de galones.")
    cantidad = cantidad.quantize(CENTAVO, rounding=ROUND_HALF_UP)
    if cantidad <= 0:
        raise Invalido(f"Los galones deben ser mayores que cero (se leyó «{mostrar(valor)}»).")
    if cantidad > GALONES_MAXIMO:  # FilaReporte.galones is numeric(12, 2)
        raise Invalido(f"«{mostrar(valor)}» galones excede el máximo admitido.")
    return cantidad


def _galones_de_texto(original: str) -> Decimal:
    texto = original.strip().replace("\u00a0", "").replace(" ", "").replace("\u2212", "-")
    if es_formula(texto):
        raise _formula(texto)
    if _ENTERO_O_PUNTO.fullmatch(texto) and not _AMBIGUO.fullmatch(texto):
        normal = texto
    elif _AMBIGUO.fullmatch(texto):
        raise Invalido(
            f"«{mostrar(original)}» es ambiguo (¿separador de miles o de decimales?): escriba la cantidad sin "
            "separador de miles, p. ej. 1500 o 1500,25."
        )
    elif _DECIMAL_COMA.fullmatch(texto):
        normal = texto.replace(",", ".")
    elif _MILES_PUNTO.fullmatch(texto):
        normal = texto.replace(".", "").replace(",", ".")
    elif _MILES_COMA.fullmatch(texto):
        normal = texto.replace(",", "")
    else:
        raise Invalido(f"«{mostrar(original)}» no es una cantidad de galones válida.")
    try:
        return Decimal(normal)
    except InvalidOperation:
        raise Invalido(f"«{mostrar(original)}» no es una cantidad de galones válida.") from None


def clave(valor) -> str:
    """Identifiers compare without spaces or dots and in upper case: «900.123.456-7» = «900123456-7»."""
    if isinstance(valor, float) and valor.is_integer():
        valor = int(valor)
    return str(valor).translate(_SIN_ESPACIOS_NI_PUNTOS).upper()


def texto_certificado(valor) -> str:
    if valor is None:
        return ""
    if isinstance(valor, float) and valor.is_integer():
        valor = int(valor)
    return str(valor).strip().upper()


@dataclass(frozen=True)
class Benef:
    id: int
    es_nave: bool


class Catalogo:
    """Every beneficiary by matrícula and by identificación (with and without the NIT's check digit).

    Loaded once per report: its size is the registry's (thousands), not the file's.
    """

    def __init__(self):
        self.por_matricula: dict[str, Benef] = {}
        self.por_identificacion: dict[str, tuple[Benef, ...]] = {}

    @classmethod
    def cargar(cls) -> "Catalogo":
        catalogo = cls()
        naves = set(Beneficiario.TIPOS_NAVE)
        por_matricula, por_identificacion = catalogo.por_matricula, catalogo.por_identificacion
        filas = Beneficiario.objects.values_list("id", "identificacion", "matricula", "tipo").order_by("id")
        for pk, identificacion, matricula, tipo in filas.iterator(chunk_size=10_000):
            benef = Benef(pk, tipo in naves)
            if matricula:
                por_matricula[clave(matricula)] = benef
            if identificacion:
                k = clave(identificacion)
                por_identificacion[k] = (*por_identificacion.get(k, ()), benef)
        return catalogo

    def candidatos(self, valor) -> tuple[Benef, ...]:
        k = clave(valor)
        if benef := self.por_matricula.get(k):
            return (benef,)
        encontrados = self.por_identificacion.get(k)
        if encontrados is None and re.fullmatch(r"\d{5,15}-\d", k):
            encontrados = self.por_identificacion.get(k[:-2])  # NIT written with its check digit
        return encontrados or ()


class Validador:
    """Turns batches of (fila, cells) into valid rows and row errors for one report.

    Checked here, row by row: the date (in the period, not in the future), the gallons, who the
    beneficiary is, and that acuicultoras and the Armada name no certificate. Whether a vessel's
    certificate exists, is that vessel's, is in force and precedes the sale is one SQL join over
    the loaded rows (`cruces.conciliar`): a discrepancy of a reported sale, never a row error (R-22).
    """

    def __init__(self, *, periodo: dt.date, hoy: dt.date, catalogo: Catalogo, columnas: dict[str, int], ancho: int):
        self.periodo = periodo
        self.fin_periodo = last_day_of_month(periodo.year, periodo.month)
        self.hoy = hoy
        self.catalogo = catalogo
        self.ancho = ancho
        self.indices = (
            columnas["fecha"],
            columnas["identificacion_beneficiario"],
            columnas["certificado"],
            columnas["galones"],
        )
        self.minimo = max(self.indices) + 1
        self.filas_leidas = 0
        self._fechas: dict[str, str] = {}  # text → ISO date, or "!" + error message
        self._benef: dict[str, tuple[Benef, ...]] = {}
        self._unicos: dict[str, Benef] = {}  # cell text → its one beneficiary (the fast path's lookup)

    def validar(self, lote) -> tuple[list[tuple], list[tuple[int, str, str]], list[tuple]]:
        """→ (valid rows (fila, fecha ISO, beneficiario_id, certificado, galones), errors (fila, campo, mensaje),
        rows whose identification several beneficiaries share, for `desambiguar`).

        No database access here: it runs while the load's COPY holds the connection.
        """
        validas, errores, ambiguas = [], [], []
        i_fecha, i_ident, i_cert, i_gal = self.indices
        fechas, unicos, ancho, cert_valido = self._fechas, self._unicos, self.ancho, _CERTIFICADO.fullmatch
        rapido, miles = _RAPIDO.fullmatch, _MILES_RAPIDO.fullmatch
        for numero, celdas in lote:
            # Fast path, most rows of a CSV: date and beneficiary already seen, plain number, sane certificate.
            if len(celdas) == ancho and type(celdas[i_gal]) is str:
                fecha = fechas.get(celdas[i_fecha])
                benef = unicos.get(celdas[i_ident])
                galones = celdas[i_gal]
                if rapido(galones):
                    galones = galones.replace(",", ".")
                elif miles(galones):
                    galones = galones.replace(".", "").replace(",", ".")
                else:
                    galones = ""
                if fecha is not None and fecha[0] != "!" and benef is not None and galones.strip("0."):
                    cert = celdas[i_cert]
                    cert = cert.strip().upper() if type(cert) is str else ""
                    if (benef.es_nave or not cert) and (not cert or cert_valido(cert)):
                        self.filas_leidas += 1
                        validas.append((numero, fecha, benef.id, cert, galones))
                        continue
            self._fila(numero, celdas, validas, errores, ambiguas)
        return validas, errores, ambiguas

    def _fila(self, numero: int, celdas, validas, errores, ambiguas) -> None:
        """Every check of one row, with the messages; fills the caches the fast path reads."""
        i_fecha, i_ident, i_cert, i_gal = self.indices
        try:
            if not "".join(celdas).strip():
                return  # blank lines (Excel leaves «;;;» rows) are not rows
        except TypeError:  # XLSX cells: None, numbers, dates
            if not any(c is not None and (not isinstance(c, str) or c.strip()) for c in celdas):
                return
        self.filas_leidas += 1
        if len(celdas) < self.minimo:
            celdas = list(celdas) + [None] * (self.minimo - len(celdas))
        errores_fila = []
        if len(celdas) > self.ancho and any(c not in (None, "") for c in celdas[self.ancho :]):
            errores_fila.append(("fila", DEMASIADOS.format(n=len(celdas), ancho=self.ancho)))
        fecha = self._fecha(celdas[i_fecha], errores_fila)
        galones = self._galones(celdas[i_gal], errores_fila)
        candidatos, identificacion = self._beneficiarios(celdas[i_ident], errores_fila)
        certificado = self._certificado(celdas[i_cert], errores_fila)
        if len(candidatos) == 1:
            self._exigir_certificado(candidatos[0], certificado, errores_fila)
            if type(celdas[i_ident]) is str and len(self._unicos) < 50_000:
                self._unicos[celdas[i_ident]] = candidatos[0]
        if errores_fila:
            errores.extend((numero, campo, mensaje) for campo, mensaje in errores_fila)
        elif len(candidatos) > 1:
            ambiguas.append((numero, fecha, candidatos, certificado, galones, identificacion))
        else:
            validas.append((numero, fecha, candidatos[0].id, certificado, galones))

    def _fecha(self, valor, errores) -> str | None:
        resultado = self._fechas.get(valor) if type(valor) is str else None
        if resultado is None:
            try:
                resultado = self._en_periodo(leer_fecha(valor)).isoformat()
            except Invalido as exc:
                resultado = "!" + exc.args[0]
            if type(valor) is str and len(self._fechas) < 10_000:
                self._fechas[valor] = resultado
        if resultado[0] == "!":
            errores.append(("fecha", resultado[1:]))
            return None
        return resultado

    def _en_periodo(self, fecha: dt.date) -> dt.date:
        if fecha > self.hoy:
            raise Invalido(f"La fecha {fecha_larga(fecha)} es posterior a hoy.")
        if not self.periodo <= fecha <= self.fin_periodo:
            raise Invalido(f"La fecha {fecha_larga(fecha)} está fuera del periodo reportado ({self.periodo:%Y-%m}).")
        return fecha

    @staticmethod
    def _galones(valor, errores) -> str | None:
        if type(valor) is str and _RAPIDO.fullmatch(valor) and valor.strip("0.,"):  # 1234 · 1234.5 · 1234,56
            return valor.replace(",", ".")
        try:
            return str(leer_galones(valor))
        except Invalido as exc:
            errores.append(("galones", exc.args[0]))
            return None

    def _beneficiarios(self, valor, errores) -> tuple[tuple[Benef, ...], str]:
        entero_flotante = isinstance(valor, float) and valor.is_integer()
        texto = "" if valor is None else str(int(valor) if entero_flotante else valor).strip()
        if not texto:
            errores.append(
                (
                    "identificacion_beneficiario",
                    "Falta la identificación (NIT, documento o matrícula) del beneficiario.",
                )
            )
            return (), texto
        candidatos = self._benef.get(texto)
        if candidatos is None:
            candidatos = self.catalogo.candidatos(texto)
            if len(self._benef) < 50_000:
                self._benef[texto] = candidatos
        if not candidatos:
            errores.append(
                (
                    "identificacion_beneficiario",
                    f"No existe un beneficiario con identificación o matrícula «{mostrar(texto)}».",
                )
            )
        return candidatos, texto

    @staticmethod
    def _certificado(valor, errores) -> str:
        numero = valor.strip().upper() if type(valor) is str else texto_certificado(valor)
        if numero and not _CERTIFICADO.fullmatch(numero):
            errores.append(
                (
                    "certificado",
                    f"«{mostrar(numero, 40)}» no es un número de certificado: letras, dígitos y guiones, hasta "
                    f"{LARGO_CERTIFICADO} caracteres.",
                )
            )
        return numero

    @staticmethod
    def _exigir_certificado(benef: Benef, certificado: str, errores) -> None:
        # a vessel's row without a certificate is still a reported sale; `cruces` lists it as
        # venta_sin_certificado_valido. Only a certificate where none belongs is refused here.
        if not benef.es_nave and certificado:
            errores.append(
                (
                    "certificado",
                    "Las acuicultoras y la Armada compran sin certificado de zarpe: deje vacía la celda.",
                )
            )

    @staticmethod
    def desambiguar(ambiguas) -> tuple[list[tuple], list[tuple[int, str, str]]]:
        """A NIT shared by several vessels (one owner): the certificate says which vessel it is."""
        validas, errores = [], []
        numeros = {a[3] for a in ambiguas if a[3]}
        naves = {}
        if numeros:
            naves = dict(Certificado.objects.filter(numero__in=sorted(numeros)).values_list("numero", "nave_id"))
        for numero, fecha, candidatos, certificado, galones, identificacion in ambiguas:
            propio = next((b for b in candidatos if b.id == naves.get(certificado)), None)
            if propio is None:
                errores.append(
                    (
                        numero,
                        "identificacion_beneficiario",
                        f"La identificación «{mostrar(identificacion)}» corresponde a {len(candidatos)} beneficiarios: "
                        "escriba la matrícula de la nave.",
                    )
                )
            else:
                validas.append((numero, fecha, propio.id, certificado, galones))
        return validas, errores
