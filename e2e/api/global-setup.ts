import type { TestProject } from 'vitest/node';
import { startServer, type DbKind, type Host } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    host: string;
    dbKind: string;
  }
}

/** API_HOST=next|standalone (default next), API_DB=pglite|postgres (default pglite). */
export default async function setup(project: TestProject) {
  const host = (process.env.API_HOST ?? 'next') as Host;
  const db = (process.env.API_DB ?? 'pglite') as DbKind;
  const server = await startServer({ host, db, long: true });
  project.provide('baseUrl', server.baseUrl);
  project.provide('databaseUrl', server.databaseUrl ?? '');
  project.provide('host', host);
  project.provide('dbKind', db);
  return () => server.stop();
}
