import type { FormEvent, ReactNode } from 'react';
import { useLoad } from '../../app/useLoad';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Alert, Card, Muted, Page } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { TextArea } from '../../ui/TextArea';
import { LoadFailure } from '../LoadFailure';
import { Parts } from './Parts';

/*
 * The parts the back office's reviews (a merchant's file, identity photos) have alike: the queue, the page when the
 * thing reviewed could not be read, the dialog that confirms a decision, the form of a decision's reason, and the
 * choice after a decision could not be sent. Each screen gives its own words.
 */

/** A review queue: what waits, oldest first, each item a card; read once when the page opens. */
export function ReviewQueuePage<T>({
  loadKey,
  load,
  title,
  intro,
  empty,
  itemKey,
  children,
}: {
  loadKey: string;
  load: (signal: AbortSignal) => Promise<{ items: T[] }>;
  title: string;
  intro: string;
  empty: string;
  itemKey: (item: T) => string;
  /** One item's card content. */
  children: (item: T) => ReactNode;
}) {
  const { state, reload } = useLoad(loadKey, load);
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'failed') return <LoadFailure failure={state.failure} onRetry={reload} />;
  const { items } = state.data;
  return (
    <Page>
      <h1>{title}</h1>
      <Muted>{intro}</Muted>
      {items.length === 0 ? <Card>{empty}</Card> : null}
      <ol>
        {items.map((item) => (
          <li key={itemKey(item)}>
            <Card>{children(item)}</Card>
          </li>
        ))}
      </ol>
    </Page>
  );
}

/** The thing reviewed could not be read: its title, the failure as an alert, and a button to read it again. */
export function ReviewLoadFailed({
  title,
  failed,
  detail,
  retry,
  onRetry,
}: {
  title: string;
  failed: string;
  detail?: string | null;
  retry: string;
  onRetry: () => void;
}) {
  return (
    <Page>
      <h1>{title}</h1>
      <Alert role="alert">{failed}</Alert>
      {detail ? <p>{detail}</p> : null}
      <Button onClick={onRetry}>{retry}</Button>
    </Page>
  );
}

/** A decision confirmed in a dialog; Escape and cancel go back, except while it is being sent. */
export function ConfirmDecision({
  title,
  confirm,
  cancel,
  busy,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  confirm: string;
  cancel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      title={title}
      onEscape={busy ? undefined : onCancel}
      actions={
        <>
          <Button busy={busy} data-autofocus onClick={onConfirm}>
            {confirm}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={onCancel}>
            {cancel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}

/** The reason of a rejection or refusal (at most 500 characters), with its send and cancel buttons. */
export function ReasonForm({
  heading,
  label,
  hint,
  missing,
  submit,
  cancel,
  busy,
  reason,
  onReasonChange,
  onSubmit,
  onCancel,
}: {
  heading?: string;
  label: string;
  hint: string;
  /** The words under the field when it was sent empty, or null. */
  missing: string | null;
  submit: string;
  cancel: string;
  busy: boolean;
  reason: string;
  onReasonChange: (reason: string) => void;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const send = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(reason);
  };
  return (
    <Card>
      <form onSubmit={send} noValidate>
        {heading ? <h2>{heading}</h2> : null}
        <TextArea
          label={label}
          hint={hint}
          maxLength={500}
          value={reason}
          disabled={busy}
          error={missing}
          onChange={(event) => onReasonChange(event.target.value)}
        />
        <Parts>
          <Button type="submit" busy={busy}>
            {submit}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={onCancel}>
            {cancel}
          </Button>
        </Parts>
      </form>
    </Card>
  );
}

/** A decision that could not be sent: send it again, or go back to what is reviewed. */
export function RetryOrBack({
  retry,
  back,
  onRetry,
  onBack,
}: {
  retry: string;
  back: string;
  onRetry: () => void;
  onBack: () => void;
}) {
  return (
    <Parts>
      <Button onClick={onRetry}>{retry}</Button>
      <Button variant="secondary" onClick={onBack}>
        {back}
      </Button>
    </Parts>
  );
}
