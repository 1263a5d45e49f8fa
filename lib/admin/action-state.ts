/** What an admin server action answers a form: a message for staff, and whether it worked. */
export type AdminActionState = {
  ok?: boolean;
  message?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
};

/** A staff password link, shown once to the admin who issued it, as a full address to hand over. */
export type PasswordLinkState = AdminActionState & {
  link?: { url: string; email: string; purpose: "invite" | "reset"; expiresAt: string };
};

/** A two-factor form's answer: recovery codes, shown once. */
export type CodesState = AdminActionState & { codes?: string[] };

/** A dashboard form's action as its component receives it from the page. */
export type StaffFormAction<State = AdminActionState> = (state: State, form: FormData) => Promise<State>;
