import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { started, startTogether, type Service } from '../../sync-server/local-services';

/** A service that starts (after `ms`) and notes when it is stopped. */
function fake(name: string, stopped: string[], ms = 0): () => Promise<Service> {
  return () =>
    new Promise((ok) =>
      setTimeout(
        () =>
          ok({
            url: `fake://${name}`,
            stop: async () => void stopped.push(name),
            halt: async () => {},
            resume: async () => {}
          }),
        ms
      )
    );
}

describe('startTogether', () => {
  it('gives every service, in the order asked, when all start', async () => {
    const stopped: string[] = [];
    const services = await startTogether([fake('redis', stopped, 5), fake('postgres', stopped)]);
    expect(services.map((s) => s.url)).toEqual(['fake://redis', 'fake://postgres']);
    expect(stopped).toEqual([]);
  });

  it('stops the ones that started when another fails, then throws that failure', async () => {
    // The bench once hung for good here: Redis missing, Postgres started and held by no one.
    const stopped: string[] = [];
    const missing = () => Promise.reject(new Error('redis-server could not be started'));
    await expect(startTogether([missing, fake('postgres', stopped, 5)])).rejects.toThrow(
      'redis-server could not be started'
    );
    expect(stopped).toEqual(['postgres']);
  });
});

describe('started', () => {
  it('fails at once, in plain words, for a program that is not installed', async () => {
    const child = spawn('tableside-no-such-program', [], { stdio: ['ignore', 'pipe', 'pipe'] });
    // Told at once, not after ten minutes' wait for a line that can never come (the test's own
    // time limit is far shorter).
    await expect(started(child, /ready/, 'tableside-no-such-program', 600_000)).rejects.toThrow(
      /tableside-no-such-program could not be started: .*ENOENT/
    );
  });
});
