"""The app's Voilà server, run inside the `fliptoons-explore app` process (imported only there:
it needs Voilà). What it adds to Voilà, and why, is in `fliptoons_explore.app`:

- `ExplorerVoila`: stops on SIGTERM, SIGINT and SIGHUP alike (Voilà alone stops on SIGTERM and
  Ctrl-C, and dies on a closed terminal without stopping its kernels); its page handler sets the
  `_xsrf` cookie, which the page's shutdown request on leaving must send back (without it Voilà
  refuses the request: "403 '_xsrf' argument missing" and the kernel lives on).
- `ExplorerKernelManager`: shuts a kernel down once its page has been gone (no connection left)
  for `disconnect_grace` seconds; the pre-started kernels, which no page has used yet, stay.
- `TemplateCode`: Voilà compiles its page templates anew for every page (a fresh Jinja
  environment per page); the app keeps the compiled templates for the next pages.
"""
from __future__ import annotations

import asyncio
import signal

import jinja2

from jupyter_core.utils import ensure_async
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.ioloop import IOLoop
from tornado.web import HTTPError
from traitlets import Float
from voila.app import Voila
from voila.exporter import VoilaExporter
from voila.tornado.handler import TornadoVoilaHandler

#: Seconds a kernel whose page has gone away (no connection left) is kept, for a page reconnecting.
DISCONNECT_GRACE = 15.0
#: Seconds the stop waits for a kernel still starting (a pool refill under way) before it stops it.
STARTING_WAIT = 20.0


def install_stop_signals(stop) -> None:
    """Make SIGTERM, SIGINT and SIGHUP (a closed terminal) call `stop(signum)`."""
    for name in ("SIGTERM", "SIGINT", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), lambda signum, _frame: stop(signum))


class TemplateCode(jinja2.BytecodeCache):
    """Compiled templates in memory, for every page's Jinja environment (a template that changes
    has another checksum, and is compiled again)."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        code = self.code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


TEMPLATE_CODE = TemplateCode()
_environment = VoilaExporter.environment


def _environment_keeping_code(exporter):
    env = _environment.fget(exporter)
    env.bytecode_cache = TEMPLATE_CODE
    return env


VoilaExporter.environment = property(_environment_keeping_code)


class ExplorerPageHandler(TornadoVoilaHandler):
    """Voilà's page, with the `_xsrf` cookie set before the page is written."""

    async def get(self, path=None):
        self.xsrf_token  # noqa: B018 - reading it sets the cookie (tornado)
        return await super().get(path)


class ExplorerVoila(Voila):
    """Voilà stopping on SIGTERM, SIGINT and SIGHUP, its page setting the `_xsrf` cookie."""

    def initialize(self, argv=None):
        super().initialize(argv)
        install_stop_signals(self._stop)

    def _stop(self, signum) -> None:
        loop = getattr(self, "ioloop", None)
        if loop is None:  # not serving yet: nothing started to stop
            raise SystemExit(0)
        self.log.info("Stopping on signal %s: the server and every kernel it started.", signum)
        loop.add_callback_from_signal(loop.stop)

    def init_handlers(self):
        return [(h[0], ExplorerPageHandler, *h[2:]) if len(h) > 1 and h[1] is TornadoVoilaHandler else h
                for h in super().init_handlers()]


class ExplorerKernelManager(AsyncMappingKernelManager):
    """Kernels of pages: one whose last connection dropped is shut down after the grace."""

    disconnect_grace = Float(DISCONNECT_GRACE, config=True,
                             help="Seconds a kernel without a connection waits for its page to come back")

    def notify_disconnect(self, kernel_id):
        super().notify_disconnect(kernel_id)
        if self._kernel_connections.get(kernel_id, 0) == 0:
            IOLoop.current().call_later(self.disconnect_grace, self._stop_if_abandoned, kernel_id)

    async def shutdown_all(self, now: bool = False) -> None:
        """Shut every kernel down, a pool kernel still starting at the stop too: it is waited
        for (up to `STARTING_WAIT` s) and then shut down; one already gone is skipped (the stock
        manager asks for a kernel still starting by an id it does not know yet, and fails)."""
        starting = [f for f in self._pending_kernels.values() if isinstance(f, asyncio.Future)]
        if starting:
            await asyncio.wait(starting, timeout=STARTING_WAIT)
        await asyncio.gather(*(self._shutdown_if_there(k, now) for k in set(self.list_kernel_ids())))

    async def _shutdown_if_there(self, kernel_id, now: bool) -> None:
        if kernel_id not in self:
            return
        try:
            await ensure_async(self.shutdown_kernel(kernel_id, now=now))
        except HTTPError:  # it went meanwhile
            pass

    def _stop_if_abandoned(self, kernel_id) -> None:
        if kernel_id in self and self._kernel_connections.get(kernel_id, 0) == 0:
            self.log.info("Kernel %s: its page has gone; shutting it down.", kernel_id)
            asyncio.ensure_future(self.shutdown_kernel(kernel_id))


def serve(argv: list[str]) -> int:
    """Run the app's Voilà with these arguments until a stop signal; 0 once everything stopped."""
    ExplorerVoila.launch_instance(argv=argv)
    return 0
