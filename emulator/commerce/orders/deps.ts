import type { EmulatorContext } from "../../core/context";
import type { CommerceCatalog } from "../priced-product";
import type { OrdersState } from "./state";

/** What every part of the order core works with. `catalog()` is read per call so tests can inject one. */
export type OrdersDeps = { ctx: EmulatorContext; state: OrdersState; catalog: () => CommerceCatalog };
