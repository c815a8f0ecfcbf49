"""Small helpers every capability and app may use; they import nothing else of the portal.

`errors` (ApplicationError and core's codes), `fechas` (dates as acts write them), `galones` (gallon
arithmetic), `numeros` (numbers from untrusted text), `normas` (rule codes out of people's sentences)."""
