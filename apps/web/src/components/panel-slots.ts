import type { ComponentType } from 'react';

/** Whose beneficiaries: a wallet user's, a business's, or (neither) the signed-in person's own. */
export interface BeneficiaryOwner {
  v_uid_user?: string;
  v_uid_business?: string;
}

export interface BeneficiariesPanelProps {
  owner: BeneficiaryOwner;
  canEdit: boolean;
}

export interface BusinessUsersPanelProps {
  /** Staff name the business; a business user's own business without it. */
  businessId?: string;
  canInvite: boolean;
  canChangeStatus: boolean;
  /** The signed-in person: nobody changes their own status. */
  selfId?: string;
  /** Offer bloquear too (staff); a business admin deactivates and unblocks. */
  allowBlock?: boolean;
}

/**
 * Domain panels shown by several features (businesses, profile, wallet-users). They live in their
 * own features (beneficiaries, business-users); features never import each other, so the router
 * hands them to the pages that show them, as it hands the business detail its extra tabs.
 */
export interface PanelSlots {
  Beneficiaries: ComponentType<BeneficiariesPanelProps>;
  BusinessUsers: ComponentType<BusinessUsersPanelProps>;
}
