import { describe, expect, it } from 'vitest';
import {
  areas,
  isStaffOperation,
  mayCall,
  operationRules,
  type Caller,
  type OperationId,
  type OperationRule,
} from '../../schemas/permissions';

// The API half of the permission table (schemas/permissions.ts); tests/api/permissions.matrix.test.ts runs it against
// the server.

const owner: Caller = { is_owner: true, employee_type: null, access_level: null };
const admin: Caller = { is_owner: false, employee_type: 'admin', access_level: 'company' };
const cardholder: Caller = { is_owner: false, employee_type: 'employee', access_level: 'company' };
const viewer: Caller = { is_owner: false, employee_type: 'viewer', access_level: 'company' };
const rules = Object.entries(operationRules) as [OperationId, OperationRule][];

describe('the operation table', () => {
  it('names only SPEC §6 areas, and explains every exception it makes for viewers', () => {
    for (const [id, rule] of rules) {
      if (rule.access !== 'session') continue;
      if (rule.area !== null) expect(areas, id).toContain(rule.area);
      if (rule.viewerMay !== undefined) {
        expect(rule.write, `${id}: a viewer exception on a read`).toBe(true);
        expect(rule.viewerMay.length, id).toBeGreaterThan(20);
      }
    }
  });

  it('gives every public operation the reason it needs no session', () => {
    for (const [id, rule] of rules) {
      if (rule.access === 'public') expect(rule.why.length, id).toBeGreaterThan(10);
    }
  });

  it('lets the owner call everything of the merchants’ realm, and nothing of the staff’s', () => {
    expect(rules.filter(([id]) => !mayCall(owner, id) && !isStaffOperation(id)).map(([id]) => id)).toEqual(
      [],
    );
    const staffOperations = rules.filter(([id]) => isStaffOperation(id));
    expect(staffOperations.length).toBeGreaterThan(0);
    for (const [id] of staffOperations) expect(mayCall(owner, id), id).toBe(false);
  });

  it('treats admin exactly as Cardholder (SPEC §6 names only "non-owner users who are not viewers")', () => {
    for (const [id] of rules) expect(mayCall(admin, id), id).toBe(mayCall(cardholder, id));
  });

  const settingsWrites: string[] = [
    'updateLanguage',
    'changePassword',
    'totpEnrollStart',
    'totpEnrollConfirm',
    'setDefaultMfaMethod',
    'removeMfaMethod',
    'enableMfaMethod',
    'revokeSession',
  ];

  it('lets a viewer change nothing but their own session, identity, settings, terms acceptance, card reveals, notifications and sponsored clicks', () => {
    const viewerWrites = rules
      .filter(([id, rule]) => rule.access === 'session' && rule.write && mayCall(viewer, id))
      .map(([id]) => id)
      .sort();
    // Besides these, their own settings (language, password, second factors, sessions): the last expectation.
    expect(viewerWrites.filter((id) => !settingsWrites.includes(id))).toEqual([
      'acceptTerms',
      'globalLogout',
      'markAllNotificationsRead',
      'markNotificationRead',
      'notificationStreamTicket',
      'revealCard',
      // Records that they opened another merchant's advertisement (issue 21); nothing of the company's changes.
      'sponsoredClick',
      'stepUpStart',
      'stepUpVerify',
    ]);
    expect(viewerWrites.filter((id) => settingsWrites.includes(id))).toEqual([...settingsWrites].sort());
  });

  it('keeps the company’s money from an employee whose access level is own', () => {
    const own: Caller = { ...viewer, access_level: 'own' };
    for (const id of ['coreBankingAccounts', 'exportTransactions', 'beneficiaries', 'cashback'] as const) {
      expect(mayCall(viewer, id), id).toBe(true);
      expect(mayCall(own, id), id).toBe(false);
    }
    // Their own things stay open: the overview and the transactions list narrow themselves on the server.
    for (const id of ['homeOverview', 'transactions', 'cards', 'revealCard'] as const) {
      expect(mayCall(own, id), id).toBe(true);
    }
  });

  it('keeps the team to the owner, with the lists visible to viewers (SPEC §6)', () => {
    for (const id of ['employees', 'invitations'] as const) {
      expect(mayCall(viewer, id), id).toBe(true);
      expect(mayCall(cardholder, id), id).toBe(false);
    }
    for (const id of ['inviteEmployee', 'cancelInvitation', 'updateEmployeeStatus'] as const) {
      expect(mayCall(viewer, id), id).toBe(false);
      expect(mayCall(admin, id), id).toBe(false);
    }
  });
});
