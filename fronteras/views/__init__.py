"""Server-rendered pages of border zones (templates/fronteras/): they call the same services and
selectors as the API (fronteras.apis)."""
