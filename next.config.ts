import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // PGlite ships a WASM build that must be loaded from node_modules, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'pino', '@node-rs/argon2', 'pg', 'ioredis'],
  poweredByHeader: false,
  devIndicators: false,
};

export default nextConfig;
