ALTER TABLE "business_movements" DROP CONSTRAINT "business_movements_type";--> statement-breakpoint
ALTER TABLE "business_movements" DROP CONSTRAINT "business_movements_amounts";--> statement-breakpoint
CREATE INDEX "business_movements_transaction_idx" ON "business_movements" USING btree ("v_uid_transaction") WHERE "business_movements"."v_uid_transaction" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "business_movements" ADD CONSTRAINT "business_movements_type" CHECK (v_type IN ('SPEI_OUT', 'SPEI_IN', 'DEPOSIT', 'WALLET_OUT', 'WALLET_IN', 'CARD_FUNDING', 'BUDGET_ADD', 'BUDGET_MINUS', 'SPEI_OUT_RETURN', 'LEDGER_IN', 'LEDGER_OUT'));--> statement-breakpoint
ALTER TABLE "business_movements" ADD CONSTRAINT "business_movements_amounts" CHECK ((n_amount_cents > 0 OR v_type IN ('LEDGER_IN', 'LEDGER_OUT')) AND n_amount_cents >= 0 AND n_commission_cents >= 0 AND n_iva_cents >= 0);--> statement-breakpoint
-- Movements are the ledger (docs/decisions/0024-movements-are-the-ledger.md). Every ledger
-- transaction that touches a customer's main account ('<client>:main' of a business or a wallet)
-- is a movement of that customer. Orders (SPEI out/in, deposits, wallet transfers) are written by
-- their module and linked to their transaction (v_uid_transaction); for any other transaction —
-- card funding, budget moves, the return of a settled SPEI out, a reversal, a kind not yet
-- written — this derives the movement from the transaction itself (kind, memo, legs), so no
-- writer, present or future, can leave money out of the customer's movements. It runs at COMMIT
-- (deferred), when the writer has linked its order row if it has one; with the constraints set
-- IMMEDIATE (some tests) it runs after the posting's statement, before that link: the memo's
-- movement id tells it then.
CREATE FUNCTION customer_movements_of(tx uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t record;
  acc record;
  memo jsonb;
  owner_id uuid;
  amount bigint;
  commission bigint;
  iva bigint;
  net bigint;
  mtype text;
  who text;
  named uuid[];
BEGIN
  SELECT * INTO t FROM ledger_transactions WHERE v_uid = tx;
  memo := coalesce(t.t_memo, '{}'::jsonb);
  named := ARRAY(
    SELECT e.v::uuid FROM jsonb_each_text(memo) AS e(k, v)
    WHERE e.k IN ('movementId', 'receivedMovementId') AND e.v ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  );
  FOR acc IN
    SELECT a.v_owner_kind AS owner_kind, a.v_owner AS owner,
      coalesce(sum(p.n_amount_cents) FILTER (WHERE p.v_leg IS DISTINCT FROM 'commission' AND p.v_leg IS DISTINCT FROM 'iva'), 0) AS amount,
      coalesce(-sum(p.n_amount_cents) FILTER (WHERE p.v_leg = 'commission'), 0) AS commission,
      coalesce(-sum(p.n_amount_cents) FILTER (WHERE p.v_leg = 'iva'), 0) AS iva
    FROM ledger_postings p JOIN ledger_accounts a ON a.v_uid = p.v_uid_account
    WHERE p.v_uid_transaction = tx AND a.v_owner_kind IN ('business', 'wallet') AND a.v_code = a.v_owner || ':main'
    GROUP BY a.v_owner_kind, a.v_owner
  LOOP
    -- An order row stands for the transaction when it is linked to it, or names it in the memo and
    -- is not yet linked to another (its writer links it later in the same database transaction).
    CONTINUE WHEN EXISTS (
      SELECT 1 FROM business_movements m
      WHERE m.v_client = acc.owner AND (m.v_uid_transaction = tx OR (m.v_uid_transaction IS NULL AND m.v_uid = ANY (named)))
    );
    owner_id := NULL;
    IF acc.owner_kind = 'business' THEN
      SELECT v_uid INTO owner_id FROM businesses WHERE v_client = acc.owner LIMIT 1;
    ELSE
      SELECT v_uid_user INTO owner_id FROM wallet_accounts WHERE v_client = acc.owner;
    END IF;
    CONTINUE WHEN owner_id IS NULL;
    amount := acc.amount;
    commission := acc.commission;
    iva := acc.iva;
    net := amount - commission - iva;
    -- A commission given back (a reversal's legs) is not a charge: the movement is its net.
    IF commission < 0 OR iva < 0 THEN
      amount := net;
      commission := 0;
      iva := 0;
    END IF;
    mtype := CASE t.v_kind
      WHEN 'card-funding' THEN CASE WHEN net < 0 THEN 'CARD_FUNDING' END
      WHEN 'spei-out-return' THEN CASE WHEN net > 0 THEN 'SPEI_OUT_RETURN' END
      WHEN 'budget-add' THEN CASE WHEN amount < 0 THEN 'BUDGET_ADD' END
      WHEN 'budget-minus' THEN CASE WHEN amount > 0 THEN 'BUDGET_MINUS' END
    END;
    IF mtype IS NULL THEN
      mtype := CASE WHEN net >= 0 THEN 'LEDGER_IN' ELSE 'LEDGER_OUT' END;
    END IF;
    who := memo ->> 'counterparty';
    INSERT INTO business_movements (
      v_uid_business, v_client, v_type, i_status, n_amount_cents, n_commission_cents, n_iva_cents, n_total_cents,
      v_source_name, v_beneficiary_name, v_concept, v_reference, v_tracking_key, d_operation_date,
      d_settled_at, v_uid_transaction, d_create_at, d_update_at
    ) VALUES (
      owner_id, acc.owner, mtype, 2, abs(amount), commission, iva, abs(net),
      CASE WHEN amount > 0 THEN who END, CASE WHEN amount <= 0 THEN who END,
      coalesce(memo ->> 'concept', CASE WHEN memo ? 'file' THEN 'Archivo ' || (memo ->> 'file') END, CASE WHEN t.v_kind = 'reversal' THEN 'Corrección de un movimiento' END),
      memo ->> 'reference', coalesce(memo ->> 'returnTrackingKey', memo ->> 'trackingKey'),
      (t.d_create_at AT TIME ZONE 'America/Mexico_City')::date,
      t.d_create_at, tx, t.d_create_at, t.d_create_at
    );
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION customer_movements_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_movements_of(NEW.v_uid);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transactions_customer_movements AFTER INSERT ON ledger_transactions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION customer_movements_trigger();
--> statement-breakpoint
-- The transactions already written get their movements now, oldest first.
SELECT customer_movements_of(v_uid) FROM (SELECT v_uid FROM ledger_transactions ORDER BY d_create_at, v_uid) AS existing;
