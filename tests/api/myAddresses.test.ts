import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, signIn, startTestServer, type TestServer } from './harness';
import { databaseDigest } from './tableDigest';

/*
 * Issue 8, /my-addresses (schemas/addresses.schema.ts, server/addresses/, server/geo/): saved addresses with a map
 * pin, on the real server and database. Every refused request is 400 (or 404, 409) and changes nothing anywhere.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const listUrl = '/api/merchants/addresses/';
const oneUrl = (id: string) => `/api/merchants/addresses/${id}/`;
const defaultUrl = (id: string) => `/api/merchants/addresses/${id}/default/`;
const geocodeUrl = '/api/merchants/geocode/';
const reverseUrl = '/api/merchants/geocode/reverse/';

const shipping = {
  kind: 'shipping',
  country: 'GR',
  postal_code: '546 24',
  city: 'Thessaloniki',
  line1: 'Tsimiski 10',
  latitude: 40.6321,
  longitude: 22.9415,
};

/** An approved owner with the registered address onboarding gave (as approval copies it). */
async function owner() {
  const created = await createOwner(server.db, { status: 'approved' });
  const { accessToken } = await signIn(server.app, created.email, created.password);
  const registered = await server.db
    .insertInto('merchant_addresses')
    .values({
      merchant_id: created.merchantId,
      kind: 'registered',
      country: 'GR',
      postal_code: '105 57',
      city: 'Athens',
      line1: 'Ermou 1',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...created, token: accessToken, registeredId: registered.id };
}

const list = async (token: string) =>
  (await call(server.app, 'GET', listUrl, { token })).body.items as Array<Record<string, unknown>>;

async function expectRefused(
  request: () => Promise<{
    status: number;
    body: { error?: { code: string; fields?: Record<string, string> } };
  }>,
  status: number,
  field?: string,
) {
  const before = await databaseDigest(server.db);
  const answer = await request();
  expect(answer.status).toBe(status);
  if (field) expect(answer.body.error?.fields?.[field]).toBeTruthy();
  expect(await databaseDigest(server.db)).toEqual(before);
  return answer;
}

describe('saved addresses: add, edit, delete, default', () => {
  it('adds a shipping address with its pin and lists it after the registered one', async () => {
    const me = await owner();
    const created = await call(server.app, 'POST', listUrl, { token: me.token, body: shipping });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      ...shipping,
      is_default: false,
    });
    const items = await list(me.token);
    expect(items.map((item) => item.kind)).toEqual(['registered', 'shipping']);
    expect(items[0]).toMatchObject({ city: 'Athens', latitude: null, longitude: null, is_default: false });
  });

  it('edits an address and moves or removes its pin', async () => {
    const me = await owner();
    const { body: created } = await call(server.app, 'POST', listUrl, { token: me.token, body: shipping });
    const edited = await call(server.app, 'PATCH', oneUrl(created.id), {
      token: me.token,
      body: { country: 'DE', postal_code: '10115', city: 'Berlin', line1: 'Invalidenstr. 1', line2: 'Hof' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ country: 'DE', postal_code: '10115', city: 'Berlin', line2: 'Hof' });
    const moved = await call(server.app, 'PATCH', oneUrl(created.id), {
      token: me.token,
      body: { latitude: 52.5321, longitude: 13.3849 },
    });
    expect(moved.body).toMatchObject({ latitude: 52.5321, longitude: 13.3849, city: 'Berlin' });
    const cleared = await call(server.app, 'PATCH', oneUrl(created.id), {
      token: me.token,
      body: { latitude: null, longitude: null },
    });
    expect(cleared.body).toMatchObject({ latitude: null, longitude: null });
  });

  it('keeps the registered address (legal data): its pin moves, nothing else changes, it cannot be deleted', async () => {
    const me = await owner();
    const pinned = await call(server.app, 'PATCH', oneUrl(me.registeredId), {
      token: me.token,
      body: { latitude: 37.9755, longitude: 23.7348 },
    });
    expect(pinned.status).toBe(200);
    expect(pinned.body).toMatchObject({ kind: 'registered', latitude: 37.9755, city: 'Athens' });
    // The same values again are no change.
    const same = await call(server.app, 'PATCH', oneUrl(me.registeredId), {
      token: me.token,
      body: { city: 'Athens' },
    });
    expect(same.status).toBe(200);
    const renamed = await expectRefused(
      () =>
        call(server.app, 'PATCH', oneUrl(me.registeredId), { token: me.token, body: { city: 'Piraeus' } }),
      409,
    );
    expect(renamed.body.error?.code).toBe('registered_address_locked');
    const deleted = await expectRefused(
      () => call(server.app, 'DELETE', oneUrl(me.registeredId), { token: me.token }),
      409,
    );
    expect(deleted.body.error?.code).toBe('registered_address_locked');
  });

  it('has one trading address at most', async () => {
    const me = await owner();
    const trading = { ...shipping, kind: 'trading' };
    expect((await call(server.app, 'POST', listUrl, { token: me.token, body: trading })).status).toBe(201);
    const second = await expectRefused(
      () => call(server.app, 'POST', listUrl, { token: me.token, body: trading }),
      409,
    );
    expect(second.body.error?.code).toBe('conflict');
  });

  it('switches the default: exactly one address is it', async () => {
    const me = await owner();
    const { body: a } = await call(server.app, 'POST', listUrl, { token: me.token, body: shipping });
    const first = await call(server.app, 'PUT', defaultUrl(a.id), { token: me.token });
    expect(first.status).toBe(200);
    expect(first.body.items.filter((item: { is_default: boolean }) => item.is_default)).toEqual([
      expect.objectContaining({ id: a.id }),
    ]);
    const second = await call(server.app, 'PUT', defaultUrl(me.registeredId), { token: me.token });
    expect(
      second.body.items.map((item: { id: string; is_default: boolean }) => [item.id, item.is_default]),
    ).toEqual([
      [me.registeredId, true],
      [a.id, false],
    ]);
    // Again on the default: still exactly one.
    const again = await call(server.app, 'PUT', defaultUrl(me.registeredId), { token: me.token });
    expect(again.body.items.filter((item: { is_default: boolean }) => item.is_default)).toHaveLength(1);
  });

  it('deletes an address (the default too: then none is default); a deleted one is 404', async () => {
    const me = await owner();
    const { body: a } = await call(server.app, 'POST', listUrl, { token: me.token, body: shipping });
    await call(server.app, 'PUT', defaultUrl(a.id), { token: me.token });
    const deleted = await call(server.app, 'DELETE', oneUrl(a.id), { token: me.token });
    expect(deleted.status).toBe(204);
    const items = await list(me.token);
    expect(items.map((item) => item.id)).toEqual([me.registeredId]);
    expect(items.some((item) => item.is_default)).toBe(false);
    await expectRefused(() => call(server.app, 'DELETE', oneUrl(a.id), { token: me.token }), 404);
    await expectRefused(
      () => call(server.app, 'PATCH', oneUrl(a.id), { token: me.token, body: { city: 'Volos' } }),
      404,
    );
    await expectRefused(() => call(server.app, 'PUT', defaultUrl(a.id), { token: me.token }), 404);
  });
});

