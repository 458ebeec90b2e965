import {
  normaliseVat,
  vatFormats,
  vatFormatValid,
  vatPrefix,
  type VatCheckResponse,
} from '../../schemas/onboarding.schema';

/**
 * vatCheck: the format (and the EL and DE checksums) locally; the registry only when VIES_URL is configured,
 * through the VIES REST API's check-vat-number call (`POST {countryCode, vatNumber}` → `{valid, name}`).
 * Without a registry the answer says `not_configured`: nothing is assumed valid.
 */
export async function vatCheck(
  viesUrl: string | undefined,
  input: { country: string; vat_number: string },
): Promise<VatCheckResponse> {
  const formatValid = vatFormatValid(input.country, input.vat_number);
  if (!viesUrl || !vatFormats[input.country])
    return { format_valid: formatValid, registry: 'not_configured' };
  if (!formatValid) return { format_valid: false, registry: 'invalid' };
  try {
    const response = await fetch(viesUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        countryCode: vatPrefix(input.country),
        vatNumber: normaliseVat(input.country, input.vat_number),
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) return { format_valid: true, registry: 'unavailable' };
    const answer = (await response.json()) as { valid?: unknown; name?: unknown };
    if (typeof answer.valid !== 'boolean') return { format_valid: true, registry: 'unavailable' };
    const name =
      typeof answer.name === 'string' && answer.name.trim() && answer.name !== '---' ? answer.name : null;
    return { format_valid: true, registry: answer.valid ? 'valid' : 'invalid', ...(name ? { name } : {}) };
  } catch {
    return { format_valid: true, registry: 'unavailable' };
  }
}
