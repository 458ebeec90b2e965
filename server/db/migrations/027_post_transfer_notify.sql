-- For payment throughput (bench:transfers, docs/performance.md note of 2026-11-24): a payment that notifies its payee
-- (`money_received`) posts AND writes the notification in ONE statement again. Since notifications came (migration
-- 022), a wallet payment had been BEGIN, the posting, the sender's name, the payee's users, the notification,
-- pg_notify, COMMIT: 7 round trips where the posting alone was 1. `ledger_post_transfer_notify` takes migration 016's
-- arguments plus the notification's and:
--
-- 1. posts with `ledger_post_transfer` (unchanged: locks in id order, checks, idempotency key, transfer + entries +
--    balances);
-- 2. only when that posted (never on a replay or a refusal), in the same statement and so in the same transaction:
--    inserts one notification per enabled user of `p_notify_merchant_id` whose role key is in `p_notify_roles`
--    (the server computes the keys from its permission table, schemas/permissions.ts, so the rule stays there), in
--    the order of the users' creation, with event key `transfer:<transfer id>` (the unique index keeps it to one per
--    user), parameters `p_notify_params` plus `transaction_id` and, with `p_notify_from_merchant_id`, `from` (that
--    merchant's name, '' if none); then pg_notify(`p_notify_channel`, '<user id>:<notification id>') for each row
--    inserted, delivered only if and when the transaction commits, as server/notifications/notifications.ts does.
--
-- A role key is `<is_owner>:<employee_type or ''>:<access_level or ''>`, e.g. 'true::' or 'false:admin:company'.
-- Kinds that are also emailed are not written here (the server keeps those on its own path, with the outbox).
-- One row back: migration 016's `outcome` and `transfer`, and `notified` (rows inserted).

CREATE FUNCTION ledger_post_transfer_notify(
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
  p_movement_amounts bigint[],
  p_notify_merchant_id uuid,
  p_notify_kind text,
  p_notify_params jsonb,
  p_notify_from_merchant_id uuid,
  p_notify_roles text[],
  p_notify_channel text
) RETURNS TABLE (outcome text, transfer transfers, notified int)
LANGUAGE plpgsql
AS $$
DECLARE
  posted record;
  t transfers%ROWTYPE;
  v_params jsonb;
  row_ record;
BEGIN
  SELECT * INTO posted FROM ledger_post_transfer(
    p_type, p_status, p_amount_minor, p_currency, p_credit_amount_minor, p_credit_currency, p_exchange_rate,
    p_fee_minor, p_debit_account_id, p_credit_account_id, p_fee_account_id, p_counterparty_name, p_counterparty_iban,
    p_counterparty_wallet_tag, p_reference, p_note, p_initiated_by, p_idempotency_key, p_request_hash,
    p_client_request_hash, p_gif, p_payee_check_id, p_payee_check_result, p_payee_proceeded_anyway,
    p_movement_accounts, p_movement_amounts
  );
  outcome := posted.outcome;
  transfer := posted.transfer;
  notified := 0;
  IF posted.outcome = 'posted' AND p_notify_merchant_id IS NOT NULL THEN
    t := posted.transfer;
    v_params := p_notify_params || jsonb_build_object('transaction_id', t.id::text);
    IF p_notify_from_merchant_id IS NOT NULL THEN
      v_params := v_params || jsonb_build_object(
        'from', coalesce((SELECT m.name FROM merchants AS m WHERE m.id = p_notify_from_merchant_id), ''));
    END IF;
    FOR row_ IN
      INSERT INTO notifications (merchant_id, user_id, kind, params, event_key)
      SELECT p_notify_merchant_id, u.id, p_notify_kind, v_params, 'transfer:' || t.id::text
      FROM users AS u
      WHERE u.merchant_id = p_notify_merchant_id
        AND u.status = 'enabled'
        AND (u.is_owner::text || ':' || coalesce(u.employee_type, '') || ':' || coalesce(u.access_level, ''))
          = ANY (p_notify_roles)
      ORDER BY u.created_at
      ON CONFLICT (user_id, kind, event_key) DO NOTHING
      RETURNING notifications.id, notifications.user_id
    LOOP
      PERFORM pg_notify(p_notify_channel, row_.user_id::text || ':' || row_.id::text);
      notified := notified + 1;
    END LOOP;
  END IF;
  RETURN NEXT;
END
$$;
