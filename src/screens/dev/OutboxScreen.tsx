import { useEffect, useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { isApiFailure, type ApiFailure } from '../../../machines/apiFailure';
import { api, unwrap } from '../../api/client';
import { Button } from '../../ui/Button';
import { Card, Muted, Page } from '../../ui/Layout';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { LoadFailure } from '../LoadFailure';

type Message = {
  id: string;
  to: string;
  channel: 'email' | 'sms';
  subject: string | null;
  body: string;
  created_at: string;
};

/** The answer for one address and try; anything else on screen is still loading. */
type Result = { to: string; attempt: number } & (
  { status: 'failed'; failure: ApiFailure } | { status: 'loaded'; messages: Message[] }
);

const channels = defineMessages({
  email: { id: 'outbox.channel.email', defaultMessage: 'Email' },
  sms: { id: 'outbox.channel.sms', defaultMessage: 'SMS' },
});

const Messages = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const MessageItem = styled.li`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  padding: ${({ theme }) => theme.space(4)};
`;

const Meta = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
  margin-bottom: ${({ theme }) => theme.space(1)};
`;

const Body = styled.pre`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-family: inherit;
  margin: ${({ theme }) => theme.space(2)} 0 0;
`;

/**
 * `/dev/outbox` (docs/engineering.md "Sandbox rails"): what the app would have sent by email or SMS, so a one-time code can be
 * read without a mail server. Exists only when the server runs outside production.
 */
export function OutboxScreen() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const to = params.get('to')?.trim() ?? '';
  const [address, setAddress] = useState(to);
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    if (!to) return;
    const controller = new AbortController();
    unwrap(api.GET('/api/sandbox/outbox/', { params: { query: { to } }, signal: controller.signal })).then(
      ({ messages }) => setResult({ to, attempt, status: 'loaded', messages }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({
          to,
          attempt,
          status: 'failed',
          failure: isApiFailure(error) ? error : { kind: 'network' },
        });
      },
    );
    return () => controller.abort();
  }, [to, attempt]);

  const show = (event: FormEvent) => {
    event.preventDefault();
    const next = address.trim();
    if (!next) return;
    if (next === to) setAttempt((n) => n + 1);
    else setParams({ to: next });
  };

  const current = !to
    ? { status: 'idle' as const }
    : result && result.to === to && result.attempt === attempt
      ? result
      : { status: 'loading' as const };

  return (
    <Page>
      <h1>
        <FormattedMessage id="outbox.title" defaultMessage="Outbox" />
      </h1>
      <Muted>
        <FormattedMessage
          id="outbox.intro"
          defaultMessage="Emails and text messages the app has sent, newest first. This page exists only outside production."
        />
      </Muted>
      <Card>
        <form onSubmit={show}>
          <TextField
            label={intl.formatMessage({ id: 'outbox.address', defaultMessage: 'Address' })}
            hint={intl.formatMessage({
              id: 'outbox.addressHint',
              defaultMessage: 'An email address or a phone number in international format.',
            })}
            name="to"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
          />
          <Button type="submit">
            <FormattedMessage id="outbox.show" defaultMessage="Show messages" />
          </Button>
        </form>
      </Card>
      {current.status === 'loading' ? <Spinner /> : null}
      {current.status === 'failed' ? (
        <LoadFailure failure={current.failure} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      {current.status === 'loaded' ? (
        current.messages.length === 0 ? (
          <Muted role="status">
            <FormattedMessage id="outbox.empty" defaultMessage="No messages for this address." />
          </Muted>
        ) : (
          <Messages aria-label={intl.formatMessage({ id: 'outbox.listLabel', defaultMessage: 'Messages' })}>
            {current.messages.map((message) => (
              <MessageItem key={message.id}>
                <Meta>
                  <FormattedMessage
                    id="outbox.meta"
                    defaultMessage="{channel} to {to} · {time}"
                    values={{
                      channel: intl.formatMessage(channels[message.channel]),
                      to: message.to,
                      time: intl.formatDate(message.created_at, { dateStyle: 'medium', timeStyle: 'medium' }),
                    }}
                  />
                </Meta>
                {message.subject ? <strong>{message.subject}</strong> : null}
                <Body>{message.body}</Body>
              </MessageItem>
            ))}
          </Messages>
        )
      ) : null}
    </Page>
  );
}

export default OutboxScreen;
