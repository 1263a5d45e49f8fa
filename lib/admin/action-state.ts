/** What an admin server action answers a form: a message for staff, and whether it worked. */
export type AdminActionState = {
  ok?: boolean;
  message?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
};
