import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // PGlite ships a WASM build that must be loaded from node_modules, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'pino', '@node-rs/argon2', 'pg', 'ioredis'],
  poweredByHeader: false,
  // Gateway answers carry Content-Length (the spec lists it); Next's gzip would replace it with
  // chunked encoding. Compression belongs to the reverse proxy in front.
  compress: false,
  devIndicators: false,
};

export default nextConfig;
