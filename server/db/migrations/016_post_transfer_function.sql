-- For payment throughput (bench:transfers, docs/performance.md): the write path of `postTransfer` (server/ledger.ts) as
-- one PL/pgSQL function, so that posting a transfer is ONE statement: one round trip, and outside a transaction its own
-- transaction (no BEGIN and COMMIT round trips). The server still validates the input, computes the request hash and
-- the movements; the function does what needs the locked rows, in the order postTransfer did it:
--
-- 1. locks the accounts of the movements FOR UPDATE in id order (the one order every transaction uses: no deadlocks);
-- 2. refuses when an account is missing (`not_found`), an account is in another currency than its side of the
--    transfer (`currency`), a pending payment does not go to a clearing account (`not_clearing`), or a merchant debit
--    account does not cover amount + fee (`insufficient_funds`); a transfer already recorded with the key is answered
--    instead of any refusal (`prior`), as if it had been looked up first;
-- 3. inserts the transfer (ON CONFLICT on the key: `prior` with the transfer that holds it, or `unrecorded`), its
--    'post' entries and the balance changes.
--
-- One row back: `outcome` ('posted', 'prior' or a refusal) and `transfer` (the inserted or prior row, else NULL).
-- Comparing the prior's request hash with this request's is left to the caller, which knows the messages.

CREATE FUNCTION ledger_post_transfer(
  p_type text,
  p_status text,
  p_amount_minor bigint,
  p_currency text,
  p_credit_amount_minor bigint,
  p_credit_currency text,
  p_exchange_rate numeric,
  p_fee_minor bigint,
  p_debit_account_id uuid,
  p_credit_account_id uuid,
  p_fee_account_id uuid,
  p_counterparty_name text,
  p_counterparty_iban text,
  p_counterparty_wallet_tag text,
  p_reference text,
  p_note text,
  p_initiated_by uuid,
  p_idempotency_key text,
  p_request_hash text,
  p_client_request_hash text,
  p_gif text,
  p_payee_check_id uuid,
  p_payee_check_result text,
  p_payee_proceeded_anyway boolean,
  p_movement_accounts uuid[],
  p_movement_amounts bigint[]
) RETURNS TABLE (outcome text, transfer transfers)
LANGUAGE plpgsql
AS $$
DECLARE
  wanted int;
  found_count int := 0;
  refusal text := NULL;
  debit_currency text;
  debit_kind text;
  debit_balance bigint;
  credit_currency text;
  credit_role text;
  fee_currency text;
  row_ ledger_accounts%ROWTYPE;
  t transfers%ROWTYPE;
BEGIN
  SELECT count(DISTINCT a) INTO wanted FROM unnest(p_movement_accounts) AS a;
  FOR row_ IN
    SELECT * FROM ledger_accounts WHERE id = ANY (p_movement_accounts) ORDER BY id FOR UPDATE
  LOOP
    found_count := found_count + 1;
    IF row_.id = p_debit_account_id THEN
      debit_currency := row_.currency;
      debit_kind := row_.kind;
      debit_balance := row_.balance_minor;
    END IF;
    IF row_.id = p_credit_account_id THEN
      credit_currency := row_.currency;
      credit_role := row_.system_role;
    END IF;
    IF row_.id = p_fee_account_id THEN
      fee_currency := row_.currency;
    END IF;
  END LOOP;

  IF found_count <> wanted OR debit_currency IS NULL OR credit_currency IS NULL THEN
    refusal := 'not_found';
  ELSIF debit_currency <> p_currency OR credit_currency <> p_credit_currency
    OR (p_fee_account_id IS NOT NULL AND fee_currency IS DISTINCT FROM p_currency) THEN
    refusal := 'currency';
  ELSIF p_status = 'pending' AND credit_role IS DISTINCT FROM 'clearing' THEN
    refusal := 'not_clearing';
  ELSIF debit_kind = 'merchant' AND debit_balance < p_amount_minor + p_fee_minor THEN
    refusal := 'insufficient_funds';
  END IF;

  IF refusal IS NULL THEN
    INSERT INTO transfers (
      type, status, amount_minor, currency, credit_amount_minor, credit_currency, exchange_rate, fee_minor,
      debit_account_id, credit_account_id, counterparty_name, counterparty_iban, counterparty_wallet_tag,
      reference, note, initiated_by, idempotency_key, request_hash,
      client_request_hash, gif, payee_check_id, payee_check_result, payee_proceeded_anyway
    ) VALUES (
      p_type, p_status, p_amount_minor, p_currency, p_credit_amount_minor, p_credit_currency, p_exchange_rate,
      p_fee_minor, p_debit_account_id, p_credit_account_id, p_counterparty_name, p_counterparty_iban,
      p_counterparty_wallet_tag, p_reference, p_note, p_initiated_by, p_idempotency_key, p_request_hash,
      p_client_request_hash, p_gif, p_payee_check_id, p_payee_check_result, p_payee_proceeded_anyway
    )
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING * INTO t;
    IF FOUND THEN
      INSERT INTO ledger_entries (transfer_id, account_id, amount_minor, phase)
      SELECT t.id, m.account_id, m.amount, 'post'
      FROM unnest(p_movement_accounts, p_movement_amounts) AS m (account_id, amount)
      WHERE m.amount <> 0;
      UPDATE ledger_accounts AS a SET balance_minor = a.balance_minor + m.amount
      FROM (
        SELECT u.account_id, sum(u.amount)::bigint AS amount
        FROM unnest(p_movement_accounts, p_movement_amounts) AS u (account_id, amount)
        WHERE u.amount <> 0
        GROUP BY u.account_id
      ) AS m
      WHERE a.id = m.account_id;
      outcome := 'posted';
      transfer := t;
      RETURN NEXT;
      RETURN;
    END IF;
    refusal := 'unrecorded';
  END IF;

  -- Refused, or the key is taken: a transfer recorded with the key (before us, or while we waited for the locks or
  -- the key's insert) answers instead.
  SELECT * INTO t FROM transfers WHERE idempotency_key = p_idempotency_key;
  IF FOUND THEN
    outcome := 'prior';
    transfer := t;
  ELSE
    outcome := refusal;
    transfer := NULL;
  END IF;
  RETURN NEXT;
END
$$;
