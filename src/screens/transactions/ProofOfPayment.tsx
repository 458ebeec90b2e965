import { useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import styled from 'styled-components';
import { toApiFailure } from '../../../machines/apiFailure';
import type { Transaction, TransactionProofQuery } from '../../../schemas/transactions.schema';
import { api, failureFromResponse, type ApiClient } from '../../api/client';
import { errorMessages } from '../../i18n/errorMessages';
import { Button } from '../../ui/Button';
import { Alert } from '../../ui/Layout';
import { saveFile } from '../../ui/saveFile';

const m = defineMessages({
  download: { id: 'transaction.proof.download', defaultMessage: 'Download proof of payment' },
  preparing: { id: 'transaction.proof.preparing', defaultMessage: 'Preparing the PDF…' },
  hint: {
    id: 'transaction.proof.hint',
    defaultMessage:
      'A PDF with the payer, the payee, the amounts and the transaction ID, to send to whoever you paid.',
  },
  failed: {
    id: 'transaction.proof.failed',
    defaultMessage: 'The proof of payment could not be prepared. Please try again.',
  },
});

export type ProofFile = { blob: Blob; fileName: string };

export type ProofServices = {
  /** The proof of payment of one transaction (GET transactionProof), fetched with the bearer token. */
  downloadProof: (
    request: { id: string; lang: NonNullable<TransactionProofQuery['lang']> },
    signal?: AbortSignal,
  ) => Promise<ProofFile>;
};

/** `attachment; filename="tameio-proof-of-payment-….pdf"` → the name; another shape → one of our own. */
export function proofFileName(disposition: string | null, id: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? `tameio-proof-of-payment-${id.slice(0, 8)}.pdf`;
}

export function proofServices(client: ApiClient): ProofServices {
  return {
    downloadProof: async ({ id, lang }, signal) => {
      const result = await client
        .GET('/api/merchants/transactions/{id}/proof/', {
          params: { path: { id }, query: { lang } },
          parseAs: 'blob',
          ...(signal ? { signal } : {}),
        })
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') throw error;
          throw { kind: 'network' };
        });
      if (!result.response.ok || !result.data) {
        const body: unknown = result.response.ok ? undefined : result.error;
        throw failureFromResponse(result.response, body);
      }
      return {
        blob: result.data,
        fileName: proofFileName(result.response.headers.get('content-disposition'), id),
      };
    },
  };
}

const defaultServices = proofServices(api);

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  justify-items: start;
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
`;

/** The detail's "Download proof of payment": the PDF in the reader's language, saved by the browser. */
export function ProofOfPayment({
  transaction,
  services = defaultServices,
}: {
  transaction: Pick<Transaction, 'id'>;
  services?: ProofServices | undefined;
}) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const download = async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setBusy(true);
    setError(null);
    try {
      const lang = intl.locale.toLowerCase().startsWith('el') ? 'el' : 'en';
      const file = await services.downloadProof({ id: transaction.id, lang }, current.signal);
      if (current.signal.aborted) return;
      saveFile(file.blob, file.fileName);
    } catch (thrown) {
      if (current.signal.aborted) return;
      const failure = toApiFailure(thrown);
      setError(intl.formatMessage(failure.kind === 'network' ? errorMessages.network : m.failed));
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setBusy(false);
      }
    }
  };

  return (
    <Box>
      {error ? <Alert role="alert">{error}</Alert> : null}
      <Button variant="secondary" busy={busy} onClick={() => void download()}>
        {intl.formatMessage(busy ? m.preparing : m.download)}
      </Button>
      <p>{intl.formatMessage(m.hint)}</p>
    </Box>
  );
}
