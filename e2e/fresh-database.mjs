// A fresh PostgreSQL database for one e2e server script (start-postgres-server.mjs, start-cluster.mjs):
// `<prefix><pid>` on the server TEST_DATABASE_URL points at, created at start and dropped by `drop()`.
// Databases with the same prefix left by a run that was killed are dropped first, once their process
// is gone (the pid in the name says whose they were).
import pg from 'pg';

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/** Creates `<prefix><pid>` on `serverUrl`; returns its name, its URL and `drop()`. */
export async function createFreshDatabase(serverUrl, prefix) {
  const name = `${prefix}${process.pid}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const admin = async (run) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  await admin(async (client) => {
    const { rows } = await client.query('select datname from pg_database where datname like $1', [`${prefix}%`]);
    for (const { datname } of rows) {
      const pid = Number(datname.slice(prefix.length));
      if (Number.isInteger(pid) && pid > 0 && !alive(pid))
        await client.query(`drop database if exists "${datname}" with (force)`);
    }
    await client.query(`create database "${name}"`);
  });
  return {
    name,
    url: url.toString(),
    drop: () => admin((client) => client.query(`drop database if exists "${name}" with (force)`)),
  };
}
