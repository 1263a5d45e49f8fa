import "server-only";
import type { z } from "zod";
import type { Role } from "@/lib/db/generated/sqlite/enums";
import { requireStaff, type CurrentUser } from "@/lib/auth/guards";
import { formAction, type FormAction, type FormProblem } from "@/lib/http/form-action";
import type { AdminActionState } from "./action-state";

export type { AdminActionState };

type Options<Input, State> = {
  role?: Exclude<Role, "customer">;
  /** The dashboard page a visitor signs in to come back to. */
  from: string;
  input: z.ZodType<Input>;
  /** How a refused form or a failure is answered; AdminActionState's `ok: false` by default. */
  refuse?: (problem: FormProblem) => State;
};

/**
 * A dashboard form's action (lib/http/form-action.ts): the role first, then the form's fields,
 * then the work.
 */
export function staffAction<Input, State = AdminActionState>(
  options: Options<Input, State>,
  run: (input: Input, actor: CurrentUser, form: FormData) => Promise<State>,
): FormAction<State> {
  const refuse = options.refuse ?? (({ message, fieldErrors }) => ({ ok: false, message, fieldErrors }) as State);
  return formAction(
    {
      auth: () => requireStaff(options.role ?? "staff", options.from),
      input: options.input,
      refuse,
      what: `staff action at ${options.from}`,
      fallback: "That did not work; the error is in the server log.",
    },
    run,
  );
}
