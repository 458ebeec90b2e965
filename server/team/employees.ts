import type { Employee, EmployeesResponse, EmployeeStatus } from '../../schemas/employees.schema';
import { recordAudit } from '../audit/auditTrail';
import type { RequestOrigin } from '../auth/login';
import { revokeAllSessions } from '../auth/sessions';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import type { Db } from '../ledger';
import { uuidPattern } from '../db/ids';

/**
 * The people of a merchant (schemas/employees.schema.ts): the owner and the employees, with the cards assigned to
 * them, and enabling or disabling an employee. Who may call which is the permission table's business
 * (schemas/permissions.ts); these functions keep the per-record rules: one merchant's people only, never the owner's
 * status, never one's own. Knows nothing of HTTP.
 */

/** Who acts on the team, and from where (for the audit trail). */
export type TeamActor = { merchantId: string; userId: string; origin: RequestOrigin | null };

const employeeNotFound = () => new AppError('not_found', 404, 'This person is not in your team.');

type PersonRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  is_owner: boolean;
  employee_type: 'admin' | 'employee' | 'viewer' | null;
  access_level: 'own' | 'company' | null;
  status: EmployeeStatus;
  created_at: Date;
};

function peopleQuery(db: Db, merchantId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'first_name',
      'last_name',
      'email',
      'is_owner',
      'employee_type',
      'access_level',
      'status',
      'created_at',
    ])
    .where('merchant_id', '=', merchantId);
}

/** The cards assigned to these people that are not destroyed, newest first, per holder. */
async function cardsOf(db: Db, merchantId: string, userIds: string[]) {
  const byHolder = new Map<string, Employee['cards']>();
  if (userIds.length === 0) return byHolder;
  const rows = await db
    .selectFrom('cards')
    .select(['id', 'holder_user_id', 'name', 'last4', 'status'])
    .where('merchant_id', '=', merchantId)
    .where('holder_user_id', 'in', userIds)
    .where('status', '<>', 'destroyed')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byHolder.get(row.holder_user_id) ?? [];
    list.push({ id: row.id, name: row.name, last4: row.last4, status: row.status });
    byHolder.set(row.holder_user_id, list);
  }
  return byHolder;
}

function view(row: PersonRow, cards: Employee['cards']): Employee {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    is_owner: row.is_owner,
    role: row.is_owner ? null : row.employee_type,
    access_level: row.is_owner ? null : row.access_level,
    status: row.status,
    cards,
    created_at: row.created_at.toISOString(),
  };
}

/** employees: the owner first, then everyone else in the order they joined. */
export async function listEmployees(db: Database, merchantId: string): Promise<EmployeesResponse> {
  const rows = await peopleQuery(db, merchantId)
    .orderBy('is_owner', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const cards = await cardsOf(
    db,
    merchantId,
    rows.map((r) => r.id),
  );
  return { items: rows.map((row) => view(row, cards.get(row.id) ?? [])) };
}

/**
 * updateEmployeeStatus, in one transaction under the user's row lock: disabling revokes every session of the user
 * (their access token fails on its next request, their refresh cookie at once) and spends any half-done sign-in;
 * enabling lets them sign in again (their old sessions stay ended). The owner's status and one's own are not
 * changeable (422). Setting the status it already has changes nothing and answers the same.
 */
export async function updateEmployeeStatus(
  db: Database,
  actor: TeamActor,
  id: string,
  status: EmployeeStatus,
): Promise<Employee> {
  if (!uuidPattern.test(id)) throw employeeNotFound();
  return db.transaction().execute(async (trx) => {
    const person = await peopleQuery(trx, actor.merchantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!person) throw employeeNotFound();
    if (person.is_owner) {
      throw new AppError('employee_not_changeable', 422, 'The owner cannot be disabled.');
    }
    if (person.id === actor.userId) {
      throw new AppError('employee_not_changeable', 422, 'You cannot change your own status.');
    }
    const now = new Date();
    if (person.status !== status) {
      await trx.updateTable('users').set({ status }).where('id', '=', person.id).execute();
    }
    if (status === 'disabled') {
      await revokeAllSessions(trx, person.id, 'disabled');
      await trx
        .updateTable('login_tickets')
        .set({ consumed_at: now })
        .where('user_id', '=', person.id)
        .where('consumed_at', 'is', null)
        .execute();
    }
    const cards = await cardsOf(trx, actor.merchantId, [person.id]);
    // Only a change is an action: setting the status it already had records nothing.
    if (person.status !== status) {
      await recordAudit(trx, {
        realm: 'merchant',
        actorUserId: actor.userId,
        merchantId: actor.merchantId,
        action: status === 'disabled' ? 'employee.disabled' : 'employee.enabled',
        subject: `user:${person.id}`,
        details: { email: person.email, role: person.employee_type },
        origin: actor.origin,
      });
    }
    return view({ ...person, status }, cards.get(person.id) ?? []);
  });
}
