/**
 * Saved addresses with a map pin (SPEC §2 /my-addresses, §7 "merchant addresses, geocode").
 *
 * Endpoints (operationId), all secured (approved merchant, area 'my-addresses'), under /api/merchants/:
 * - GET    addresses/                 merchantAddresses       → AddressesResponse (registered, trading, shipping)
 * - POST   addresses/                 createMerchantAddress   NewAddressBody → 201 MerchantAddress (trading or
 *                                                              shipping; a second live trading address is 409)
 * - PATCH  addresses/{id}/            updateMerchantAddress   AddressUpdateBody → MerchantAddress. The registered
 *                                                              address is legal data: only its pin may move here,
 *                                                              any other change is 409 registered_address_locked
 * - DELETE addresses/{id}/            deleteMerchantAddress   → 204 (never the registered address: 409)
 * - PUT    addresses/{id}/default/    setDefaultMerchantAddress → AddressesResponse (one default per merchant)
 * - GET    geocode/                   geocode                 GeocodeQuery → GeocodeResponse (address → pins)
 * - GET    geocode/reverse/           reverseGeocode          ReverseGeocodeQuery → ReverseGeocodeResponse
 *
 * Another merchant's address id is 404. Countries are the ones below; postcodes are checked per country
 * (postcode-validator's table) with a message that names the country's format.
 */
import { postcodeValidator } from 'postcode-validator';
import { z } from 'zod';
import { text } from './text';

/**
 * The countries an address may be in: the EU, the rest of the EEA, Switzerland and the United Kingdom. The offline
 * gazetteer (server/geo/gazetteer.json, scripts/buildGazetteer.ts) covers the same list.
 */
export const addressCountries = [
  'AT',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
export type AddressCountry = (typeof addressCountries)[number];

/** A valid postcode of each country, shown in the error so that the user sees the expected format. */
export const postcodeExamples: Record<AddressCountry, string> = {
  AT: '1010',
  BE: '1000',
  BG: '1000',
  CH: '8001',
  CY: '1010',
  CZ: '110 00',
  DE: '10115',
  DK: '1050',
  EE: '10111',
  ES: '28001',
  FI: '00100',
  FR: '75001',
  GB: 'SW1A 1AA',
  GR: '105 57',
  HR: '10000',
  HU: '1011',
  IE: 'D02 X285',
  IS: '101',
  IT: '00118',
  LI: '9490',
  LT: '01100',
  LU: '1111',
  LV: '1050',
  MT: 'VLT 1117',
  NL: '1012 AB',
  NO: '0150',
  PL: '00-001',
  PT: '1000-001',
  RO: '010011',
  SE: '111 20',
  SI: '1000',
  SK: '811 01',
};

export const countryMessage = 'Choose a country from the list.';
export const postcodeMessage = (country: AddressCountry) =>
  `Not a postcode of ${country}: write it like ${postcodeExamples[country]}.`;

export const AddressCountryCode = z.enum(addressCountries, { error: countryMessage });

/** Whether this postcode is written as the country writes postcodes. */
export function isPostcodeOf(country: AddressCountry, postcode: string): boolean {
  return postcodeValidator(postcode, country);
}

export const Latitude = z.number().min(-90, 'Between -90 and 90.').max(90, 'Between -90 and 90.');
export const Longitude = z.number().min(-180, 'Between -180 and 180.').max(180, 'Between -180 and 180.');

const PostalCode = text()
  .trim()
  .toUpperCase()
  .min(1, 'This field is required.')
  .max(10, 'Max 10 characters.');
/** Address text: letters of any script are fine on an envelope; control characters and markup are not. */
const AddressText = (max: number) =>
  text()
    .trim()
    .min(1, 'This field is required.')
    .max(max, `Max ${max} characters.`)
    .regex(/^[^<>{}\p{Cc}]+$/u, 'Special characters not allowed.');

const addressFields = {
  country: AddressCountryCode,
  postal_code: PostalCode,
  city: AddressText(60),
  line1: AddressText(100),
  line2: text()
    .trim()
    .max(100, 'Max 100 characters.')
    .regex(/^[^<>{}\p{Cc}]*$/u, 'Special characters not allowed.')
    .optional(),
  latitude: Latitude.nullable().optional(),
  longitude: Longitude.nullable().optional(),
};

type PinAndPostcode = {
  country?: AddressCountry | undefined;
  postal_code?: string | undefined;
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
};

/** A postcode must fit its country; a pin is both coordinates or neither. */
function checkPostcodeAndPin(value: PinAndPostcode, ctx: z.RefinementCtx) {
  if (value.country && value.postal_code && !isPostcodeOf(value.country, value.postal_code)) {
    ctx.addIssue({ code: 'custom', path: ['postal_code'], message: postcodeMessage(value.country) });
  }
  const hasLat = value.latitude !== undefined && value.latitude !== null;
  const hasLng = value.longitude !== undefined && value.longitude !== null;
  if (hasLat !== hasLng) {
    ctx.addIssue({
      code: 'custom',
      path: [hasLat ? 'longitude' : 'latitude'],
      message: 'A pin needs both latitude and longitude.',
    });
  }
}

/** Which kinds may be added here: the registered address comes from onboarding, changed only through review. */
export const NewAddressKind = z.enum(['trading', 'shipping'], {
  error: 'Only a trading or a shipping address can be added.',
});

export const NewAddressBody = z
  .object({ kind: NewAddressKind, ...addressFields })
  .strict()
  .superRefine(checkPostcodeAndPin)
  .meta({ id: 'NewAddressBody' });
export type NewAddressBody = z.infer<typeof NewAddressBody>;

/**
 * The fields to change. Country and postcode travel together (a postcode is checked against its country), and a pin
 * as both coordinates, or null for none.
 */
export const AddressUpdateBody = z
  .object({
    country: addressFields.country.optional(),
    postal_code: addressFields.postal_code.optional(),
    city: addressFields.city.optional(),
    line1: addressFields.line1.optional(),
    line2: addressFields.line2,
    latitude: addressFields.latitude,
    longitude: addressFields.longitude,
  })
  .strict()
  .superRefine((value, ctx) => {
    if ((value.country === undefined) !== (value.postal_code === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [value.country === undefined ? 'country' : 'postal_code'],
        message: 'Give the country and the postcode together.',
      });
    }
    if (Object.keys(value).length === 0) {
      ctx.addIssue({ code: 'custom', path: [], message: 'Nothing to change.' });
    }
    checkPostcodeAndPin(value, ctx);
  })
  .meta({ id: 'AddressUpdateBody' });
