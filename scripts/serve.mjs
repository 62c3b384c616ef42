/**
 * Serves the built app (build/) on localhost, as a static host would: prerendered pages without
 * their .html, the SPA fallback (200.html) for any other page, so /play/<id> links work, and each
 * file compressed as the build left it beside the file (.br, .gz) when the browser accepts that:
 * what is measured here is what a phone gets. No dependencies.
 *
 *   node scripts/serve.mjs            (http://localhost:4173, or PORT=…)
 */
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  // The manifest's screenshots: an install sheet refuses one sent as octet-stream.
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2'
};

/**
 * The precompressed copy the browser accepts, brotli first; none for a file served changed.
 * @param {string} path
 * @param {string | undefined} accepted the request's accept-encoding
 * @returns {Promise<[string, string] | undefined>} [file, encoding]
 */
async function compressed(path, accepted) {
  const wants = new Set((accepted ?? '').split(',').map((e) => e.split(';')[0].trim()));
  for (const [encoding, ext] of [
    ['br', '.br'],
    ['gzip', '.gz']
  ]) {
    if (wants.has(encoding) && (await fileAt(path + ext))) return [path + ext, encoding];
  }
  return undefined;
}

/** @param {string} path */
async function fileAt(path) {
  try {
    const s = await stat(path);
    return s.isFile() ? path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * @param {{ root?: string, port?: number, host?: string, transform?: (path: string, body: Buffer) => Buffer }} options
 * `transform` lets tests change a file on its way out (e.g. a new service worker version).
 */
export async function startServer(options = {}) {
  const root = resolve(options.root ?? join(fileURLToPath(new URL('..', import.meta.url)), 'build'));
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const pathname = decodeURIComponent(url.pathname);
      const safe = normalize(pathname).replace(/^(\.\.[/\\])+/, '');
      const base = join(root, safe);
      if (!base.startsWith(root)) {
        res.writeHead(403).end();
        return;
      }
      const found =
        (await fileAt(base)) ??
        (await fileAt(`${base}.html`)) ??
        (await fileAt(join(base, 'index.html'))) ??
        (extname(safe) === '' ? await fileAt(join(root, '200.html')) : undefined);
      if (!found) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      const packed = options.transform ? undefined : await compressed(found, req.headers['accept-encoding']);
      /** @type {Buffer} */
      let body = await readFile(packed ? packed[0] : found);
      if (options.transform) body = options.transform(found.slice(root.length), body);
      /** @type {Record<string, string>} */
      const headers = { 'content-type': TYPES[extname(found)] ?? 'application/octet-stream' };
      if (packed) headers['content-encoding'] = packed[1];
      headers.vary = 'accept-encoding';
      // Hashed assets never change; everything else is checked each time (the service worker
      // and the pages must update as soon as a new version is deployed).
      headers['cache-control'] = found.includes('/_app/immutable/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache';
      res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise((ok) => server.listen(options.port ?? 4173, host, () => ok(undefined)));
  const address = server.address();
  const url = `http://localhost:${typeof address === 'object' && address ? address.port : options.port}`;
  return {
    url,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok(undefined));
      })
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 4173);
  const { url } = await startServer({ port, host: process.env.HOST ?? '127.0.0.1' });
  console.log(`Tableside is running at ${url}  (Ctrl+C to stop)`);
}
