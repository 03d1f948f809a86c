-- UNLOGGED by hand (drizzle has no option for it): counters need no crash safety.
CREATE UNLOGGED TABLE "rate_limits" (
	"v_key" text PRIMARY KEY NOT NULL,
	"d_window" timestamp with time zone NOT NULL,
	"i_window_ms" integer NOT NULL,
	"i_count" integer NOT NULL
);
