export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // Traces (when configured), before the modules they instrument are loaded.
    const { startTracing } = await import('./lib/server/tracing');
    await startTracing();
    // First, so that the requests served once the server is ready carry their peer's address.
    const { stampPeerAddresses } = await import('./lib/api/client-address');
    stampPeerAddresses();
    // A method a path does not take is answered 405 before Next.js sees it (TRACE would be a 500).
    const { refuseUnservedMethods } = await import('./lib/dashboard/method-guard');
    refuseUnservedMethods();
    const { startServices, stopWithNextJs } = await import('./lib/server/start');
    await startServices({ dashboard: true });
    stopWithNextJs();
  }
}
