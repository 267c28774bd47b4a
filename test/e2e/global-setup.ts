/** Builds and serves the app once for all e2e files; they find it through PIPS_E2E_URL (harness.ts). */
import { startApp, stopApp } from './harness';

export async function setup(): Promise<void> {
  if (process.env.PIPS_E2E_URL) return;
  const app = await startApp();
  process.env.PIPS_E2E_URL = app.url;
}

export async function teardown(): Promise<void> {
  await stopApp();
}
