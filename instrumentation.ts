export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startServices } = await import('./lib/server/start');
    await startServices();
  }
}
