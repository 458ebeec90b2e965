-- Send money (server/payments/, schemas/sendMoney.schema.ts).

-- What a payment to an IBAN records about its name check (Verification of Payee, Regulation (EU) 2024/886): the check
-- the payer saw, its result, and whether they proceeded although the result was not a match. NULL for wallet payments.
ALTER TABLE transfers
  ADD COLUMN payee_check_id uuid REFERENCES payee_checks (id),
  ADD COLUMN payee_check_result text CHECK (payee_check_result IN ('match', 'close_match', 'no_match', 'not_possible')),
  ADD COLUMN payee_proceeded_anyway boolean,
  -- The GIF sent with the note: a bundled GIF's id or a provider's media URL (allow-listed by the schema).
  ADD COLUMN gif text CHECK (length(gif) <= 300),
  -- SHA-256 of the send-money request as the client sent it (normalised): the same Idempotency-Key with another
  -- request is a 409 even where the ledger's own request hash would not tell them apart (gif, name check).
  ADD COLUMN client_request_hash text;
ALTER TABLE transfers ADD CONSTRAINT transfers_payee_check_complete CHECK (
  (payee_check_id IS NULL AND payee_check_result IS NULL AND payee_proceeded_anyway IS NULL)
  OR (payee_check_id IS NOT NULL AND payee_check_result IS NOT NULL AND payee_proceeded_anyway IS NOT NULL)
);

-- The settlement job looks for pending payments to other banks, oldest first.
CREATE INDEX transfers_pending_created_idx ON transfers (created_at) WHERE status = 'pending';

-- Sandbox only: an account at another bank that refuses incoming payments, so that the settlement job fails (and
-- refunds) a payment to it. Set through POST /api/sandbox/settlement/reject-iban/.
ALTER TABLE sandbox_external_accounts ADD COLUMN rejects_payments boolean NOT NULL DEFAULT false;
