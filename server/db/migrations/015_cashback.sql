-- Cashback (card purchases accrue it, migration 018): money the bank pays back to a merchant is its own transaction
-- type, `cashback`, so the dashboard's "cashback earned" is the sum of the merchant's completed cashback credits and
-- the transaction list can name them. SPEC §4 lists the types met in its texts; cashback (SPEC §1, §2
-- /cashback) needs one of its own.

ALTER TABLE transfers DROP CONSTRAINT transfers_type_check;
ALTER TABLE transfers ADD CONSTRAINT transfers_type_check CHECK (
  type IN ('face_to_face', 'account_to_account', 'incoming_bank_transfer', 'card_transaction', 'bank_transfer', 'cashback')
);

-- The dashboard's total per account without scanning every credit of the account.
CREATE INDEX transfers_cashback_idx ON transfers (credit_account_id) WHERE type = 'cashback' AND status = 'completed';
