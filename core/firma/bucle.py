"""pyHanko's synchronous calls and asyncio: one helper below every module of core.firma."""

import asyncio
import concurrent.futures


def fuera_del_bucle(funcion, *args, **kwargs):
    """pyHanko's synchronous calls run their own asyncio loop, which fails in a thread where one already
    runs (an ASGI server, or Playwright's in the browser tests): there, call it from a thread of its own."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return funcion(*args, **kwargs)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as hilo:
        return hilo.submit(funcion, *args, **kwargs).result()
