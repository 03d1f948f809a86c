import {
  IconArrowsExchange,
  IconBell,
  IconBuilding,
  IconBuildingBank,
  IconCalendarTime,
  IconCash,
  IconCircle,
  IconCreditCard,
  IconFileInvoice,
  IconFileText,
  IconHelpCircle,
  IconHistory,
  IconLayoutDashboard,
  IconLifebuoy,
  IconListDetails,
  IconLock,
  IconPigMoney,
  IconReport,
  IconUser,
  IconUsers,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';

/** `v_icon` names of the menu seed (contracts catalogs/rbac.ts) → Tabler icons. */
const ICONS: Record<string, Icon> = {
  dashboard: IconLayoutDashboard,
  user: IconUser,
  building: IconBuilding,
  wallet: IconWallet,
  users: IconUsers,
  'help-circle': IconHelpCircle,
  'list-details': IconListDetails,
  report: IconReport,
  'file-text': IconFileText,
  bell: IconBell,
  lock: IconLock,
  'credit-card': IconCreditCard,
  'building-bank': IconBuildingBank,
  history: IconHistory,
  'arrows-exchange': IconArrowsExchange,
  'calendar-time': IconCalendarTime,
  cash: IconCash,
  'file-invoice': IconFileInvoice,
  'pig-money': IconPigMoney,
  lifebuoy: IconLifebuoy,
  circle: IconCircle,
};

export function menuIcon(name: string): Icon {
  return ICONS[name] ?? IconCircle;
}
