// The API's own packages, re-exported for the benchmarks in bench/api (a workspace package without
// them): the same pg, drizzle-orm, shared data and Fastify types the app uses.
export { default as pg } from 'pg';
export { and, eq, sql } from 'drizzle-orm';
export { defaultSupportTiers } from '@beabro/shared/data/support-tiers';
export type { FastifyInstance } from 'fastify';
