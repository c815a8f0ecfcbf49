"""Identity: who is acting and what they may reach (R-01 scope; Ley 1581 de 2012 on personal data).

Roles (`roles`), the scoped `*_access` helpers that answer 404 outside a user's scope (`access`), the second
factor for whoever signs or decides (`segundo_factor`), and failed-login throttling (`auth`, django-axes)."""
