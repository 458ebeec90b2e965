import { describe, expect, it } from 'vitest';
import { areas, canAccess, type Actor } from '../../schemas/permissions';

const owner: Actor = { is_owner: true, employee_type: null };
const admin: Actor = { is_owner: false, employee_type: 'admin' };
const viewer: Actor = { is_owner: false, employee_type: 'viewer' };

describe('the permission table (SPEC §6)', () => {
  it('lets the owner use every area', () => {
    expect(areas.filter((area) => !canAccess(owner, area))).toEqual([]);
  });

  it('sends non-owner, non-viewer employees to Overview from the money and company areas', () => {
    for (const area of [
      'dashboard',
      'analytics',
      'send-money',
      'my-employees',
      'profile',
      'plans',
    ] as const) {
      expect(canAccess(admin, area), area).toBe(false);
    }
    for (const area of ['overview', 'transactions', 'cards', 'settings', 'faq'] as const) {
      expect(canAccess(admin, area), area).toBe(true);
    }
  });

  it('lets viewers see dashboard and analytics but not move money or change the company', () => {
    for (const area of ['dashboard', 'analytics', 'beneficiaries', 'my-employees', 'qr-codes'] as const) {
      expect(canAccess(viewer, area), area).toBe(true);
    }
    for (const area of ['send-money', 'request-money', 'create-beneficiary', 'plans', 'profile'] as const) {
      expect(canAccess(viewer, area), area).toBe(false);
    }
  });
});
