import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  apiWithBadInput,
  bodyOf,
  errorOf,
  expectStatus,
  type JsonBodyOf,
  type Narrowed,
} from './client';
import { createOwner, signIn, startTestServer, type TestServer } from './harness';
import { databaseDigest } from './tableDigest';

/*
 * /my-addresses (schemas/addresses.schema.ts, server/addresses/, server/geo/): saved addresses with a map
 * pin, on the real server and database. Every refused request is 400 (or 404, 409) and changes nothing anywhere.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const shipping = {
  kind: 'shipping',
  country: 'GR',
  postal_code: '546 24',
  city: 'Thessaloniki',
  line1: 'Tsimiski 10',
  latitude: 40.6321,
  longitude: 22.9415,
} satisfies JsonBodyOf<'POST', '/api/merchants/addresses/'>;

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
  bodyOf(await api(server.app, 'GET', '/api/merchants/addresses/', { token }), 200).items;

async function expectRefused<R extends { status: number; body: unknown }, const S extends R['status']>(
  request: () => Promise<R>,
  status: S,
  field?: string,
): Promise<Narrowed<R, S>> {
  const before = await databaseDigest(server.db);
  const answer = await request();
  expectStatus(answer, status);
  if (field) expect(errorOf(answer).fields?.[field]).toBeTruthy();
  expect(await databaseDigest(server.db)).toEqual(before);
  return answer;
}

describe('saved addresses: add, edit, delete, default', () => {
  it('adds a shipping address with its pin and lists it after the registered one', async () => {
    const me = await owner();
    const created = await api(server.app, 'POST', '/api/merchants/addresses/', {
      token: me.token,
      body: shipping,
    });
    expectStatus(created, 201);
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
    const created = bodyOf(
      await api(server.app, 'POST', '/api/merchants/addresses/', {
        token: me.token,
        body: shipping,
      }),
      201,
    );
    const edited = await api(server.app, 'PATCH', '/api/merchants/addresses/{id}/', {
      params: { id: created.id },
      token: me.token,
      body: { country: 'DE', postal_code: '10115', city: 'Berlin', line1: 'Invalidenstr. 1', line2: 'Hof' },
    });
    expectStatus(edited, 200);
    expect(edited.body).toMatchObject({ country: 'DE', postal_code: '10115', city: 'Berlin', line2: 'Hof' });
    const moved = await api(server.app, 'PATCH', '/api/merchants/addresses/{id}/', {
      params: { id: created.id },
      token: me.token,
      body: { latitude: 52.5321, longitude: 13.3849 },
    });
    expect(moved.body).toMatchObject({ latitude: 52.5321, longitude: 13.3849, city: 'Berlin' });
    const cleared = await api(server.app, 'PATCH', '/api/merchants/addresses/{id}/', {
      params: { id: created.id },
      token: me.token,
      body: { latitude: null, longitude: null },
    });
    expect(cleared.body).toMatchObject({ latitude: null, longitude: null });
  });

  it('keeps the registered address (legal data): its pin moves, nothing else changes, it cannot be deleted', async () => {
    const me = await owner();
    const pinned = await api(server.app, 'PATCH', '/api/merchants/addresses/{id}/', {
      params: { id: me.registeredId },
      token: me.token,
      body: { latitude: 37.9755, longitude: 23.7348 },
    });
    expectStatus(pinned, 200);
    expect(pinned.body).toMatchObject({ kind: 'registered', latitude: 37.9755, city: 'Athens' });
    // The same values again are no change.
    const same = await api(server.app, 'PATCH', '/api/merchants/addresses/{id}/', {
      params: { id: me.registeredId },
      token: me.token,
      body: { city: 'Athens' },
    });
    expectStatus(same, 200);
    const renamed = await expectRefused(
      () =>
        api(server.app, 'PATCH', '/api/merchants/addresses/{id}/', {
          params: { id: me.registeredId },
          token: me.token,
          body: { city: 'Piraeus' },
        }),
      409,
    );
    expect(renamed.body.error?.code).toBe('registered_address_locked');
    const deleted = await expectRefused(
      () =>
        api(server.app, 'DELETE', '/api/merchants/addresses/{id}/', {
          params: { id: me.registeredId },
          token: me.token,
        }),
      409,
    );
    expect(deleted.body.error?.code).toBe('registered_address_locked');
  });

  it('has one trading address at most', async () => {
    const me = await owner();
    const trading = { ...shipping, kind: 'trading' } satisfies JsonBodyOf<
      'POST',
      '/api/merchants/addresses/'
    >;
    expect(
      (await api(server.app, 'POST', '/api/merchants/addresses/', { token: me.token, body: trading })).status,
    ).toBe(201);
    const second = await expectRefused(
      () => api(server.app, 'POST', '/api/merchants/addresses/', { token: me.token, body: trading }),
      409,
    );
    expect(second.body.error?.code).toBe('conflict');
  });

  it('switches the default: exactly one address is it', async () => {
    const me = await owner();
    const a = bodyOf(
      await api(server.app, 'POST', '/api/merchants/addresses/', {
        token: me.token,
        body: shipping,
      }),
      201,
    );
    const first = await api(server.app, 'PUT', '/api/merchants/addresses/{id}/default/', {
      params: { id: a.id },
      token: me.token,
    });
    expectStatus(first, 200);
    expect(first.body.items.filter((item: { is_default: boolean }) => item.is_default)).toEqual([
      expect.objectContaining({ id: a.id }),
    ]);
    const second = await api(server.app, 'PUT', '/api/merchants/addresses/{id}/default/', {
      params: { id: me.registeredId },
      token: me.token,
    });
    expectStatus(second, 200);
    expect(
      second.body.items.map((item: { id: string; is_default: boolean }) => [item.id, item.is_default]),
    ).toEqual([
      [me.registeredId, true],
      [a.id, false],
    ]);
    // Again on the default: still exactly one.
    const again = await api(server.app, 'PUT', '/api/merchants/addresses/{id}/default/', {
      params: { id: me.registeredId },
      token: me.token,
    });
    expectStatus(again, 200);
    expect(again.body.items.filter((item: { is_default: boolean }) => item.is_default)).toHaveLength(1);
  });

  it('deletes an address (the default too: then none is default); a deleted one is 404', async () => {
    const me = await owner();
    const a = bodyOf(
      await api(server.app, 'POST', '/api/merchants/addresses/', {
        token: me.token,
        body: shipping,
      }),
      201,
    );
    await api(server.app, 'PUT', '/api/merchants/addresses/{id}/default/', {
      params: { id: a.id },
      token: me.token,
    });
    const deleted = await api(server.app, 'DELETE', '/api/merchants/addresses/{id}/', {
      params: { id: a.id },
      token: me.token,
    });
    expectStatus(deleted, 204);
    const items = await list(me.token);
    expect(items.map((item) => item.id)).toEqual([me.registeredId]);
    expect(items.some((item) => item.is_default)).toBe(false);
    await expectRefused(
      () =>
        api(server.app, 'DELETE', '/api/merchants/addresses/{id}/', {
          params: { id: a.id },
          token: me.token,
        }),
      404,
    );
    await expectRefused(
      () =>
        api(server.app, 'PATCH', '/api/merchants/addresses/{id}/', {
          params: { id: a.id },
          token: me.token,
          body: { city: 'Volos' },
        }),
      404,
    );
    await expectRefused(
      () =>
        api(server.app, 'PUT', '/api/merchants/addresses/{id}/default/', {
          params: { id: a.id },
          token: me.token,
        }),
      404,
    );
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
      () => apiWithBadInput(server.app, 'POST', '/api/merchants/addresses/', { token: me.token, body }),
      400,
      field || undefined,
    );
    expect(answer.body.error?.code).toBe('validation_failed');
  });

  it('names the expected format in the postcode message', async () => {
    const me = await owner();
    const answer = await api(server.app, 'POST', '/api/merchants/addresses/', {
      token: me.token,
      body: { ...shipping, postal_code: '1055' },
    });
    expect(errorOf(answer).fields?.postal_code).toBe('Not a postcode of GR: write it like 105 57.');
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
    const created = bodyOf(
      await api(server.app, 'POST', '/api/merchants/addresses/', {
        token: me.token,
        body: shipping,
      }),
      201,
    );
    await expectRefused(
      () =>
        apiWithBadInput(server.app, 'PATCH', '/api/merchants/addresses/{id}/', {
          params: { id: created.id },
          token: me.token,
          body,
        }),
      400,
      field || undefined,
    );
  });

  const geocodeUrl = '/api/merchants/geocode/';
  const reverseUrl = '/api/merchants/geocode/reverse/';
  const badQueries: Array<[string, typeof geocodeUrl | typeof reverseUrl, string, string]> = [
    ['geocode: an unknown country', geocodeUrl, 'country=XX&city=Athens', 'country'],
    ['geocode: no country', geocodeUrl, 'city=Athens', 'country'],
    ['geocode: nothing to look for', geocodeUrl, 'country=GR', 'city'],
    ['reverse: latitude out of range', reverseUrl, 'latitude=95&longitude=20', 'latitude'],
    ['reverse: longitude out of range', reverseUrl, 'latitude=40&longitude=-200', 'longitude'],
    ['reverse: not a number', reverseUrl, 'latitude=north&longitude=20', 'latitude'],
    ['reverse: no longitude', reverseUrl, 'latitude=40', 'longitude'],
  ];

  it.each(badQueries)('%s', async (_name, url, query, field) => {
    const me = await owner();
    await expectRefused(
      () => apiWithBadInput(server.app, 'GET', url, { query, token: me.token }),
      400,
      field,
    );
  });
});

describe("another merchant's address", () => {
  it('is 404 for every change and never listed', async () => {
    const me = await owner();
    const thief = await owner();
    const mine = bodyOf(
      await api(server.app, 'POST', '/api/merchants/addresses/', {
        token: me.token,
        body: shipping,
      }),
      201,
    );
    for (const id of [mine.id, me.registeredId]) {
      await expectRefused(
        () =>
          api(server.app, 'PATCH', '/api/merchants/addresses/{id}/', {
            params: { id },
            token: thief.token,
            body: { latitude: 1, longitude: 1 },
          }),
        404,
      );
      await expectRefused(
        () =>
          api(server.app, 'DELETE', '/api/merchants/addresses/{id}/', { params: { id }, token: thief.token }),
        404,
      );
      await expectRefused(
        () =>
          api(server.app, 'PUT', '/api/merchants/addresses/{id}/default/', {
            params: { id },
            token: thief.token,
          }),
        404,
      );
    }
    await expectRefused(
      () =>
        api(server.app, 'DELETE', '/api/merchants/addresses/{id}/', {
          params: { id: 'not-a-uuid' },
          token: thief.token,
        }),
      404,
    );
    expect((await list(thief.token)).map((item) => item.id)).toEqual([thief.registeredId]);
  });
});

describe('geocoding', () => {
  it('finds a city offline from the bundled gazetteer, by any spelling', async () => {
    const me = await owner();
    for (const city of ['Thessaloníki', 'thessaloniki', 'Θεσσαλονίκη']) {
      const answer = await api(server.app, 'GET', '/api/merchants/geocode/', {
        query: { country: 'GR', city },
        token: me.token,
      });
      expectStatus(answer, 200);
      expect(answer.body.source).toBe('gazetteer');
      expect(answer.body.results[0]).toMatchObject({
        city: 'Thessaloníki',
        country: 'GR',
        precision: 'city',
      });
      expect(answer.body.results[0]?.latitude).toBeCloseTo(40.64, 1);
    }
    const none = await api(server.app, 'GET', '/api/merchants/geocode/', {
      query: { country: 'GR', city: 'Atlantis' },
      token: me.token,
    });
    expect(none.body).toEqual({ source: 'gazetteer', results: [] });
  });

  it('names the nearest city to a pin offline, and none in the open sea', async () => {
    const me = await owner();
    const near = await api(server.app, 'GET', '/api/merchants/geocode/reverse/', {
      query: { latitude: 40.63, longitude: 22.95 },
      token: me.token,
    });
    expectStatus(near, 200);
    expect(near.body.source).toBe('gazetteer');
    expect(near.body.place).toMatchObject({ country: 'GR', precision: 'city' });
    expect(near.body.place?.distance_km).toBeLessThan(10);
    const sea = await api(server.app, 'GET', '/api/merchants/geocode/reverse/', {
      query: { latitude: 35, longitude: -30 },
      token: me.token,
    });
    expect(sea.body).toEqual({ source: 'gazetteer', place: null });
  });

  describe('with a geocoder configured (a Nominatim-compatible stub on this machine)', () => {
    let stub: Server;
    let base = '';
    const requests: string[] = [];
    const unanswered: ServerResponse[] = [];
    beforeAll(async () => {
      stub = createServer((request, response) => {
        requests.push(request.url ?? '');
        const url = new URL(request.url ?? '/', 'http://stub');
        if (url.searchParams.get('city') === 'Slow') {
          // Never answers while the test runs, so the fallback does not depend on how fast this machine is.
          unanswered.push(response);
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
      for (const response of unanswered) response.end('[]');
      await new Promise((resolve) => stub.close(resolve));
    });

    it('answers to street level from the geocoder, and from the gazetteer when it is too slow', async () => {
      // A generous deadline for the answers that come, a short one where none comes: neither depends on the machine.
      const app = await server.buildVariant({ geocoderUrl: base, geocoderTimeoutMs: 10_000 });
      const impatient = await server.buildVariant({ geocoderUrl: base, geocoderTimeoutMs: 100 });
      try {
        const me = await owner();
        const street = await api(app, 'GET', '/api/merchants/geocode/', {
          query: { country: 'GR', city: 'Thessaloniki', line1: 'Tsimiski 10' },
          token: me.token,
        });
        expectStatus(street, 200);
        expect(street.body.source).toBe('geocoder');
        expect(street.body.results[0]).toMatchObject({
          line1: 'Tsimiski 10',
          postal_code: '546 24',
          precision: 'street',
          latitude: 40.6325,
        });
        expect(requests.at(-1)).toContain('street=Tsimiski+10');
        const reverse = await api(app, 'GET', '/api/merchants/geocode/reverse/', {
          query: { latitude: 40.6325, longitude: 22.941 },
          token: me.token,
        });
        expect(reverse.body).toMatchObject({ source: 'geocoder', place: { line1: 'Tsimiski 10' } });
        const slow = await api(impatient, 'GET', '/api/merchants/geocode/', {
          query: { country: 'GR', city: 'Slow' },
          token: me.token,
        });
        expectStatus(slow, 200);
        // The stub never answers "Slow": the gazetteer's answer can only come from the time-out. (Whether the stub saw
        // the request at all is not asserted: on a busy machine the app may give up before it arrives.)
        expect(slow.body.source).toBe('gazetteer');
      } finally {
        await app.close();
        await impatient.close();
      }
    });
  });
});
