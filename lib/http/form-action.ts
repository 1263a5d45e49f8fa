import "server-only";
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { userMessageOf } from "@/lib/errors/user-message";
import { expectActionInput, isForm } from "@/lib/http/action-input";

// Every form's server action is built here, so each does the same three things in the same
// order (docs/security.md "Server actions"):
// 1. who: `auth` runs before anything the caller sent is read (a visitor is redirected to sign in,
//    a customer on a staff action gets 403, as on the pages);
// 2. what: the posted form must be a FormData (anything else ends in 404, lib/http/action-input.ts),
//    and its fields must pass the zod schema; a refusal answers the form with the first problem
//    and each field's;
// 3. errors: anything the work throws becomes words its reader can use (lib/errors/user-message.ts),
//    except Next.js's own signals (redirect, notFound, forbidden), which go on.

/** Why the form was refused: the first message, and one message per field named in the schema. */
export type FormProblem = { message: string; fieldErrors: Record<string, string> };

type Spec<Actor, Input, State> = {
  auth: () => Promise<Actor>;
  input: z.ZodType<Input>;
  /** The state a refused form (or a failed run) answers. */
  refuse: (problem: FormProblem, form: FormData) => State;
  /** Logged with an unexpected error ("staff order action", …). */
  what: string;
  /** What the reader sees when the error is not one written for people. */
  fallback: string;
};

export type FormAction<State> = (state: State, form: FormData) => Promise<State>;

/** A server action for a form used with React's useActionState. */
export function formAction<Actor, Input, State>(
  spec: Spec<Actor, Input, State>,
  run: (input: Input, actor: Actor, form: FormData) => Promise<State>,
): FormAction<State> {
  return async (_state, form) => {
    const actor = await spec.auth();
    expectActionInput(isForm(form));
    const parsed = spec.input.safeParse(fieldsOf(form));
    if (!parsed.success) return spec.refuse(problemOf(parsed.error), form);
    try {
      return await run(parsed.data, actor, form);
    } catch (error) {
      unstable_rethrow(error);
      return spec.refuse({ message: userMessageOf(error, spec.what, spec.fallback), fieldErrors: {} }, form);
    }
  };
}

/** The form's text fields; a name posted several times (checkboxes) gives its values in order. */
export function fieldsOf(form: FormData): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name).filter((value): value is string => typeof value === "string");
    if (values.length > 0) fields[name] = values.length === 1 ? values[0]! : values;
  }
  return fields;
}

function problemOf(error: z.ZodError): FormProblem {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field !== undefined) fieldErrors[String(field)] ??= issue.message;
  }
  return { message: error.issues[0]?.message ?? "The form was incomplete; reload the page.", fieldErrors };
}
