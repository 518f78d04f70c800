// Async boundary: shared modules are negotiated before the standalone app imports them.
import('./bootstrap');
