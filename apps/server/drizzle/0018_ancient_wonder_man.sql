-- Tickets live 60 s; those issued before this change are bound to no session and cannot be kept.
DELETE FROM "notification_stream_tickets";--> statement-breakpoint
ALTER TABLE "notification_stream_tickets" ADD COLUMN "v_uid_session" uuid NOT NULL;