"""The regime apps: the one list that INSTALLED_APPS, the test run, the architecture's contracts
(config/arquitectura.py) and every check that walks the apps read. A new regime is one line here
(docs/nueva-app.md)."""

REGIMENES = ("cupos", "zarpes", "distribuidores", "fronteras", "reserva")

# The only imports allowed between regimes, importer → what it builds on (README «Arquitectura»): a certificate
# discounts a cupo (zarpes → cupos); a sale redeems a certificate of a cupo (distribuidores → zarpes, cupos).
# Every other pair of regimes is independent; tests may cross freely.
DEPENDENCIAS = {
    "zarpes": ("cupos",),
    "distribuidores": ("zarpes", "cupos"),
}
