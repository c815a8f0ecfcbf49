"""The browser's plumbing: shared views, forms, the menu and the middleware of every page (es-CO).

`views` (errors, limits, notices, deadlines, the second factor's pages), `forms`, `menu`, `middleware`,
`context_processors` and `direccion_servida` (the address `make run` serves on)."""
