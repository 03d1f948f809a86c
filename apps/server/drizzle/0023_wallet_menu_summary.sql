-- «Mi resumen» in the wallet menu (issue 26 §4, decision 0028). New databases get the /dashboard entry
-- for WAL and the wallet role's grant from the seed (MENU_SEED, defaultGrants); the seed never
-- overwrites a stored menu row, so this brings existing databases along: the entry joins the WAL
-- menu, and every WAL role (system or custom) is granted Ver on it, unless the role already lists it.
-- Idempotent; on an empty database both statements touch nothing (the seed runs after the migrations).
-- The wallet reads the entry as «Mi resumen» and /dispersal/transfer as «Transferencias» through
-- menuLabel (contracts), which keys on the seeded names these rows already hold: nothing to rename.
UPDATE "menu" SET "v_client_prefix" = array_append("v_client_prefix", 'WAL'), "d_update_at" = now()
 WHERE "v_url" = '/dashboard' AND NOT ('WAL' = ANY("v_client_prefix"));
--> statement-breakpoint
UPDATE "role_permissions" rp
   SET "t_json" = rp."t_json" || jsonb_build_array(jsonb_build_object('v_uid_menu', m."v_uid"::text, 'v_permissions', to_jsonb(m."v_permissions"))),
       "d_update_at" = now()
  FROM "roles" r, "menu" m
 WHERE r."v_uid" = rp."v_uid_role" AND r."v_client_prefix" = 'WAL' AND m."v_url" = '/dashboard'
   AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(rp."t_json") g WHERE g->>'v_uid_menu' = m."v_uid"::text);
