// Async boundary: shared singletons are negotiated with the Module Federation runtime before any app code runs.
import('./bootstrap');
