import { describe, expect, it } from 'vitest';
import {
  accessLevelDescriptions,
  canAccess,
  companyMoneyAreas,
  describedAreas,
  mainAreas,
  mayCall,
  operationRules,
  roleDescriptions,
  type AccessLevelName,
  type Caller,
  type OperationId,
  type RoleName,
} from '../../schemas/permissions';

// The words the team page, the invite form and the invitation show for a role come from `roleDescriptions`; these
// tests hold them to what the permission table lets the role do, so a description cannot claim or hide an area.

const callerOf = (role: RoleName, access_level: AccessLevelName = 'company'): Caller =>
  role === 'owner'
    ? { is_owner: true, employee_type: null, access_level: null }
    : { is_owner: false, employee_type: role, access_level };

const roles = Object.keys(roleDescriptions) as RoleName[];
const operations = Object.keys(operationRules) as OperationId[];

/** The changing operations a caller may call, with the area each belongs to. */
function writesOf(caller: Caller) {
  return operations.flatMap((id) => {
    const rule = operationRules[id];
    if (rule.access !== 'session' || !rule.write || rule.sandbox || !mayCall(caller, id)) return [];
    return [{ id, area: rule.area, viewerMay: rule.viewerMay }];
  });
}

/** Areas of the caller's own session and identity: everybody may change their own sign-in and notifications. */
const ownSessionAreas = new Set([null, 'settings', 'notifications']);

describe('role descriptions match the permission table', () => {
  it.each(roles)('%s: names every main area it opens and none it cannot, in menu order', (role) => {
    const caller = callerOf(role);
    expect(roleDescriptions[role].opens).toEqual(mainAreas.filter((area) => canAccess(caller, area)));
  });

  it.each(roles)('%s: says truly what it can change', (role) => {
    const writes = writesOf(callerOf(role));
    switch (roleDescriptions[role].changes) {
      case 'everything':
        expect(writes.length).toBe(
          operations.filter((id) => {
            const rule = operationRules[id];
            return rule.access === 'session' && rule.write && !rule.sandbox;
          }).length,
        );
        break;
      case 'own-cards':
        // Their cards (server/cards/ narrows to the cards assigned to them) and their own session, nothing else.
        expect(writes.filter((write) => !ownSessionAreas.has(write.area) && write.area !== 'cards')).toEqual(
          [],
        );
        expect(writes.some((write) => write.area === 'cards')).toBe(true);
        break;
      case 'nothing':
        // Only what concerns their own session, identity or card, each with its reason.
        expect(writes.filter((write) => write.viewerMay === undefined)).toEqual([]);
        break;
    }
  });

  it('says when two roles have the same rights, so their names do not promise a difference', () => {
    for (const a of roles) {
      for (const b of roles) {
        if (a >= b) continue;
        const same =
          JSON.stringify(roleDescriptions[a].opens) === JSON.stringify(roleDescriptions[b].opens) &&
          roleDescriptions[a].changes === roleDescriptions[b].changes;
        const said = roleDescriptions[a].sameAs === b || roleDescriptions[b].sameAs === a;
        expect(said, `${a} and ${b}`).toBe(same);
      }
    }
  });

  it.each(['admin', 'employee', 'viewer'] as const)(
    '%s: each access level says truly whether the company’s money is shown',
    (role) => {
      for (const level of ['own', 'company'] as const) {
        const caller = callerOf(role, level);
        const companyData = operations.filter((id) => {
          const rule = operationRules[id];
          return rule.access === 'session' && rule.companyData && canAccess(caller, rule.area ?? 'overview');
        });
        const open = companyData.filter((id) => mayCall(caller, id));
        if (accessLevelDescriptions[level].companyMoney) expect(open).toEqual(companyData);
        else expect(open).toEqual([]);
      }
    },
  );

  it('lists as company money exactly the main areas where every read is the company’s money', () => {
    const companyOnly = mainAreas.filter((area) => {
      const reads = operations
        .map((id) => operationRules[id])
        .filter((rule) => rule.access === 'session' && !rule.write && rule.area === area);
      return reads.length > 0 && reads.every((rule) => rule.access === 'session' && rule.companyData);
    });
    expect([...companyMoneyAreas].sort()).toEqual(companyOnly.sort());
  });

  it.each(['admin', 'employee', 'viewer'] as const)(
    '%s with access own: names only areas where they may read something',
    (role) => {
      const caller = callerOf(role, 'own');
      for (const area of describedAreas(role, 'own')) {
        const readable = operations.some((id) => {
          const rule = operationRules[id];
          return rule.access === 'session' && !rule.write && rule.area === area && mayCall(caller, id);
        });
        // The dashboard has no operation of its own: it is built from the overview's (homeOverview).
        expect(readable || area === 'dashboard', area).toBe(true);
      }
    },
  );
});
