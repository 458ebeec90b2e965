import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectRestoring } from '../../machines/session.machine';
import { merchantAuditActions } from '../../schemas/auditActions';
import type { AuditTrailPage } from '../../schemas/auditTrail.schema';
import { AppRoutes } from '../../src/app/routes';
import ActivityLogScreen, { type ActivityLogServices } from '../../src/screens/settings/ActivityLogScreen';
import { renderPart, renderScreen } from './harness';
import { demoSession } from './paths';

/*
 * The activity log (issue 21): the owner reads the company's audit trail in settings. The page is rendered with a
 * scripted service: entries show who, what (in the reader's language), address and device; a filter asks again with
 * it; "Download CSV" asks the CSV endpoint and saves its file; an employee is sent away by the route guard.
 */

const page: AuditTrailPage = {
  items: [
    {
      id: '12',
      occurred_at: '2026-11-26T09:30:00.000Z',
      actor: { id: 'u1', name: 'Maria Papadopoulou', email: 'maria@example.test' },
      action: 'mfa.added',
      subject: 'mfa:totp',
      details: {},
      ip: '198.51.100.23',
      user_agent: 'Firefox on Linux',
    },
    {
      id: '11',
      occurred_at: '2026-11-26T09:00:00.000Z',
      actor: null,
      action: 'sign_in.failed',
      subject: null,
      details: { reason: 'wrong_password' },
      ip: '203.0.113.7',
      user_agent: null,
    },
  ],
  next_cursor: null,
};

function scripted() {
  const list = vi.fn<ActivityLogServices['list']>(async () => page);
  const downloadCsv = vi.fn<ActivityLogServices['downloadCsv']>(async () => ({
    blob: new Blob(['when,who\r\n'], { type: 'text/csv' }),
    fileName: 'audit-trail-2026-11-26.csv',
  }));
  return { list, downloadCsv };
}

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:audit');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

describe('the activity log', () => {
  it('lists entries with who, what, address and device, in English', async () => {
    const services = scripted();
    renderPart(<ActivityLogScreen services={services} />);
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Second factor added')).toBeTruthy();
    expect(within(rows[1]!).getByText('Maria Papadopoulou (maria@example.test)')).toBeTruthy();
    expect(within(rows[1]!).getByText('198.51.100.23 | Firefox on Linux')).toBeTruthy();
    expect(within(rows[2]!).getByText('Sign-in refused')).toBeTruthy();
    expect(within(rows[2]!).getByText('Unknown user')).toBeTruthy();
    expect(services.list).toHaveBeenCalledWith({}, expect.anything());
  });

  it('speaks Greek to a Greek reader', async () => {
    renderPart(<ActivityLogScreen services={scripted()} />, { locale: 'el' });
    expect(await screen.findByRole('heading', { name: 'Ιστορικό ενεργειών' })).toBeTruthy();
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]!).queryByText('Second factor added')).toBeNull();
    expect(screen.getByRole('button', { name: 'Λήψη CSV' })).toBeTruthy();
  });

  it('asks again with the action and the dates chosen', async () => {
    const services = scripted();
    renderPart(<ActivityLogScreen services={services} />);
    await screen.findAllByRole('row');
    // Only what the company's own users do is offered: the bank staff's actions are never in an owner's log.
    const offered = within(screen.getByLabelText('Action'))
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(offered).toEqual(['', ...merchantAuditActions]);
    expect(offered).not.toContain('staff.signed_in');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'password.changed');
    await vi.waitFor(() =>
      expect(services.list).toHaveBeenLastCalledWith({ action: 'password.changed' }, expect.anything()),
    );
    await act(async () => {
      await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    });
    await vi.waitFor(() =>
      expect(services.list).toHaveBeenLastCalledWith(
        { action: 'password.changed', from: '2026-11-01' },
        expect.anything(),
      ),
    );
  });

  it('downloads the CSV of the filtered entries', async () => {
    const services = scripted();
    renderPart(<ActivityLogScreen services={services} />);
    await screen.findAllByRole('row');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'sign_in.failed');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(saved).toEqual(['audit-trail-2026-11-26.csv']));
    expect(services.downloadCsv).toHaveBeenCalledWith({ action: 'sign_in.failed' });
  });
});

describe('who may open it', () => {
  const fetchStub = vi.spyOn(globalThis, 'fetch');
  beforeAll(() => {
    fetchStub.mockImplementation(async () => {
      throw new TypeError('no server in the guard test');
    });
  });
  afterAll(() => fetchStub.mockRestore());

  it.each(['admin', 'employee', 'viewer'] as const)('sends a %s to Overview', async (role) => {
    const app = renderScreen({
      path: '/settings/activity-log',
      session: {
        ...demoSession,
        user: { ...demoSession.user, is_owner: false, employee_type: role },
      },
      routeTable: <AppRoutes sandbox />,
    });
    await vi.waitFor(() => expect(selectRestoring(app.session.getSnapshot())).toBe(false));
    await vi.waitFor(() => expect(app.location.path).toBe('/overview'), { timeout: 5000 });
  });
});
