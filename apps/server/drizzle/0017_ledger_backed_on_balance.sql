-- An account's balance must equal its last posting's balance-after (0002_ledger_guards). Only a
-- write of n_balance_cents or n_entries can break that (postings never change), so the check no
-- longer runs at COMMIT for updates that set neither: holds placed and released (n_held_cents),
-- the card authorisation's hot path (issue 9; measured about 0.2 ms of PostgreSQL CPU each).
DROP TRIGGER ledger_accounts_backed ON ledger_accounts;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_accounts_backed AFTER INSERT OR UPDATE OF n_balance_cents, n_entries ON ledger_accounts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.n_balance_cents <> 0 OR NEW.n_entries <> 0) EXECUTE FUNCTION ledger_assert_account();