export type AddressUpdateBody = z.infer<typeof AddressUpdateBody>;

export const AddressIdParams = z.object({ id: text().max(64) });

export const registeredAddressLocked =
  'The registered address is legal data: it changes only through the company details, which go back to review. ' +
  'Only its map pin can be moved here.';

// ---- Geocoding ----

/** How exact a place is: a city from the bundled gazetteer, or a street from the configured geocoder. */
export const GeoPrecision = z.enum(['city', 'street']);
export type GeoPrecision = z.infer<typeof GeoPrecision>;
/** Who answered: the bundled GeoNames gazetteer (offline) or the configured Nominatim-compatible geocoder. */
export const GeoSource = z.enum(['gazetteer', 'geocoder']);
export type GeoSource = z.infer<typeof GeoSource>;

export const GeoPlace = z
  .object({
    latitude: z.number(),
    longitude: z.number(),
    /** What the place is called, for the list of results ("Athens, GR"). */
    label: text(),
    country: text(),
    city: text(),
    /** Known only from the geocoder. */
    postal_code: text().nullable(),
    line1: text().nullable(),
    precision: GeoPrecision,
  })
  .meta({ id: 'GeoPlace' });
export type GeoPlace = z.infer<typeof GeoPlace>;

export const GeocodeQuery = z
  .object({
    country: AddressCountryCode,
    city: text().trim().max(60, 'Max 60 characters.').optional(),
    postal_code: text().trim().max(10, 'Max 10 characters.').optional(),
    line1: text().trim().max(100, 'Max 100 characters.').optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.city && !value.postal_code && !value.line1) {
      ctx.addIssue({ code: 'custom', path: ['city'], message: 'Give a city, a postcode or a street.' });
    }
  });
export type GeocodeQuery = z.infer<typeof GeocodeQuery>;

export const GeocodeResponse = z
  .object({ source: GeoSource, results: z.array(GeoPlace) })
  .meta({ id: 'GeocodeResponse' });
export type GeocodeResponse = z.infer<typeof GeocodeResponse>;

export const ReverseGeocodeQuery = z.object({
  latitude: z.coerce.number().pipe(Latitude),
  longitude: z.coerce.number().pipe(Longitude),
});
export type ReverseGeocodeQuery = z.infer<typeof ReverseGeocodeQuery>;

export const ReverseGeocodeResponse = z
  .object({
    source: GeoSource,
    /** The nearest place, or null when none is near (the sea, a country the app does not serve). */
    place: GeoPlace.extend({ distance_km: z.number() }).nullable(),
  })
  .meta({ id: 'ReverseGeocodeResponse' });
export type ReverseGeocodeResponse = z.infer<typeof ReverseGeocodeResponse>;

/** The map's street tiles, when a tile server is configured (MAP_TILE_URL); otherwise the bundled outlines only. */
export const MapSettings = z
  .object({
    tile_url: text().nullable(),
    tile_attribution: text().nullable(),
  })
  .meta({ id: 'MapSettings' });
export type MapSettings = z.infer<typeof MapSettings>;
