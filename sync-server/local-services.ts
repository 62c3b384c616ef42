/**
 * Redis, Postgres and sync server instances started on this machine for the tests and the
 * benchmark: each on 127.0.0.1, on a port free at the time, with its data in a temporary
 * directory, and stopped (data removed) by `stop()`. Redis and Postgres come from Debian's
 * packages (`apt-get install redis-server postgresql`; .ci/run installs them when missing).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';

export interface Service {
  url: string;
  stop(): Promise<void>;
  /** Stops it as an outage would, keeping its port and data for `resume`. */
  halt(): Promise<void>;
  /** Starts it again after `halt`, on the same port with the same data. */
  resume(): Promise<void>;
}

export interface Instance {
  port: number;
  /** Its process, for reading its memory (/proc/<pid>/status). */
  pid: number;
  /** Every line it logged so far. */
  lines: string[];
  /** SIGTERM: it closes its connections and stores its rooms. */
  stop(): Promise<void>;
  /** SIGKILL: gone mid-sentence, as a machine that dies. */
  kill(): Promise<void>;
  /** False once the process has ended, by a signal or by itself. */
  alive(): boolean;
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => ok(port));
    });
  });
}

/**
 * Starts services side by side. When one fails, the ones that did start are stopped before the
 * failure is thrown: a Postgres left running with no one holding it would keep the calling
 * process alive for ever (the bench once hung on it where Redis was not installed).
 */
export async function startTogether(starts: (() => Promise<Service>)[]): Promise<Service[]> {
  const results = await Promise.allSettled(starts.map((start) => start()));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (!failed) return results.map((r) => (r as PromiseFulfilledResult<Service>).value);
  for (const r of results) if (r.status === 'fulfilled') await r.value.stop().catch(() => {});
  throw failed.reason;
}

/** Waits for `ready` in what the child prints; fails with what it printed when it exits first,
 * when it cannot be started at all (not installed), or after `ms`. */
export function started(child: ChildProcess, ready: RegExp, what: string, ms = 30_000): Promise<string> {
  return new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`${what} did not start in ${ms} ms:\n${out}`)), ms);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      if (ready.test(out)) {
        clearTimeout(timer);
        ok(out);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`${what} exited (${code}) before it was ready:\n${out}`));
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      fail(new Error(`${what} could not be started: ${error.message}`));
    });
  });
}

/** Sends `signal`, and SIGKILL if the child is still there 10 s later. */
function ended(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((ok) => {
    const stubborn = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(stubborn);
      ok();
    });
    child.kill(signal);
  });
}

export async function startRedis(): Promise<Service> {
  const port = await freePort();
  const run = async () => {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] }
    );
    await started(child, /Ready to accept connections/, 'redis-server (apt-get install redis-server)');
    return child;
  };
  let child = await run();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => ended(child, 'SIGTERM'),
    halt: () => ended(child, 'SIGKILL'),
    async resume() {
      child = await run();
    }
  };
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  if (versions.length === 0)
    throw new Error('No Postgres under /usr/lib/postgresql (apt-get install postgresql)');
  return join(root, versions[0], 'bin');
}

export async function startPostgres(): Promise<Service> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'tableside-pg-'));
  // Postgres refuses to run as root: as root, it runs as the postgres user Debian's package made.
  const as: { uid?: number; gid?: number } = {};
  if (userInfo().uid === 0) {
    as.uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout);
    as.gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout);
    chownSync(dir, as.uid, as.gid);
  }
  const data = join(dir, 'data');
  const init = spawnSync(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'tableside', '--no-sync'], {
    encoding: 'utf8',
    cwd: dir,
    ...as
  });
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}\n${init.stderr}`);
  const port = await freePort();
  const settings = ['listen_addresses=127.0.0.1', 'fsync=off', 'synchronous_commit=off'];
  const run = async () => {
    const child = spawn(
      join(bin, 'postgres'),
      ['-D', data, '-p', String(port), '-k', dir, ...settings.flatMap((s) => ['-c', s])],
      { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir, ...as }
    );
    await started(child, /ready to accept connections/, 'postgres');
    return child;
  };
  let child = await run();
  return {
    url: `postgres://tableside@127.0.0.1:${port}/postgres`,
    async stop() {
      await ended(child, 'SIGINT'); // Postgres' fast shutdown
      rmSync(dir, { recursive: true, force: true });
    },
    // Its immediate shutdown: every connection cut, as a crashed or restarting database.
    halt: () => ended(child, 'SIGQUIT'),
    async resume() {
      child = await run();
    }
  };
}

/** One sync server in a process of its own, started as `npm run sync-server` would. */
export async function startInstance(args: string[]): Promise<Instance> {
  // Node itself with tsx's loader (not the tsx command, which runs Node as a child of its own):
  // a signal reaches the server, and SIGKILL kills it.
  const script = resolve(import.meta.dirname, 'server.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, '--port', '0', ...args], {
    cwd: resolve(import.meta.dirname, '..'),
    stdio: ['ignore', 'pipe', 'pipe']
  });
  const lines: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const out = await started(child, /on ws:\/\/127\.0\.0\.1:\d+/, 'the sync server');
  const port = Number(/127\.0\.0\.1:(\d+)/.exec(out)![1]);
  return {
    port,
    pid: child.pid!,
    lines,
    stop: () => ended(child, 'SIGTERM'),
    kill: () => ended(child, 'SIGKILL'),
    alive: () => child.exitCode === null && child.signalCode === null
  };
}
