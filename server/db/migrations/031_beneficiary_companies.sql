-- Companies as bank beneficiaries (issue 20): an account is held by a person (first and last name) or by a company
-- (its legal name, as the payee check compares it). Every bank beneficiary saved before is a person's.

ALTER TABLE beneficiaries
  ADD COLUMN holder text CHECK (holder IN ('person', 'company')),
  ADD COLUMN company_name text CHECK (length(company_name) BETWEEN 1 AND 70);

UPDATE beneficiaries SET holder = 'person' WHERE kind = 'bank';

-- The table's first unnamed check (010_beneficiaries.sql): what each kind holds, now with the holder's names.
ALTER TABLE beneficiaries DROP CONSTRAINT beneficiaries_check;
ALTER TABLE beneficiaries ADD CONSTRAINT beneficiaries_kind_fields CHECK (
  (kind = 'wallet' AND recipient_merchant_id IS NOT NULL AND wallet_tag IS NOT NULL
    AND holder IS NULL AND first_name IS NULL AND last_name IS NULL AND company_name IS NULL
    AND bank_country IS NULL AND iban IS NULL AND name_check_id IS NULL AND name_check_result IS NULL)
  OR
  (kind = 'bank' AND recipient_merchant_id IS NULL AND wallet_tag IS NULL
    AND ((holder = 'person' AND first_name IS NOT NULL AND last_name IS NOT NULL AND company_name IS NULL)
      OR (holder = 'company' AND company_name IS NOT NULL AND first_name IS NULL AND last_name IS NULL))
    AND bank_country IS NOT NULL AND iban IS NOT NULL
    AND substr(iban, 1, 2) = bank_country AND name_check_id IS NOT NULL AND name_check_result IS NOT NULL
    AND (name_check_result = 'match' OR name_mismatch_accepted))
);
