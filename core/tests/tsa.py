"""A timestamping authority on 127.0.0.1 for the tests and benchmarks: RFC 3161 over HTTP, answered by
pyHanko's own TSA implementation with the demo CA's timestamping key; and the demo CA's CRL, served on
127.0.0.1 as a CA publishes it (what a B-LT signature embeds)."""

import contextlib
import threading
from wsgiref.simple_server import WSGIRequestHandler, make_server

from asn1crypto import keys as akeys
from asn1crypto import tsp
from asn1crypto import x509 as ax509
from cryptography.hazmat.primitives import serialization
from pyhanko.sign.timestamps.dummy_client import DummyTimeStamper


class _Silencioso(WSGIRequestHandler):
    def log_message(self, *args):
        pass


def _aplicacion(sellador: DummyTimeStamper):
    def aplicacion(environ, start_response):
        largo = int(environ.get("CONTENT_LENGTH") or 0)
        pedido = tsp.TimeStampReq.load(environ["wsgi.input"].read(largo))
        respuesta = sellador.request_tsa_response(pedido).dump()
        start_response(
            "200 OK", [("Content-Type", "application/timestamp-reply"), ("Content-Length", str(len(respuesta)))]
        )
        return [respuesta]

    return aplicacion


def tsa_renovada(vigencia):
    """A new timestamping key and certificate of the demo CA, valid `vigencia` from now: the TSA's next
    certificate, as a re-timestamping years later would meet it."""
    from cryptography import x509
    from cryptography.x509.oid import NameOID

    from core.firma import demo

    nombre = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Sellado de tiempo renovado (prueba)")])
    return demo.certificado_nuevo(nombre, sellado_de_tiempo=True, vigencia=vigencia)


@contextlib.contextmanager
def sellado_de_tiempo_local(clave=None, certificado=None):
    """Yield the URL of a TSA that runs in a thread until the block ends (the demo TSA's key unless given)."""
    from core.firma import demo

    if clave is None:
        clave, certificado = demo.sellado_de_tiempo()
    sellador = DummyTimeStamper(
        tsa_cert=ax509.Certificate.load(certificado.public_bytes(serialization.Encoding.DER)),
        tsa_key=akeys.PrivateKeyInfo.load(
            clave.private_bytes(
                serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
            )
        ),
    )
    servidor = make_server("127.0.0.1", 0, _aplicacion(sellador), handler_class=_Silencioso)
    hilo = threading.Thread(target=servidor.serve_forever, daemon=True)
    hilo.start()
    try:
        yield f"http://127.0.0.1:{servidor.server_port}/"
    finally:
        servidor.shutdown()
        servidor.server_close()


class _ServidorCrl:
    """The demo CA's current CRL at `url`, from a thread; `pedidos` counts the requests."""

    def __init__(self):
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        from core.firma import demo

        servidor_crl = self

        class Manejador(BaseHTTPRequestHandler):
            def do_GET(self):
                servidor_crl.pedidos += 1
                datos = demo.crl()
                self.send_response(200)
                self.send_header("Content-Type", "application/pkix-crl")
                self.send_header("Content-Length", str(len(datos)))
                self.end_headers()
                self.wfile.write(datos)

            def log_message(self, *args):
                pass

        self.pedidos = 0
        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Manejador)
        self.url = f"http://127.0.0.1:{self.http.server_port}/firma/demo.crl"
        self._hilo = threading.Thread(target=self.http.serve_forever, daemon=True)
        self._hilo.start()

    def cerrar(self):
        if self._hilo is not None:
            self.http.shutdown()
            self.http.server_close()
            self._hilo = None


@contextlib.contextmanager
def crl_local():
    """Yield the demo CA's CRL server (`.url`, `.pedidos`, `.cerrar()`) until the block ends. Set
    FIRMA_DEMO_CRL_URL to its url before the demo certificates are asked for: they then name it."""
    servidor = _ServidorCrl()
    try:
        yield servidor
    finally:
        servidor.cerrar()
