"""Server-rendered pages of the wholesalers' module (templates/distribuidores/, HTMX)."""
