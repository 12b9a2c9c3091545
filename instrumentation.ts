export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // First, so that the requests served once the server is ready carry their peer's address.
    const { stampPeerAddresses } = await import('./lib/api/client-address');
    stampPeerAddresses();
    const { startServices } = await import('./lib/server/start');
    await startServices({ dashboard: true });
  }
}
