import type { FamilyModule } from '../../../core/app';
import { billingFamily } from './billing';
import { setupLedger } from './ledger';

/** Keeps the accrual ledger; first, so budget checks on the same event see its changes. */
const ledgerFamily: FamilyModule = { handlers: [], setup: setupLedger };

/** Billing (usage, invoices, cost, plan), after the ledger its accruals come from. */
export const billingFamilies: readonly FamilyModule[] = [ledgerFamily, billingFamily];
