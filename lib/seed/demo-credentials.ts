/** The demo sign-ins and key printed by `npm start`. Demo data only: never seeded in production. */
export const DEMO = {
  admin: { email: 'admin@demo-bank.test', password: 'demo-password-1' },
  support: { email: 'support@demo-bank.test', password: 'demo-password-1' },
  viewer: { email: 'viewer@demo-bank.test', password: 'demo-password-1' },
  sandbox: { email: 'founder@fintech.test', password: 'demo-password-1' },
  partnerAdmin: { email: 'admin@union-cu.test', password: 'demo-password-1' },
  apiKey: 'sk_live_demo_0000000000000000000000000000000000000000demo',
  sandboxApiKey: 'sk_sandbox_demo_000000000000000000000000000000000000demo',
};
