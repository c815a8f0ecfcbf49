"""The signed certificate's CPU, per certificate and per step, in-process (issue 44): what the signing worker spends
on each certificate it signs ahead of the print. Not part of the suite (no test_ prefix); run it by path:

    DJANGO_SETTINGS_MODULE=config.settings.test DATABASE_URL=… REDIS_URL=… \\
        .venv/bin/pytest -q -n 0 -s bench/perfil_certificado.py [-k perfil | -k muestra]

PERFIL_N certificates (200) after 5 of warm-up: reading the row as the worker does, drawing (zarpes.pdf), signing
(core.firma.pades, the Capitanía's demo key, B-B: no TSA in the tests), storing the file and its row
(core.firma.documentos). PERFIL_CPROFILE=1 adds cProfile of the signature (PERFIL_DIBUJO=1: of the drawing),
sorted by PERFIL_ORDEN (cumulative). `-k muestra` writes the unsigned, signed and annulled PDFs to PERFIL_SALIDA."""

import cProfile
import io
import os
import pstats
import time

import pytest

from core.firma import documentos, oficinas, pades
from core.identidad.roles import Rol
from zarpes import pdf
from zarpes.models import Certificado
from zarpes.tests.factories import nave_con_cupo
from zarpes.tests.test_zarpes_apis import zarpe

N = int(os.environ.get("PERFIL_N", "200"))
RELACIONES = ("zarpe", "nave", "capitania", "cupo__resolucion")


@pytest.mark.django_db
def test_perfil(cliente):
    oficial = cliente(Rol.CAPITANIA_OFICIAL)
    nave, _ = nave_con_cupo()
    numero = zarpe(oficial, nave).json()["certificado"]["numero"]
    c = Certificado.objects.select_related(*RELACIONES).get(numero=numero)
    oficina = oficinas.capitania(c.capitania.codigo, c.capitania.nombre)
    url = pdf.url_verificacion(c)
    for _ in range(5):  # warm-up: fonts registered, the key loaded once per process
        contenido, lugar = pdf.certificado_pdf_y_lugar(c)
        pades.firmar_pdf(contenido, oficina=oficina, url=url, motivo="x", lugar=lugar)
    t = dict.fromkeys(("fila", "dibujo", "firma", "guardar", "total"), 0.0)
    for i in range(N):
        a = time.process_time()
        cc = Certificado.objects.select_related(*RELACIONES).get(numero=numero)
        b = time.process_time()
        contenido, lugar = pdf.certificado_pdf_y_lugar(cc)
        d = time.process_time()
        firmado = pades.firmar_pdf(
            contenido,
            oficina=oficina,
            url=url,
            codigo=cc.codigo_verificacion,
            motivo=f"Certificado de cupo de exención No. {cc.numero}",
            lugar=lugar,
        )
        e = time.process_time()
        documentos.guardar(
            tipo="certificado",
            referencia=f"{numero}-p{i}",
            firmado=firmado,
            oficina=oficina,
            codigo=cc.codigo_verificacion,
            nombre=f"certificado-{numero}.pdf",
        )
        f = time.process_time()
        for clave, valor in (("fila", b - a), ("dibujo", d - b), ("firma", e - d), ("guardar", f - e)):
            t[clave] += valor
        t["total"] += f - a
    print()
    for clave, valor in t.items():
        print(f"  {clave:<8} {valor / N * 1000:7.2f} ms de CPU por certificado")
    print(f"  tamaño sin firmar / firmado: {len(contenido)} / {len(firmado.contenido)} bytes")
    if os.environ.get("PERFIL_CPROFILE"):
        perfil = cProfile.Profile()
        perfil.enable()
        for _ in range(N):
            if os.environ.get("PERFIL_DIBUJO"):
                pdf.certificado_pdf_y_lugar(c)
            else:
                pades.firmar_pdf(contenido, oficina=oficina, url=url, motivo="Certificado", lugar=lugar)
        perfil.disable()
        salida = io.StringIO()
        pstats.Stats(perfil, stream=salida).sort_stats(os.environ.get("PERFIL_ORDEN", "cumulative")).print_stats(40)
        print(salida.getvalue())


@pytest.mark.django_db
def test_muestra(cliente):
    salida = os.environ.get("PERFIL_SALIDA", "/tmp/certificado-muestra")
    os.makedirs(salida, exist_ok=True)
    oficial = cliente(Rol.CAPITANIA_OFICIAL)
    nave, _ = nave_con_cupo(nombre="Doña Lucía ¿¡«»º", capacidad="5000", anual="240000")
    numero = zarpe(oficial, nave, galones="4321.5").json()["certificado"]["numero"]
    c = Certificado.objects.select_related(*RELACIONES).get(numero=numero)
    with open(f"{salida}/sin-firmar.pdf", "wb") as archivo:
        archivo.write(pdf.certificado_pdf_sin_firmar(c))
    with open(f"{salida}/firmado.pdf", "wb") as archivo:
        archivo.write(pdf.certificado_pdf(c))
    c.estado = Certificado.Estado.ANULADO
    with open(f"{salida}/anulado.pdf", "wb") as archivo:
        archivo.write(pdf.certificado_pdf(c))
