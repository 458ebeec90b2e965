import { describe, expect, it } from 'vitest';
import { bundledGifs, foldText, matchBundledGifs, type BundledGif } from '../../schemas/gifs';
import { Gif } from '../../schemas/sendMoney.schema';
import { encodeGif } from '../../scripts/buildGifs';
import { canonicalGifUrl } from '../../server/gifs';

// The pieces of the GIF picker that need no server: provider URLs brought to the one form a payment accepts, the
// bundled search, and the bundled files themselves (short loops that stop).

describe('canonicalGifUrl', () => {
  it.each([
    [
      'https://media3.giphy.com/media/v1.Y2lkPTc5MGI3NjEx/3o7abKhOpu0NwenH3O/giphy.gif?cid=1&rid=giphy.gif&ct=g',
      'https://media3.giphy.com/media/3o7abKhOpu0NwenH3O/giphy.gif',
    ],
    ['https://media.giphy.com/media/abc/200w.webp', 'https://media.giphy.com/media/abc/200w.webp'],
    [
      'https://media.tenor.com/x8v1oNUOmg4AAAAC/rick-roll.gif?foo=bar',
      'https://media.tenor.com/x8v1oNUOmg4AAAAC/rick-roll.gif',
    ],
  ])('keeps %s as %s', (raw, canonical) => {
    expect(canonicalGifUrl(raw)).toBe(canonical);
    expect(Gif.safeParse(canonical).success).toBe(true);
  });

  it.each([
    'http://media.giphy.com/media/abc/giphy.gif',
    'https://media.giphy.com.evil.example/media/abc/giphy.gif',
    'https://evil.example/media/abc/giphy.gif',
    'https://media.giphy.com/media/a/b/c/giphy.gif',
    'https://media.giphy.com/media/abc/giphy.exe',
    'https://media.tenor.com/a b/x.gif',
    'javascript:alert(1)',
    'not a url',
    42,
    `https://media.tenor.com/${'a'.repeat(2000)}/x.gif`,
  ])('refuses %s', (raw) => {
    expect(canonicalGifUrl(raw)).toBeNull();
  });
});

describe('the bundled search', () => {
  it('folds case, accents and the final sigma', () => {
    expect(foldText('  ΚΑΦΈΣ ')).toBe('καφεσ');
    expect(foldText('Καφές')).toBe('καφεσ');
  });

  it('matches every word at the start of a keyword, in English, Greek or an extra label', () => {
    const ids = (q: string, extra?: (gif: BundledGif) => string[]) =>
      matchBundledGifs(q, extra).map((gif) => gif.id);
    expect(ids('')).toHaveLength(bundledGifs.length);
    expect(ids('thank')).toEqual(['thanks']);
    expect(ids('τιμολ')).toEqual(['invoice-paid']);
    expect(ids('paid invoice')).toEqual(['invoice-paid']);
    expect(ids('offee')).toEqual([]);
    expect(ids('zzz', (gif) => (gif.id === 'star' ? ['zzz label'] : []))).toEqual(['star']);
  });
});

describe('the bundled files', () => {
  it('are GIF89a, loop three times at most and last about a second a loop', () => {
    for (const gif of bundledGifs) {
      const bytes = Buffer.from(encodeGif(gif.id));
      expect(bytes.subarray(0, 6).toString('latin1'), gif.id).toBe('GIF89a');
      expect(bytes.readUInt16LE(6)).toBe(gif.width);
      expect(bytes.readUInt16LE(8)).toBe(gif.height);
      const netscape = bytes.indexOf('NETSCAPE2.0', 0, 'latin1');
      expect(netscape).toBeGreaterThan(0);
      // Sub-block: size 3, id 1, then the loop count (little endian): 2 more times after the first.
      expect(bytes.readUInt16LE(netscape + 11 + 2)).toBe(2);
      let frames = 0;
      let delay = 0;
      for (let at = bytes.indexOf(Buffer.from([0x21, 0xf9, 0x04])); at >= 0;) {
        frames += 1;
        delay += bytes.readUInt16LE(at + 4) * 10;
        at = bytes.indexOf(Buffer.from([0x21, 0xf9, 0x04]), at + 1);
      }
      expect(frames).toBe(12);
      expect(delay * 3).toBeLessThanOrEqual(5_000);
    }
  });
});
