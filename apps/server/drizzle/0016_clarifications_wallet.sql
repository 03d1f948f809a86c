-- Wallet users open clarifications too (issue 12). New databases get the /clarification entry for WAL
-- and the wallet role's grants from the seed (MENU_SEED, defaultGrants); this brings existing ones
-- along: the entry joins the WAL menu, and every WAL role (system or custom) is granted every
-- permission the entry offers, unless the role already lists the entry. On an empty database both
-- statements touch nothing (the seed runs after the migrations).
UPDATE "menu" SET "v_client_prefix" = array_append("v_client_prefix", 'WAL'), "d_update_at" = now()
 WHERE "v_url" = '/clarification' AND NOT ('WAL' = ANY("v_client_prefix"));
--> statement-breakpoint
UPDATE "role_permissions" rp
   SET "t_json" = rp."t_json" || jsonb_build_array(jsonb_build_object('v_uid_menu', m."v_uid"::text, 'v_permissions', to_jsonb(m."v_permissions"))),
       "d_update_at" = now()
  FROM "roles" r, "menu" m
 WHERE r."v_uid" = rp."v_uid_role" AND r."v_client_prefix" = 'WAL' AND m."v_url" = '/clarification'
   AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(rp."t_json") g WHERE g->>'v_uid_menu' = m."v_uid"::text);
