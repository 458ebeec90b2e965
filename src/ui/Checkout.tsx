import type { ReactNode } from 'react';
import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import { LinkRow, Warning } from './Blocks';
import { Button } from './Button';
import { Alert, Muted, Row } from './Layout';
import { Spinner } from './Spinner';

/*
 * The pay and payment-failed steps the wallet-paid checkouts share (the card order, the plan checkout). Each journey
 * keeps its own words: it passes its own message descriptors, so ids and texts stay its own.
 */

/** Where a balance too small to pay is topped up. */
const topUpPath = '/my-wallet/my-accounts';

export type CheckoutPayText = {
  title: MessageDescriptor;
  preparing: MessageDescriptor;
  short: MessageDescriptor;
  topUp: MessageDescriptor;
  safeRetry: MessageDescriptor;
  pay: MessageDescriptor;
  changeOrder: MessageDescriptor;
};

export type CheckoutPayProps = {
  text: CheckoutPayText;
  /** The journey's error alert, shown under the title. */
  alert: ReactNode;
  /** Still pricing the order (or no price yet): a spinner instead of the summary. */
  preparing: boolean;
  /** The order's summary, once priced. */
  children: ReactNode;
  affordable: boolean;
  /** The last attempt failed on the network, so paying again is worth a word of reassurance. */
  networkError: boolean;
  paying: boolean;
  busy: boolean;
  canPay: boolean;
  onPay: () => void;
  onChange: () => void;
};

/** A priced order, a warning when the wallet is short, and the buttons to pay or change it. */
export function CheckoutPay({
  text,
  alert,
  preparing,
  children,
  affordable,
  networkError,
  paying,
  busy,
  canPay,
  onPay,
  onChange,
}: CheckoutPayProps) {
  const intl = useIntl();
  return (
    <>
      <h1>{intl.formatMessage(text.title)}</h1>
      {alert}
      {preparing ? (
        <Row role="status">
          <Spinner size={24} label={intl.formatMessage(text.preparing)} />
          <span>{intl.formatMessage(text.preparing)}</span>
        </Row>
      ) : (
        <>
          {children}
          {affordable ? null : (
            <Warning>
              <span>{intl.formatMessage(text.short)}</span>
              <Link to={topUpPath}>{intl.formatMessage(text.topUp)}</Link>
            </Warning>
          )}
          {networkError ? <Muted>{intl.formatMessage(text.safeRetry)}</Muted> : null}
        </>
      )}
      <Row>
        <Button busy={paying} disabled={busy || !canPay} onClick={onPay}>
          {intl.formatMessage(text.pay)}
        </Button>
        <Button variant="quiet" disabled={busy} onClick={onChange}>
          {intl.formatMessage(text.changeOrder)}
        </Button>
      </Row>
    </>
  );
}

export type CheckoutFailedText = {
  title: MessageDescriptor;
  body: MessageDescriptor;
  backToCheckout: MessageDescriptor;
  topUp: MessageDescriptor;
};

export type CheckoutFailedProps<E extends string> = {
  text: CheckoutFailedText;
  error: E | null;
  /** The journey's words for its error; a shortage is not repeated, the body already says it. */
  errorText: (intl: IntlShape, error: E) => string;
  onBack: () => void;
};

/** The payment failed: why, the way back to the checkout, and the way to top up. */
export function CheckoutFailed<E extends string>({ text, error, errorText, onBack }: CheckoutFailedProps<E>) {
  const intl = useIntl();
  return (
    <>
      <h1>{intl.formatMessage(text.title)}</h1>
      <p>{intl.formatMessage(text.body)}</p>
      {error && error !== 'insufficient_funds' ? <Alert role="alert">{errorText(intl, error)}</Alert> : null}
      <Row>
        <Button onClick={onBack}>{intl.formatMessage(text.backToCheckout)}</Button>
      </Row>
      <LinkRow>
        <Link to={topUpPath}>{intl.formatMessage(text.topUp)}</Link>
      </LinkRow>
    </>
  );
}
