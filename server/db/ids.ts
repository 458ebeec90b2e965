/**
 * A PostgreSQL uuid written as text. An id taken from a URL is checked against it before any query, so a malformed
 * one is answered like an unknown one (404) instead of reaching the database as a cast error.
 */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
