// The API's one entry for the benchmarks (`import ... from 'api/bench'` in bench/, declared as the `./bench`
// export of api/package.json): exactly what they use, so bench/ never reaches into src/ by path and the API
// never runs bench code. Adding a name here is how a benchmark gets at something new.
// The Fastify declarations (app.db, request.user, ...) of the instance buildApp returns.
import type {} from './types/fastify';

export type { FastifyInstance } from 'fastify';
export { buildApp } from './app';
export { loadConfig } from './config/env';
export { migrateDatabase, openPglite, openPostgres, type Database, type Db } from './db/database';
export { creatorProfiles, supports, supportTiers, users } from './db/schema';
export { seedDemoData } from './seed/seed-demo-data';
export { SESSION_COOKIE, startSession } from './modules/sessions/session-service';
export { analyticsWindow } from './modules/analytics/analytics-period';
export {
  countByAmount,
  countNewSupporters,
  findGoalReachedAt,
  listFirstSupports,
  listSupports,
  sumByDay,
  sumPeriod,
} from './modules/analytics/analytics-repository';
export { listTopSupporters } from './modules/analytics/analytics-top-supporters';
export { checkLedgerIntegrity, formatIntegrityReport } from './modules/ledger/integrity-service';
export { monthStarts } from './modules/dashboards/creator-dashboard-service';
export {
  countNewSupportersSince,
  countSupporters,
  listRecentReceivedSupports,
  sumCreatorLedger,
} from './modules/dashboards/dashboards-repository';
export { estimateNextPayout } from './modules/payouts/payouts-service';
