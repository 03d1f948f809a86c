import { z } from 'zod';

/** A log-user entry as the API gives it (logs and dashboards). */
export const ActivityItem = z.object({
  v_uid: z.string(),
  d_create_at: z.string(),
  v_user_name: z.string().nullable().optional(),
  v_user_email: z.string().nullable().optional(),
  v_client: z.string().nullable().optional(),
  v_section: z.string(),
  v_action: z.string(),
  v_activity: z.string(),
});
export type ActivityItem = z.infer<typeof ActivityItem>;
