import got from 'got';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createImageCache, STALE_PART_MS } from '../../src/api/image-cache.js';
import { createImageFetcher, createPictures, ImageFetchError, MAX_IMAGE_BYTES } from '../../src/api/images.js';

// A server of faults: each path answers one way a picture can go wrong.
let server: Server;
let base: string;
const seen: { url: string; authorization: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', authorization: request.headers.authorization });
    if (request.url === '/ok.png') return void response.end(Buffer.from('picture-bytes'));
    if (request.url === '/huge.png') {
      response.setHeader('content-length', String(MAX_IMAGE_BYTES + 10));
      return void response.end(Buffer.alloc(MAX_IMAGE_BYTES + 10));
    }
    if (request.url === '/slow.png') return; // never answers
    response.statusCode = 404;
    response.end('missing');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The decoders a caller gives: the bytes as text, or a refusal (what a picture past the budget gets). */
const asText = (bytes: Buffer): string => bytes.toString();
const refuse = (): never => {
  throw new Error('past the decoding budget');
};

const folders: string[] = [];
function folder(): string {
  const path = mkdtempSync(join(tmpdir(), 'playdeck-images-'));
  folders.push(path);
  return path;
}
afterEach(() => {
  for (const path of folders.splice(0)) rmSync(path, { recursive: true, force: true });
  seen.length = 0;
});

describe('createImageFetcher', () => {
  it('fetches once, sends no bearer token, and answers later asks from the disk cache', async () => {
    const fetcher = createImageFetcher(got, createImageCache(folder()));
    expect((await fetcher.fetch(`${base}/ok.png`, asText))).toBe('picture-bytes');
    expect((await fetcher.fetch(`${base}/ok.png`, asText))).toBe('picture-bytes');
    expect(seen).toEqual([{ url: '/ok.png', authorization: undefined }]);
  });

  it('refuses URLs that are not http(s) without a request', async () => {
    const fetcher = createImageFetcher(got, null);
    await expect(fetcher.fetch('file:///etc/passwd', asText)).rejects.toThrow(ImageFetchError);
    await expect(fetcher.fetch('not a url', asText)).rejects.toThrow(ImageFetchError);
    expect(seen).toHaveLength(0);
  });

  it('gives up on a 404, a huge answer and a slow one with an ImageFetchError', async () => {
    const fetcher = createImageFetcher(got, createImageCache(folder()), 300);
    await expect(fetcher.fetch(`${base}/missing.png`, asText)).rejects.toThrow(ImageFetchError);
    await expect(fetcher.fetch(`${base}/huge.png`, asText)).rejects.toThrow(ImageFetchError);
    await expect(fetcher.fetch(`${base}/slow.png`, asText)).rejects.toThrow(ImageFetchError);
  });

  it('keeps nothing of a picture its decoder refuses, and does not fetch it again this run', async () => {
    const path = folder();
    const lines: string[] = [];
    const getImage = createPictures(got, { cacheDir: path, log: (line) => lines.push(line) });
    await expect(getImage(`${base}/ok.png`, refuse)).rejects.toThrow('past the decoding budget');
    expect(readdirSync(path)).toEqual([]);
    // A redraw asks again: refused at once, with no request, and no second line (the decoder's caller said why).
    await expect(getImage(`${base}/ok.png`, asText)).rejects.toThrow(/refused earlier/);
    expect(seen).toHaveLength(1);
    expect(lines).toEqual([]);
  });

  it('deletes a cached copy that no longer decodes', async () => {
    const path = folder();
    const cache = createImageCache(path);
    cache.put(`${base}/ok.png`, Buffer.from('bomb'));
    await expect(createImageFetcher(got, cache).fetch(`${base}/ok.png`, refuse)).rejects.toThrow('past the decoding budget');
    expect(readdirSync(path)).toEqual([]);
    expect(seen).toHaveLength(0);
  });

  it('keeps one picture in flight: a newer one aborts the older', async () => {
    const fetcher = createImageFetcher(got, null);
    const older = fetcher.fetch(`${base}/slow.png`, asText);
    const newer = fetcher.fetch(`${base}/ok.png`, asText);
    await expect(older).rejects.toThrow(/aborted/);
    expect(await newer).toBe('picture-bytes');
  });
});

describe('createPictures', () => {
  it('writes one line to the log for each picture that cannot be had, naming it and why', async () => {
    const lines: string[] = [];
    const getImage = createPictures(got, { cacheDir: folder(), log: (line) => lines.push(line) });
    const faults: [string, RegExp][] = [
      [`${base}/missing.png`, /404/],
      [`${base}/huge.png`, /too large|larger than/],
      ['file:///etc/passwd', /not an http\(s\) image URL/],
    ];
    for (const [url, reason] of faults) {
      const before = lines.length;
      await expect(getImage(url, asText)).rejects.toThrow(ImageFetchError);
      expect(lines.slice(before)).toHaveLength(1);
      expect(lines.at(-1)).toContain(url);
      expect(lines.at(-1)).toMatch(reason);
    }
    expect(await getImage(`${base}/ok.png`, asText)).toBe('picture-bytes');
    expect(lines).toHaveLength(faults.length);
  });
});

describe('createImageCache', () => {
  it('stays within its bound, evicting the least recently used first', () => {
    const path = folder();
    const cache = createImageCache(path, 250);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      cache.put('a', Buffer.alloc(100, 1));
      vi.advanceTimersByTime(1_000);
      cache.put('b', Buffer.alloc(100, 2));
      vi.advanceTimersByTime(1_000);
      // Reading a makes b the least recently used.
      expect(cache.get('a')?.[0]).toBe(1);
      vi.advanceTimersByTime(1_000);
      cache.put('c', Buffer.alloc(100, 3));
    } finally {
      vi.useRealTimers();
    }
    expect(cache.get('b')).toBeNull();
    expect(cache.get('a')?.[0]).toBe(1);
    expect(cache.get('c')?.[0]).toBe(3);
    const total = readdirSync(path).reduce((sum, name) => sum + statSync(join(path, name)).size, 0);
    expect(total).toBeLessThanOrEqual(250);
  });

  it('is bounded as a folder: two dashboards writing to it stay within the bound together', () => {
    const path = folder();
    const [one, two] = [createImageCache(path, 250), createImageCache(path, 250)];
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (const [index, cache] of [one, two, one, two].entries()) {
        cache!.put(`picture-${index}`, Buffer.alloc(100, index));
        vi.advanceTimersByTime(1_000);
      }
    } finally {
      vi.useRealTimers();
    }
    const total = readdirSync(path).reduce((sum, name) => sum + statSync(join(path, name)).size, 0);
    expect(total).toBeLessThanOrEqual(250);
    expect(two.get('picture-3')?.[0]).toBe(3);
    expect(one.get('picture-0')).toBeNull();
  });

  it('removes the half-written files of a crash once they are a minute old, and leaves younger ones alone', () => {
    const path = folder();
    const old = join(path, 'a.img.123.part');
    const young = join(path, 'b.img.456.part');
    writeFileSync(old, 'half');
    writeFileSync(young, 'writing');
    const longAgo = (Date.now() - STALE_PART_MS - 5_000) / 1000;
    utimesSync(old, longAgo, longAgo);
    expect(createImageCache(path).get('anything')).toBeNull();
    expect(readdirSync(path)).toEqual(['b.img.456.part']);
  });

  it('finds what an earlier run stored, and writes files only its owner can read', () => {
    const path = folder();
    createImageCache(path).put('x', Buffer.from('kept'));
    expect(createImageCache(path).get('x')?.toString()).toBe('kept');
    const [name] = readdirSync(path);
    expect(statSync(join(path, name!)).mode & 0o777).toBe(0o600);
  });
});
