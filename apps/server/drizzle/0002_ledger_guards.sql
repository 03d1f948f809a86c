-- Ledger guards (docs/decisions/0004-ledger.md). What the code promises, the database enforces:
-- deferred constraint triggers run at COMMIT, when every leg of a movement has been written, so
-- a transaction whose postings do not sum to zero, whose account chain does not add up, or whose
-- account balance differs from its last posting cannot commit. Plain PL/pgSQL: PGlite and
-- PostgreSQL run it alike.

-- 1. Every ledger transaction: at least two postings that sum to zero. Each posting: its
--    balance_after is the previous entry's plus its amount (entry 1: its amount).
CREATE FUNCTION ledger_assert_posting() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx uuid;
  total numeric;
  legs bigint;
  prev bigint;
BEGIN
  IF TG_TABLE_NAME = 'ledger_transactions' THEN
    tx := NEW.v_uid;
  ELSE
    tx := NEW.v_uid_transaction;
    IF NEW.n_entry = 1 THEN
      prev := 0;
    ELSE
      SELECT n_balance_after_cents INTO prev FROM ledger_postings WHERE v_uid_account = NEW.v_uid_account AND n_entry = NEW.n_entry - 1;
    END IF;
    IF prev IS NULL OR prev + NEW.n_amount_cents <> NEW.n_balance_after_cents THEN
      RAISE EXCEPTION 'Partida contable fuera de secuencia: cuenta %, entrada %', NEW.v_uid_account, NEW.n_entry USING ERRCODE = 'integrity_constraint_violation';
    END IF;
  END IF;
  SELECT coalesce(sum(n_amount_cents), 0), count(*) INTO total, legs FROM ledger_postings WHERE v_uid_transaction = tx;
  IF total <> 0 OR legs < 2 THEN
    RAISE EXCEPTION 'Movimiento contable descuadrado: transacción % suma % en % partidas', tx, total, legs USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_assert_posting();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transactions_balanced AFTER INSERT ON ledger_transactions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_assert_posting();
--> statement-breakpoint

-- 2. An account's posted balance and posting count always match its last posting: a balance can
--    change only together with the posting that explains it.
CREATE FUNCTION ledger_assert_account() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bal bigint;
  entries bigint;
  last_after bigint;
BEGIN
  SELECT n_balance_cents, n_entries INTO bal, entries FROM ledger_accounts WHERE v_uid = NEW.v_uid;
  IF entries = 0 THEN
    last_after := 0;
  ELSE
    SELECT n_balance_after_cents INTO last_after FROM ledger_postings WHERE v_uid_account = NEW.v_uid AND n_entry = entries;
  END IF;
  IF last_after IS NULL OR last_after <> bal THEN
    RAISE EXCEPTION 'Saldo contable sin partida que lo respalde: cuenta %', NEW.v_uid USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_accounts_backed AFTER INSERT OR UPDATE ON ledger_accounts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.n_balance_cents <> 0 OR NEW.n_entries <> 0) EXECUTE FUNCTION ledger_assert_account();
--> statement-breakpoint

-- 3. Transactions and postings are written once: corrections are new (reversal) transactions.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Los movimientos contables no se modifican ni se borran (%); registra una reversa', TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_immutable BEFORE UPDATE OR DELETE ON ledger_transactions FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_immutable BEFORE UPDATE OR DELETE ON ledger_postings FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint

-- 4. A hold changes once, from 'held' to 'posted' or 'released'; its account, amount and
--    reference never change, and it is never deleted.
CREATE FUNCTION ledger_hold_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Una retención no se borra' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.v_uid_account <> NEW.v_uid_account OR OLD.n_amount_cents <> NEW.n_amount_cents OR OLD.v_reference <> NEW.v_reference
     OR (OLD.v_status <> NEW.v_status AND OLD.v_status <> 'held')
     OR (OLD.v_status = NEW.v_status AND OLD.v_status <> 'held') THEN
    RAISE EXCEPTION 'Transición de retención no permitida: % (%→%)', OLD.v_reference, OLD.v_status, NEW.v_status USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_holds_transition BEFORE UPDATE OR DELETE ON ledger_holds FOR EACH ROW EXECUTE FUNCTION ledger_hold_transition();
--> statement-breakpoint

-- 5. The provider's books, 16 shards each, with fixed ids (see PROVIDER_BOOKS and bookAccountId
--    in src/modules/ledger/service.ts, which creates the same rows idempotently).
INSERT INTO ledger_accounts (v_uid, v_code, v_owner_kind, v_owner, v_name, b_customer)
SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(b.i * 256 + s), 12, '0'))::uuid,
       'PROVIDER:' || b.book || ':' || lpad(s::text, 2, '0'),
       'provider', b.book, b.name || ' #' || s, false
  FROM (VALUES (1, 'commission-income', 'Ingresos por comisiones'),
               (2, 'iva-payable', 'IVA por pagar'),
               (3, 'spei-clearing', 'Compensación SPEI'),
               (4, 'settlement-in-transit', 'Liquidación en tránsito')) AS b(i, book, name)
 CROSS JOIN generate_series(0, 15) AS s
ON CONFLICT DO NOTHING;
