import { z } from 'zod';

/*
 * Text as the API accepts it. PostgreSQL cannot store U+0000 in a text column, and a lone UTF-16 surrogate is not a
 * character at all (UTF-8 cannot encode it, so a driver silently turns it into U+FFFD or the database refuses it):
 * either one used to reach the database and end as a 500. Every string of a request is refused at the door instead,
 * with 400 validation_failed naming the field.
 */

/** A NUL, a high surrogate with no low one after it, or a low surrogate with no high one before it. */
// eslint-disable-next-line no-control-regex -- finding U+0000 is the point
const unacceptable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const textProblemMessage =
  'Remove the invisible or broken characters (a NUL or half of an emoji) from this text and try again.';

/** True when the string holds only characters PostgreSQL can store (no NUL, no lone surrogate). */
export function isAcceptableText(value: string): boolean {
  return !unacceptable.test(value);
}

/**
 * `z.string()` that refuses NUL and lone surrogates; chain the field's own rules after it as on `z.string()`
 * (`text().trim().max(140)`). Used for every string in schemas/*.schema.ts, request and answer alike: an answer
 * never holds such a character (the database cannot), so the check only ever refuses requests.
 */
export function text() {
  return z.string().refine(isAcceptableText, { message: textProblemMessage });
}
