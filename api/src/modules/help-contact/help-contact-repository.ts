import type { Db } from '../../db/database';
import { contactRequests } from '../../db/schema';

export async function insertContactRequest(
  db: Db,
  values: typeof contactRequests.$inferInsert,
): Promise<{ id: string }> {
  const [row] = await db.insert(contactRequests).values(values).returning({ id: contactRequests.id });
  if (!row) throw new Error('insert into contact_requests returned nothing');
  return row;
}
