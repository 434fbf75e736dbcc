/**
 * vitest `globalSetup`: one private PostgreSQL server per test run, its URL
 * handed to every test file (`inject('postgresUrl')`); stopped and its folder
 * removed afterwards. Where no PostgreSQL can be had, the run fails with
 * the reason (never a silent skip).
 */
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { type PostgresServer, startPostgresServer } from '@xcap/test-support';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The private server's connection string (trust authentication). */
    postgresUrl: string;
  }
}

let server: PostgresServer | undefined;

/** Starts the server and provides its URL. */
export async function setup(project: TestProject): Promise<void> {
  try {
    server = await startPostgresServer();
  } catch (error) {
    throw new Error(`@xcap/store-postgres tests: no PostgreSQL server could be started: ${error instanceof Error ? error.message : String(error)}`);
  }
  project.provide('postgresUrl', server.url);
}

/** Stops the server and removes its folder. */
export async function teardown(): Promise<void> {
  await server?.stop();
  server = undefined;
}
