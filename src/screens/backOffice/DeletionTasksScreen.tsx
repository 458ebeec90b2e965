import { useCallback, useState, type FormEvent } from 'react';
import { defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import { toApiFailure } from '../../../machines/apiFailure';
import type { DeletionTask } from '../../../schemas/deletionFollowUp.schema';
import type { DeletionBlocker } from '../../../schemas/plans.schema';
import { unwrap } from '../../api/client';
import { useBackOffice } from '../../app/backOfficeContext';
import { useLoad } from '../../app/useLoad';
import { errorMessages } from '../../i18n/errorMessages';
import { Button } from '../../ui/Button';
import { Alert, Card, Muted, Page } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { PageSpinner } from '../../ui/Spinner';
import { TextArea } from '../../ui/TextArea';
import { LoadFailure } from '../LoadFailure';
import { Parts } from './Parts';

const m = defineMessages({
  title: { id: 'backOffice.deletions.title', defaultMessage: 'Account deletions' },
  intro: {
    id: 'backOffice.deletions.intro',
    defaultMessage:
      'Follow-ups of accounts their owners asked to delete, the longest waiting first: pay out what is left to the IBAN given, then mark the task done with what you did.',
  },
  empty: { id: 'backOffice.deletions.empty', defaultMessage: 'No follow-up is open.' },
  effective: defineMessage<{ date: string }>({
    id: 'backOffice.deletions.effective',
    defaultMessage: 'closes {date}',
  }),
  payout: defineMessage<{ iban: string }>({
    id: 'backOffice.deletions.payout',
    defaultMessage: 'pay out to {iban}',
  }),
  reason: defineMessage<{ reason: string }>({
    id: 'backOffice.deletions.reason',
    defaultMessage: 'Owner’s reason: {reason}',
  }),
  nothingBlocks: { id: 'backOffice.deletions.nothingBlocks', defaultMessage: 'Nothing blocks it.' },
  blockers: defineMessage<{ list: string }>({
    id: 'backOffice.deletions.blockers',
    defaultMessage: 'Still open: {list}.',
  }),
  balance: { id: 'backOffice.deletions.blocker.balance', defaultMessage: 'money left in its accounts' },
  pendingTransfer: {
    id: 'backOffice.deletions.blocker.pendingTransfer',
    defaultMessage: 'a payment pending',
  },
  activeCard: { id: 'backOffice.deletions.blocker.activeCard', defaultMessage: 'a card not destroyed' },
  activePlan: { id: 'backOffice.deletions.blocker.activePlan', defaultMessage: 'a paid plan still running' },
  note: defineMessage<{ merchant: string }>({
    id: 'backOffice.deletions.note',
    defaultMessage: 'What you did for {merchant}',
  }),
  noteHint: {
    id: 'backOffice.deletions.noteHint',
    defaultMessage: 'The payout made, who you spoke to; at most 1,000 characters.',
  },
  noteRequired: { id: 'backOffice.deletions.noteRequired', defaultMessage: 'Say what you did.' },
  done: defineMessage<{ merchant: string }>({
    id: 'backOffice.deletions.done',
    defaultMessage: 'Mark done: {merchant}',
  }),
  marked: { id: 'backOffice.deletions.marked', defaultMessage: 'Task marked done' },
});

function blockerText(intl: IntlShape, blocker: DeletionBlocker): string {
  switch (blocker) {
    case 'balance':
      return intl.formatMessage(m.balance);
    case 'pending_transfer':
      return intl.formatMessage(m.pendingTransfer);
    case 'active_card':
      return intl.formatMessage(m.activeCard);
    case 'active_plan':
      return intl.formatMessage(m.activePlan);
  }
}

function TaskItem({ task, onDone }: { task: DeletionTask; onDone: () => void }) {
  const intl = useIntl();
  const { api } = useBackOffice();
  const [note, setNote] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { deletion } = task;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!note.trim()) {
      setFieldError(intl.formatMessage(m.noteRequired));
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await unwrap(
        api.POST('/api/back-office/account-deletions/tasks/{id}/done/', {
          params: { path: { id: task.id } },
          body: { note: note.trim() },
        }),
      );
      notify('success', intl.formatMessage(m.marked));
      onDone();
    } catch (failure) {
      const known = toApiFailure(failure);
      if (known.kind === 'http' && known.fields?.note) setFieldError(known.fields.note);
      else if (known.kind === 'http' && known.message) setError(known.message);
      else
        setError(
          intl.formatMessage(known.kind === 'network' ? errorMessages.network : errorMessages.unknown),
        );
      // A task someone else closed meanwhile leaves the list.
      if (known.kind === 'http' && known.status === 409) onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <li>
      <Parts>
        <strong>{task.merchant.name}</strong>
        <span>
          {intl.formatMessage(m.effective, {
            date: intl.formatDate(deletion.effective_at, { dateStyle: 'medium' }),
          })}
        </span>
        <span>{intl.formatMessage(m.payout, { iban: deletion.payout_iban })}</span>
      </Parts>
      {deletion.reason ? <Muted>{intl.formatMessage(m.reason, { reason: deletion.reason })}</Muted> : null}
      <Muted>
        {deletion.blockers.length === 0
          ? intl.formatMessage(m.nothingBlocks)
          : intl.formatMessage(m.blockers, {
              list: intl.formatList(deletion.blockers.map((blocker) => blockerText(intl, blocker))),
            })}
      </Muted>
      {error ? <Alert role="alert">{error}</Alert> : null}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextArea
          label={intl.formatMessage(m.note, { merchant: task.merchant.name })}
          hint={intl.formatMessage(m.noteHint)}
          maxLength={1000}
          value={note}
          error={fieldError}
          onChange={(event) => setNote(event.target.value)}
        />
        <Button type="submit" disabled={busy}>
          {intl.formatMessage(m.done, { merchant: task.merchant.name })}
        </Button>
      </form>
    </li>
  );
}

/** Operations and admins: the open follow-ups of account deletions, each marked done with a note. */
export function DeletionTasksScreen() {
  const intl = useIntl();
  const { api } = useBackOffice();
  const [version, setVersion] = useState(0);
  const load = useCallback(
    (signal: AbortSignal) => unwrap(api.GET('/api/back-office/account-deletions/tasks/', { signal })),
    [api],
  );
  const { state, reload } = useLoad(`deletion-tasks:${version}`, load);
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'failed') return <LoadFailure failure={state.failure} onRetry={reload} />;
  return (
    <Page>
      <h1>{intl.formatMessage(m.title)}</h1>
      <Muted>{intl.formatMessage(m.intro)}</Muted>
      <Card>
        {state.data.items.length === 0 ? <Muted>{intl.formatMessage(m.empty)}</Muted> : null}
        <ul>
          {state.data.items.map((task) => (
            <TaskItem key={task.id} task={task} onDone={() => setVersion((v) => v + 1)} />
          ))}
        </ul>
      </Card>
    </Page>
  );
}
