"""Deadlines: the business-day calendar and the alerts of what is due (R-05, R-13, R-19, R-25 and the rest).

`calendario` counts Colombian business days and gives today's date; `plazos` runs every app's registered
deadline checks; `alertas` keeps the alerts they raise and who must act on them."""
