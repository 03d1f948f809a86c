/**
 * Query keys that more than one feature reads or invalidates (a feature may not import another, so
 * the shared ones live here).
 */
export const queryKeys = {
  businesses: ['businesses'] as const,
  businessUsers: ['business-users'] as const,
  beneficiaries: ['beneficiaries'] as const,
  postalCode: ['postal-code'] as const,
  roleCatalog: ['catalog', 'roles'] as const,
  /** Balances, movements, transfers, CLABE accounts and SPEI settings (issue 4). */
  money: ['money'] as const,
  /** Every dashboard figure; money changes refresh them. */
  dashboard: ['dashboard'] as const,
};
