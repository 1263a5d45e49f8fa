export {
  createDbBudget,
  DEFAULT_BUDGET_PER_MINUTE,
  DEFAULT_CATALOG_SHARE,
  DEFAULT_MAX_WAIT_MS,
  DEFAULT_PREVIEW_SHARE,
  previewRowApi,
} from "./db-budget";
export type { BudgetCaps, BudgetUsage, DbBudget, DbBudgetOptions } from "./db-budget";
export { WINDOW_MS, windowStartOf, msUntilNextWindow } from "./windows";