describe('bad input: 400 with the field, nothing changed', () => {
  const badBodies: Array<[string, Record<string, unknown>, string]> = [
    ['an unknown country', { ...shipping, country: 'XX' }, 'country'],
    ['a country name instead of its code', { ...shipping, country: 'Greece' }, 'country'],
    ['a country the app does not serve', { ...shipping, country: 'US', postal_code: '10001' }, 'country'],
    ['a Greek postcode of 4 digits', { ...shipping, postal_code: '1055' }, 'postal_code'],
    ['a British postcode in Greece', { ...shipping, postal_code: 'SW1A 1AA' }, 'postal_code'],
    ['a Greek postcode in Germany', { ...shipping, country: 'DE', postal_code: '105 57' }, 'postal_code'],
    ['latitude above 90', { ...shipping, latitude: 90.5 }, 'latitude'],
    ['longitude below -180', { ...shipping, longitude: -181 }, 'longitude'],
    ['a latitude without a longitude', { ...shipping, longitude: undefined }, 'longitude'],
    ['a latitude as text', { ...shipping, latitude: '40.6' }, 'latitude'],
    ['a registered address', { ...shipping, kind: 'registered' }, 'kind'],
    ['no city', { ...shipping, city: ' ' }, 'city'],
    ['markup in the street', { ...shipping, line1: '<script>x</script>' }, 'line1'],
    ['an unknown field', { ...shipping, is_default: true }, ''],
  ];

  it.each(badBodies)('createMerchantAddress: %s', async (_name, body, field) => {
    const me = await owner();
    const answer = await expectRefused(
      () => call(server.app, 'POST', listUrl, { token: me.token, body }),
      400,
      field || undefined,
    );
    expect(answer.body.error?.code).toBe('validation_failed');
  });

  it('names the expected format in the postcode message', async () => {
    const me = await owner();
    const answer = await call(server.app, 'POST', listUrl, {
      token: me.token,
      body: { ...shipping, postal_code: '1055' },
    });
    expect(answer.body.error.fields.postal_code).toBe('Not a postcode of GR: write it like 105 57.');
  });

  const badUpdates: Array<[string, Record<string, unknown>, string]> = [
    ['a postcode without its country', { postal_code: '10115' }, 'country'],
    ['a country without its postcode', { country: 'DE' }, 'postal_code'],
    ['a postcode of another country', { country: 'FR', postal_code: '7500' }, 'postal_code'],
    ['an unknown country', { country: 'ZZ', postal_code: '10115' }, 'country'],
    ['latitude below -90', { latitude: -91, longitude: 20 }, 'latitude'],
    ['longitude above 180', { latitude: 40, longitude: 180.01 }, 'longitude'],
    ['a longitude alone', { longitude: 20 }, 'latitude'],
    ['a kind', { kind: 'trading' }, ''],
    ['nothing', {}, ''],
  ];

  it.each(badUpdates)('updateMerchantAddress: %s', async (_name, body, field) => {
    const me = await owner();
    const { body: created } = await call(server.app, 'POST', listUrl, { token: me.token, body: shipping });
    await expectRefused(
      () => call(server.app, 'PATCH', oneUrl(created.id), { token: me.token, body }),
      400,
      field || undefined,
    );
  });

  const badQueries: Array<[string, string, string]> = [
    ['geocode: an unknown country', `${geocodeUrl}?country=XX&city=Athens`, 'country'],
    ['geocode: no country', `${geocodeUrl}?city=Athens`, 'country'],
    ['geocode: nothing to look for', `${geocodeUrl}?country=GR`, 'city'],
    ['reverse: latitude out of range', `${reverseUrl}?latitude=95&longitude=20`, 'latitude'],
    ['reverse: longitude out of range', `${reverseUrl}?latitude=40&longitude=-200`, 'longitude'],
    ['reverse: not a number', `${reverseUrl}?latitude=north&longitude=20`, 'latitude'],
    ['reverse: no longitude', `${reverseUrl}?latitude=40`, 'longitude'],
  ];

  it.each(badQueries)('%s', async (_name, url, field) => {
    const me = await owner();
    await expectRefused(() => call(server.app, 'GET', url, { token: me.token }), 400, field);
  });
});

