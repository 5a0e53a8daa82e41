import type { FamilyModule } from '../../../core/pipeline/families';
import { setupLedger } from './ledger';

/**
 * Keeps the accrual ledger. Loaded with every family whose resources accrue cost, and with
 * billing, before their first request; set up before budgets, so budget checks on the same
 * event see its changes.
 */
export const ledgerFamily: FamilyModule = { handlers: [], setup: setupLedger };
