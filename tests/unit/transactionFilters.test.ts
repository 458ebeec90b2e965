import { describe, expect, it } from 'vitest';
import { filtersFromQuery, filtersToQuery, sameFilters } from '../../machines/transactionList.machine';
import { transactionsQuery } from '../../src/app/walletActors';
import { groupIban } from '../../src/i18n/formatIban';

describe('transaction list filters in the address', () => {
  it('reads known filters and drops malformed or unknown ones', () => {
    const query = new URLSearchParams(
      'from=2026-01-01&to=yesterday&status=completed&type=teleport&q=%20Alpha%20&account=EUR&extra=1',
    );
    expect(filtersFromQuery(query)).toEqual({
      from: '2026-01-01',
      status: 'completed',
      q: 'Alpha',
      account: 'eur',
    });
  });

  it('writes keys in a fixed order, so equal filters give equal addresses', () => {
    expect(filtersToQuery({ q: 'Zeta', type: 'incoming_bank_transfer' })).toBe(
      'type=incoming_bank_transfer&q=Zeta',
    );
    expect(sameFilters({ q: 'a', account: 'eur' }, { account: 'eur', q: 'a' })).toBe(true);
    expect(sameFilters({}, { q: 'a' })).toBe(false);
    const filters = { from: '2026-01-01', to: '2026-01-31', q: 'Bakery & Co' };
    expect(filtersFromQuery(new URLSearchParams(filtersToQuery(filters)))).toEqual(filters);
  });

  it('maps filters and cursor onto the API query', () => {
    expect(transactionsQuery({ account: 'eur', type: 'bank_transfer', q: 'x' }, 'c-2')).toEqual({
      limit: '20',
      account_type: 'eur',
      type: 'bank_transfer',
      q: 'x',
      cursor: 'c-2',
    });
  });
});

describe('groupIban', () => {
  it('groups an IBAN in fours', () => {
    expect(groupIban('GR8202600010000000000000001')).toBe('GR82 0260 0010 0000 0000 0000 001');
    expect(groupIban('gr82 0260 0010')).toBe('GR82 0260 0010');
  });
});
