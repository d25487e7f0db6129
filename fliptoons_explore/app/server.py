"""The app's Voilà server, run inside the `fliptoons-explore app` process (imported only there:
it needs Voilà). What it adds to Voilà, and why, is in `fliptoons_explore.app.command`:

- `ExplorerVoila`: stops on SIGTERM, SIGINT and SIGHUP alike (Voilà alone stops on SIGTERM and
  Ctrl-C, and dies on a closed terminal without stopping its kernels); its page handler sets the
  `_xsrf` cookie, which the page's shutdown request on leaving must send back (without it Voilà
  refuses the request: "403 '_xsrf' argument missing" and the kernel lives on).
- `ExplorerKernelManager`: shuts a kernel down once its page has been gone (no connection left)
  for `disconnect_grace` seconds; the pre-started kernels, which no page has used yet, stay.
- `TemplateCode`: Voilà compiles its page templates anew for every page (a fresh Jinja
  environment per page); the app keeps the compiled templates for the next pages.
- `warm_pool`: Voilà's pool of pre-started kernels (`preheat_kernel`), made to hand out only
  kernels that have finished drawing the explorer, and to refill without swamping the pages it
  serves. As Voilà has it, a pool kernel counts as ready as soon as its process has started
  (the log's "pool is filled" comes before the explorer is built), so pages opened then wait,
  all together, for every pool kernel to finish building (20 at once on 2 cores: 39 s each,
  against 4 s once they had finished); and every page that takes a kernel schedules a new one
  `fill_delay` seconds later, so 20 pages start 20 kernels at once while their users click.
  Here a pool kernel is ready once its page is drawn (the log says so when all are), a page
  takes a ready one (or, when none is, starts its own at once instead of waiting behind the
  pool), and the pool refills once no page has taken a kernel for `fill_delay` seconds, one
  kernel at a time, each once the pages' kernels have been quiet for `fill_delay` seconds (or
  after `REFILL_PATIENCE` seconds at the latest).
"""

from __future__ import annotations

import asyncio
import signal
from datetime import timedelta

import jinja2
import voila.app
from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.ioloop import IOLoop
from tornado.web import HTTPError
from traitlets import Float
from voila.app import Voila
from voila.exporter import VoilaExporter
from voila.tornado.handler import TornadoVoilaHandler

#: Seconds a kernel whose page has gone away (no connection left) is kept, for a page reconnecting.
DISCONNECT_GRACE = 15.0
#: Seconds a spare kernel waits, at most, for the pages' kernels to be quiet before it starts.
REFILL_PATIENCE = 60.0
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


def warm_pool(factory):
    """Wrap Voilà's `voila_kernel_manager_factory`: the pool class it makes, with the changes
    this module's docstring describes (the pool of warm kernels)."""

    def make(base_class, preheat_kernel, default_pool_size, page_config_hook=None):
        pool_class = factory(
            base_class, preheat_kernel, default_pool_size, page_config_hook=page_config_hook
        )
        if not preheat_kernel:
            return pool_class

        class WarmPool(pool_class):
            """Voilà's kernel pool, handing out warm kernels only and refilling gently."""

            def __init__(self, **kwargs):
                self._taken = 0  # kernels handed to pages: the initial fill is done
                self._refill_gate = asyncio.Semaphore(1)
                self._refill_timer = None
                self._stopping = False
                self._stop_event = asyncio.Event()
                super().__init__(**kwargs)

            async def _initialize(self, notebook_path, kernel_id=None, **kwargs):
                """Start a kernel and run the notebook in it; done when its page is drawn (a
                refill waits for the kernel refilled before it)."""
                if not self._taken:
                    return await self._warm(notebook_path, kernel_id, **kwargs)
                async with self._refill_gate:
                    waited = 0.0
                    while self._pages_busy() and waited < REFILL_PATIENCE and not self._stopping:
                        await asyncio.sleep(1.0)
                        waited += 1.0
                    if self._stopping:
                        raise RuntimeError("the app is stopping: no new kernel")
                    return await self._warm(notebook_path, kernel_id, **kwargs)

            def _pages_busy(self) -> bool:
                """Whether a page's kernel (one with a connection) was active in the last
                `fill_delay` seconds: people are clicking, and a spare kernel can wait."""
                recent = utcnow() - timedelta(seconds=self.fill_delay)
                return any(
                    self._kernel_connections.get(k, 0)
                    and getattr(self._kernels.get(k), "last_activity", recent) > recent
                    for k in list(self._kernels)
                )

            async def _warm(self, notebook_path, kernel_id=None, **kwargs):
                content = await super()._initialize(notebook_path, kernel_id, **kwargs)
                stop = asyncio.ensure_future(self._stop_event.wait())
                await asyncio.wait([content["task"], stop], return_when=asyncio.FIRST_COMPLETED)
                stop.cancel()  # a stop does not wait for the explorer to be built
                return content

            def _ready(self, notebook_name):
                return [
                    t
                    for t in self._pools.get(notebook_name, ())
                    if t.done() and not t.cancelled() and t.exception() is None
                ]

            def get_pool_size(self, notebook_name: str) -> int:
                """Warm kernels only: with none, the page starts its own kernel at once."""
                return len(self._ready(notebook_name))

            async def get_rendered_notebook(self, notebook_name, *args, **kwargs):
                """Hand a warm kernel to the page (Voilà takes the pool's first, ready or not)."""
                ready = self._ready(notebook_name)
                pool = self._pools.get(notebook_name, [])
                if ready:
                    pool.remove(ready[0])
                    pool.insert(0, ready[0])
                self._taken += 1
                return await super().get_rendered_notebook(notebook_name, *args, **kwargs)

            def fill_if_needed(self, delay=None, notebook_name=None, **kwargs):
                """The first fill at once; a refill (`delay` None: a page took a kernel) once no
                page has taken one for `fill_delay` seconds."""
                if delay is not None:
                    return super().fill_if_needed(
                        delay=delay, notebook_name=notebook_name, **kwargs
                    )
                loop = IOLoop.current()
                if self._refill_timer is not None:
                    loop.remove_timeout(self._refill_timer)
                self._refill_timer = loop.call_later(
                    self.fill_delay, self._refill, notebook_name, kwargs
                )

            def _refill(self, notebook_name, kwargs):
                self._refill_timer = None
                if not self._stopping:
                    super().fill_if_needed(delay=0, notebook_name=notebook_name, **kwargs)

            async def shutdown_all(self, *args, **kwargs):
                """Stop: no refill is started any more; the kernels already there are shut down."""
                self._stopping = True
                self._stop_event.set()
                if self._refill_timer is not None:
                    IOLoop.current().remove_timeout(self._refill_timer)
                    self._refill_timer = None
                return await super().shutdown_all(*args, **kwargs)

        return WarmPool

    return make


voila.app.voila_kernel_manager_factory = warm_pool(voila.app.voila_kernel_manager_factory)


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
        return [
            (h[0], ExplorerPageHandler, *h[2:]) if len(h) > 1 and h[1] is TornadoVoilaHandler else h
            for h in super().init_handlers()
        ]


class ExplorerKernelManager(AsyncMappingKernelManager):
    """Kernels of pages: one whose last connection dropped is shut down after the grace."""

    disconnect_grace = Float(
        DISCONNECT_GRACE,
        config=True,
        help="Seconds a kernel without a connection waits for its page to come back",
    )

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
        await asyncio.gather(
            *(self._shutdown_if_there(k, now) for k in set(self.list_kernel_ids()))
        )

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
