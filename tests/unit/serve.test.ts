/**
 * scripts/serve.mjs sends a file as a static host does: the build's precompressed copy (brotli,
 * else gzip) when the browser accepts it, the file itself otherwise.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';

const TEXT = 'console.log("the app");\n'.repeat(50);
let root: string;
let server: { url: string; close(): Promise<unknown> };

/** A raw request (fetch would decompress and hide what was sent). */
function request(path: string, encoding?: string) {
  return new Promise<{ encoding?: string; vary?: string; type?: string; body: Buffer }>((ok, fail) => {
    get(`${server.url}${path}`, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () =>
        ok({
          encoding: res.headers['content-encoding'],
          vary: res.headers.vary as string | undefined,
          type: res.headers['content-type'],
          body: Buffer.concat(parts)
        })
      );
    }).on('error', fail);
  });
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'serve-'));
  writeFileSync(join(root, 'app.js'), TEXT);
  writeFileSync(join(root, 'app.js.br'), brotliCompressSync(TEXT));
  writeFileSync(join(root, 'app.js.gz'), gzipSync(TEXT));
  writeFileSync(join(root, 'plain.js'), TEXT);
  writeFileSync(join(root, '200.html'), '<p>app</p>');
  server = await startServer({ root, port: 0 });
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the static server', () => {
  it('sends every kind of file the manifest names with its real type (its WebP screenshots too)', async () => {
    const { manifest } = await import('../../src/lib/app/manifest');
    const files = [...(manifest.screenshots ?? []), ...(manifest.icons ?? [])] as {
      src: string;
      type: string;
    }[];
    const kinds = new Map(files.map((f) => [f.src.slice(f.src.lastIndexOf('.')), f.type]));
    expect([...kinds.keys()].sort()).toEqual(['.png', '.webp']);
    for (const [ext, type] of kinds) {
      writeFileSync(join(root, `file${ext}`), 'bytes');
      expect((await request(`/file${ext}`)).type).toBe(type);
    }
  });

  it('sends brotli when the browser accepts it, gzip when only that, and says so', async () => {
    const br = await request('/app.js', 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(TEXT);
    const gz = await request('/app.js', 'gzip;q=1.0, identity');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(TEXT);
  });

  it('sends the file itself to a browser that accepts neither, or where no copy was made', async () => {
    const plain = await request('/app.js');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(TEXT);
    const none = await request('/plain.js', 'br, gzip');
    expect(none.encoding).toBeUndefined();
    expect(none.body.toString()).toBe(TEXT);
  });
});
