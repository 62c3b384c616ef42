/**
 * The rooms in Postgres, for several instances of the sync server: every instance reads and
 * writes the same rooms. Per room, the hash of its key and the time it was last touched; its
 * Yjs updates one row each, as they arrive, merged into one row when the last phone leaves an
 * instance or after many appends. A merge deletes exactly the rows it read, so an update
 * another instance inserts meanwhile is never lost.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import pg from 'pg';
import * as Y from 'yjs';
import type { Admission, Rooms } from './rooms';
import type { RoomStore } from './store';

const COMPACT_AFTER = 2000;
/** Touching a room on every tap would be a write per tap; once a minute is plenty for a sweep
 * counted in days. */
const TOUCH_EVERY = 60_000;

const hashOf = (key: string) => `sha256:${createHash('sha256').update(key, 'utf8').digest('hex')}`;

const SCHEMA = `
  create table if not exists tableside_rooms (
    name text primary key,
    key_hash text not null,
    touched timestamptz not null default now()
  );
  create table if not exists tableside_updates (
    id bigserial primary key,
    room text not null references tableside_rooms (name) on delete cascade,
    data bytea not null
  );
  create index if not exists tableside_updates_room on tableside_updates (room, id);
`;

export class PostgresRooms implements Rooms {
  private appended = new Map<string, number>();
  private touched = new Map<string, number>();

  private constructor(
    private readonly pool: pg.Pool,
    readonly where: string
  ) {}

  /** Connects and makes the tables when missing (under a lock: instances may start together). */
  static async open(url: string): Promise<PostgresRooms> {
    const pool = new pg.Pool({ connectionString: url, max: 8, connectionTimeoutMillis: 3000 });
    // An idle client losing its server must not end the process; the next query reports it.
    pool.on('error', () => {});
    const client = await pool.connect();
    try {
      await client.query(`select pg_advisory_lock(35035035)`);
      await client.query(SCHEMA);
      await client.query(`select pg_advisory_unlock(35035035)`);
    } finally {
      client.release();
    }
    // For the log: the database, without a password.
    const where = new URL(url);
    const user = where.username ? `${where.username}@` : '';
    return new PostgresRooms(pool, `${where.protocol}//${user}${where.host}${where.pathname}`);
  }

  async admit(room: string, key: string, mayOpen: boolean): Promise<Admission> {
    const hash = hashOf(key);
    if (mayOpen) {
      const made = await this.pool.query(
        `insert into tableside_rooms (name, key_hash) values ($1, $2) on conflict (name) do nothing`,
        [room, hash]
      );
      if (made.rowCount === 1) return 'new';
    }
    const found = await this.pool.query<{ key_hash: string }>(
      `select key_hash from tableside_rooms where name = $1`,
      [room]
    );
    if (found.rowCount === 0) return 'unknown';
    const stored = Buffer.from(found.rows[0].key_hash);
    const given = Buffer.from(hash);
    if (stored.length !== given.length || !timingSafeEqual(stored, given)) return 'wrong';
    await this.touch(room, true);
    return 'ok';
  }

  private async touch(room: string, now: boolean): Promise<void> {
    const last = this.touched.get(room) ?? 0;
    if (!now && Date.now() - last < TOUCH_EVERY) return;
    this.touched.set(room, Date.now());
    await this.pool.query(`update tableside_rooms set touched = now() where name = $1`, [room]);
  }

  private async rows(room: string, client: pg.Pool | pg.PoolClient = this.pool) {
    const result = await client.query<{ id: string; data: Buffer }>(
      `select id, data from tableside_updates where room = $1 order by id`,
      [room]
    );
    return result.rows;
  }

  async load(room: string): Promise<Uint8Array | undefined> {
    const rows = await this.rows(room);
    if (rows.length === 0) return undefined;
    return rows.length === 1 ? rows[0].data : Y.mergeUpdates(rows.map((r) => r.data));
  }

  async append(room: string, update: Uint8Array): Promise<void> {
    await this.pool.query(`insert into tableside_updates (room, data) values ($1, $2)`, [
      room,
      Buffer.from(update)
    ]);
    await this.touch(room, false);
    const count = (this.appended.get(room) ?? 0) + 1;
    this.appended.set(room, count);
    if (count >= COMPACT_AFTER) await this.compact(room);
  }

  /**
   * Merges the rows stored so far, and `state` (this instance's whole document) when given, into
   * one row. The rows are read under the room's lock, so another instance's newer rows are merged
   * too, or inserted after and kept; merging only ever adds, so this instance's copy loses
   * nothing another wrote. With `state`, this is also how appends that failed (Postgres away)
   * reach Postgres after all.
   */
  async compact(room: string, state?: Uint8Array): Promise<void> {
    this.appended.set(room, 0);
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      // One merge of a room at a time, across instances.
      await client.query(`select 1 from tableside_rooms where name = $1 for update`, [room]);
      const rows = await this.rows(room, client);
      const updates = [...rows.map((r) => new Uint8Array(r.data)), ...(state ? [state] : [])];
      if (updates.length > 1 || (state && rows.length === 0)) {
        const merged = updates.length === 1 ? updates[0] : Y.mergeUpdates(updates);
        await client.query(`delete from tableside_updates where id = any($1::bigint[])`, [
          rows.map((r) => r.id)
        ]);
        await client.query(`insert into tableside_updates (room, data) values ($1, $2)`, [
          room,
          Buffer.from(merged)
        ]);
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Copies the rooms a one-machine server kept as files (its --dir) into Postgres: each key's
   * hash and its document. A room Postgres has already is left as it is, so importing twice
   * changes nothing. Gives the names of the rooms copied.
   */
  async importFiles(files: RoomStore): Promise<string[]> {
    const copied: string[] = [];
    for (const room of files.rooms()) {
      const hash = files.keyHash(room);
      const made = await this.pool.query(
        `insert into tableside_rooms (name, key_hash) values ($1, $2) on conflict (name) do nothing`,
        [room, hash]
      );
      if (made.rowCount !== 1) continue;
      const saved = files.load(room, false);
      if (saved) {
        await this.pool.query(`insert into tableside_updates (room, data) values ($1, $2)`, [
          room,
          Buffer.from(saved)
        ]);
      }
      copied.push(room);
    }
    return copied;
  }

  async idleSince(before: number): Promise<string[]> {
    const result = await this.pool.query<{ name: string }>(
      `select name from tableside_rooms where touched < $1`,
      [new Date(before)]
    );
    return result.rows.map((r) => r.name);
  }

  async remove(room: string): Promise<void> {
    await this.pool.query(`delete from tableside_rooms where name = $1`, [room]);
    this.appended.delete(room);
    this.touched.delete(room);
  }

  async healthy(): Promise<string | undefined> {
    try {
      await this.pool.query('select 1');
      return undefined;
    } catch (error) {
      return `Postgres does not answer: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
