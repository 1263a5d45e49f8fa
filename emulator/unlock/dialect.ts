import type { UnlockAccount } from "../core/accounts";
import type { EmulatorContext } from "../core/context";

// What the unlocking API answers differently by dialect (README "Dialects").
//
// U§3 and U§8 give the test IMEIs' forced outcomes for "sandbox" orders only. The `documented`
// dialect forces them on the sandbox account alone, so on a production account they are ordinary
// IMEIs. The `observed` dialect forces them on every account, so a shop running the emulator with
// its production credentials can reach every state.

export function sandboxImeisForced(ctx: EmulatorContext, account: Pick<UnlockAccount, "environment">): boolean {
  return account.environment === "sandbox" || ctx.config.dialect === "observed";
}
