import { z } from 'zod';
import { PerPageQuery } from './common';

/** A log-user entry (spec §3) as the API gives it, with the acting user's name resolved. */
export const ActivityItem = z.object({
  v_uid: z.string(),
  d_create_at: z.string(),
  v_uid_user: z.string().nullable(),
  v_user_name: z.string().nullable(),
  v_user_email: z.string().nullable(),
  v_client: z.string().nullable(),
  v_section: z.string(),
  v_action: z.string(),
  v_activity: z.string(),
  v_uid_user_parent: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof ActivityItem>;

/** A system incident (spec §3 logs). */
export const IncidentItem = z.object({
  v_uid: z.string(),
  d_create_at: z.string(),
  v_type: z.string(),
  v_message: z.string(),
  t_detail: z.string().nullable(),
  v_client: z.string().nullable(),
  v_uid_type_incident: z.string().nullable(),
});
export type IncidentItem = z.infer<typeof IncidentItem>;

export const LogsQuery = PerPageQuery.extend({
  kind: z.enum(['activity', 'incident']).default('activity'),
  section: z.string().trim().max(60).optional(),
  from: z.iso.date({ message: 'Fecha no válida' }).optional(),
  to: z.iso.date({ message: 'Fecha no válida' }).optional(),
});

/** A message in the outbox (the demo mailbox). */
export const OutboxMessage = z.object({
  v_uid: z.string(),
  d_create_at: z.string(),
  v_channel: z.enum(['email', 'sms']),
  v_to: z.string(),
  v_subject: z.string(),
  t_body: z.string(),
  d_sent_at: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;
