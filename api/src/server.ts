import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { loadConfig } from './config/env';
import type { Database } from './db/database';
import { openDatabaseForConfig } from './seed/open-database-for-config';
import { listenErrorMessage } from './lib/listen-error-message';
import { describeMailDestination } from './modules/email/describe-mail-destination';

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

await mkdir(config.dataDir, { recursive: true });
let database: Database;
try {
  database = await openDatabaseForConfig(config);
} catch (error) {
  console.error(`Could not open the database: ${(error as Error).message}`);
  process.exit(1);
}
const app = await buildApp(config, database.db);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received: finishing requests in flight, then exiting`);
  const timer = setTimeout(() => {
    app.log.error('Graceful shutdown timed out after 10 s');
    process.exit(1);
  }, 10_000);
  timer.unref();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  const message = listenErrorMessage(error, config.host, config.port);
  if (!message) throw error;
  console.error(message);
  await app.close();
  await database.close();
  process.exit(1);
}
app.log.info(describeMailDestination(config, (app.server.address() as AddressInfo).port));
