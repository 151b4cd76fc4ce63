// Set-based seeding for the API benchmarks: a creator and N supports with their four ledger entries
// each (the same fees as shared/src/money/fees.ts), so the ledger integrity check still passes.
import { defaultSupportTiers } from '@beabro/shared/data/support-tiers';
import { creatorProfiles, supportTiers, users, type Db } from 'api/bench';
import { sql } from 'drizzle-orm';

export async function insertCreator(
  db: Db,
  username: string,
  overrides: { showEarnings?: boolean; goalAmountCents?: number } = {},
): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ email: `${username}@bench.example.com`, displayName: `Bench ${username}`, userType: 'creator' })
    .returning();
  if (!user) throw new Error('could not create the creator');
  await db.insert(creatorProfiles).values({
    userId: user.id,
    username,
    displayName: `Bench ${username}`,
    bio: 'A creator made by the benchmarks.',
    creatorType: 'artist',
    minimumAmountCents: 100,
    country: 'US',
    goalTitle: 'A new studio',
    goalAmountCents: overrides.goalAmountCents ?? 100_000_000,
    showEarnings: overrides.showEarnings ?? true,
  });
  await db.insert(supportTiers).values(defaultSupportTiers().map((tier) => ({ creatorId: user.id, ...tier })));
  return user.id;
}

/**
 * `count` supports for the creator, spread evenly over the last `days` days (the newest a minute ago),
 * from `count / supportsPerSupporter` distinct guest supporters, amounts $3 to $50, with their ledger
 * entries, in `batch`-sized statements. Triggers are off for the bulk load, so the supporters' identities
 * are written here and the creator's rollups rebuilt from the facts at the end (as the migration does).
 */
export async function seedSupports(
  db: Db,
  creatorId: string,
  count: number,
  options: { days: number; supportsPerSupporter: number; batch?: number },
): Promise<void> {
  const batch = options.batch ?? 250_000;
  const supporters = Math.max(1, Math.floor(count / options.supportsPerSupporter));
  const spanSeconds = options.days * 86_400;
  // One identity per guest address, unique per creator (the username is in the address).
  const tag = creatorId.replaceAll('-', '');
  await db.execute(sql`insert into supporter_identities (email)
    select 'bro' || k || '.' || ${tag} || '@bench.example.com' from generate_series(0, ${supporters - 1}::int) k`);
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    // Bulk load: triggers off for this transaction (foreign-key checks, the creator version bump and the
    // rollups; the rows are built consistent, the version is bumped and the rollups rebuilt below). Needs a superuser.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
      with s as (
        insert into supports (creator_id, supporter_id, supporter_name, supporter_email, amount_cents, currency, platform_fee_cents, processing_fee_cents, creator_net_cents, message, is_anonymous, is_recurring, created_at)
        select ${creatorId}::uuid, i.id, 'Bro ' || (g % ${supporters}), i.email, a, 'usd', p, q, a - p - q,
               case when g % 5 = 0 then 'Keep going!' else '' end, g % 11 = 0, g % 13 = 0,
               now() - interval '1 minute' - make_interval(secs => (${spanSeconds}::bigint * (${count} - g)) / ${count})
        from generate_series(${from}::int, ${to}::int) g
        cross join lateral (select 300 + (g * 37) % 4701 as a) amount
        cross join lateral (select (a * 5 + 99) / 100 as p, (a * 29 + 999) / 1000 + 30 as q) fees
        join supporter_identities i on i.email = 'bro' || (g % ${supporters}) || '.' || ${tag} || '@bench.example.com'
        returning id, creator_id, amount_cents, platform_fee_cents, processing_fee_cents, creator_net_cents, created_at
      )
      insert into ledger_entries (creator_id, support_id, account, type, amount_cents, currency, created_at)
      select s.creator_id, s.id, e.account, e.type, e.amount, 'usd', s.created_at
      from s cross join lateral (values
        ('supporters', 'gross', s.amount_cents),
        ('platform', 'platform_fee', s.platform_fee_cents),
        ('processor', 'processing_fee', s.processing_fee_cents),
        ('creator:' || s.creator_id::text, 'creator_net', s.creator_net_cents)
      ) as e(account, type, amount)`);
    });
  }
  await db.execute(sql`select rebuild_creator_rollups(${creatorId}::uuid)`);
  await db.execute(sql`insert into creator_versions (creator_id, version) values (${creatorId}::uuid, 1)
    on conflict (creator_id) do update set version = creator_versions.version + 1`);
  for (const table of [
    'supports',
    'ledger_entries',
    'supporter_identities',
    'creator_supporters',
    'creator_daily_rollups',
    'creator_rollups',
  ]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}
