-- A card bought from the bank is a transaction type of its own, `card_order`: the merchant's list, the detail and
-- the statements said "Card transaction", which reads like a payment made with a card. Earlier orders move too; they
-- are the `card_transaction`s the card cart posted (idempotency key `card-cart:<cart id>`, server/cards/ordering.ts),
-- which nothing posts again (a paid cart answers from the cart), so their stored request hashes are never compared.
ALTER TABLE transfers DROP CONSTRAINT transfers_type_check;
ALTER TABLE transfers ADD CONSTRAINT transfers_type_check CHECK (
  type IN ('face_to_face', 'account_to_account', 'incoming_bank_transfer', 'card_transaction', 'bank_transfer', 'cashback',
    'subscription', 'advertising', 'card_order')
);
UPDATE transfers SET type = 'card_order' WHERE type = 'card_transaction' AND idempotency_key LIKE 'card-cart:%';