describe("another merchant's address", () => {
  it('is 404 for every change and never listed', async () => {
    const me = await owner();
    const thief = await owner();
    const { body: mine } = await call(server.app, 'POST', listUrl, { token: me.token, body: shipping });
    for (const id of [mine.id, me.registeredId]) {
      await expectRefused(
        () =>
          call(server.app, 'PATCH', oneUrl(id), { token: thief.token, body: { latitude: 1, longitude: 1 } }),
        404,
      );
      await expectRefused(() => call(server.app, 'DELETE', oneUrl(id), { token: thief.token }), 404);
      await expectRefused(() => call(server.app, 'PUT', defaultUrl(id), { token: thief.token }), 404);
    }
    await expectRefused(() => call(server.app, 'DELETE', oneUrl('not-a-uuid'), { token: thief.token }), 404);
    expect((await list(thief.token)).map((item) => item.id)).toEqual([thief.registeredId]);
  });
});

describe('geocoding', () => {
  it('finds a city offline from the bundled gazetteer, by any spelling', async () => {
    const me = await owner();
    for (const city of ['Thessaloníki', 'thessaloniki', 'Θεσσαλονίκη']) {
      const answer = await call(
        server.app,
        'GET',
        `${geocodeUrl}?country=GR&city=${encodeURIComponent(city)}`,
        {
          token: me.token,
        },
      );
      expect(answer.status).toBe(200);
      expect(answer.body.source).toBe('gazetteer');
      expect(answer.body.results[0]).toMatchObject({
        city: 'Thessaloníki',
        country: 'GR',
        precision: 'city',
      });
      expect(answer.body.results[0].latitude).toBeCloseTo(40.64, 1);
    }
    const none = await call(server.app, 'GET', `${geocodeUrl}?country=GR&city=Atlantis`, { token: me.token });
    expect(none.body).toEqual({ source: 'gazetteer', results: [] });
  });

  it('names the nearest city to a pin offline, and none in the open sea', async () => {
    const me = await owner();
    const near = await call(server.app, 'GET', `${reverseUrl}?latitude=40.63&longitude=22.95`, {
      token: me.token,
    });
    expect(near.body.source).toBe('gazetteer');
    expect(near.body.place).toMatchObject({ country: 'GR', precision: 'city' });
    expect(near.body.place.distance_km).toBeLessThan(10);
    const sea = await call(server.app, 'GET', `${reverseUrl}?latitude=35&longitude=-30`, { token: me.token });
    expect(sea.body).toEqual({ source: 'gazetteer', place: null });
  });

  describe('with a geocoder configured (a Nominatim-compatible stub on this machine)', () => {
    let stub: Server;
    let base = '';
    const requests: string[] = [];
    beforeAll(async () => {
      stub = createServer((request, response) => {
        requests.push(request.url ?? '');
        const url = new URL(request.url ?? '/', 'http://stub');
        if (url.searchParams.get('city') === 'Slow') {
          setTimeout(() => response.end('[]'), 2000);
          return;
        }
        response.setHeader('content-type', 'application/json');
        const place = {
          lat: '40.6325',
          lon: '22.9410',
          display_name: 'Tsimiski 10, Thessaloniki 546 24, Greece',
          address: {
            road: 'Tsimiski',
            house_number: '10',
            city: 'Thessaloniki',
            postcode: '546 24',
            country_code: 'gr',
          },
        };
        response.end(JSON.stringify(url.pathname === '/reverse' ? place : [place]));
      });
      await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => stub.close(resolve));
    });

    it('answers to street level from the geocoder, and from the gazetteer when it is too slow', async () => {
      const app = await server.buildVariant({ geocoderUrl: base, geocoderTimeoutMs: 300 });
      try {
        const me = await owner();
        const street = await call(
          app,
          'GET',
          `${geocodeUrl}?country=GR&city=Thessaloniki&line1=${encodeURIComponent('Tsimiski 10')}`,
          { token: me.token },
        );
        expect(street.body.source).toBe('geocoder');
        expect(street.body.results[0]).toMatchObject({
          line1: 'Tsimiski 10',
          postal_code: '546 24',
          precision: 'street',
          latitude: 40.6325,
        });
        expect(requests.at(-1)).toContain('street=Tsimiski+10');
        const reverse = await call(app, 'GET', `${reverseUrl}?latitude=40.6325&longitude=22.941`, {
          token: me.token,
        });
        expect(reverse.body).toMatchObject({ source: 'geocoder', place: { line1: 'Tsimiski 10' } });
        const slow = await call(app, 'GET', `${geocodeUrl}?country=GR&city=Slow`, { token: me.token });
        expect(slow.status).toBe(200);
        expect(slow.body.source).toBe('gazetteer');
      } finally {
        await app.close();
      }
    });
  });
});
