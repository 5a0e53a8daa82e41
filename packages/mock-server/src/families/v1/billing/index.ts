import type { FamilyModule } from '../../../core/app';
import { anomaliesFamily } from './anomalies';
import { billingFamily } from './billing';
import { budgetsFamily } from './budgets';
import { setupLedger } from './ledger';
import { quotasFamily } from './quotas';
import { reportsFamily } from './reports';

/** Keeps the accrual ledger; first, so budget checks on the same event see its changes. */
const ledgerFamily: FamilyModule = { handlers: [], setup: setupLedger };

/** Billing (usage, invoices, cost, quotas, plan) and cost management (budgets, anomalies, reports). */
export const billingFamilies: readonly FamilyModule[] = [
  ledgerFamily,
  billingFamily,
  quotasFamily,
  budgetsFamily,
  anomaliesFamily,
  reportsFamily,
];
