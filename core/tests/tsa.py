"""A timestamping authority on 127.0.0.1 for the tests and benchmarks: RFC 3161 over HTTP, answered by
pyHanko's own TSA implementation with the demo CA's timestamping key."""

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


@contextlib.contextmanager
def sellado_de_tiempo_local():
    """Yield the URL of a TSA that runs in a thread until the block ends."""
    from core.firma import demo

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
