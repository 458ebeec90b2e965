-- A plan's perks are derived by the server from what it does on that plan (server/plans.ts `planPerks`: its card
-- prices, its cashback rate, the features every plan opens), never typed by hand; nothing read the `perks` column of
-- migration 017, whose hand-typed lists had drifted (Premium's 'priority_support' was a service no plan gives).

ALTER TABLE plans DROP COLUMN perks;
